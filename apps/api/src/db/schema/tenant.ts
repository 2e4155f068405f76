import { ABANDONED_CART_DEFAULT_DELAY_MINUTES } from '@comanda/domain/abandoned-cart';
import type { SupportChatConfig } from '@comanda/domain/support-chat';
import { SURVEY_INVITE_DEFAULT_DELAY_MINUTES } from '@comanda/domain/survey-invitation';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt, money, percent, percentOrAmount, updatedAt } from './columns';

export const countries = pgTable('countries', {
  code: text().primaryKey(),
  name: text().notNull(),
  currencyCode: text().notNull(),
  currencySymbol: text().notNull(),
  phonePrefix: text().notNull(),
  mantissaLength: smallint().notNull(),
  timezone: text().notNull(),
});

export const companies = pgTable('companies', {
  id: serial().primaryKey(),
  alias: text().notNull().unique(),
  name: text().notNull(),
  countryCode: text()
    .notNull()
    .references(() => countries.code),
  /**
   * Bumped by every change to what diners read (menus, modes, discounts). Caches
   * key on it, so every API process drops stale menus without being told.
   */
  contentVersion: integer().notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Aliases are unique across companies, branches and branch contacts of every
 * tenant, so `/menu/{alias}` resolves any of the three with one lookup.
 */
export const aliases = pgTable(
  'aliases',
  {
    alias: text().primaryKey(),
    type: text({ enum: ['COMPANY', 'BRANCH', 'BRANCH_CONTACT'] }).notNull(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    entityId: integer().notNull(),
  },
  (t) => [index().on(t.companyId)],
);

export interface ColorConfig {
  colorModeType?: string;
  lightMainColor?: string;
  darkMainColor?: string;
  buttonBorderedColorLight?: string;
  buttonBorderedColorDark?: string;
  promotionalBannerColorLight?: string;
  promotionalBannerColorDark?: string;
  mainBackgroundColorLight?: string;
  mainBackgroundColorDark?: string;
  mainTextColorLight?: string;
  mainTextColorDark?: string;
  descriptionTextColorLight?: string;
  descriptionTextColorDark?: string;
}

export interface GeneralConfig {
  colorConfig?: ColorConfig;
  menuConfig?: { plateDetailInModal?: boolean; platesInMainView?: boolean };
  fontFamily?: string;
  onlineMarketingConfig?: Record<string, unknown>;
}

export interface MenuCustomization {
  resource?: string;
  displayType?: string;
  theme?: string;
  commands?: string;
  promotionalBanner?: { text: string; orderModeType: string };
  documentLabel?: string;
  orderNotesLimit?: number;
  hasOrderNotesLimit?: boolean;
  itemNotesLimit?: number;
  hasItemNotesLimit?: boolean;
}

export const branches = pgTable(
  'branches',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    alias: text().notNull().unique(),
    name: text().notNull(),
    position: integer().notNull().default(0),
    social: jsonb().$type<{ instagram?: string; facebook?: string }>().notNull().default({}),
    customMessage: text(),
    withCustomLogo: boolean().notNull().default(false),
    customLogoUrl: text(),
    withCustomBannerLogo: boolean().notNull().default(false),
    customBannerLogoUrl: text(),
    withCustomHorizontalLogo: boolean().notNull().default(false),
    withCustomBackgroundLogo: boolean().notNull().default(false),
    askForLocation: boolean().notNull().default(false),
    generalConfig: jsonb().$type<GeneralConfig>().notNull().default({}),
    menuCustomization: jsonb().$type<MenuCustomization>().notNull().default({}),
    fbPixelId: text(),
    googleTagManagerId: text(),
    googleAnalyticsId: text(),
    /** The brand's support chat (ADR 040), null when it has none; validated at import. */
    supportChat: jsonb().$type<SupportChatConfig>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.companyId)],
);

export interface Address {
  street?: string;
  number?: string;
  zone?: string;
  locality?: string;
  city?: string;
  country?: string;
}

export const branchContacts = pgTable(
  'branch_contacts',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    alias: text().notNull().unique(),
    name: text().notNull(),
    position: integer().notNull().default(0),
    callPhone: text(),
    whatsAppPhone: text(),
    address: jsonb().$type<Address>().notNull().default({}),
    lat: doublePrecision(),
    lng: doublePrecision(),
    /** IANA zone; null means the country's. */
    timezone: text(),
    mandatoryEmail: boolean().notNull().default(false),
    ordersConsoleActive: boolean().notNull().default(false),
    forceCustomerName: boolean().notNull().default(false),
    forceCustomerPhone: boolean().notNull().default(false),
    blocked: boolean().notNull().default(false),
    manualClosing: boolean().notNull().default(false),
    betweenStreetsRequired: boolean().notNull().default(false),
    ownLogistics: boolean().notNull().default(false),
    /** Minutes after a diner leaves a cart before its recovery message (ADR 028). */
    abandonedCartDelayMinutes: integer().notNull().default(ABANDONED_CART_DEFAULT_DELAY_MINUTES),
    /** Minutes after delivery before the invitation to rate the order (ADR 031). */
    surveyInviteDelayMinutes: integer().notNull().default(SURVEY_INVITE_DEFAULT_DELAY_MINUTES),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.companyId),
    index().on(t.branchId),
    /**
     * The branch guide's nearby search (`POST /api/menu/near`): a GiST
     * index on the location as a core `point(lng, lat)` (no PostGIS, and PGlite
     * has it) answers "inside this box" without reading every location.
     */
    index('branch_contacts_guide_point_idx')
      .using('gist', sql`point(${t.lng}, ${t.lat})`)
      .where(sql`${t.lat} is not null and ${t.lng} is not null`),
  ],
);

export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    radiusMeters: integer(),
    /** Closed ring of [lng, lat] pairs (GeoJSON order). */
    polygon: jsonb().$type<[number, number][]>(),
    fee: money().notNull(),
    cashFee: money().notNull(),
    minimumOrderPrice: money().notNull().default(0),
    freeDeliveryFrom: money(),
  },
  (t) => [
    index().on(t.branchContactId),
    check('delivery_zone_shape', sql`(${t.radiusMeters} is null) <> (${t.polygon} is null)`),
  ],
);

export const menus = pgTable(
  'menus',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    name: text().notNull(),
  },
  (t) => [unique().on(t.branchId, t.key)],
);

export interface WorkingDay {
  dayOfWeek: string;
  workingHours: { startAt: string; endAt: string }[];
}
export interface ScheduleDefinition {
  scheduleConfigs: { workingDays: WorkingDay[] }[];
}
/** A date whose hours replace its weekday's; no hours = closed (ADR 054). */
export interface SpecialDayDefinition {
  date: string;
  workingHours: { startAt: string; endAt: string }[];
}

export const orderModes = pgTable(
  'order_modes',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    position: integer().notNull().default(0),
    type: text({ enum: ['DELIVERY', 'TAKE_AWAY', 'DINE_IN', 'SELF_SERVICE'] }).notNull(),
    showName: text().notNull(),
    menuId: integer()
      .notNull()
      .references(() => menus.id),
    active: boolean().notNull().default(true),
    orderEnabled: boolean().notNull().default(true),
    useSchedule: boolean().notNull().default(false),
    minDelayInMinutes: integer().notNull().default(0),
    maxDelayInMinutes: integer().notNull().default(0),
    schedules: jsonb().$type<ScheduleDefinition[]>().notNull().default([]),
    specialDays: jsonb().$type<SpecialDayDefinition[]>().notNull().default([]),
    userFee: money().notNull().default(0),
    percentageUserFee: percent().notNull().default(0),
  },
  (t) => [unique().on(t.branchContactId, t.key), index().on(t.companyId)],
);

export const paymentTypes = pgTable(
  'payment_types',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    orderModeId: integer()
      .notNull()
      .references(() => orderModes.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    position: integer().notNull().default(0),
    showName: text().notNull(),
    description: text(),
    active: boolean().notNull().default(true),
    upload: text({ enum: ['APP', 'API'] }).notNull(),
    paymentMethod: text().notNull(),
    /** `DISABLED` means the type takes no online payment. */
    providerName: text().notNull().default('DISABLED'),
  },
  (t) => [unique().on(t.orderModeId, t.key)],
);

export const partners = pgTable(
  'partners',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** HMAC key used to verify partner user tokens; must stay usable, so it is not hashed. Never exported. */
    jwtSecret: text().notNull(),
  },
  (t) => [unique().on(t.companyId, t.name)],
);

/** General discounts belong either to an order mode or to an external-benefits partner. */
export const generalDiscounts = pgTable(
  'general_discounts',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    orderModeId: integer().references(() => orderModes.id, { onDelete: 'cascade' }),
    partnerId: integer().references(() => partners.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    name: text().notNull(),
    type: text({ enum: ['PERCENT', 'FIXED'] }).notNull(),
    /** Percent for PERCENT, minor units for FIXED. */
    value: percentOrAmount().notNull(),
    priority: integer(),
  },
  (t) => [
    index().on(t.orderModeId),
    index().on(t.partnerId),
    check('general_discount_owner', sql`(${t.orderModeId} is null) <> (${t.partnerId} is null)`),
  ],
);

export const generalSurcharges = pgTable(
  'general_surcharges',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    orderModeId: integer()
      .notNull()
      .references(() => orderModes.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    name: text().notNull(),
    type: text({ enum: ['PERCENT', 'FIXED'] }).notNull(),
    /** Percent for PERCENT, minor units for FIXED. */
    value: percentOrAmount().notNull(),
  },
  (t) => [index().on(t.orderModeId)],
);

/** Payment provider credentials of a company (or one branch of it). Secrets never leave the server. */
export const paymentProviderAccounts = pgTable(
  'payment_provider_accounts',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer().references(() => branches.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    publicKey: text(),
    accessToken: text(),
    webhookSecret: text(),
    commerceCode: text(),
    apiKey: text(),
    environment: text().notNull().default('sandbox'),
    baseUrl: text(),
  },
  (t) => [unique().on(t.companyId, t.branchId, t.provider)],
);

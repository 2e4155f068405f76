import type { LoyaltyOrderFigures } from '@comanda/domain/loyalty-text';
/**
 * The diner API's JSON as the storefront reads it (apps/api/src/schemas/diner.ts
 * is the source of truth; `/docs` shows it). Money here is in MAJOR units, as
 * the API sends it: `features/menu/api/get-menu.ts` converts the menu to minor
 * units in one place, and the few amounts outside the menu go through
 * `moneyToMinor` where they are read.
 */
import type { SupportChatConfig } from '@comanda/domain/support-chat';
import type { ColorConfig } from '@comanda/domain/theme';
import type { DayOfWeek, OrderModeType } from '@comanda/domain/types';

export interface ApiCountry {
  code: string;
  name: string;
  currency: { code: string; symbol: string };
  phonePrefix: string;
  mantissaLength: number;
  timezone: string;
}

export interface ApiCompany {
  id: number;
  name: string;
  alias: string;
}

export interface ApiBranch {
  id: number;
  alias: string;
  name: string;
  companyId: number;
  social: { instagram: string | null; facebook: string | null };
  customMessage: string | null;
  withCustomLogo: boolean;
  customLogoURL: string | null;
  withCustomBannerLogo: boolean;
  customBannerLogoURL: string | null;
  withCustomHorizontalLogo: boolean;
  withCustomBackgroundLogo: boolean;
  askForLocation: boolean;
  generalConfig: {
    colorConfig: ColorConfig;
    menuConfig: { plateDetailInModal: boolean; platesInMainView: boolean };
    fontFamily: string | null;
    onlineMarketingConfig: Record<string, unknown>;
  };
  fbPixelId: string | null;
  googleTagManagerId: string | null;
  googleAnalyticsId: string | null;
  /** Ours (ADR 040): the brand's support chat, only when it has one. */
  supportChat?: SupportChatConfig;
}

export interface ApiWorkingDay {
  dayOfWeek: DayOfWeek;
  workingHours: { startAt: string; endAt: string }[];
}

export interface ApiSchedule {
  scheduleConfigs: { workingDays: ApiWorkingDay[] }[];
}

/**
 * How the browser tokenizes a card for a payment type: the provider that will
 * pay it (our sandbox, or Mercado Pago with its public browser key). Null for
 * non-card types, redirect providers (Webpay) and providers not configured.
 * `lib/card-token.ts` uses it.
 */
export type ApiCardTokenization =
  | { provider: 'SANDBOX'; url: string }
  | { provider: 'MERCADOPAGO'; url: string; publicKey: string }
  | null;

export interface ApiPaymentType {
  id: number;
  showName: string;
  description: string | null;
  active: boolean;
  upload: 'APP' | 'API';
  paymentMethod: string;
  onlinePayment: { providerName: string };
  cardTokenization: ApiCardTokenization;
}

export interface ApiOrderMode {
  id: number;
  type: OrderModeType;
  showName: string;
  branchContactId: number;
  menuId: number;
  active: boolean;
  orderEnabled: boolean;
  useSchedule: boolean;
  minDelayInMinutes: number;
  maxDelayInMinutes: number;
  schedules: ApiSchedule[];
  /** Dates with their own hours (ADR 054); absent in a response cached before they existed. */
  specialDays?: { date: string; workingHours: { startAt: string; endAt: string }[] }[];
  paymentTypes: ApiPaymentType[];
}

export interface ApiAddress {
  street: string | null;
  number: string | null;
  zone: string | null;
  locality: string | null;
  city: string | null;
  country: string | null;
}

export interface ApiBranchContactSummary {
  id: number;
  alias: string;
  name: string;
  branchId: number;
  companyId: number;
  callPhone: string | null;
  whatsAppPhone: string | null;
  address: ApiAddress;
  coordinates: { lat: number; lng: number } | null;
  timezone: string;
  mandatoryEmail: boolean;
  ordersConsoleActive: boolean;
  forceCustomerName: boolean;
  forceCustomerPhone: boolean;
  commercialTermsInfo: { blocked: boolean };
  manualClosing: boolean;
  deliveryConfig: {
    /** Active order modes only. */
    orderModes: ApiOrderMode[];
    workingDays: ApiWorkingDay[];
    betweenStreetsRequired: boolean;
    ownLogistics: boolean;
    npsAvg: number | null;
  };
}

export interface ApiBranchContact extends ApiBranchContactSummary {
  branch: ApiBranch;
  country: ApiCountry;
  /** Ours (ADR 040): the loyalty programme's name, only when it is active at this location. */
  loyaltyProgramName?: string;
}

/** `GET /api/diner/{alias}`: what an alias names. */
export type ApiDinerEntity =
  | { type: 'COMPANY'; company: ApiCompany; country: ApiCountry; branches: ApiBranch[] }
  | {
      type: 'BRANCH';
      company: ApiCompany;
      country: ApiCountry;
      branch: ApiBranch;
      branchContacts: ApiBranchContactSummary[];
    }
  | { type: 'BRANCH_CONTACT'; company: ApiCompany; country: ApiCountry; branchContact: ApiBranchContact };

export interface ApiGarnishItem {
  id: number;
  name: string;
  price: number;
  description: string | null;
  visible: boolean;
  soldOut?: true;
}

export interface ApiGarnishGroup {
  groupId: number;
  groupName: string;
  minGarnishAmount: number;
  maxGarnishAmount: number;
  multipleSelection: boolean;
  mandatory: boolean;
  groupItems: ApiGarnishItem[];
}

export interface ApiPlate {
  id: number;
  showName: string;
  description: string | null;
  price: number | null;
  sizes: { id: number; name: string; price: number; soldOut?: true }[];
  garnishGroups: ApiGarnishGroup[];
  category: { id: number; name: string; showName: string };
  indicators: string[];
  hasIndicators: boolean;
  withImage: boolean;
  maxQuantity: number;
  /** Sold out at this location now (ADR 052); absent when on sale. */
  soldOut?: true;
}

export interface ApiCategory {
  id: number;
  name: string;
  showName: string;
  description: string | null;
  withImage: boolean;
  indicators: string[];
  hasIndicators: boolean;
  plates: ApiPlate[];
}

type ApiDiscountCommon = { id: number; plates: number[]; validDays: DayOfWeek[] };

export type ApiMenuDiscount = ApiDiscountCommon &
  (
    | { type: 'PERCENT'; percentage: number }
    | { type: 'FIXED'; fixedDiscount: number }
    | { type: 'MULTIPLE'; buy: number; pay: number }
    | { type: 'FINAL_PRICE'; finalPrice: number }
  );

/** `GET /api/diner/{alias}/menu/{branchContactId}?orderModeId=`. */
export interface ApiMenu {
  id: number;
  name: string;
  categories: ApiCategory[];
  remarkeds: ApiPlate[];
  upselleds: ApiPlate[];
  discounts: ApiMenuDiscount[];
}

/** `GET /api/menucustomization/{branchId}`. */
export interface ApiMenuCustomization {
  branchId: number;
  promotionalBanner: { text: string; orderModeType: string } | null;
  documentLabel: string | null;
  orderNotesLimit: number;
  hasOrderNotesLimit: boolean;
  itemNotesLimit: number;
  hasItemNotesLimit: boolean;
}

/** A line of an order as the order views present it (orders console and follow-up), money in major units. */
export interface ApiOrderItem {
  quantity: number;
  name: string;
  extras: {
    groupId: number;
    groupName: string;
    groupItems: { referenceId: number; name: string; quantity: number }[];
  }[];
  notes: string | null;
  accPrice: number;
}

/** Where a delivery order goes, as the order views present it. */
export interface ApiOrderDestination {
  street: string | null;
  number: string | null;
  zone: string | null;
  locality: string | null;
  city: string | null;
  fullAddress: string | null;
  betweenStreets: string | null;
  details: string | null;
}

/**
 * What the orders console and the diner's follow-up page both read of an order
 * (the server's follow-up view; the console's detail adds the staff's fields),
 * money in major units.
 */
export interface ApiOrderView {
  id: number;
  code: string;
  type: 'DELIVERY' | 'TAKE_AWAY' | 'DINE_IN' | 'SELF_SERVICE';
  status: 'GENERATED' | 'ACCEPTED' | 'READY' | 'DELIVERED' | 'CANCELED';
  orderedAt: string;
  scheduled: boolean;
  scheduledAt: string | null;
  paymentType: { id: number; showName: string; paymentMethod: string } | null;
  paymentStatus: string;
  paymentState: string;
  paysWith: number | null;
  items: ApiOrderItem[];
  itemsPrice: number;
  surcharges: { name: string; amount: number }[];
  discounts: { name: string; amount: number }[];
  generalCodeDiscount: string | null;
  deliveryFee: number;
  userServiceFee: number;
  price: number;
  notes: string | null;
  destination: ApiOrderDestination | null;
  customerName: string | null;
  table: string | null;
  errorType: string | null;
  /** Why the venue cancelled the order (null unless CANCELED). */
  cancelReason: string | null;
  branchContact: { id: number; alias: string; name: string; whatsAppPhone: string | null };
  country: { code: string; currency: { code: string; symbol: string }; mantissaLength: number };
  /** The order's loyalty figures; a cashback programme's amounts are currency units (ADR 033). */
  loyalty: LoyaltyOrderFigures & { programName: string | null };
}

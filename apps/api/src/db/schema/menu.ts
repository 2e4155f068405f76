import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { companyId, money, percent, percentOrAmount } from './columns';
import { branches, companies, menus } from './tenant';

export const categories = pgTable(
  'categories',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    position: integer().notNull().default(0),
    name: text().notNull(),
    showName: text().notNull(),
    description: text(),
    imageUrl: text(),
    indicators: jsonb().$type<string[]>().notNull().default([]),
  },
  (t) => [unique().on(t.menuId, t.key)],
);

export const plates = pgTable(
  'plates',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    position: integer().notNull().default(0),
    showName: text().notNull(),
    description: text(),
    /** Null when the plate is priced by its sizes. */
    price: money(),
    maxQuantity: integer(),
    imageUrl: text(),
    indicators: jsonb().$type<string[]>().notNull().default([]),
    /** Position in the menu's 'Lo más destacado' strip; null when not remarked. */
    remarkedOrder: integer(),
    /** Position in the cart's 'Te recomendamos' list; null when not an upsell. */
    upselledOrder: integer(),
    active: boolean().notNull().default(true),
  },
  (t) => [unique().on(t.menuId, t.key), index().on(t.categoryId)],
);

export const plateSizes = pgTable(
  'plate_sizes',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    plateId: integer()
      .notNull()
      .references(() => plates.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    position: integer().notNull().default(0),
    name: text().notNull(),
    price: money().notNull(),
  },
  (t) => [unique().on(t.plateId, t.key)],
);

export const garnishGroups = pgTable(
  'garnish_groups',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    groupName: text().notNull(),
    mandatory: boolean().notNull().default(false),
    multipleSelection: boolean().notNull().default(false),
    minGarnishAmount: integer().notNull().default(0),
    maxGarnishAmount: integer().notNull().default(1),
  },
  (t) => [unique().on(t.branchId, t.key)],
);

export const garnishItems = pgTable(
  'garnish_items',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    garnishGroupId: integer()
      .notNull()
      .references(() => garnishGroups.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    position: integer().notNull().default(0),
    name: text().notNull(),
    description: text(),
    price: money().notNull().default(0),
    /** Hidden items are kept (history) but never selectable. */
    visible: boolean().notNull().default(true),
  },
  (t) => [unique().on(t.garnishGroupId, t.key)],
);

export const plateGarnishGroups = pgTable(
  'plate_garnish_groups',
  {
    plateId: integer()
      .notNull()
      .references(() => plates.id, { onDelete: 'cascade' }),
    garnishGroupId: integer()
      .notNull()
      .references(() => garnishGroups.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.plateId, t.garnishGroupId] })],
);

/** Menu discounts are branch-wide and name plates by key: they apply to that plate in every menu. */
export const menuDiscounts = pgTable(
  'menu_discounts',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    type: text({ enum: ['PERCENT', 'FIXED', 'MULTIPLE', 'FINAL_PRICE'] }).notNull(),
    percentage: percent(),
    fixedDiscount: money(),
    buy: integer(),
    pay: integer(),
    finalPrice: money(),
    plateKeys: jsonb().$type<string[]>().notNull().default([]),
    /** `MONDAY`…`SUNDAY`; empty means every day. */
    validDays: jsonb().$type<string[]>().notNull().default([]),
  },
  (t) => [index().on(t.branchId)],
);

export const codeDiscounts = pgTable(
  'code_discounts',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    /** Stored upper-case; codes are matched case-insensitively. */
    code: text().notNull(),
    type: text({ enum: ['PERCENT', 'FIXED', 'FREE_DELIVERY'] }).notNull(),
    /** Percent for PERCENT, minor units for FIXED. */
    value: percentOrAmount().notNull().default(0),
    active: boolean().notNull().default(true),
    minimumOrderAmount: money(),
    plateKey: text(),
    categoryKey: text(),
    firstTimeOnly: boolean().notNull().default(false),
    maximumDiscountAmount: money(),
    freeDelivery: boolean().notNull().default(false),
    limitedUsage: boolean().notNull().default(false),
    usageLimit: integer(),
    /** Redemptions so far; incremented inside the order's transaction under a row lock. */
    usageCount: integer().notNull().default(0),
  },
  (t) => [unique().on(t.branchId, t.code)],
);

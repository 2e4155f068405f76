/**
 * What a venue manages from the console (issue 19): items sold out at a
 * location, the record of every change made there, one-time links for staff
 * accounts, and images uploaded for the menu.
 */
import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt, instant } from './columns';
import { staffUsers } from './platform';
import { branchContacts, companies } from './tenant';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An item a location cannot sell now. Items are named by key, not id: a plate
 * sold out at a location is sold out in every menu that location serves, and
 * the mark survives a tenant import that rewrites the plate.
 */
export const soldOutMarks = pgTable(
  'sold_out_marks',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['PLATE', 'SIZE', 'GARNISH_ITEM'] }).notNull(),
    /** PLATE: the plate's key; SIZE: `plateKey/sizeKey`; GARNISH_ITEM: `groupKey/itemKey`. */
    itemKey: text().notNull(),
    /** Back on sale at this instant (the location's next opening); null: until switched back. */
    until: instant(),
    /** Who marked it (no reference: the record outlives the account). */
    staffUserId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.branchContactId, t.kind, t.itemKey),
    index('sold_out_marks_until_idx').on(t.until).where(sql`${t.until} is not null`),
  ],
);

/**
 * Every change made from the console's management screens: who, when, what,
 * and each changed value before and after. Kept when the account or the
 * location goes, so it names them in words as well as by id.
 */
export const venueChanges = pgTable(
  'venue_changes',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    /** The location the change belongs to; null for what is the brand's or the company's (menus, staff). */
    branchContactId: integer(),
    staffUserId: integer(),
    staffName: text().notNull(),
    /** What kind of thing changed: `soldOut`, `menu`, `garnishGroups`, `menuDiscounts`, `orderModes`, `deliveryZones`, `staff`. */
    subject: text().notNull(),
    /** Which one, as a person reads it: the menu's or the location's name, a staff member's email. */
    subjectName: text().notNull(),
    /** The changed leaves with their values before and after (lib/json-changes.ts); `more` when the edit had more. */
    changes: jsonb()
      .$type<{ list: { path: string; before?: unknown; after?: unknown }[]; more: boolean }>()
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyId, t.createdAt)],
);

/** One-time links to set a staff account's password: an invitation, or a reset the OWNER asked for. */
export const staffLinks = pgTable(
  'staff_links',
  {
    /** sha256 of the link's token (the token itself is never stored). */
    tokenHash: text().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    staffUserId: integer()
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['INVITE', 'RESET'] }).notNull(),
    expiresAt: instant().notNull(),
    /** Set once, by a conditional update: a link sets a password exactly once. */
    usedAt: instant(),
    createdBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.staffUserId)],
);

/** Images uploaded for the menu, served by the API under their content hash (immutable). */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    /** sha256 of the bytes, hex: the same image uploaded twice is one row. */
    hash: text().notNull(),
    contentType: text().notNull(),
    bytes: bytea().notNull(),
    width: integer(),
    height: integer(),
    staffUserId: integer(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.hash] }), index().on(t.hash)],
);

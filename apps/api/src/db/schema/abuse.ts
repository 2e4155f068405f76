import { index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { companyId, createdAt, instant } from './columns';
import { companies } from './tenant';

/**
 * Abuse limits that tripped at a location, for its console (ADR 020): one row
 * per location, kind, masked phone and window, counting the requests refused
 * in it, so a flood of refusals writes one row rather than one per request.
 */
export const abuseTrips = pgTable(
  'abuse_trips',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchContactId: integer().notNull(),
    /** ORDER_IP, ORDER_PHONE, ORDER_VENUE, CODE_GUESS or MESSAGE_CAP. */
    kind: text({
      enum: ['ORDER_IP', 'ORDER_PHONE', 'ORDER_VENUE', 'CODE_GUESS', 'MESSAGE_CAP'],
    }).notNull(),
    /** '···4567' for the phone limits and the message cap, '' otherwise (never the whole number). */
    phoneMasked: text().notNull().default(''),
    /** Start of the window the refusals fell in. */
    windowStart: instant().notNull(),
    count: integer().notNull().default(1),
    createdAt: createdAt(),
    lastAt: instant().notNull(),
  },
  (t) => [
    unique().on(t.branchContactId, t.kind, t.phoneMasked, t.windowStart),
    index().on(t.companyId, t.branchContactId, t.lastAt),
    index().on(t.createdAt),
  ],
);

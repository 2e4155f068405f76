/**
 * Riders of the shift page (ADR 022): the location a rider works at, riders by
 * phone and by id — always scoped by company and branch contact — the shift
 * switch, the shipments that keep a shift open, and the attempt counters of
 * the security code (the fixed-window counters of ADR 018 — `customerCodeCounterHit`
 * counts, `riderCounterForgive` takes a hit back — in the database, so every
 * API process shares them).
 */
import { RIDER_SHIFT_BUSY_STATUSES } from '@comanda/domain/rider-forms';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { RETIRED_POSITION } from '../db/schema/columns';
import { customerCodeCounters } from '../db/schema/customers';
import { riders, shipmentStacks, shipments } from '../db/schema/logistics';
import { branchContacts, companies } from '../db/schema/tenant';
import type { RiderRow } from './rider-session-repository';

export type { RiderRow } from './rider-session-repository';

/** A location as the shift page needs it. */
export interface RiderVenue {
  id: number;
  companyId: number;
  alias: string;
  name: string;
  /** The company's country (ISO, e.g. `AR`): phones are read in it. */
  countryCode: string;
  blocked: boolean;
  ownLogistics: boolean;
}

/** A live (not retired) branch contact with its company's country, or undefined. */
export async function riderVenueFind(
  db: Queryable,
  branchContactId: number,
): Promise<RiderVenue | undefined> {
  const [row] = await db
    .select({
      id: branchContacts.id,
      companyId: branchContacts.companyId,
      alias: branchContacts.alias,
      name: branchContacts.name,
      countryCode: companies.countryCode,
      blocked: branchContacts.blocked,
      ownLogistics: branchContacts.ownLogistics,
    })
    .from(branchContacts)
    .innerJoin(companies, eq(companies.id, branchContacts.companyId))
    .where(and(eq(branchContacts.id, branchContactId), ne(branchContacts.position, RETIRED_POSITION)))
    .limit(1);
  return row;
}

/** The rider with this phone (E.164) at the location, or undefined. */
export async function riderByPhoneFind(
  db: Queryable,
  venue: Pick<RiderVenue, 'id' | 'companyId'>,
  phone: string,
): Promise<RiderRow | undefined> {
  const [row] = await db
    .select()
    .from(riders)
    .where(
      and(
        eq(riders.companyId, venue.companyId),
        eq(riders.branchContactId, venue.id),
        eq(riders.phone, phone),
      ),
    )
    .limit(1);
  return row;
}

/** The rider with this id at the location (another location's or company's rider is not found). */
export async function riderAtVenueFind(
  db: Queryable,
  venue: Pick<RiderVenue, 'id' | 'companyId'>,
  riderId: number,
  options: { lock?: boolean } = {},
): Promise<RiderRow | undefined> {
  const query = db
    .select()
    .from(riders)
    .where(
      and(
        eq(riders.id, riderId),
        eq(riders.companyId, venue.companyId),
        eq(riders.branchContactId, venue.id),
      ),
    )
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * Registers a rider (not approved: the venue approves in the dispatch view).
 * Undefined when the phone is already registered at the location — the unique
 * (branch contact, phone) decides, so two registrations at once make one rider.
 */
export async function riderInsert(
  tx: Tx,
  values: {
    venue: Pick<RiderVenue, 'id' | 'companyId'>;
    name: string;
    phone: string;
    securityCodeHash: string;
    active: boolean;
    now: Date;
  },
): Promise<RiderRow | undefined> {
  const [row] = await tx
    .insert(riders)
    .values({
      companyId: values.venue.companyId,
      branchContactId: values.venue.id,
      name: values.name,
      phone: values.phone,
      securityCodeHash: values.securityCodeHash,
      active: values.active,
      approved: false,
      shiftStartedAt: values.active ? values.now : null,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing({ target: [riders.branchContactId, riders.phone] })
    .returning();
  return row;
}

/** Puts a (locked) rider on shift since `shiftStartedAt`, or off shift (null). */
export async function riderShiftSet(
  tx: Tx,
  rider: Pick<RiderRow, 'id' | 'companyId'>,
  shiftStartedAt: Date | null,
  now: Date,
): Promise<RiderRow> {
  const [row] = await tx
    .update(riders)
    .set({ active: shiftStartedAt !== null, shiftStartedAt, updatedAt: now })
    .where(and(eq(riders.id, rider.id), eq(riders.companyId, rider.companyId)))
    .returning();
  if (!row) throw new Error('rider shift update returned no row');
  return row;
}

/** Whether the rider holds a shipment or a stack between pick-up and drop-off. */
export async function riderHoldsShipment(
  db: Queryable,
  rider: Pick<RiderRow, 'id' | 'companyId'>,
): Promise<boolean> {
  const busy = [...RIDER_SHIFT_BUSY_STATUSES];
  const [simple] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        eq(shipments.companyId, rider.companyId),
        eq(shipments.riderId, rider.id),
        inArray(shipments.status, busy),
      ),
    )
    .limit(1);
  if (simple) return true;
  const [stack] = await db
    .select({ id: shipmentStacks.id })
    .from(shipmentStacks)
    .where(
      and(
        eq(shipmentStacks.companyId, rider.companyId),
        eq(shipmentStacks.riderId, rider.id),
        inArray(shipmentStacks.status, busy),
      ),
    )
    .limit(1);
  return Boolean(stack);
}

/** What `GET /api/whoami` answers about a rider on shift: the rider and the location, read fresh. */
export async function riderWhoFind(
  db: Queryable,
  scope: { riderId: number; companyId: number; branchContactId: number },
): Promise<{ rider: RiderRow; branchContact: { id: number; alias: string; name: string } } | undefined> {
  const [row] = await db
    .select({
      rider: riders,
      branchContact: { id: branchContacts.id, alias: branchContacts.alias, name: branchContacts.name },
    })
    .from(riders)
    .innerJoin(
      branchContacts,
      and(eq(branchContacts.id, riders.branchContactId), eq(branchContacts.companyId, riders.companyId)),
    )
    .where(
      and(
        eq(riders.id, scope.riderId),
        eq(riders.companyId, scope.companyId),
        eq(riders.branchContactId, scope.branchContactId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Takes back one hit of a counter whose window is still open (a right code is
 * not a failure). Never below zero; a closed window is left to restart.
 */
export async function riderCounterForgive(db: Queryable, key: string, now: Date): Promise<void> {
  await db
    .update(customerCodeCounters)
    .set({ count: sql`greatest(${customerCodeCounters.count} - 1, 0)` })
    .where(and(eq(customerCodeCounters.key, key), gt(customerCodeCounters.resetAt, now)));
}

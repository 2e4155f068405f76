/**
 * Queries of shipment stacks (multi-deliveries, ADR 023), scoped like
 * shipment-repository. `stackAcceptIfFree` decides the stack race the same
 * way a shipment's is decided; `shipmentsStackIfFree` makes a stack only of
 * shipments nobody took meanwhile (a rider accepting one of them at the same
 * moment wins it, or the stack does — never both).
 */
import { and, asc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { shipmentStacks, shipments } from '../db/schema/logistics';
import type { ShipmentRow, ShipmentScope } from './shipment-repository';

export type StackRow = typeof shipmentStacks.$inferSelect;
export type StackInsert = typeof shipmentStacks.$inferInsert;

const inScope = (scope: ShipmentScope) =>
  and(
    eq(shipmentStacks.companyId, scope.companyId),
    scope.branchContactId === undefined
      ? undefined
      : eq(shipmentStacks.branchContactId, scope.branchContactId),
  );

/** A stack (no lock), or undefined outside the scope. */
export async function stackFind(
  db: Queryable,
  scope: ShipmentScope,
  id: number,
): Promise<StackRow | undefined> {
  const [row] = await db
    .select()
    .from(shipmentStacks)
    .where(and(eq(shipmentStacks.id, id), inScope(scope)));
  return row;
}

/** Locks a stack of the company and reads it. */
export async function stackLock(tx: Tx, companyId: number, id: number): Promise<StackRow | undefined> {
  const [row] = await tx
    .select()
    .from(shipmentStacks)
    .where(and(eq(shipmentStacks.id, id), eq(shipmentStacks.companyId, companyId)))
    .for('update');
  return row;
}

/** Stacks of a location with a status, created since `from`, offered to everyone or to `riderId`. */
export async function stacksList(
  db: Queryable,
  query: {
    companyId: number;
    branchContactId: number;
    status: string;
    riderId: number;
    from: Date;
    limit: number;
  },
): Promise<StackRow[]> {
  return db
    .select()
    .from(shipmentStacks)
    .where(
      and(
        eq(shipmentStacks.companyId, query.companyId),
        eq(shipmentStacks.branchContactId, query.branchContactId),
        eq(shipmentStacks.status, query.status),
        gte(shipmentStacks.createdAt, query.from),
        or(isNull(shipmentStacks.offeredToRiderId), eq(shipmentStacks.offeredToRiderId, query.riderId)),
      ),
    )
    .orderBy(asc(shipmentStacks.createdAt), asc(shipmentStacks.id))
    .limit(query.limit);
}

/** The stacks a rider holds that may still be his job (the service applies the domain's rule). */
export async function stacksHeldBy(db: Queryable, scope: Required<ShipmentScope>, riderId: number) {
  return db
    .select()
    .from(shipmentStacks)
    .where(
      and(
        inScope(scope),
        eq(shipmentStacks.riderId, riderId),
        inArray(shipmentStacks.status, [
          'ON_ROUTE_TO_PICK_UP',
          'IN_STORE',
          'ON_ROUTE_TO_DROP_OFFS',
          'DELIVERED',
        ]),
      ),
    )
    .orderBy(asc(shipmentStacks.id));
}

/** The rider's own shipments that may still be his job, unstacked. */
export async function shipmentsHeldBy(db: Queryable, scope: Required<ShipmentScope>, riderId: number) {
  return db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.companyId, scope.companyId),
        eq(shipments.branchContactId, scope.branchContactId),
        eq(shipments.riderId, riderId),
        isNull(shipments.stackId),
        inArray(shipments.status, ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF', 'DELIVERED']),
      ),
    )
    .orderBy(asc(shipments.id));
}

/** Takes a stack for a rider if it is still free (see the module comment); undefined when lost. */
export async function stackAcceptIfFree(
  tx: Queryable,
  input: { companyId: number; branchContactId: number; id: number; riderId: number; now: Date },
): Promise<StackRow | undefined> {
  const [row] = await tx
    .update(shipmentStacks)
    .set({ status: 'ON_ROUTE_TO_PICK_UP', riderId: input.riderId, updatedAt: input.now })
    .where(
      and(
        eq(shipmentStacks.id, input.id),
        eq(shipmentStacks.companyId, input.companyId),
        eq(shipmentStacks.branchContactId, input.branchContactId),
        eq(shipmentStacks.status, 'LOOKING_FOR_DRIVER'),
        isNull(shipmentStacks.riderId),
        or(isNull(shipmentStacks.offeredToRiderId), eq(shipmentStacks.offeredToRiderId, input.riderId)),
      ),
    )
    .returning();
  return row;
}

/** Sets every shipment of an accepted stack on its way with the stack's rider, in the accept's transaction. */
export async function stackShipmentsAccept(
  tx: Queryable,
  input: { companyId: number; stackId: number; riderId: number; now: Date },
): Promise<ShipmentRow[]> {
  return tx
    .update(shipments)
    .set({ status: 'ON_ROUTE_TO_PICK_UP', riderId: input.riderId, updatedAt: input.now })
    .where(
      and(
        eq(shipments.companyId, input.companyId),
        eq(shipments.stackId, input.stackId),
        eq(shipments.status, 'LOOKING_FOR_DRIVER'),
        isNull(shipments.riderId),
      ),
    )
    .returning();
}

/** Writes fields of a locked stack. */
export async function stackUpdate(
  tx: Queryable,
  companyId: number,
  id: number,
  patch: Partial<Omit<StackInsert, 'id' | 'companyId'>>,
): Promise<StackRow> {
  const [row] = await tx
    .update(shipmentStacks)
    .set(patch)
    .where(and(eq(shipmentStacks.id, id), eq(shipmentStacks.companyId, companyId)))
    .returning();
  if (!row) throw new Error(`stack ${id} vanished under its lock`);
  return row;
}

/** Ungroups a stack only while nobody took it; undefined when a rider won it first. */
export async function stackDissolveIfFree(
  tx: Queryable,
  input: { companyId: number; id: number; now: Date },
): Promise<StackRow | undefined> {
  const [row] = await tx
    .update(shipmentStacks)
    .set({ status: 'CANCELED', updatedAt: input.now })
    .where(
      and(
        eq(shipmentStacks.id, input.id),
        eq(shipmentStacks.companyId, input.companyId),
        eq(shipmentStacks.status, 'LOOKING_FOR_DRIVER'),
        isNull(shipmentStacks.riderId),
      ),
    )
    .returning();
  return row;
}

/** A new stack. */
export async function stackInsert(tx: Queryable, values: StackInsert): Promise<StackRow> {
  const [row] = await tx.insert(shipmentStacks).values(values).returning();
  if (!row) throw new Error('stack insert returned nothing');
  return row;
}

/**
 * Puts shipments in a stack only if every one is still free (looking for a
 * driver, unstacked, held by nobody) at the location; answers those it took.
 * The caller rolls back unless it took them all.
 */
export async function shipmentsStackIfFree(
  tx: Queryable,
  input: { companyId: number; branchContactId: number; ids: readonly number[]; stackId: number; now: Date },
): Promise<ShipmentRow[]> {
  return tx
    .update(shipments)
    .set({ stackId: input.stackId, offeredToRiderId: null, updatedAt: input.now })
    .where(
      and(
        eq(shipments.companyId, input.companyId),
        eq(shipments.branchContactId, input.branchContactId),
        inArray(shipments.id, [...input.ids]),
        eq(shipments.status, 'LOOKING_FOR_DRIVER'),
        isNull(shipments.riderId),
        isNull(shipments.stackId),
      ),
    )
    .returning();
}

/** Takes every shipment out of a dissolved stack. */
export async function stackShipmentsRelease(
  tx: Queryable,
  input: { companyId: number; stackId: number; now: Date },
): Promise<ShipmentRow[]> {
  return tx
    .update(shipments)
    .set({ stackId: null, stackingOrder: 0, updatedAt: input.now })
    .where(and(eq(shipments.companyId, input.companyId), eq(shipments.stackId, input.stackId)))
    .returning();
}

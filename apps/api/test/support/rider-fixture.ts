/**
 * Helpers of the rider and shipment tests: the example tenant's riders at
 * Fuego Palermo (its own fleet) and shift sessions for them. `riderOnShift`
 * puts a rider on shift and opens a session through the same service the
 * shift routes use, so shipment tests need not go through the shift pages.
 */
import { and, eq } from 'drizzle-orm';
import { riders } from '../../src/db/schema/logistics';
import { riderSessionOpen } from '../../src/services/rider-session-service';
import type { TestContext } from './test-app';

/** The example tenant's riders (tenant-example.json, fuego-palermo). */
export const DIEGO = { name: 'Diego Fernández', phone: '+5491160000001', securityCode: '4821' };
export const CAMILA = { name: 'Camila Ruiz', phone: '+5491160000002', securityCode: '7390' };

/** A rider row by branch contact and phone (fails the test when missing). */
export async function riderRow(ctx: TestContext, branchContactId: number, phone: string) {
  const [row] = await ctx.app.db
    .select()
    .from(riders)
    .where(and(eq(riders.branchContactId, branchContactId), eq(riders.phone, phone)));
  if (!row) throw new Error(`no rider ${phone} at branch contact ${branchContactId}`);
  return row;
}

/** Puts a rider on shift and answers a bearer token for them. */
export async function riderOnShift(
  ctx: TestContext,
  branchContactId: number,
  phone: string,
): Promise<{ token: string; riderId: number }> {
  const row = await riderRow(ctx, branchContactId, phone);
  await ctx.app.db.update(riders).set({ active: true }).where(eq(riders.id, row.id));
  const { token } = await riderSessionOpen(ctx.app.db, row, {
    now: ctx.app.clock.now(),
    shiftHours: ctx.config.riders.shiftHours,
  });
  return { token, riderId: row.id };
}

import { describe, expect, it } from 'vitest';
import { demoTenant } from '../src/tenant/demo-seed';
import { dinerGet, tenantLoad } from './support/diner-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// The schedule's offered days start from the server's clock (app.clock, which
// CLOCK_START and tests pin), the same clock that validates a scheduled order;
// a schedule read from the wall clock offers slots the order route refuses.
describe.each(testDatabaseKinds())('GET /api/ordermode/schedule on the server clock (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('starts the offered days at the pinned instant', async () => {
    await tenantLoad(ctx, demoTenant());
    ctx.app.clock.pin(new Date('2030-03-15T21:00:00-03:00'));
    try {
      const entity = await dinerGet(ctx, '/api/diner/brasa-nunez');
      const mode = entity.body.branchContact.deliveryConfig.orderModes.find(
        (candidate: { type: string }) => candidate.type === 'DELIVERY',
      );
      const schedule = await dinerGet(ctx, `/api/ordermode/schedule/${mode.id}`);
      expect(schedule.status).toBe(200);
      expect(schedule.body.schedulerDaysInfo[0].date).toBe('2030-03-15');
    } finally {
      ctx.app.clock.pin(undefined);
    }
  });
});

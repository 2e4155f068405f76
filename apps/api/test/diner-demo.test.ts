import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BranchContactSchema,
  DinerEntitySchema,
  MenuSchema,
  OrderModeSchema,
  ScheduleConfigSchema,
} from '../src/schemas/diner';
import { demoTenant } from '../src/tenant/demo-seed';
import { dinerGet, tenantLoad } from './support/diner-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// Crawls every diner read of the project's demo tenant (richer than the shared
// example: every mode and discount type, three locations) the way a storefront
// would, and checks that every answer is a 200 of the documented shape.
describe.each(testDatabaseKinds())('diner API over the demo tenant on %s', (kind) => {
  const ctx = useTestApp(kind);
  let companyAlias = '';

  beforeAll(async () => {
    const demo = demoTenant() as { company: { alias: string } };
    companyAlias = demo.company.alias;
    await tenantLoad(ctx, demo);
  });

  it('answers every read of every branch, location and order mode', async () => {
    const ok = async (url: string) => {
      const response = await dinerGet(ctx, url);
      expect(response.status, `${url} → ${response.raw}`).toBe(200);
      return response.body;
    };

    const company = await ok(`/api/diner/${companyAlias}`);
    expect(Value.Check(DinerEntitySchema, company)).toBe(true);
    expect(company.branches.length).toBeGreaterThan(0);
    await ok(`/api/diner/companies/${company.company.id}`);
    const page = await ok(`/api/diner/companies/${companyAlias}/branches?offset=0&pageSize=99`);
    expect(page.total).toBe(company.branches.length);
    await ok(`/api/country/${company.country.code}`);

    let menusSeen = 0;
    for (const branch of company.branches) {
      const resolved = await ok(`/api/diner/${branch.alias}`);
      expect(Value.Check(DinerEntitySchema, resolved)).toBe(true);
      await ok(`/api/diner/${branch.id}/discounts`);
      await ok(`/api/menucustomization/${branch.id}`);
      const modes = await ok(`/api/diner/branchordermodes/${branch.id}`);
      for (const mode of modes.orderModes) expect(Value.Check(OrderModeSchema, mode)).toBe(true);

      for (const summary of resolved.branchContacts) {
        const contact = await ok(`/api/diner/branchcontacts/${summary.id}`);
        expect(Value.Check(BranchContactSchema, contact)).toBe(true);
        const entity = await ok(`/api/diner/${summary.alias}`);
        expect(entity.type).toBe('BRANCH_CONTACT');
        const hashes = await ok(`/api/diner/menu/${summary.alias}/hash`);
        const hashByMode = new Map(
          hashes.menuHashes.map((entry: { orderModeId: number; hash: string }) => [
            entry.orderModeId,
            entry.hash,
          ]),
        );

        for (const mode of contact.deliveryConfig.orderModes) {
          const menu = await dinerGet(
            ctx,
            `/api/diner/${summary.alias}/menu/${summary.id}?orderModeId=${mode.id}`,
          );
          expect(menu.status).toBe(200);
          expect(Value.Check(MenuSchema, menu.body)).toBe(true);
          expect(menu.body.categories.length).toBeGreaterThan(0);
          for (const category of menu.body.categories) expect(category.plates.length).toBeGreaterThan(0);
          expect(menu.headers.etag).toBe(`"${hashByMode.get(mode.id)}"`);
          menusSeen++;

          const schedule = await ok(`/api/ordermode/schedule/${mode.id}`);
          expect(Value.Check(ScheduleConfigSchema, schedule)).toBe(true);
          const fees = await ok(`/api/ordermodes/${mode.id}/fees`);
          expect(fees.percentageUserFee).toBeGreaterThanOrEqual(0);
          await ok(`/api/ordermodes/${mode.id}/generaldiscounts`);
          await ok(`/api/ordermodes/${mode.id}/generalsurcharges`);
        }
      }
    }
    expect(menusSeen).toBeGreaterThan(3);
  });
});

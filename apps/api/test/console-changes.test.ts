/**
 * `GET /api/console/changes` (ADR 051): the history of venue edits, for the
 * OWNER of the company it belongs to — never for STAFF, never across
 * companies, paged newest first.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffUsers } from '../src/db/schema';
import type { StaffPrincipal } from '../src/services/staff-auth-service';
import { venueChangeRecord } from '../src/services/venue-history';
import {
  CHISPA_OWNER,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  request,
  staffLogin,
} from './support/console-fixture';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

describe.each(testDatabaseKinds())('the venue’s change history on %s', (kind) => {
  const ctx = useTestApp(kind);

  const author = async (email: string): Promise<StaffPrincipal> => {
    const [user] = await ctx.app.db.select().from(staffUsers).where(eq(staffUsers.email, email));
    if (!user) throw new Error(email);
    return { ...user, branchContacts: [], branchContactIds: new Set(), tokenHash: '', expiresAt: new Date() };
  };

  it('shows the owner their company’s changes, newest first and paged, with each value before and after', async () => {
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    const lucia = await author(FUEGO_OWNER.email);
    for (const [index, price] of [9000, 9500, 9900].entries()) {
      await venueChangeRecord(ctx.app.db, lucia, {
        at: new Date(Date.parse('2026-05-01T12:00:00Z') + index * 60_000),
        subject: 'menu',
        subjectName: 'Carta',
        branchContactId: null,
        before: { plates: [{ key: 'clasica', price: price - 500 }] },
        after: { plates: [{ key: 'clasica', price }] },
      });
    }
    await venueChangeRecord(ctx.app.db, await author(CHISPA_OWNER.email), {
      at: new Date('2026-05-01T12:05:00Z'),
      subject: 'menu',
      subjectName: 'Carta de otra empresa',
      branchContactId: null,
      before: { name: 'a' },
      after: { name: 'b' },
    });

    const owner = await staffLogin(ctx, FUEGO_OWNER);
    const first = await request(ctx, 'GET', '/api/console/changes?limit=2', { token: owner });
    expect(first.status).toBe(200);
    expect(
      first.body.changes.map((change: { changes: { after: number }[] }) => change.changes[0]?.after),
    ).toEqual([9900, 9500]);
    expect(first.body.changes[0]).toMatchObject({
      at: '2026-05-01T12:02:00.000Z',
      staffName: lucia.name,
      subject: 'menu',
      subjectName: 'Carta',
      changes: [{ path: 'plates[clasica].price', before: 9400, after: 9900 }],
      more: false,
    });
    const second = await request(
      ctx,
      'GET',
      `/api/console/changes?limit=2&beforeId=${first.body.nextBeforeId}`,
      {
        token: owner,
      },
    );
    expect(second.body.changes.map((change: { subjectName: string }) => change.subjectName)).toEqual([
      'Carta',
    ]);
    expect(second.body.nextBeforeId).toBeNull();
  });

  it('is the owner’s alone: staff are refused, and no session is 401', async () => {
    await tenantLoad(ctx, tenantExample());
    const staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const refused = await request(ctx, 'GET', '/api/console/changes', { token: staff });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Solo el dueño puede ver el historial de cambios');
    expect((await request(ctx, 'GET', '/api/console/changes')).status).toBe(401);
  });

  it('records nothing for a save that changed nothing', async () => {
    await tenantLoad(ctx, tenantExample());
    const lucia = await author(FUEGO_OWNER.email);
    const owner = await staffLogin(ctx, FUEGO_OWNER);
    const count = async () =>
      (await request(ctx, 'GET', '/api/console/changes?limit=100', { token: owner })).body.changes.length;
    const before = await count();
    await venueChangeRecord(ctx.app.db, lucia, {
      at: new Date(),
      subject: 'deliveryZones',
      subjectName: 'Palermo',
      branchContactId: null,
      before: [{ name: 'Centro', fee: 1500 }],
      after: [{ name: 'Centro', fee: 1500 }],
    });
    expect(await count()).toBe(before);
  });
});

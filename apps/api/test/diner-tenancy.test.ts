import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, plates } from '../src/db/schema/menu';
import { orders } from '../src/db/schema/orders';
import { surveyAnswers, surveyQuestions, surveyResponses, surveys } from '../src/db/schema/platform';
import { branchContacts, branches, orderModes } from '../src/db/schema/tenant';
import { contentCacheClear } from '../src/services/content-cache';
import {
  contentChanged,
  dinerGet,
  tenantExample,
  tenantExampleRenamed,
  tenantLoad,
} from './support/diner-fixture';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

interface Location {
  id: number;
  modes: Record<string, number>;
}

async function location(ctx: TestContext, alias: string): Promise<Location> {
  const { body } = await dinerGet(ctx, `/api/diner/${alias}`);
  const modes: Record<string, number> = {};
  for (const mode of body.branchContact.deliveryConfig.orderModes) modes[mode.type] = mode.id;
  return { id: body.branchContact.id, modes };
}

// Two tenants in one database: neither's ids are reachable through the other's
// aliases; blocked locations stay readable; inactive modes disappear; image urls.
describe.each(testDatabaseKinds())('diner tenancy and visibility on %s', (kind) => {
  const ctx = useTestApp(kind);
  let fuegoId = 0;
  let chispaId = 0;
  let palermo: Location;
  let belgrano: Location;
  let chispaPalermo: Location;

  beforeAll(async () => {
    fuegoId = await tenantLoad(ctx, tenantExample());
    chispaId = await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    palermo = await location(ctx, 'fuego-palermo');
    belgrano = await location(ctx, 'fuego-belgrano');
    chispaPalermo = await location(ctx, 'chispa-palermo');
  });

  describe('tenant isolation', () => {
    it('resolves each tenant by its own alias', async () => {
      expect(chispaId).not.toBe(fuegoId);
      const chispa = await dinerGet(ctx, '/api/diner/chispa');
      expect(chispa.body).toMatchObject({ type: 'COMPANY', company: { id: chispaId, alias: 'chispa' } });
      expect(chispa.body.branches.map((branch: { alias: string }) => branch.alias)).toEqual([
        'chispa-burgers',
        'chispa-cafe',
      ]);
    });

    it("does not serve another company's branch contact through this company's alias", async () => {
      const url = `/api/diner/fuego-palermo/menu/${chispaPalermo.id}?orderModeId=${chispaPalermo.modes.DELIVERY}`;
      const { status, body } = await dinerGet(ctx, url);
      expect(status).toBe(404);
      expect(body.error).toBe('Not Found');
      expect(JSON.stringify(body)).not.toContain('Clásica');
    });

    it("does not serve another company's order mode through this branch contact", async () => {
      const url = `/api/diner/fuego-palermo/menu/${palermo.id}?orderModeId=${chispaPalermo.modes.DELIVERY}`;
      expect((await dinerGet(ctx, url)).status).toBe(404);
      const own = `/api/diner/chispa-palermo/menu/${chispaPalermo.id}?orderModeId=${chispaPalermo.modes.DELIVERY}`;
      const served = await dinerGet(ctx, own);
      expect(served.status).toBe(200);
      const fuegoMenu = await dinerGet(
        ctx,
        `/api/diner/fuego-palermo/menu/${palermo.id}?orderModeId=${palermo.modes.DELIVERY}`,
      );
      expect(served.body.id).not.toBe(fuegoMenu.body.id);
      expect(served.headers.etag).not.toBe(fuegoMenu.headers.etag);
    });

    it("gives no hash for another company's order modes", async () => {
      const foreign = await dinerGet(
        ctx,
        `/api/diner/menu/fuego/hash?orderModeId=${chispaPalermo.modes.DELIVERY}&orderModeId=${chispaPalermo.modes.DINE_IN}`,
      );
      expect(foreign.body).toEqual({ menuHashes: [] });
      const all = await dinerGet(ctx, '/api/diner/menu/fuego/hash');
      expect(all.body.menuHashes).toHaveLength(7);
      const chispaModes = new Set(Object.values(chispaPalermo.modes));
      for (const entry of all.body.menuHashes) expect(chispaModes.has(entry.orderModeId)).toBe(false);
    });
  });

  describe('visibility', () => {
    it('keeps a blocked branch contact readable, flagged, with its menu', async () => {
      await ctx.database.db
        .update(branchContacts)
        .set({ blocked: true })
        .where(eq(branchContacts.id, palermo.id));
      await contentChanged(ctx, fuegoId);
      const resolved = await dinerGet(ctx, '/api/diner/fuego-palermo');
      expect(resolved.status).toBe(200);
      expect(resolved.body.branchContact.commercialTermsInfo).toEqual({ blocked: true });
      const byId = await dinerGet(ctx, `/api/diner/branchcontacts/${palermo.id}`);
      expect(byId.body.commercialTermsInfo.blocked).toBe(true);
      const menu = await dinerGet(
        ctx,
        `/api/diner/fuego-palermo/menu/${palermo.id}?orderModeId=${palermo.modes.DELIVERY}`,
      );
      expect(menu.status).toBe(200);
    });

    it('hides an inactive order mode from every diner read', async () => {
      const hidden = belgrano.modes.TAKE_AWAY as number;
      await ctx.database.db.update(orderModes).set({ active: false }).where(eq(orderModes.id, hidden));
      await contentChanged(ctx, fuegoId);

      const resolved = await dinerGet(ctx, '/api/diner/fuego-belgrano');
      expect(
        resolved.body.branchContact.deliveryConfig.orderModes.map((mode: { id: number }) => mode.id),
      ).toEqual([belgrano.modes.DELIVERY]);
      const branchId = resolved.body.branchContact.branchId;
      const listed = await dinerGet(ctx, `/api/diner/branchordermodes/${branchId}`);
      expect(listed.body.orderModes.map((mode: { id: number }) => mode.id)).not.toContain(hidden);
      for (const url of [
        `/api/diner/fuego-belgrano/menu/${belgrano.id}?orderModeId=${hidden}`,
        `/api/ordermode/schedule/${hidden}`,
        `/api/ordermodes/${hidden}/fees`,
        `/api/ordermodes/${hidden}/generaldiscounts`,
        `/api/ordermodes/${hidden}/generalsurcharges`,
      ]) {
        expect((await dinerGet(ctx, url)).status, url).toBe(404);
      }
      const hashes = await dinerGet(ctx, `/api/diner/menu/fuego-belgrano/hash?orderModeId=${hidden}`);
      expect(hashes.body).toEqual({ menuHashes: [] });
    });
  });

  describe('survey average', () => {
    it('gives npsAvg from the answers to the general rating question of the location', async () => {
      const db = ctx.database.db;
      const [survey] = await db.select().from(surveys).where(eq(surveys.companyId, fuegoId));
      const questions = await db.select().from(surveyQuestions).where(eq(surveyQuestions.companyId, fuegoId));
      const general = questions.find((question) => question.key === 'general');
      const recommend = questions.find((question) => question.key === 'recomendar');
      const [contact] = await db.select().from(branchContacts).where(eq(branchContacts.id, palermo.id));
      if (!survey || !general || !recommend || !contact) throw new Error('fixture survey missing');

      const answers: [string, string, string][] = [
        ['TEST-NPS-1', '4', '1'],
        ['TEST-NPS-2', '5', '1'],
        ['TEST-NPS-3', '5', '2'],
        ['TEST-NPS-4', '4', '1'],
        ['TEST-NPS-5', '5', '1'],
      ];
      for (const [code, generalAnswer, recommendAnswer] of answers) {
        const [order] = await db
          .insert(orders)
          .values({
            companyId: fuegoId,
            branchId: contact.branchId,
            branchContactId: contact.id,
            orderModeId: palermo.modes.DELIVERY as number,
            code,
            type: 'DELIVERY',
            paymentMethod: 'CASH',
            itemsPrice: 8500,
            price: 8500,
          })
          .returning({ id: orders.id });
        if (!order) throw new Error('order not inserted');
        await db.insert(surveyResponses).values({
          companyId: fuegoId,
          surveyId: survey.id,
          orderId: order.id,
          branchContactId: contact.id,
          rating: Number(generalAnswer),
        });
        for (const [question, answer] of [
          [general, generalAnswer],
          [recommend, recommendAnswer],
        ] as const) {
          await db.insert(surveyAnswers).values({
            companyId: fuegoId,
            surveyId: survey.id,
            questionId: question.id,
            orderId: order.id,
            questionTitle: question.title,
            questionType: question.type,
            answer,
          });
        }
      }
      // Ratings bump no content version: a cached storefront read shows them once its entry
      // expires (CONTENT_CACHE_MAX_AGE_MS); dropping the cache stands in for that minute.
      contentCacheClear();
      // (4 + 5 + 5 + 4 + 5) / 5 = 4.6, once the 5 ratings of the threshold are there (ADR 031);
      // the other rating question does not count.
      const { body } = await dinerGet(ctx, '/api/diner/fuego-palermo');
      expect(body.branchContact.deliveryConfig.npsAvg).toBe(4.6);
      const belgranoBody = await dinerGet(ctx, '/api/diner/fuego-belgrano');
      expect(belgranoBody.body.branchContact.deliveryConfig.npsAvg).toBeNull();
    });
  });

  describe('file urls', () => {
    it('makes relative image urls absolute under the public url and keeps absolute ones', async () => {
      const publicUrl = ctx.config.publicUrl;
      const db = ctx.database.db;
      const [clasica] = await db
        .select({ id: plates.id })
        .from(plates)
        .where(and(eq(plates.companyId, fuegoId), eq(plates.key, 'clasica')))
        .limit(1);
      const [bebidas] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.companyId, fuegoId), eq(categories.key, 'bebidas')))
        .limit(1);
      const [burgers] = await db.select().from(branches).where(eq(branches.alias, 'fuego-burgers'));
      if (!clasica || !bebidas || !burgers) throw new Error('fixture rows missing');

      await db.update(plates).set({ imageUrl: '/images/clasica.jpg' }).where(eq(plates.id, clasica.id));
      await db
        .update(categories)
        .set({ imageUrl: 'https://cdn.example/bebidas.png' })
        .where(eq(categories.id, bebidas.id));
      await db
        .update(branches)
        .set({ customLogoUrl: 'logos/fuego.png', withCustomLogo: true })
        .where(eq(branches.id, burgers.id));
      await contentChanged(ctx, fuegoId);

      expect((await dinerGet(ctx, `/api/diner/file/${clasica.id}/url?type=PLATE`)).body).toEqual({
        url: `${publicUrl}/images/clasica.jpg`,
      });
      expect((await dinerGet(ctx, `/api/diner/file/${bebidas.id}/url?type=CATEGORY`)).body).toEqual({
        url: 'https://cdn.example/bebidas.png',
      });
      expect((await dinerGet(ctx, `/api/diner/file/${burgers.id}/url?type=LOGO`)).body).toEqual({
        url: `${publicUrl}/logos/fuego.png`,
      });
      const banner = await dinerGet(ctx, `/api/diner/file/${burgers.id}/url?type=BANNER_LOGO`);
      expect(banner.status).toBe(404);
      expect(banner.body.message).toBe(`No existe el logo de portada de la marca ${burgers.id}`);

      const branch = await dinerGet(ctx, '/api/diner/fuego-burgers');
      expect(branch.body.branch).toMatchObject({
        withCustomLogo: true,
        customLogoURL: `${publicUrl}/logos/fuego.png`,
      });
      const menu = await dinerGet(
        ctx,
        `/api/diner/fuego-palermo/menu/${palermo.id}?orderModeId=${palermo.modes.DELIVERY}`,
      );
      expect(menu.body.categories[0].plates[0]).toMatchObject({ showName: 'Clásica', withImage: true });
      expect(menu.body.categories[2]).toMatchObject({ showName: 'Bebidas', withImage: true });
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { dinerGet, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

interface Plate {
  id: number;
  showName: string;
  withImage: boolean;
}

// The storefront loads plate and category images through a redirect (an <img> cannot read JSON).
describe.each(testDatabaseKinds())('storefront image redirect on %s', (kind) => {
  const ctx = useTestApp(kind, { publicUrl: 'https://pedidos.example' });
  let withImage: Plate;
  let withoutImage: Plate;
  let categoryId = 0;

  beforeAll(async () => {
    const tenant = tenantExampleRenamed('foto') as {
      branches: { menus: { categories: { imageUrl?: string; plates: { imageUrl?: string }[] }[] }[] }[];
    };
    const category = tenant.branches[0]?.menus[0]?.categories[0];
    if (!category?.plates[0]) throw new Error('the example tenant changed shape');
    category.imageUrl = 'images/categorias/entradas.webp';
    category.plates[0].imageUrl = 'https://cdn.example/platos/1.webp';
    await tenantLoad(ctx, tenant);
    const contact = (await dinerGet(ctx, '/api/diner/foto-palermo')).body.branchContact;
    const menu = (
      await dinerGet(
        ctx,
        `/api/diner/foto-palermo/menu/${contact.id}?orderModeId=${contact.deliveryConfig.orderModes[0].id}`,
      )
    ).body as { categories: { id: number; withImage: boolean; plates: Plate[] }[] };
    const first = menu.categories.find((candidate) => candidate.withImage);
    if (!first) throw new Error('no category with an image');
    categoryId = first.id;
    const plates = menu.categories.flatMap((candidate) => candidate.plates);
    withImage = plates.find((plate) => plate.withImage) as Plate;
    withoutImage = plates.find((plate) => !plate.withImage) as Plate;
  });

  it("redirects to a plate's absolute image url, cacheable for a few minutes", async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/storefront-extras/image/PLATE/${withImage.id}`,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://cdn.example/platos/1.webp');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('makes a relative category image absolute under the public url, as the file url endpoint does', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/storefront-extras/image/CATEGORY/${categoryId}`,
    });
    expect(response.statusCode).toBe(302);
    const fileUrl = await dinerGet(ctx, `/api/diner/file/${categoryId}/url?type=CATEGORY`);
    expect(response.headers.location).toBe(fileUrl.body.url);
    expect(response.headers.location).toBe('https://pedidos.example/images/categorias/entradas.webp');
  });

  it('answers 404 for a plate without an image, so the page shows its placeholder', async () => {
    const response = await dinerGet(ctx, `/api/storefront-extras/image/PLATE/${withoutImage.id}`);
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/\S/);
  });

  it('refuses a type other than PLATE or CATEGORY and a malformed id with 400', async () => {
    expect((await dinerGet(ctx, `/api/storefront-extras/image/LOGO/${withImage.id}`)).status).toBe(400);
    expect((await dinerGet(ctx, '/api/storefront-extras/image/PLATE/abc')).status).toBe(400);
  });
});

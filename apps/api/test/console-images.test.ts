/**
 * Menu images (ADR 053): uploaded by the OWNER as the request body, checked
 * by their bytes, stored once per company under their hash, and served
 * immutable at /api/images/{hash}.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadedImages } from '../src/db/schema';
import { CHISPA_OWNER, FUEGO_OWNER, FUEGO_PALERMO_STAFF, staffLogin } from './support/console-fixture';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { fixtureImage, pngOf } from './support/image-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

describe.each(testDatabaseKinds())('menu images on %s', (kind) => {
  const ctx = useTestApp(kind);
  let owner = '';

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    owner = await staffLogin(ctx, FUEGO_OWNER);
  });

  const upload = (bytes: Buffer | string, contentType: string, token: string | null = owner) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/console/images',
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: bytes,
    });

  it('stores a JPEG, a PNG and a WebP and serves each with its type, a strong ETag and immutable caching', async () => {
    for (const [bytes, type, size] of [
      [fixtureImage('plate.jpg'), 'image/jpeg', [64, 48]],
      [pngOf(40, 30, 1), 'image/png', [40, 30]],
      [fixtureImage('plate.webp'), 'image/webp', [64, 48]],
    ] as const) {
      const answer = await upload(bytes, type);
      expect(answer.statusCode, type).toBe(200);
      const body = answer.json();
      expect(body).toMatchObject({ contentType: type, width: size[0], height: size[1] });
      expect(body.url).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);

      const served = await ctx.app.inject({ method: 'GET', url: body.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers.etag).toBe(`"${body.url.split('/').at(-1)}"`);
      expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);

      const again = await ctx.app.inject({
        method: 'GET',
        url: body.url,
        headers: { 'if-none-match': served.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('answers the same URL for the same bytes, stored once even when uploaded many times at once', async () => {
    const bytes = pngOf(20, 20, 7);
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(bytes, 'image/png')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const urls = new Set(answers.map((answer) => answer.json().url));
    expect(urls.size).toBe(1);
    const hash = [...urls][0].split('/').at(-1);
    const rows = await ctx.app.db.select().from(uploadedImages).where(eq(uploadedImages.hash, hash));
    expect(rows).toHaveLength(1);
    // Another company uploading the same bytes gets the same URL, and its own row.
    const chispa = await staffLogin(ctx, CHISPA_OWNER);
    expect((await upload(bytes, 'image/png', chispa)).json().url).toBe([...urls][0]);
    expect(await ctx.app.db.select().from(uploadedImages).where(eq(uploadedImages.hash, hash))).toHaveLength(
      2,
    );
  });

  it('refuses what is not a JPEG, PNG or WebP by its bytes, too heavy, too big or empty, in Spanish', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,', 'latin1');
    const disguised = await upload(gif, 'image/png');
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().message).toBe('La imagen debe ser JPEG, PNG o WebP');
    const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml');
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe('La imagen debe ser JPEG, PNG o WebP');
    const json = await upload(JSON.stringify({ image: 'x' }), 'application/json');
    expect(json.statusCode).toBe(415);

    const heavy = Buffer.concat([pngOf(10, 10), Buffer.alloc(2 * 1024 * 1024)]);
    const tooHeavy = await upload(heavy, 'image/png');
    expect(tooHeavy.statusCode).toBe(413);
    expect(tooHeavy.json().message).toMatch(/más de 2 MB/);

    const huge = await upload(pngOf(5000, 1), 'image/png');
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/más de 4096 píxeles/);

    const truncated = await upload(fixtureImage('plate.jpg').subarray(0, 30), 'image/jpeg');
    expect(truncated.statusCode).toBe(400);
    expect((await upload(Buffer.alloc(0), 'image/png')).statusCode).toBe(400);
  });

  it('is the OWNER’s: 401 without a session, 403 for STAFF; unknown images are 404', async () => {
    const bytes = pngOf(8, 8, 3);
    expect((await upload(bytes, 'image/png', null)).statusCode).toBe(401);
    const staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const refused = await upload(bytes, 'image/png', staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Solo el dueño puede subir imágenes de la carta');
    expect((await upload('{}', 'application/json', staff)).statusCode).toBe(403);
    const unknown = await ctx.app.inject({ method: 'GET', url: `/api/images/${'0'.repeat(64)}` });
    expect(unknown.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/images/nope' })).statusCode).toBe(400);
  });
});

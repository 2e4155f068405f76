/**
 * JSON compression (plugins/external/compression.ts) through app.inject: a
 * menu goes Brotli or gzip as accepted and identity otherwise, always with
 * `vary: accept-encoding`; its ETag turns weak and still revalidates; small
 * answers and answers already encoded (the web app's precompressed files) are
 * left alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodingNegotiate } from '../src/plugins/external/compression';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds } from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

describe('encodingNegotiate', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=abc, gzip', 'gzip'],
    [['deflate', 'gzip'], 'gzip'],
  ])('%j → %s', (header, encoding) => {
    expect(encodingNegotiate(header as string | string[] | undefined)).toBe(encoding);
  });
});

// A built web app in miniature: one precompressed JSON asset beside its Brotli copy.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-dist-'));
const assetJson = JSON.stringify({
  items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })),
});
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Comanda</title>');
fs.writeFileSync(path.join(distDir, 'assets', 'data.json'), assetJson);
const precompressed = brotliCompressSync(assetJson);
fs.writeFileSync(path.join(distDir, 'assets', 'data.json.br'), precompressed);
// Once every database kind has run (each builds its app on this folder).
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

describe.each(testDatabaseKinds())('JSON compression on %s', (kind) => {
  const ctx = useTestApp(kind, { webDistDir: distDir });
  let palermo: LocationIds;
  let menuUrl = '';

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    palermo = await locationIds(ctx, 'fuego-palermo');
    menuUrl = `/api/diner/fuego-palermo/menu/${palermo.id}?orderModeId=${palermo.modes.DELIVERY}`;
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('sends the menu as identity without accept-encoding, varying on it', async () => {
    const plain = await get(menuUrl);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers.etag).toMatch(/^"[\w-]{22}"$/);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json().categories.length).toBeGreaterThan(0);
    const refused = await get(menuUrl, { 'accept-encoding': 'br;q=0, gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('sends it Brotli when accepted, the same JSON, the ETag weak and still revalidating', async () => {
    const plain = await get(menuUrl);
    const br = await get(menuUrl, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toBe(`W/${plain.headers.etag}`);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    // The second answer comes from the compressed cache: the same bytes.
    const again = await get(menuUrl, { 'accept-encoding': 'br' });
    expect(Buffer.compare(again.rawPayload, br.rawPayload)).toBe(0);
    // The browser revalidates with the weak tag it got: 304, no body.
    const revalidated = await get(menuUrl, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
  });

  it('sends it gzip when only gzip is accepted', async () => {
    const plain = await get(menuUrl);
    const gz = await get(menuUrl, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves small JSON alone', async () => {
    const health = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(() => health.json()).not.toThrow();
  });

  it('compresses other large JSON answers, never small errors nor what is not JSON', async () => {
    const entity = await get('/api/diner/fuego-palermo', { 'accept-encoding': 'br' });
    expect(entity.statusCode).toBe(200);
    expect(entity.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(entity.rawPayload).toString()).type).toBe('BRANCH_CONTACT');
    const missing = await get(`/api/diner/${'x'.repeat(100)}`, { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('No existe el alias');
    const page = await get('/menu/fuego-palermo', { 'accept-encoding': 'br' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses again what is encoded already (precompressed web assets)', async () => {
    const asset = await get('/assets/data.json', { 'accept-encoding': 'br' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(Buffer.compare(asset.rawPayload, precompressed)).toBe(0);
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(assetJson);
  });
});

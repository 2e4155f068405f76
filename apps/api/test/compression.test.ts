/**
 * JSON compression (plugins/external/compression.ts) through app.inject: a
 * menu goes Brotli or gzip as accepted and identity otherwise, always with
 * `vary: accept-encoding`; its ETag turns weak and still revalidates; small
 * answers and answers already encoded (the web app's precompressed files) are
 * left alone.
 */
import fs from 'node:fs';
import { connect } from 'node:net';
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

  it('answers a revalidation with a 304 as HTTP has it, on the wire: no body, no length, the 200’s ETag', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    /** One request on a raw socket; the answer's head and the bytes after it, as a client reads them. */
    const raw = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('end', () => {
          const all = Buffer.concat(chunks);
          const split = all.indexOf('\r\n\r\n');
          const [statusLine = '', ...lines] = all.subarray(0, split).toString('latin1').split('\r\n');
          const parsed: Record<string, string> = {};
          for (const line of lines) {
            const colon = line.indexOf(':');
            parsed[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
          }
          resolve({
            status: Number(statusLine.split(' ')[1]),
            headers: parsed,
            body: all.subarray(split + 4),
          });
        });
        const head = Object.entries({ host: `127.0.0.1:${port}`, connection: 'close', ...headers })
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
        socket.write(`GET ${menuUrl} HTTP/1.1\r\n${head}\r\n`);
      });
    const encodings: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'br' },
      { 'accept-encoding': 'gzip' },
    ];
    for (const encoding of encodings) {
      const full = await raw(encoding);
      expect(full.status).toBe(200);
      const revalidated = await raw({ ...encoding, 'if-none-match': full.headers.etag ?? '' });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers['content-length']).toBeUndefined();
      expect(revalidated.headers['content-type']).toBeUndefined();
      expect(revalidated.headers.etag).toBe(full.headers.etag);
      expect(revalidated.headers.vary).toMatch(/accept-encoding/i);
    }
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

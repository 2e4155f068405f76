/**
 * The web app served by the API (plugins/external/web-app.ts): a page the app
 * has (`@comanda/domain/page-paths`) gets index.html with 200, any other path
 * the same index.html — the app's catch-all page — with 404, an unknown
 * `/api/…` path a JSON 404, and a file of the build the file itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-pages-'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"Comanda"}');
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

describe.each(testDatabaseKinds())('pages of the web app on %s', (kind) => {
  const ctx = useTestApp(kind, { webDistDir: distDir });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it.each([
    '/',
    '/menu',
    '/menu/fuego-palermo',
    '/menu/fuego-palermo/delivery?tableNumber=7&campaignId=otono',
    '/menu/fuego-palermo/en-el-local/pizzas/muzzarella',
    '/menu/fuego-palermo/preview',
    '/menu/fuego-palermo/checkout',
    '/menu/fuego-palermo/order/AB12CD',
    '/encuesta/fuego-palermo/AB12CD?surveyGeneralNPSAnswer=4',
    '/console',
    '/soporte?referenceId=AB12CD',
    '/logistics/tracking/order/fuego-palermo/AB12CD',
    '/logistics/fuego-palermo/shipments',
  ])('serves %s with 200', async (url) => {
    const page = await get(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
  });

  it.each([
    '/nada',
    '/404?message=Acceso%20denegado%20o%20link%20expirado',
    '/menus',
    '/menu/fuego-palermo/order',
    '/encuesta/fuego-palermo',
    '/menu/fuego-palermo/delivery/pizzas/muzzarella/otra',
    '/logistics/tracking/fuego-palermo',
    '/favicon.ico',
  ])('serves %s as the catch-all page with 404', async (url) => {
    const page = await get(url);
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const answer = await get('/api/nada/que/ver');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: 'Not Found', message: 'No existe la ruta GET /api/nada/que/ver' });
    const post = await ctx.app.inject({ method: 'POST', url: '/api/nada', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toBe('No existe la ruta POST /api/nada');
  });

  it('serves a file of the build as itself', async () => {
    const file = await get('/manifest.webmanifest');
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('{"name":"Comanda"}');
  });
});

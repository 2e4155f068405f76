import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  siteCompanyOfHost,
  siteCompanyOrigin,
  siteConsoleSocketAllows,
  siteOriginsFromEnv,
} from '../src/lib/site-origins';
import { CHISPA_OWNER, FUEGO_OWNER, request, staffLogin } from './support/console-fixture';
import { dinerGet, tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

// Origins (docs/decisions/017-origins-console-and-tenants.md): the console's
// pages allow no tenant script; with CONSOLE_ORIGIN the console lives on its own
// host only; with company hosts a host answers diner reads for its company only.

const PUBLIC_URL = 'http://shop.test';
const STOREFRONT = 'shop.test';
const CONSOLE = 'console.test';
const MARKETING_HOSTS = [
  'connect.facebook.net',
  'googletagmanager.com',
  'google-analytics.com',
  'facebook.com',
];

/** A built web app of one file: the pages' headers are what these tests read, not the SPA. */
function webDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  return dir;
}

function originsFrom(env: Record<string, string>) {
  return siteOriginsFromEnv(env, PUBLIC_URL);
}

async function page(ctx: TestContext, url: string, host = STOREFRONT) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { host } });
  return {
    status: response.statusCode,
    location: response.headers.location,
    type: String(response.headers['content-type'] ?? ''),
    csp: String(response.headers['content-security-policy'] ?? ''),
  };
}

function directive(policy: string, name: string): string[] {
  const found = policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
  return found?.split(/\s+/).slice(1) ?? [];
}

describe.each(testDatabaseKinds())('content security policy per page on %s', (kind) => {
  const ctx = useTestApp(kind, { webDistDir: webDist(), publicUrl: PUBLIC_URL, origins: originsFrom({}) });

  it('gives the console a policy that allows no tag script and no foreign connection', async () => {
    // Any spelling the web app's router reads as the console is the console.
    for (const url of ['/console', '/console/', '/console?venue=3', '/CONSOLE', '/%63onsole']) {
      const answer = await page(ctx, url);
      expect(answer.status).toBe(200);
      expect(answer.type).toContain('text/html');
      expect(directive(answer.csp, 'script-src')).toEqual(["'self'"]);
      expect(directive(answer.csp, 'connect-src')).toEqual(["'self'"]);
      for (const host of MARKETING_HOSTS) expect(answer.csp).not.toContain(host);
      expect(directive(answer.csp, 'frame-ancestors')).toEqual(["'none'"]);
      // The dispatch view's and the delivery zones' maps show the configured tiles.
      expect(directive(answer.csp, 'img-src')).toContain('https://tile.openstreetmap.org');
    }
  });

  it("keeps the storefront's policy, with the venues' tag hosts, on the storefront's pages", async () => {
    for (const url of ['/', '/menu/fuego-palermo', '/menu/fuego-palermo/delivery', '/consoles']) {
      const answer = await page(ctx, url);
      // `/consoles` is no page: the catch-all, with its 404, under the storefront's policy.
      expect(answer.status).toBe(url === '/consoles' ? 404 : 200);
      expect(directive(answer.csp, 'script-src')).toEqual(
        expect.arrayContaining([
          "'self'",
          'https://connect.facebook.net',
          'https://www.googletagmanager.com',
        ]),
      );
    }
  });
});

describe.each(testDatabaseKinds())('console on its own origin on %s', (kind) => {
  const ctx = useTestApp(kind, {
    webDistDir: webDist(),
    publicUrl: PUBLIC_URL,
    origins: originsFrom({ CONSOLE_ORIGIN: `http://${CONSOLE}` }),
  });

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
  });

  it('does not serve the console on the storefront host: it redirects to the console origin', async () => {
    const answer = await page(ctx, '/console?venue=3');
    expect(answer.status).toBe(308);
    expect(answer.location).toBe(`http://${CONSOLE}/console?venue=3`);
    expect(answer.type).not.toContain('text/html');
  });

  it('redirects every spelling of the console path', async () => {
    for (const url of ['/CONSOLE', '/%63onsole', '//console']) {
      const answer = await page(ctx, url);
      expect(answer.status, url).toBe(308);
      expect(answer.location, url).toBe(`http://${CONSOLE}${url}`);
    }
  });

  it('sends nothing on the console host under a policy that allows tag scripts', async () => {
    for (const url of ['/MENU/fuego-palermo', '/no-existe', '/console']) {
      const answer = await page(ctx, url, CONSOLE);
      expect(directive(answer.csp, 'script-src'), url).toEqual(["'self'"]);
    }
    expect(await page(ctx, '/MENU/fuego-palermo', CONSOLE)).toMatchObject({
      status: 308,
      location: `${PUBLIC_URL}/MENU/fuego-palermo`,
    });
  });

  it('serves the console on its host, with the console policy', async () => {
    const answer = await page(ctx, '/console', CONSOLE);
    expect(answer.status).toBe(200);
    expect(answer.type).toContain('text/html');
    expect(directive(answer.csp, 'script-src')).toEqual(["'self'"]);
  });

  it("sends the storefront's pages from the console host back to the storefront", async () => {
    expect(await page(ctx, '/menu/fuego-palermo', CONSOLE)).toMatchObject({
      status: 308,
      location: `${PUBLIC_URL}/menu/fuego-palermo`,
    });
    expect(await page(ctx, '/', CONSOLE)).toMatchObject({ status: 302, location: '/console' });
    expect((await page(ctx, '/menu/fuego-palermo')).status).toBe(200);
  });

  it('answers staff and console calls only on the console host and from the console origin', async () => {
    const elsewhere = await request(ctx, 'POST', '/api/staff/login', {
      payload: FUEGO_OWNER,
      headers: { host: STOREFRONT },
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe(`La consola se usa en http://${CONSOLE}`);

    const fromStorefrontScript = await request(ctx, 'POST', '/api/staff/login', {
      payload: FUEGO_OWNER,
      headers: { host: CONSOLE, origin: PUBLIC_URL },
    });
    expect(fromStorefrontScript.status).toBe(403);

    const login = await request(ctx, 'POST', '/api/staff/login', {
      payload: FUEGO_OWNER,
      headers: { host: CONSOLE, origin: `http://${CONSOLE}` },
    });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    expect(
      (await request(ctx, 'GET', '/api/console/branchcontacts', { token, headers: { host: CONSOLE } }))
        .status,
    ).toBe(200);
    expect(
      (await request(ctx, 'GET', '/api/console/branchcontacts', { token, headers: { host: STOREFRONT } }))
        .status,
    ).toBe(403);
  });

  it('lets a staff socket in only from the console origin', () => {
    const origins = ctx.config.origins;
    expect(
      siteConsoleSocketAllows(origins, { headers: { host: CONSOLE, origin: `http://${CONSOLE}` } }),
    ).toBe(true);
    expect(siteConsoleSocketAllows(origins, { headers: { host: CONSOLE, origin: PUBLIC_URL } })).toBe(false);
    expect(siteConsoleSocketAllows(origins, { headers: { host: STOREFRONT, origin: PUBLIC_URL } })).toBe(
      false,
    );
    expect(
      siteConsoleSocketAllows(origins, { headers: { host: STOREFRONT, 'x-forwarded-host': CONSOLE } }),
    ).toBe(false);
  });
});

describe.each(testDatabaseKinds())('company hosts on %s', (kind) => {
  const ctx = useTestApp(kind, {
    webDistDir: webDist(),
    publicUrl: PUBLIC_URL,
    origins: originsFrom({
      COMPANY_HOSTS: 'fuego=pedidos.fuego.test',
      STOREFRONT_HOST_TEMPLATE: '{alias}.comanda.test',
    }),
  });
  const FUEGO = 'pedidos.fuego.test';
  let chispaPalermo = { id: 0, deliveryModeId: 0, branchId: 0, companyId: 0 };

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    const { body } = await dinerGet(ctx, '/api/diner/chispa-palermo', { host: 'chispa.comanda.test' });
    chispaPalermo = {
      id: body.branchContact.id,
      deliveryModeId: body.branchContact.deliveryConfig.orderModes[0].id,
      branchId: body.branchContact.branchId,
      companyId: body.branchContact.companyId,
    };
  });

  it("refuses, on a company's host, a diner read of another company's alias, as an unknown alias", async () => {
    const foreign = await dinerGet(ctx, '/api/diner/chispa-palermo', { host: FUEGO });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("No existe el alias 'chispa-palermo'");
    for (const url of [
      '/api/diner/chispa',
      '/api/diner/menu/chispa-palermo/hash',
      '/api/diner/companies/chispa/branches',
      `/api/diner/chispa-palermo/menu/${chispaPalermo.id}?orderModeId=${chispaPalermo.deliveryModeId}`,
    ]) {
      expect((await dinerGet(ctx, url, { host: FUEGO })).status, url).toBe(404);
    }
    expect((await dinerGet(ctx, '/api/diner/fuego-palermo', { host: FUEGO })).status).toBe(200);
    expect((await dinerGet(ctx, '/api/diner/chispa-palermo', { host: 'chispa.comanda.test' })).status).toBe(
      200,
    );
  });

  it("refuses, on a company's host, reads by another company's ids", async () => {
    for (const url of [
      `/api/diner/branchcontacts/${chispaPalermo.id}`,
      `/api/diner/companies/${chispaPalermo.companyId}`,
      `/api/diner/${chispaPalermo.branchId}/discounts`,
      `/api/diner/branchordermodes/${chispaPalermo.branchId}`,
      `/api/menucustomization/${chispaPalermo.branchId}`,
      `/api/ordermodes/${chispaPalermo.deliveryModeId}/fees`,
      `/api/ordermode/schedule/${chispaPalermo.deliveryModeId}`,
    ]) {
      const foreign = await dinerGet(ctx, url, { host: FUEGO });
      expect(foreign.status, url).toBe(404);
      expect((await dinerGet(ctx, url, { host: 'chispa.comanda.test' })).status, url).not.toBe(404);
    }
  });

  it("sends a company's pages to its own host, and never serves the console on one", async () => {
    expect(await page(ctx, '/menu/fuego-palermo/delivery?mesa=4')).toMatchObject({
      status: 308,
      location: `http://${FUEGO}/menu/fuego-palermo/delivery?mesa=4`,
    });
    expect(await page(ctx, '/menu/chispa-palermo', FUEGO)).toMatchObject({
      status: 308,
      location: 'http://chispa.comanda.test/menu/chispa-palermo',
    });
    expect((await page(ctx, '/menu/fuego-palermo', FUEGO)).status).toBe(200);
    expect(await page(ctx, '/', FUEGO)).toMatchObject({ status: 302, location: '/menu/fuego' });
    expect(await page(ctx, '/console', FUEGO)).toMatchObject({
      status: 308,
      location: `${PUBLIC_URL}/console`,
    });
    const login = await request(ctx, 'POST', '/api/staff/login', {
      payload: CHISPA_OWNER,
      headers: { host: FUEGO },
    });
    expect(login.status).toBe(403);
    expect(await staffLogin(ctx, CHISPA_OWNER)).toEqual(expect.any(String));
  });
});

describe('origin settings', () => {
  it('reads the console origin and the company hosts, and refuses what cannot be an origin', () => {
    const origins = originsFrom({
      CONSOLE_ORIGIN: 'https://console.example.com/',
      COMPANY_HOSTS: 'brasa=pedidos.brasa.cl, fuego=https://fuego.example.com',
    });
    expect(origins.consoleOrigin).toBe('https://console.example.com');
    expect(Object.fromEntries(origins.companyOrigins)).toEqual({
      brasa: 'http://pedidos.brasa.cl',
      fuego: 'https://fuego.example.com',
    });
    expect(() => originsFrom({ CONSOLE_ORIGIN: 'console.example.com/x' })).toThrow(/CONSOLE_ORIGIN/);
    expect(() => originsFrom({ CONSOLE_ORIGIN: PUBLIC_URL })).toThrow(/differ from PUBLIC_URL/);
    expect(() => originsFrom({ COMPANY_HOSTS: 'brasa' })).toThrow(/alias=host/);
    expect(() => originsFrom({ STOREFRONT_HOST_TEMPLATE: 'shop.example.com' })).toThrow(/\{alias\}/);
  });

  it("never takes PUBLIC_URL's host or the console's for a company's, even when the template matches them", () => {
    const origins = siteOriginsFromEnv(
      { STOREFRONT_HOST_TEMPLATE: '{alias}.comanda.test', CONSOLE_ORIGIN: 'https://console.comanda.test' },
      'https://www.comanda.test',
    );
    expect(siteCompanyOfHost(origins, { host: 'www.comanda.test' })).toBeUndefined();
    expect(siteCompanyOfHost(origins, { host: 'console.comanda.test' })).toBeUndefined();
    expect(siteCompanyOfHost(origins, { host: 'fuego.comanda.test' })).toBe('fuego');
    expect(siteCompanyOrigin(origins, 'fuego')).toBe('https://fuego.comanda.test');
  });
});

/**
 * Where the console's printable table QR codes point (issue 12, beyond the
 * spec) on PGlite and PostgreSQL: the company's storefront — its own host when
 * it has one, never the console's host — for a location the staff member may
 * see; 401 without a session, 404 for another company's location, 403 for one
 * not theirs.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tableQrLinkUrl } from '@comanda/domain/table-qr';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteOriginsFromEnv } from '../src/lib/site-origins';
import {
  type Answer,
  CHISPA_OWNER,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  request,
} from './support/console-fixture';
import { dinerGet, tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

/** A built web app of one file: the page's status is what is read, not the SPA. */
function webDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  return dir;
}

const PUBLIC_URL = 'http://shop.test';
const CONSOLE_HOST = 'console.test';

async function login(ctx: TestContext, who: { email: string; password: string }, host?: string) {
  const answer = await request(ctx, 'POST', '/api/staff/login', {
    payload: who,
    ...(host ? { headers: { host } } : {}),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token as string;
}

async function locationId(ctx: TestContext, alias: string): Promise<number> {
  return (await dinerGet(ctx, `/api/diner/${alias}`)).body.branchContact.id;
}

describe.each(testDatabaseKinds())('table links on the shared host on %s', (kind) => {
  const ctx = useTestApp(kind, { publicUrl: PUBLIC_URL });
  const links = (query: string, token?: string): Promise<Answer> =>
    request(ctx, 'GET', `/api/console/table-links?${query}`, { token: token ?? null });
  let palermo = 0;
  let belgrano = 0;

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    palermo = await locationId(ctx, 'fuego-palermo');
    belgrano = await locationId(ctx, 'fuego-belgrano');
  });

  it("points at the public storefront with the location's alias", async () => {
    const owner = await login(ctx, FUEGO_OWNER);
    const answer = await links(`branchContactId=${palermo}`, owner);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({
      branchContactId: palermo,
      alias: 'fuego-palermo',
      storefrontUrl: PUBLIC_URL,
    });
  });

  it('answers only a signed-in staff member, for their company and locations', async () => {
    expect((await links(`branchContactId=${palermo}`)).status).toBe(401);
    const chispa = await login(ctx, CHISPA_OWNER);
    expect((await links(`branchContactId=${palermo}`, chispa)).status).toBe(404);
    const palermoStaff = await login(ctx, FUEGO_PALERMO_STAFF);
    expect((await links(`branchContactId=${belgrano}`, palermoStaff)).status).toBe(403);
    expect((await links(`branchContactId=${palermo}`, palermoStaff)).status).toBe(200);
    const missing = await links('', palermoStaff);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields)).toEqual(['querystring.branchContactId']);
  });
});

describe.each(testDatabaseKinds())('table links with a console host and company hosts on %s', (kind) => {
  const ctx = useTestApp(kind, {
    webDistDir: webDist(),
    publicUrl: PUBLIC_URL,
    origins: siteOriginsFromEnv(
      { CONSOLE_ORIGIN: `http://${CONSOLE_HOST}`, COMPANY_HOSTS: 'fuego=pedidos.fuego.test' },
      PUBLIC_URL,
    ),
  });

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
  });

  it("points at the company's own host, not the console's, and the storefront opens the table's menu there", async () => {
    const palermo = await locationId(ctx, 'fuego-palermo');
    const owner = await login(ctx, FUEGO_OWNER, CONSOLE_HOST);
    const answer = await request(ctx, 'GET', `/api/console/table-links?branchContactId=${palermo}`, {
      token: owner,
      headers: { host: CONSOLE_HOST },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.storefrontUrl).toBe('http://pedidos.fuego.test');
    const link = new URL(tableQrLinkUrl({ ...answer.body, modeSegment: 'en-el-salon', table: '12' }));
    // The company's host serves that page itself (no redirect to another host).
    const page = await ctx.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: { host: link.host },
    });
    expect(page.statusCode).not.toBe(308);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, appBuild } from '../src/app';
import { configForTest } from '../src/config';
import { type Database, databaseOpen } from '../src/db/client';
import { tenantExport } from '../src/tenant/tenant-export';
import { tenantImport } from '../src/tenant/tenant-import';
import { tenantValidateFile } from '../src/tenant/tenant-validate';
import { dinerGet, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { exampleTenantRenamed, type TenantJson } from './support/tenant-files';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

// ADR 040: a brand's support chat (a Chatwoot website inbox) in the tenant
// format, the diner entity and the storefront's content security policy.

const CHAT = {
  provider: 'CHATWOOT',
  baseUrl: 'https://chat.fuego.test/',
  websiteToken: 'Fdm5ypwCWKm8fAEpf9w2Rqsm',
};
const CHAT_ORIGIN = 'https://chat.fuego.test';
const TOKEN = 'support-chat-admin-token';

function withChat(prefix: string, chat: unknown = CHAT): TenantJson {
  const file = exampleTenantRenamed(prefix);
  file.branches[0].supportChat = chat;
  return file;
}

function directive(policy: string, name: string): string[] {
  const found = policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
  return found?.split(/\s+/).slice(1) ?? [];
}

/** A built web app of one file: the pages' headers are what these tests read. */
function webDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  return dir;
}

describe('support chat in the tenant file', () => {
  it.each([
    [{ ...CHAT, baseUrl: 'http://chat.fuego.test' }, 'supportChat.baseUrl: must use https'],
    [
      { ...CHAT, baseUrl: 'https://chat.fuego.test/widget?x=1' },
      "supportChat.baseUrl: must be the chat server's origin",
    ],
    [{ ...CHAT, baseUrl: 'chat.fuego.test' }, 'supportChat.baseUrl: is not a URL'],
    [{ ...CHAT, websiteToken: 'abc' }, 'supportChat.websiteToken'],
    [{ ...CHAT, websiteToken: 'x"onload="alert(1)"xxxxx' }, 'supportChat.websiteToken'],
    [{ ...CHAT, provider: 'TAWK' }, 'supportChat.provider'],
    [{ ...CHAT, key: 'extra' }, 'supportChat'],
  ])('refuses %j, naming the field', (chat, message) => {
    const result = tenantValidateFile(withChat('fuego', chat));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.join('\n')).toContain(`branches[0].${message}`);
    }
  });

  it('accepts https and, for development, http on localhost or 127.0.0.1', () => {
    for (const baseUrl of ['https://chat.fuego.test', 'http://localhost:3000', 'http://127.0.0.1:4100/']) {
      const result = tenantValidateFile(withChat('fuego', { ...CHAT, baseUrl }));
      expect(result.ok ? [] : result.errors).toEqual([]);
    }
  });
});

describe.each(testDatabaseKinds())('support chat on %s', (kind) => {
  const ctx = useTestApp(kind, { adminToken: TOKEN, webDistDir: webDist() });
  const db = () => ctx.database.db;

  it('imports, exports only when configured, and round-trips', async () => {
    await tenantLoad(ctx, withChat('fuego'));
    const exported = await tenantExport(db(), 'fuego');
    expect(exported?.branches[0]?.supportChat).toEqual({ ...CHAT, baseUrl: CHAT_ORIGIN });
    expect(exported?.branches[1]).not.toHaveProperty('supportChat');
    const again = await tenantImport(db(), exported);
    if (!again.ok) expect.fail(again.errors.join('\n'));
    expect(again.changed).toBe(false);
  });

  it("serves the brand's chat in the diner entity, and the programme's name at a location where it applies", async () => {
    const brand = await dinerGet(ctx, '/api/diner/fuego-burgers');
    expect(brand.status).toBe(200);
    expect(brand.body.branch.supportChat).toEqual({
      provider: 'CHATWOOT',
      baseUrl: CHAT_ORIGIN,
      websiteToken: CHAT.websiteToken,
    });
    const location = await dinerGet(ctx, '/api/diner/fuego-palermo');
    expect(location.body.branchContact.branch.supportChat.baseUrl).toBe(CHAT_ORIGIN);
    expect(location.body.branchContact.loyaltyProgramName).toBe('Fueguitos');
    // The café's programme is inactive and it has no chat: neither extra appears.
    const cafe = await dinerGet(ctx, '/api/diner/fuego-cafe-centro');
    expect(cafe.body.branchContact).not.toHaveProperty('loyaltyProgramName');
    expect(cafe.body.branchContact.branch).not.toHaveProperty('supportChat');
  });

  it('a re-import without the chat takes it out of the cached entity', async () => {
    await tenantLoad(ctx, tenantExampleRenamed('fuego'));
    const brand = await dinerGet(ctx, '/api/diner/fuego-burgers');
    expect(brand.body.branch).not.toHaveProperty('supportChat');
    expect(await tenantExport(db(), 'fuego')).not.toHaveProperty('branches.0.supportChat');
  });

  it("allows the chat's server in the storefront's policy only while a brand has it, never in the console's", async () => {
    const storefrontPolicy = async () =>
      String(
        (await ctx.app.inject({ method: 'GET', url: '/menu/fuego-palermo' })).headers[
          'content-security-policy'
        ],
      );
    const consolePolicy = async () =>
      String((await ctx.app.inject({ method: 'GET', url: '/console' })).headers['content-security-policy']);

    expect(await storefrontPolicy()).not.toContain(CHAT_ORIGIN);
    expect(directive(await storefrontPolicy(), 'frame-src')).toEqual([]);

    await adminImport(ctx, withChat('fuego'));
    const policy = await eventually(storefrontPolicy, (value) => value.includes(CHAT_ORIGIN));
    expect(directive(policy, 'script-src')).toContain(CHAT_ORIGIN);
    expect(directive(policy, 'frame-src')).toEqual(["'self'", CHAT_ORIGIN]);
    expect(directive(policy, 'connect-src')).toEqual(
      expect.arrayContaining([CHAT_ORIGIN, 'wss://chat.fuego.test']),
    );
    expect(await consolePolicy()).not.toContain(CHAT_ORIGIN);

    await adminImport(ctx, tenantExampleRenamed('fuego'));
    const after = await eventually(storefrontPolicy, (value) => !value.includes(CHAT_ORIGIN));
    expect(directive(after, 'frame-src')).toEqual([]);
  });
});

async function adminImport(ctx: TestContext, tenant: unknown): Promise<void> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/tenants',
    headers: { authorization: `Bearer ${TOKEN}` },
    payload: tenant as Record<string, unknown>,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The policy is rebuilt right after the import's announcement, by a read of its own: wait for it (≤ 2 s). */
async function eventually(read: () => Promise<string>, done: (value: string) => boolean): Promise<string> {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

// Two API instances on one PostgreSQL database, as two processes would be: B's
// safety net is far away, so B's policy follows A's import through the NOTIFY.
describe.skipIf(!process.env.TEST_DATABASE_URL)('support chat policy across two API instances', () => {
  const a = useTestApp('postgres', { adminToken: TOKEN, webDistDir: webDist() });
  const b = {} as { app: App; database: Database };

  beforeAll(async () => {
    b.database = await databaseOpen({ databaseUrl: a.config.databaseUrl });
    b.app = await appBuild(
      configForTest({
        databaseUrl: a.config.databaseUrl,
        contentVersionCheckMs: 600_000,
        webDistDir: webDist(),
      }),
      b.database,
    );
    await b.app.ready();
  });

  afterAll(async () => {
    await b.app?.close();
    await b.database?.close();
  });

  it("allows a chat imported through one instance in the other's policy", async () => {
    const bPolicy = async () =>
      String(
        (await b.app.inject({ method: 'GET', url: '/menu/fuego-palermo' })).headers[
          'content-security-policy'
        ],
      );
    expect(await bPolicy()).not.toContain(CHAT_ORIGIN);
    await adminImport(a, withChat('fuego'));
    expect(await eventually(bPolicy, (value) => value.includes(CHAT_ORIGIN))).toContain(CHAT_ORIGIN);
  });
});

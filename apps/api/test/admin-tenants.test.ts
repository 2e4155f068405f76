import { describe, expect, it } from 'vitest';
import { adminTokenMatches } from '../src/routes/api/admin/index';
import { exampleTenant, tableCounts, tenantCanonical } from './support/tenant-files';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const TOKEN = 'test-admin-token';
const auth = (token = TOKEN) => ({ authorization: `Bearer ${token}` });

describe('admin token check', () => {
  it('accepts only the configured bearer token', () => {
    expect(adminTokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(adminTokenMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(adminTokenMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(adminTokenMatches(TOKEN, TOKEN)).toBe(false);
    expect(adminTokenMatches(undefined, TOKEN)).toBe(false);
    expect(adminTokenMatches(`Bearer ${TOKEN}`, undefined)).toBe(false);
    expect(adminTokenMatches('Bearer ', '')).toBe(false);
  });
});

describe.each(testDatabaseKinds())('admin tenant routes on %s', (kind) => {
  const ctx = useTestApp(kind, { adminToken: TOKEN });

  it('refuses an import without a token or with a wrong one, before reading the file', async () => {
    for (const headers of [{}, auth('wrong-token'), { authorization: TOKEN }]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/tenants',
        headers,
        payload: exampleTenant(),
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toContain('Bearer');
      expect(response.json()).toMatchObject({ error: 'Unauthorized', message: expect.any(String) });
    }
    expect((await tableCounts(ctx.database.db)).companies).toBe(0);
  });

  it('imports with the right token, then reports no change', async () => {
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/tenants',
      headers: auth(),
      payload: exampleTenant(),
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('30');
    const body = first.json();
    expect(body).toMatchObject({ companyAlias: 'fuego', changed: true, companyId: expect.any(Number) });
    expect(body.summary.plates).toEqual({ created: 17, updated: 0, unchanged: 0, removed: 0 });

    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/tenants',
      headers: auth(),
      payload: exampleTenant(),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ companyAlias: 'fuego', changed: false });
  });

  it('answers 400 listing every problem of a broken file, and writes nothing', async () => {
    const before = await tableCounts(ctx.database.db);
    const file = exampleTenant();
    file.branches[0].menus[0].categories[1].plates[2].price = '4800';
    file.branches[0].menus[0].categories[0].plates[1].garnishGroups = ['pan', 'no-existe'];
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/tenants',
      headers: auth(),
      payload: file,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toEqual({
      error: 'Bad Request',
      message: expect.stringContaining('2 problema(s)'),
      errors: [
        'branches[0].menus[0].categories[1].plates[2].price: expected a number',
        'branches[0].menus[0].categories[0].plates[1].garnishGroups[1]: no garnish group with key "no-existe" in branches[0].garnishGroups',
      ],
      fields: {
        'branches[0].menus[0].categories[1].plates[2].price': 'expected a number',
        'branches[0].menus[0].categories[0].plates[1].garnishGroups[1]':
          'no garnish group with key "no-existe" in branches[0].garnishGroups',
      },
    });
    expect(await tableCounts(ctx.database.db)).toEqual(before);

    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/tenants',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: '{"format": "tenant/v1",',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({
      error: 'Bad Request',
      message: 'body: El cuerpo de la solicitud no es un JSON válido',
      fields: { body: 'El cuerpo de la solicitud no es un JSON válido' },
    });
  });

  it('takes tenant files larger than the API-wide body limit', async () => {
    const padded = `${JSON.stringify(exampleTenant())}${' '.repeat(ctx.config.bodyLimitBytes + 1024)}`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/tenants',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: padded,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().changed).toBe(false);
  });

  it('exports a tenant with the token, 404 for an unknown alias, 400 for a malformed one', async () => {
    const denied = await ctx.app.inject({ method: 'GET', url: '/api/admin/tenants/fuego' });
    expect(denied.statusCode).toBe(401);

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/tenants/fuego',
      headers: auth(),
    });
    expect(response.statusCode).toBe(200);
    const exported = response.json();
    expect(tenantCanonical(exported)).toEqual(tenantCanonical(exampleTenant()));
    // The serialiser keeps the open presentation blobs whole.
    expect(exported.branches[0].generalConfig.colorConfig.mainTextColorDark).toBe('#FFFFFF');
    expect(response.body).not.toContain('password');
    expect(response.body).not.toContain('securityCode');
    expect(response.body).not.toContain('jwtSecret');

    const reimport = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/tenants',
      headers: auth(),
      payload: exported,
    });
    expect(reimport.statusCode).toBe(200);
    expect(reimport.json().changed).toBe(false);

    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/tenants/no-existe',
      headers: auth(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: 'Not Found',
      message: expect.stringContaining('no-existe'),
    });

    const malformed = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/tenants/No_Valido',
      headers: auth(),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('companyAlias');
  });

  it('documents both routes in the OpenAPI document under the admin tag', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    expect(paths['/api/admin/tenants'].post.tags).toEqual(['admin']);
    expect(paths['/api/admin/tenants/{companyAlias}'].get.tags).toEqual(['admin']);
  });
});

describe.each(testDatabaseKinds())('admin tenant routes without ADMIN_TOKEN on %s', (kind) => {
  const ctx = useTestApp(kind, { adminToken: undefined });

  it('stays closed whatever token is sent', async () => {
    for (const headers of [{}, auth(), auth('undefined'), { authorization: 'Bearer ' }]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/tenants',
        headers,
        payload: exampleTenant(),
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

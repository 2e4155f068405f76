/**
 * Every endpoint of the API, found in its own OpenAPI document (so a new route
 * is covered the day it is added), fed bad input: ids that are not ids, query
 * values of the wrong type or far too long, bodies that are not objects, whose
 * fields all have the wrong type, that carry NUL characters, or that are not
 * JSON at all. Sent with credentials (a staff session, the admin token), so the
 * input is what gets checked. The answer is never a 5xx; a 400 is JSON with a
 * message and one message per field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FUEGO_OWNER, staffLogin } from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A value of the wrong type for anything a schema might declare. */
const WRONG = { not: ['a', { scalar: true }] };

describe.each(testDatabaseKinds())('bad input on every endpoint on %s', (kind) => {
  const ctx = useTestApp(kind, {
    rateLimits: { order: 100_000, codeValidate: 100_000, clientLog: 100_000 },
    orderDetailsPerMinute: 100_000,
  });
  let staffToken = '';
  const operations: { method: Method; path: string; operation: Operation }[] = [];

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    staffToken = await staffLogin(ctx, FUEGO_OWNER);
    const document = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    for (const [path, methods] of Object.entries(document.paths)) {
      // Logout's only input is the token; it would end the session the sweep uses.
      if (!path.startsWith('/api/') || path === '/api/staff/logout') continue;
      for (const [method, operation] of Object.entries(methods)) {
        operations.push({ method: method.toUpperCase() as Method, path, operation });
      }
    }
  });

  /** The credentials an endpoint expects, so that its input is what gets checked. */
  const authorization = (path: string) =>
    path.startsWith('/api/admin') ? `Bearer ${ctx.config.adminToken}` : `Bearer ${staffToken}`;

  /** The path with its parameters replaced by `value`, and a query of the declared parameters. */
  const url = (path: string, operation: Operation, value: string, query: string | null) => {
    const filled = path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
    const params = (operation.parameters ?? []).filter((p) => p.in === 'query');
    if (query === null || params.length === 0) return filled;
    return `${filled}?${params.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(query)}`).join('&')}`;
  };

  const variants = (method: Method, path: string, operation: Operation) => {
    const list: { label: string; url: string; payload?: string; contentType?: string }[] = [];
    const hasBody = method !== 'GET' && method !== 'DELETE';
    const properties = Object.keys(
      operation.requestBody?.content?.['application/json']?.schema?.properties ?? {},
    );
    const body = (value: unknown) => JSON.stringify(value);
    const bodies: { label: string; payload?: string; contentType?: string }[] = hasBody
      ? [
          { label: 'an empty object', payload: body({}) },
          { label: 'an array', payload: body([1, 2]) },
          { label: 'a string', payload: body('texto') },
          {
            label: 'every field of the wrong type',
            payload: body(Object.fromEntries(properties.map((p) => [p, WRONG]))),
          },
          {
            label: 'NUL in every field',
            payload: body(Object.fromEntries(properties.map((p) => [p, 'a\u0000b']))),
          },
          { label: 'not JSON', payload: '{"a": ', contentType: 'application/json' },
        ]
      : [{ label: 'no body' }];
    const pathValues = path.includes('{')
      ? ['abc', '-1', '0', '99999999999999999999', 'x'.repeat(150)]
      : ['-'];
    for (const value of pathValues) {
      for (const query of [null, '', 'abc', 'x'.repeat(3000)]) {
        for (const b of bodies) {
          list.push({
            label: `${path.includes('{') ? `path ${value.slice(0, 12)}` : ''} query ${query?.slice(0, 6) ?? '∅'}, ${b.label}`,
            url: url(path, operation, value, query),
            ...(b.payload !== undefined ? { payload: b.payload } : {}),
            ...(b.contentType ? { contentType: b.contentType } : {}),
          });
        }
      }
    }
    return list;
  };

  it('never answers 5xx, and answers 400 with a message per field', async () => {
    expect(operations.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const { method, path, operation } of operations) {
      for (const variant of variants(method, path, operation)) {
        const response = await ctx.app.inject({
          method,
          url: variant.url,
          headers: {
            authorization: authorization(path),
            ...(variant.payload !== undefined
              ? { 'content-type': variant.contentType ?? 'application/json' }
              : {}),
          },
          ...(variant.payload !== undefined ? { payload: variant.payload } : {}),
        });
        const where = `${method} ${path} (${variant.label})`;
        if (response.statusCode >= 500) {
          failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          continue;
        }
        if (response.statusCode !== 400) continue;
        let parsed: { message?: unknown; fields?: Record<string, unknown> } | undefined;
        try {
          parsed = response.json();
        } catch {
          failures.push(`${where}: 400 that is not JSON`);
          continue;
        }
        const fields = Object.entries(parsed?.fields ?? {});
        if (typeof parsed?.message !== 'string' || fields.length === 0) {
          failures.push(`${where}: 400 without a message per field: ${response.body.slice(0, 200)}`);
        } else if (fields.some(([, message]) => typeof message !== 'string' || message === '')) {
          failures.push(`${where}: 400 with an empty field message: ${response.body.slice(0, 200)}`);
        } else if (fields.some(([, message]) => /^(must|should)\b/.test(String(message)))) {
          // The validator's own English leaked through instead of the API's Spanish.
          failures.push(`${where}: 400 with an English field message: ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

/**
 * Every endpoint of the API, found in its own OpenAPI document (so a new route
 * is covered the day it is added), fed bad input: ids that are not ids, query
 * values of the wrong type or far too long, bodies that are not objects, whose
 * fields all have the wrong type, that are not JSON at all, that carry
 * prototype keys or huge strings. Sent with credentials (a staff session, the
 * admin token), so the input is what gets checked. The answer is never a 5xx; a
 * 400 is JSON with a message and one message per field.
 *
 * Then the input guard (plugins/external/input-guard.ts), route by route:
 * U+0000 and a lone UTF-16 surrogate in every string field of the body (JSON
 * or form), every path and query parameter and in an object key are a 400
 * naming the field; a JSON body nested 10,000 levels deep is a 400, at once.
 */
import { describe, expect, it } from 'vitest';
import { nulFieldsOf, nulStrip } from '../src/lib/nul-guard';
import { JSON_DEPTH_MAX, JSON_TOO_DEEP, jsonTooDeep } from '../src/plugins/external/input-guard';
import { FUEGO_OWNER, orderPlace, palermoTakeAway } from './support/console-fixture';
import {
  answerProblem,
  fieldName,
  freshAddress,
  type Method,
  type Operation,
  type Parameter,
  type Path,
  sampleOf,
  spoiled,
  stringPaths,
  useSweep,
  valueAt,
  withValue,
} from './support/openapi-sweep';
import { locationIds } from './support/order-fixture';
import { testDatabaseKinds } from './support/test-app';

/** A value of the wrong type for anything a schema might declare. */
const WRONG = { not: ['a', { scalar: true }] };
const GUARD = 'contiene caracteres no permitidos';
/** Routes that take input on a best-effort basis: they replace what they cannot store instead of refusing it. */
const BEST_EFFORT = new Set(['POST /api/diner/log']);
/** The strings PostgreSQL cannot store, as JSON carries them and as a URL or form can write them. */
const UNSTORABLE = [
  { label: 'NUL', char: '\u0000', text: 'a\u0000b', encoded: 'a%00b' },
  // A URL or form can only write a lone surrogate as invalid UTF-8 (CESU-8), which never decodes to one.
  { label: 'a lone surrogate', char: '\ud800', text: 'a\ud800b', encoded: 'a%ED%A0%80b' },
] as const;

describe.each(testDatabaseKinds())('bad input on every endpoint on %s', (kind) => {
  const { state, send } = useSweep(kind);

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
    const every = (value: unknown) => body(Object.fromEntries(properties.map((p) => [p, value])));
    const bodies: { label: string; payload?: string; contentType?: string }[] = hasBody
      ? [
          { label: 'an empty object', payload: body({}) },
          { label: 'an array', payload: body([1, 2]) },
          { label: 'a string', payload: body('texto') },
          { label: 'every field of the wrong type', payload: every(WRONG) },
          { label: 'a huge string in every field', payload: every('x'.repeat(100_000)) },
          { label: 'a __proto__ key', payload: '{"__proto__": {"isAdmin": true}, "a": 1}' },
          {
            label: 'a constructor.prototype key',
            payload: '{"constructor": {"prototype": {"isAdmin": true}}}',
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
    expect(state.operations.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const { method, path, operation } of state.operations) {
      for (const variant of variants(method, path, operation)) {
        const response = await send(
          method,
          path,
          variant.url,
          variant.payload !== undefined
            ? {
                payload: variant.payload,
                ...(variant.contentType ? { contentType: variant.contentType } : {}),
              }
            : undefined,
        );
        const problem = answerProblem(response.statusCode, response.body);
        if (problem) failures.push(`${method} ${path} (${variant.label}): ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses U+0000 and lone surrogates in every string field, parameter, query value and key, naming it', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { method, path, operation } of state.operations) {
      const name = `${method} ${path}`;
      const bestEffort = BEST_EFFORT.has(name);
      const parameters = operation.parameters ?? [];
      const pathParams = parameters.filter((p) => p.in === 'path');
      const queryParams = parameters.filter((p) => p.in === 'query');
      // Declared headers (an idempotency key, a session id) as the schema wants them.
      const headers = Object.fromEntries(
        parameters.filter((p) => p.in === 'header').map((p) => [p.name, String(sampleOf(p.schema ?? {}))]),
      );
      const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
      const formSchema = operation.requestBody?.content?.['application/x-www-form-urlencoded']?.schema;
      const hasBody = method !== 'GET' && method !== 'DELETE';
      const sample = jsonSchema ? sampleOf(jsonSchema) : {};
      const paramValue = (p: Parameter) => encodeURIComponent(String(sampleOf(p.schema ?? {})));
      const urlWith = (bad?: { in: 'path' | 'query'; name: string; encoded: string }) => {
        const filled = path.replace(/\{([^}]+)\}/g, (_, param: string) => {
          if (bad?.in === 'path' && bad.name === param) return bad.encoded;
          const declared = pathParams.find((p) => p.name === param);
          return declared ? paramValue(declared) : 'abc';
        });
        const query = queryParams.map(
          (p) =>
            `${encodeURIComponent(p.name)}=${bad?.in === 'query' && bad.name === p.name ? bad.encoded : paramValue(p)}`,
        );
        return query.length ? `${filled}?${query.join('&')}` : filled;
      };
      const body = hasBody && jsonSchema ? { payload: JSON.stringify(sample) } : undefined;

      /** A 400 naming `field` with the guard's message (or, on a best-effort route, a success). */
      const expectRefused = async (
        label: string,
        field: string | null,
        url: string,
        payload?: { payload: string; contentType?: string },
        orUnsupported = false,
      ) => {
        checked++;
        const response = await send(method, path, url, payload, headers);
        const where = `${name} (${label})`;
        const problem = answerProblem(response.statusCode, response.body);
        if (problem) return failures.push(`${where}: ${problem}`);
        if (orUnsupported && response.statusCode === 415) return;
        if (field === null) return;
        if (bestEffort && field.startsWith('body')) {
          if (response.statusCode >= 300)
            failures.push(`${where}: best effort answered ${response.statusCode}`);
          return;
        }
        const answer =
          response.statusCode === 400 ? (response.json() as { fields?: Record<string, string> }) : {};
        if (answer.fields?.[field] !== GUARD) {
          failures.push(
            `${where}: expected 400 naming ${field}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
      };

      for (const bad of UNSTORABLE) {
        for (const param of pathParams) {
          // A lone surrogate can only be written as invalid UTF-8, which the router refuses as a bad URL.
          const field = bad.label === 'NUL' ? `params.${param.name}` : 'url';
          await expectRefused(
            `${bad.label} in path ${param.name}`,
            field,
            urlWith({ in: 'path', name: param.name, encoded: bad.encoded }),
            body,
          );
        }
        for (const param of queryParams) {
          // The query parser keeps invalid UTF-8 as the text it is (storable): never a 5xx.
          const field = bad.label === 'NUL' ? `querystring.${param.name}` : null;
          await expectRefused(
            `${bad.label} in query ${param.name}`,
            field,
            urlWith({ in: 'query', name: param.name, encoded: bad.encoded }),
            body,
          );
        }
        if (bad.label === 'NUL') {
          await expectRefused(
            'NUL in a query key',
            'querystring.k\uFFFD',
            `${urlWith()}${queryParams.length ? '&' : '?'}k%00=1`,
            body,
          );
        }
        if (!hasBody) continue;
        const payloadWith = (at: Path) =>
          JSON.stringify(withValue(sample, at, spoiled(valueAt(sample, at), bad.char)));
        for (const at of jsonSchema ? stringPaths(jsonSchema) : [['token_ws']]) {
          await expectRefused(`${bad.label} in ${fieldName('body', at)}`, fieldName('body', at), urlWith(), {
            payload: payloadWith(at),
          });
        }
        const keyed = { ...(typeof sample === 'object' ? sample : {}), [`k${bad.text}`]: 1 };
        await expectRefused(`${bad.label} in a key`, 'body.ka\uFFFDb', urlWith(), {
          payload: JSON.stringify(keyed),
        });
        // Forms (Webpay's browser returns, the sandbox's form): declared fields, or the one Webpay posts.
        const formFields = formSchema ? stringPaths(formSchema) : jsonSchema ? [] : [['token_ws']];
        for (const at of formFields) {
          await expectRefused(
            `${bad.label} in form field ${fieldName('body', at)}`,
            bad.label === 'NUL' ? fieldName('body', at) : null,
            urlWith(),
            { payload: `${String(at[0])}=${bad.encoded}`, contentType: 'application/x-www-form-urlencoded' },
            !formSchema,
          );
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses a JSON body nested 10,000 levels deep with a 400 on every route that takes a body, at once', async () => {
    const failures: string[] = [];
    // Under the smallest body limit (16 KB, client logs) but for the first, where a 413 is as good.
    const deepBodies = [
      { label: '10,000 arrays', payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}`, or413: true },
      { label: 'arrays', payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}` },
      { label: 'objects', payload: `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}` },
      { label: 'arrays in a field', payload: `{"notes": ${'['.repeat(5_000)}"x"${']'.repeat(5_000)}}` },
    ];
    for (const { method, path } of state.operations) {
      if (method === 'GET' || method === 'DELETE') continue;
      const url = path.replace(/\{[^}]+\}/g, '1');
      for (const deep of deepBodies) {
        const started = performance.now();
        const response = await send(method, path, url, { payload: deep.payload });
        const elapsed = performance.now() - started;
        const where = `${method} ${path} (${deep.label})`;
        const answer =
          response.statusCode === 400 ? (response.json() as { fields?: Record<string, string> }) : {};
        if (deep.or413 && response.statusCode === 413) continue;
        if (answer.fields?.body !== JSON_TOO_DEEP) {
          failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        } else if (elapsed > 1000) failures.push(`${where}: took ${Math.round(elapsed)} ms`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

describe.each(testDatabaseKinds())('the 500s of the security review, with valid requests, on %s', (kind) => {
  const { state, send } = useSweep(kind);

  it.each(UNSTORABLE.map((bad) => [bad.label, bad] as const))(
    'refuses %s in the five fields that reached the database, naming the field',
    async (_label, bad) => {
      const palermo = await locationIds(state.ctx, 'fuego-palermo');
      const order = await orderPlace(state.ctx, palermoTakeAway(palermo));
      const json = (payload: unknown) => ({ payload: JSON.stringify(payload) });
      const cases: [string, string, string, { payload: string; contentType?: string }, string][] = [
        [
          'POST',
          '/api/analytics/events',
          '/api/analytics/events',
          json({ events: [{ type: 'ADD_ITEM', payload: { name: bad.text } }] }),
          'body.events[0].payload.name',
        ],
        [
          'POST',
          '/api/staff/login',
          '/api/staff/login',
          json({ email: `lucia${bad.text}@fuego.example`, password: FUEGO_OWNER.password }),
          'body.email',
        ],
        [
          'POST',
          '/api/diner/order/details',
          '/api/diner/order/details',
          json({ code: order.code, errorType: 'OTHER', details: `Llegó ${bad.text}` }),
          'body.details',
        ],
        [
          'POST',
          '/api/console/orders/{id}/status',
          `/api/console/orders/${order.id}/status`,
          json({ status: 'CANCELED', reason: `Sin stock ${bad.text}` }),
          'body.reason',
        ],
      ];
      if (bad.label === 'NUL') {
        // A form can write U+0000 but not a lone surrogate (invalid UTF-8 decodes to U+FFFD).
        cases.push([
          'POST',
          '/api/sandbox/webpay/form',
          '/api/sandbox/webpay/form',
          { payload: `token_ws=${bad.encoded}`, contentType: 'application/x-www-form-urlencoded' },
          'body.token_ws',
        ]);
      }
      const answers = [];
      for (const [method, path, url, body, field] of cases) {
        const response = await state.ctx.app.inject({
          method: method as Method,
          url,
          remoteAddress: freshAddress(),
          headers: {
            authorization: `Bearer ${state.staffToken}`,
            'content-type': body.contentType ?? 'application/json',
            'x-session-id': 'sesion-de-prueba-1',
          },
          payload: body.payload,
        });
        answers.push({ path, status: response.statusCode, field: response.json().fields?.[field] });
      }
      expect(answers).toEqual(cases.map(([, path]) => ({ path, status: 400, field: GUARD })));
      // Refused before anything was written: the order is as it was.
      const read = await send('GET', '/api/console/orders/{id}', `/api/console/orders/${order.id}`);
      expect(read.json()).toMatchObject({ status: 'GENERATED' });
    },
  );
});

describe('the input guard on its own', () => {
  it('measures nesting without parsing, brackets inside strings not counting', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(jsonTooDeep(nested(JSON_DEPTH_MAX), JSON_DEPTH_MAX)).toBe(false);
    expect(jsonTooDeep(nested(JSON_DEPTH_MAX + 1), JSON_DEPTH_MAX)).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ a: '['.repeat(500), b: '\\"{{{{' }), 3)).toBe(false);
    expect(jsonTooDeep(JSON.stringify([{ a: '\\' }, [[{ b: [] }]]]), 3)).toBe(true);
    expect(jsonTooDeep(JSON.stringify([{ a: '\\' }, [[{ b: 1 }]]]), 4)).toBe(false);
  });

  it('finds and replaces unstorable strings and keys in a deep structure without recursion', () => {
    let deep: unknown = 'a\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(Object.values(nulFieldsOf(deep))).toEqual([GUARD]);
    let stripped = nulStrip(deep);
    for (let level = 0; level < 100_000; level++) stripped = (stripped as unknown[])[0];
    expect(stripped).toBe('a\uFFFD');
    expect(nulFieldsOf({ ok: 'x', 'k\u0000': ['y', 'z\udc00'], n: 1 })).toEqual({
      'body.k\uFFFD': GUARD,
      'body.k\uFFFD[1]': GUARD,
    });
    const copy = nulStrip(JSON.parse('{"b": 1, "__proto__": {"x": "\\u0000"}, "a": ["\\ud800"]}'));
    expect(Object.keys(copy)).toEqual(['b', '__proto__', 'a']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe('{"b":1,"__proto__":{"x":"\uFFFD"},"a":["\uFFFD"]}');
  });
});

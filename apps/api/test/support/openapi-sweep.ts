/**
 * The OpenAPI document as a source of requests: a value of each schema's
 * shape (every property, one item per list, strings that fit their pattern),
 * the paths of its strings, and the app the bad-input sweep drives with
 * credentials and a fresh client address per request.
 */
import { beforeAll } from 'vitest';
import { FUEGO_OWNER, staffLogin } from './console-fixture';
import { tenantExample, tenantLoad } from './diner-fixture';
import { WEDNESDAY_1300 } from './order-fixture';
import { type DatabaseKind, useTestApp } from './test-app';

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}
export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type Path = (string | number)[];

/** The schema an `anyOf`/`oneOf` (nullable, unions) most likely means: its first option that is not null. */
export function resolved(schema: Schema): Schema {
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (!options) return schema;
  return resolved(options.find((option) => option.type !== 'null') ?? options[0] ?? {});
}

export function typeOf(schema: Schema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return type ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined);
}

/** A value of the schema's shape with every property present and every list holding one item. */
export function sampleOf(raw: Schema, depth = 0): unknown {
  const schema = resolved(raw);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object':
      return depth > 8
        ? {}
        : Object.fromEntries(
            Object.entries(schema.properties ?? {}).map(([name, item]) => [name, sampleOf(item, depth + 1)]),
          );
    case 'array':
      return depth > 8 ? [] : [sampleOf(schema.items ?? {}, depth + 1)];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return stringSample(schema);
  }
}

/** Strings that fit the usual patterns (codes, emails, aliases, ids, phones, times). */
export const STRING_CANDIDATES = [
  'abc',
  'ana@example.com',
  'AR',
  'ARS',
  'ABC123',
  'sesion-de-prueba-1',
  '1',
  'fuego',
  '2030-01-01',
  '12:00',
  '+5491155550000',
  'https://example.com/a',
];

/** A string the schema accepts: its format, else the first candidate that fits its pattern and lengths. */
export function stringSample(schema: Schema): string {
  if (schema.format === 'date-time') return '2030-01-01T12:00:00.000Z';
  if (schema.format === 'email') return 'ana@example.com';
  const min = schema.minLength ?? 1;
  const fits = (text: string) =>
    text.length >= min &&
    text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(text));
  return [...STRING_CANDIDATES, 'a'.repeat(Math.max(1, min))].find(fits) ?? 'a'.repeat(Math.max(1, min));
}

/** A valid-looking string with an unstorable character inside (so a pattern like an email's still holds). */
export const spoiled = (valid: unknown, bad: string) => {
  const text = typeof valid === 'string' && valid.length > 0 ? valid : 'ab';
  return `${text.slice(0, 1)}${bad}${text.slice(1)}`;
};

export function valueAt(value: unknown, path: Path): unknown {
  let node = value;
  for (const key of path) node = (node as Record<string | number, unknown> | undefined)?.[key];
  return node;
}

/** The paths of every string (or free-form value) in the schema, lists entered at their first item. */
export function stringPaths(raw: Schema, at: Path = [], depth = 0): Path[] {
  const schema = resolved(raw);
  const type = typeOf(schema);
  if (type === 'object') {
    if (depth > 8) return [];
    return Object.entries(schema.properties ?? {}).flatMap(([name, item]) =>
      stringPaths(item, [...at, name], depth + 1),
    );
  }
  if (type === 'array') return depth > 8 ? [] : stringPaths(schema.items ?? {}, [...at, 0], depth + 1);
  if (type === 'string' || type === undefined) return [at];
  return [];
}

/** The field name the API gives a path: `body.items[0].notes`. */
export const fieldName = (part: string, path: Path) =>
  path.reduce<string>((name, key) => (typeof key === 'number' ? `${name}[${key}]` : `${name}.${key}`), part);

export function withValue(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = replacement;
  return copy;
}

let addressCounter = 0;
/** A different client address per request, so no per-IP limit (of today or tomorrow) answers instead. */
export function freshAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** The app with the example tenant, a staff session and every API operation of its OpenAPI document. */
export function useSweep(kind: DatabaseKind) {
  const ctx = useTestApp(kind, {
    rateLimits: { order: 100_000, codeValidate: 100_000, clientLog: 100_000 },
    orderDetailsPerMinute: 100_000,
  });
  const state = {
    ctx,
    staffToken: '',
    operations: [] as { method: Method; path: string; operation: Operation }[],
  };
  beforeAll(async () => {
    // An hour the venues take orders: at real time the sweep's orders could be refused for the hour.
    ctx.app.clock.pin(WEDNESDAY_1300);
    await tenantLoad(ctx, tenantExample());
    state.staffToken = await staffLogin(ctx, FUEGO_OWNER);
    const document = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    for (const [path, methods] of Object.entries(document.paths)) {
      // Logout's only input is the token; it would end the session the sweep uses.
      if (!path.startsWith('/api/') || path === '/api/staff/logout') continue;
      for (const [method, operation] of Object.entries(methods)) {
        state.operations.push({ method: method.toUpperCase() as Method, path, operation });
      }
    }
  });
  /** Sends with the credentials the endpoint expects, so that its input is what gets checked. */
  const send = (
    method: Method,
    path: string,
    url: string,
    body?: { payload: string; contentType?: string },
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: freshAddress(),
      headers: {
        authorization: path.startsWith('/api/admin')
          ? `Bearer ${ctx.config.adminToken}`
          : `Bearer ${state.staffToken}`,
        ...(body ? { 'content-type': body.contentType ?? 'application/json' } : {}),
        ...headers,
      },
      ...(body ? { payload: body.payload } : {}),
    });
  return { state, send };
}

/** What is wrong with an answer to bad input, if anything: a 5xx, or a 400 without a Spanish message per field. */
export function answerProblem(status: number, text: string): string | null {
  // A 503 is a designed answer to a well-formed request (a payment provider not configured), not a failure.
  const designed503 = status === 503 && /"message":"(?!Error interno)/.test(text);
  if (status >= 500 && !designed503) return `${status} ${text.slice(0, 200)}`;
  if (status !== 400) return null;
  let parsed: { message?: unknown; fields?: Record<string, unknown> } | undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    return '400 that is not JSON';
  }
  const fields = Object.entries(parsed?.fields ?? {});
  if (typeof parsed?.message !== 'string' || fields.length === 0) {
    return `400 without a message per field: ${text.slice(0, 200)}`;
  }
  if (fields.some(([, message]) => typeof message !== 'string' || message === '')) {
    return `400 with an empty field message: ${text.slice(0, 200)}`;
  }
  // The validator's own English leaked through instead of the API's Spanish.
  if (fields.some(([, message]) => /^(must|should)\b/.test(String(message)))) {
    return `400 with an English field message: ${text.slice(0, 200)}`;
  }
  return null;
}

/**
 * PostgreSQL's text and jsonb cannot hold U+0000, and jsonb refuses a lone
 * UTF-16 surrogate: a string carrying either would fail in the database (a
 * 500). Write routes refuse them up front as a bad field (400 with the field's
 * path), or replace them where input is best effort (logs).
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

const NUL = '\u0000';
const MESSAGE = 'contiene caracteres no permitidos';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether PostgreSQL can store the string (no U+0000, no lone surrogate). */
function storable(text: string): boolean {
  LONE_SURROGATE.lastIndex = 0;
  return !text.includes(NUL) && !LONE_SURROGATE.test(text);
}

/** The string with U+0000 and lone surrogates replaced by U+FFFD. */
function replaced(text: string): string {
  return text.replaceAll(NUL, '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
}

/** Paths (`body.items[0].notes`) of the strings and keys PostgreSQL cannot store, at most `limit` of them. */
export function nulFieldsOf(value: unknown, path = 'body', limit = 20): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (node: unknown, at: string): void => {
    if (Object.keys(found).length >= limit) return;
    if (typeof node === 'string') {
      if (!storable(node)) found[at] = MESSAGE;
    } else if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, `${at}[${index}]`);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        const next = `${at}.${replaced(key)}`;
        if (!storable(key)) found[next] = MESSAGE;
        walk(item, next);
      }
    }
  };
  walk(value, path);
  return found;
}

/** Fastify hook: 400 with a message per field when the body holds a string PostgreSQL cannot store. */
export async function nulRefuse(request: FastifyRequest): Promise<void> {
  const fields = nulFieldsOf(request.body);
  const first = Object.keys(fields)[0];
  if (first) throw new HttpError(400, `${first}: ${MESSAGE}`, fields);
}

/** A copy of a JSON value with U+0000 and lone surrogates replaced by U+FFFD in every string and key. */
export function nulStrip<T>(value: T): T {
  if (typeof value === 'string') return replaced(value) as T;
  if (Array.isArray(value)) return value.map((item) => nulStrip(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [nulStrip(key), nulStrip(item)]),
    ) as T;
  }
  return value;
}

import type { FastifyBodyParser, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-error';
import { NUL_GUARD_MESSAGE, nulAllStorable, nulFieldsOf, nulStrip } from '../../lib/nul-guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the input guard does with strings PostgreSQL cannot store in the
     * body: refuse them (400, the default) or, on a best-effort route, replace
     * them by U+FFFD. In the path and query they are always refused.
     */
    inputHygiene?: 'refuse' | 'replace';
  }
}

/** Deepest nesting of arrays and objects a JSON body may have; no request of ours needs a tenth of it. */
export const JSON_DEPTH_MAX = 64;
export const JSON_TOO_DEEP = `tiene demasiados niveles de anidamiento (máximo ${JSON_DEPTH_MAX})`;

/**
 * Whether the JSON text nests arrays/objects deeper than `max`, found by one
 * pass over the characters (brackets inside strings do not count), before
 * anything parses or walks it.
 */
export function jsonTooDeep(text: string, max: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      // Skip the string: up to the next quote not escaped by a backslash.
      for (index++; index < text.length; index++) {
        const inner = text.charCodeAt(index);
        if (inner === 0x5c) index++;
        else if (inner === 0x22) break;
      }
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * The JSON body parser every route gets (depth-checked, then the default
 * parser). A route that must also read JSON sent under another type (a
 * `navigator.sendBeacon` string arrives as text/plain) registers it for that
 * type in its own scope.
 */
export function jsonGuardedParser(app: FastifyInstance): FastifyBodyParser<string> {
  const jsonParse = app.getDefaultJsonParser('error', 'error');
  return (request, body, done) => {
    if (jsonTooDeep(body, JSON_DEPTH_MAX)) {
      done(new HttpError(400, `body: ${JSON_TOO_DEEP}`, { body: JSON_TOO_DEEP }), undefined);
      return;
    }
    jsonParse(request, body, done);
  };
}

/** The request parts the guard checks, named as the validator names them (`querystring.x`). */
const PARTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

/**
 * One guard for every route's input, so no route can forget it:
 * - JSON bodies nested deeper than JSON_DEPTH_MAX are refused (400) before they
 *   are parsed, so nothing (parser, validator, handler, log) walks them;
 * - strings and object keys PostgreSQL cannot store (U+0000, a lone UTF-16
 *   surrogate) in the path parameters, query and body (JSON or form) are a bad
 *   field (400 `contiene caracteres no permitidos`, with the field's path), or,
 *   in the body of a route whose config says `inputHygiene: 'replace'`,
 *   replaced by U+FFFD.
 * A URL cannot carry a lone surrogate: its percent-encoding would not be UTF-8,
 * which the router refuses (errors.ts, `url`) and the query parser keeps as the
 * (storable) text it is.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonGuardedParser(app));

    // preValidation: the first hook that sees the parsed body, before the schema (whose own checks
    // would otherwise answer for a field that is also unstorable) and before any handler.
    // A callback hook (no promise per request): every route runs it.
    app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
      const replace = request.routeOptions.config?.inputHygiene === 'replace';
      const target = request as unknown as Record<string, unknown>;
      const fields: Record<string, string> = {};
      for (const [part, name] of PARTS) {
        if (nulAllStorable(target[part])) continue;
        const found = nulFieldsOf(target[part], name);
        if (Object.keys(found).length === 0) continue;
        if (replace && part === 'body') target[part] = nulStrip(target[part]);
        else Object.assign(fields, found);
      }
      const first = Object.keys(fields)[0];
      done(first ? new HttpError(400, `${first}: ${NUL_GUARD_MESSAGE}`, fields) : undefined);
    });
  },
  { name: 'input-guard' },
);

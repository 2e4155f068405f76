import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RecentMap } from '../../lib/recent-map';

/**
 * JSON answers over 1 KB go compressed when the client accepts it: Brotli
 * (quality 5) or gzip (level 6), chosen from `accept-encoding` with its
 * q-values, with `vary: accept-encoding` so caches keep the variants apart.
 * A menu is 20 KB to 1.5 MB of repetitive JSON, 5 to 40 times smaller
 * compressed, and on a phone's network its transfer sits on the path to the
 * menu's first paint (bench/proposals/README.md: 8.4 s → 1.7 s for the
 * 2,000-plate menu on Lighthouse's mobile network).
 *
 * - Never compressed twice: an answer that already has `content-encoding`
 *   (the web app's precompressed assets) is left alone, as is one marked
 *   `cache-control: no-transform`, a stream, or anything that is not JSON.
 * - Cache-friendly: an answer with a strong ETag names its bytes (the menu's
 *   ETag is the sha256 of its body), so its compressed bytes are kept per
 *   (ETag, encoding) and the next request for the same menu is not compressed
 *   again. The compressed answer's ETag becomes weak (`W/"…"`): it is another
 *   representation of the same content, and `If-None-Match` compares weakly.
 * - Compression runs on libuv's thread pool (async zlib), so a large menu
 *   does not block the event loop.
 */

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_MIN_BYTES = 1024;
/** Brotli quality for answers made per request: 5 compresses JSON nearly as well as 11, many times faster. */
export const BROTLI_QUALITY = 5;
export const GZIP_LEVEL = 6;
/** Compressed bytes kept for answers with a strong ETag (least recently read out first, lib/recent-map.ts). */
export const COMPRESSED_CACHE_MAX_BYTES = 32 * 1024 * 1024;

type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to answer with for an `accept-encoding` header: Brotli, else
 * gzip, among those the client accepts (q > 0; `*` stands for any not named);
 * null for identity.
 */
export function encodingNegotiate(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  // Browsers send a handful of distinct values: each is read once, not on every request.
  const known = negotiated.get(text);
  if (known !== undefined) return known;
  const encoding = encodingOf(text);
  if (negotiated.size >= NEGOTIATED_KEPT) negotiated.clear();
  negotiated.set(text, encoding);
  return encoding;
}

const NEGOTIATED_KEPT = 256;
const negotiated = new Map<string, Encoding | null>();

function encodingOf(text: string): Encoding | null {
  if (!text.trim()) return null;
  const quality = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = Number.parseFloat(value ?? '');
    }
    quality.set(name, Number.isFinite(q) ? q : 0);
  }
  const accepted = (encoding: Encoding) => (quality.get(encoding) ?? quality.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

/** An LRU of compressed bodies, bounded by their total size. */

/** Compresses a body with one encoding (Brotli told it is text, for its better model of it). */
export async function compressBody(body: Buffer | string, encoding: Encoding): Promise<Buffer> {
  const input = typeof body === 'string' ? Buffer.from(body) : body;
  if (encoding === 'br') {
    return brotli(input, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
      },
    });
  }
  return gzipAsync(input, { level: GZIP_LEVEL });
}

/** Adds `accept-encoding` to the answer's `vary`, keeping whatever it held. */
function varyAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = (Array.isArray(vary) ? vary.join(', ') : String(vary ?? '')).trim();
  if (current === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
}

/** Whether this plugin compresses a JSON answer of `size` bytes for a request's `accept-encoding`. */
function compresses(size: number, acceptEncoding: string | string[] | undefined): boolean {
  return size >= COMPRESSION_MIN_BYTES && encodingNegotiate(acceptEncoding) !== null;
}

/**
 * Answers 304 Not Modified for a JSON resource whose current representation is
 * `size` bytes with the strong tag `etag`, with exactly the validators its 200
 * would carry: the tag weak when the 200 would go compressed (so a client
 * comparing it with the one it holds finds the same), `vary: accept-encoding`
 * when the answer depends on it, and no body, no content-length, no
 * content-type (RFC 9110 §15.4.5).
 */
export function replyNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  size: number,
): FastifyReply {
  if (size >= COMPRESSION_MIN_BYTES) varyAcceptEncoding(reply);
  reply.header('etag', compresses(size, request.headers['accept-encoding']) ? `W/${etag}` : etag);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  // Sent with no payload at all: a null would be serialized as the four bytes `null`.
  return reply.code(304).send();
}

export default fp(
  async (app: FastifyInstance, options: { cacheMaxBytes?: number } = {}) => {
    const cache = new RecentMap<string, Buffer>(
      Number.POSITIVE_INFINITY,
      options.cacheMaxBytes ?? COMPRESSED_CACHE_MAX_BYTES,
      (body) => body.length,
    );

    // A callback hook: a cache hit (every read of a cached menu) answers without a promise.
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      if (reply.hasHeader('content-encoding')) return done(null, payload);
      if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304)
        return done(null, payload);
      const type = String(reply.getHeader('content-type') ?? '');
      if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) return done(null, payload);
      if (/\bno-transform\b/i.test(String(reply.getHeader('cache-control') ?? '')))
        return done(null, payload);
      const size = Buffer.byteLength(payload);
      if (size < COMPRESSION_MIN_BYTES) return done(null, payload);

      // From here the answer depends on accept-encoding, whichever representation is sent.
      varyAcceptEncoding(reply);
      const encoding = encodingNegotiate(request.headers['accept-encoding']);
      if (!encoding) return done(null, payload);

      const etag = reply.getHeader('etag');
      const strong = typeof etag === 'string' && etag.startsWith('"') ? etag : null;
      const key = strong ? `${strong}\n${encoding}\n${size}` : null;
      const compressed = (body: Buffer) => {
        if (strong) reply.header('etag', `W/${strong}`);
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, body);
      };
      const cached = key ? cache.get(key) : undefined;
      if (cached) return compressed(cached);
      compressBody(payload, encoding).then(
        (body) => {
          if (key) cache.set(key, body);
          compressed(body);
        },
        (error: Error) => done(error),
      );
    });
  },
  { name: 'compression' },
);

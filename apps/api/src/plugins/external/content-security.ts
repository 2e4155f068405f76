import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { siteIsConsoleHost } from '../../lib/site-origins';

/**
 * The vendors of the venues' own marketing tags (ordering §1: Meta pixel, Google
 * Tag Manager, Google Analytics), which the storefront loads by host, never
 * inline, when a branch has their ids (apps/web/src/lib/marketing-tags.ts).
 * Only the storefront's pages allow them: never the console, never the API.
 */
export const MARKETING_TAGS = {
  script: [
    'https://connect.facebook.net',
    'https://www.googletagmanager.com',
    'https://www.google-analytics.com',
  ],
  img: ['https://www.facebook.com', 'https://www.google-analytics.com', 'https://www.googletagmanager.com'],
  connect: [
    'https://www.facebook.com',
    'https://connect.facebook.net',
    'https://www.google-analytics.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googletagmanager.com',
  ],
};

/** Where the maps' tiles come from (MAP_TILE_URL; `{s}` subdomains as a wildcard). */
function mapTileHosts(config: Config): string[] {
  const tileOrigin = originOf(config.mapTileUrl.replace(/\{s\}/g, 'a'));
  return tileOrigin ? [...new Set([tileOrigin, tileOrigin.replace('://a.', '://*.')])] : [];
}

/**
 * The storefront's policy: our origin plus the configured map-tile and geocoder
 * hosts, the marketing-tag vendors, in live payments mode the card provider's
 * API the browser tokenizes cards at and, when brands have a support chat
 * (ADR 040), the chat servers: their script, the widget's frame, its calls and
 * socket, its images. No chat configured, no chat host allowed.
 */
export function cspStorefrontPolicy(
  config: Config,
  cardTokenHosts: string[],
  chatOrigins: string[] = [],
): string {
  const geocoderOrigin = config.geocoderUrl ? originOf(config.geocoderUrl) : undefined;
  const tileHosts = mapTileHosts(config);
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ["img-src 'self' data: blob:", ...tileHosts, ...MARKETING_TAGS.img, ...chatOrigins].join(' '),
    "object-src 'none'",
    ["script-src 'self'", ...MARKETING_TAGS.script, ...chatOrigins].join(' '),
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    [
      "connect-src 'self'",
      ...(geocoderOrigin ? [geocoderOrigin] : []),
      ...MARKETING_TAGS.connect,
      ...cardTokenHosts,
      ...chatOrigins.flatMap((origin) => [origin, origin.replace(/^http/, 'ws')]),
    ].join(' '),
    ...(chatOrigins.length > 0 ? [["frame-src 'self'", ...chatOrigins].join(' ')] : []),
  ].join(';');
}

/**
 * The console's policy: scripts and calls to our own origin only, so no tag
 * script (nor anything injected into the page) can load or send what it reads.
 * Images may also come from PUBLIC_URL, which builds absolute image urls, when
 * the console has an origin of its own, and from the map tile server (the
 * dispatch view's and the delivery zones' maps, ADR 055).
 */
export function cspConsolePolicy(config: Config): string {
  const publicOrigin = originOf(config.publicUrl);
  const images = [
    ...(publicOrigin && publicOrigin !== config.origins.consoleOrigin ? [publicOrigin] : []),
    ...mapTileHosts(config),
  ];
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "connect-src 'self'",
    ["img-src 'self' data: blob:", ...images].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join(';');
}

/**
 * The policy of the API reference at /docs (Swagger UI): its scripts and
 * styles from our origin, and the inline styles it writes allowed by hash
 * (`styleHashes`, computed at start-up), never `unsafe-inline`. Its logo is a
 * data: image; it calls only our origin (the spec, "Try it out").
 */
export function cspDocsPolicy(styleHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "img-src 'self' data:",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    ["style-src 'self'", ...styleHashes].join(' '),
    "connect-src 'self'",
  ].join(';');
}

/**
 * `/console`, `/console/…` and `/console?…`: the console's pages, read as the
 * web app's router reads a path (decoded, any case), so `/%43onsole` or
 * `/CONSOLE` is the console too.
 */
export function cspIsConsolePath(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  // Every request asks: only a path with an escape needs decoding first.
  if (!path.includes('%')) return CONSOLE_PATH.test(path);
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not decodable: the router would not match it either.
  }
  return CONSOLE_PATH.test(decoded);
}

const CONSOLE_PATH = /^\/+console(?:\/|$)/i;

/** The headers every answer carries besides its policy (helmet's defaults, which we used to run per request). */
function securityBaseHeaders(config: Config): Record<string, string> {
  return {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(config.publicUrl.startsWith('https://')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * Sets the security headers on every answer, from two sets built once at
 * start-up: none of them depends on the request beyond which site it is for,
 * and building them per request cost a tenth of a cached menu read (ADR 039).
 * The console's pages and anything on the console's own host get the console's
 * policy; API answers keep the storefront's (JSON is sent with nosniff and
 * never runs as a document). A route may still set its own policy after this.
 *
 * The storefront's set is rebuilt — once, not per request — when the
 * configured chat servers change (`chatOriginsSet`, ADR 040).
 */
export function securityHeadersRegister(
  app: FastifyInstance,
  config: Config,
  cardTokenHosts: string[],
  chatOrigins: string[] = [],
): { chatOriginsSet: (origins: string[]) => void } {
  const base = securityBaseHeaders(config);
  const storefrontOf = (origins: string[]) => ({
    'content-security-policy': cspStorefrontPolicy(config, cardTokenHosts, origins),
    ...base,
  });
  let storefront = storefrontOf(chatOrigins);
  const consoleHeaders = { 'content-security-policy': cspConsolePolicy(config), ...base };
  app.addHook('onRequest', (request, reply, done) => {
    const isConsole = cspIsConsolePath(request.url) || siteIsConsoleHost(config.origins, request);
    reply.headers(isConsole ? consoleHeaders : storefront);
    done();
  });
  return {
    chatOriginsSet: (origins) => {
      storefront = storefrontOf(origins);
    },
  };
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url.replace(/\{[^}]+\}/g, '0')).origin;
  } catch {
    return undefined;
  }
}

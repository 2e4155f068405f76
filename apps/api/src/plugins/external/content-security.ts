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

type Directives = Record<string, string[] | null>;

/**
 * The storefront's policy (what helmet sends by default): our origin plus the
 * configured map-tile and geocoder hosts, the marketing-tag vendors and, in
 * live payments mode, the card provider's API the browser tokenizes cards at.
 */
export function cspStorefrontDirectives(config: Config, cardTokenHosts: string[]): Directives {
  const tileOrigin = originOf(config.mapTileUrl.replace(/\{s\}/g, 'a'));
  const geocoderOrigin = config.geocoderUrl ? originOf(config.geocoderUrl) : undefined;
  const tileHosts = tileOrigin ? [...new Set([tileOrigin, tileOrigin.replace('://a.', '://*.')])] : [];
  return {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...tileHosts, ...MARKETING_TAGS.img],
    connectSrc: [
      "'self'",
      ...(geocoderOrigin ? [geocoderOrigin] : []),
      ...MARKETING_TAGS.connect,
      ...cardTokenHosts,
    ],
    scriptSrc: ["'self'", ...MARKETING_TAGS.script],
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

/**
 * The console's policy: scripts and calls to our own origin only, so no tag
 * script (nor anything injected into the page) can load or send what it reads.
 * Images may also come from PUBLIC_URL, which builds absolute image urls, when
 * the console has an origin of its own.
 */
export function cspConsolePolicy(config: Config): string {
  const publicOrigin = originOf(config.publicUrl);
  const images = publicOrigin && publicOrigin !== config.origins.consoleOrigin ? [publicOrigin] : [];
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
 * `/console`, `/console/…` and `/console?…`: the console's pages, read as the
 * web app's router reads a path (decoded, any case), so `/%43onsole` or
 * `/CONSOLE` is the console too.
 */
export function cspIsConsolePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not decodable: the router would not match it either.
  }
  return /^\/+console(?:\/|$)/i.test(decoded);
}

/**
 * Narrows helmet's storefront policy for the console's pages and for anything
 * on the console's own host, after helmet set it. API answers keep the storefront's: JSON is sent with nosniff and never
 * runs as a document, and the storefront reads them from its own pages.
 */
export function cspRegisterVariants(app: FastifyInstance, config: Config): void {
  const consolePolicy = cspConsolePolicy(config);
  app.addHook('onSend', async (request, reply, payload) => {
    // Everything the console's own host sends is the console's: a storefront page never renders there.
    if (cspIsConsolePath(request.url) || siteIsConsoleHost(config.origins, request))
      reply.header('content-security-policy', consolePolicy);
    return payload;
  });
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url.replace(/\{[^}]+\}/g, '0')).origin;
  } catch {
    return undefined;
  }
}

/**
 * Which host serves what (docs/decisions/017-origins-console-and-tenants.md).
 * A browser isolates storage and scripts by origin only, so the console and
 * each company that loads its own tag scripts can be given a host of their own:
 * `CONSOLE_ORIGIN` for the console, `COMPANY_HOSTS` (explicit, per company
 * alias) and `STOREFRONT_HOST_TEMPLATE` (`{alias}.example.com`) for storefronts.
 * Unset, everything is served on every host, as before.
 */

export interface SiteOrigins {
  /** `https://console.example.com`: the only origin that serves the console and its API. */
  consoleOrigin: string | undefined;
  /** Company alias → the origin of its own storefront host, from COMPANY_HOSTS. */
  companyOrigins: ReadonlyMap<string, string>;
  /** `{alias}.example.com`: every company not in COMPANY_HOSTS is served on its subdomain. */
  storefrontHostTemplate: string | undefined;
  /** `http:` or `https:`, from PUBLIC_URL: the scheme of hosts given without one. */
  defaultProtocol: string;
  /** PUBLIC_URL's host: the shared storefront, never a company's even when the template matches it. */
  publicHost: string;
}

export function siteOriginsFromEnv(env: NodeJS.ProcessEnv, publicUrl: string): SiteOrigins {
  const defaultProtocol = new URL(publicUrl).protocol;
  const consoleOrigin = env.CONSOLE_ORIGIN ? originParse(env.CONSOLE_ORIGIN, 'CONSOLE_ORIGIN') : undefined;
  if (consoleOrigin && consoleOrigin === new URL(publicUrl).origin)
    throw new Error('CONSOLE_ORIGIN must differ from PUBLIC_URL: the storefront would share its origin');
  const companyOrigins = new Map<string, string>();
  for (const entry of (env.COMPANY_HOSTS ?? '').split(',')) {
    if (!entry.trim()) continue;
    const [alias, host] = entry.split('=').map((part) => part?.trim().toLowerCase());
    if (!alias || !host || !/^[a-z0-9-]+$/.test(alias))
      throw new Error(`COMPANY_HOSTS entries are alias=host, got "${entry.trim()}"`);
    const origin = originParse(host.includes('://') ? host : `${defaultProtocol}//${host}`, 'COMPANY_HOSTS');
    if (origin === consoleOrigin) throw new Error(`COMPANY_HOSTS gives ${alias} the console's origin`);
    companyOrigins.set(alias, origin);
  }
  const template = env.STOREFRONT_HOST_TEMPLATE?.trim().toLowerCase() || undefined;
  if (template && !/^\{alias\}(\.[a-z0-9-]+)+(:\d+)?$/.test(template))
    throw new Error(`STOREFRONT_HOST_TEMPLATE must look like {alias}.example.com, got "${template}"`);
  const publicHost = new URL(publicUrl).host;
  return { consoleOrigin, companyOrigins, storefrontHostTemplate: template, defaultProtocol, publicHost };
}

function originParse(raw: string, name: string): string {
  try {
    const url = new URL(raw.trim());
    if (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      (url.pathname === '/' || url.pathname === '')
    )
      return url.origin;
  } catch {
    // Reported below.
  }
  throw new Error(`${name} must be an origin like https://host.example.com, got "${raw}"`);
}

/** The part of a request the host rules read (Fastify's `request.host`, which has the port if any). */
export interface RequestHost {
  host: string;
}

function hostOf(origin: string): string {
  return new URL(origin).host;
}

function sameHost(request: RequestHost, origin: string): boolean {
  return request.host.toLowerCase() === hostOf(origin);
}

/** Whether the request arrived on the console's own host (always true when there is none). */
export function siteIsConsoleHost(origins: SiteOrigins, request: RequestHost): boolean {
  return origins.consoleOrigin ? sameHost(request, origins.consoleOrigin) : false;
}

/**
 * The company alias a host is dedicated to, or undefined for a shared host. The
 * console's host and PUBLIC_URL's are never a company's, even when they match
 * the template.
 */
export function siteCompanyOfHost(origins: SiteOrigins, request: RequestHost): string | undefined {
  if (siteIsConsoleHost(origins, request)) return undefined;
  const host = request.host.toLowerCase();
  if (host === origins.publicHost) return undefined;
  for (const [alias, origin] of origins.companyOrigins) if (hostOf(origin) === host) return alias;
  const template = origins.storefrontHostTemplate;
  if (!template) return undefined;
  const suffix = template.slice('{alias}'.length);
  if (!host.endsWith(suffix)) return undefined;
  const alias = host.slice(0, -suffix.length);
  return /^[a-z0-9-]+$/.test(alias) ? alias : undefined;
}

/** The origin a company's storefront lives on, or undefined when it is served on the shared host. */
export function siteCompanyOrigin(origins: SiteOrigins, companyAlias: string): string | undefined {
  const alias = companyAlias.toLowerCase();
  const explicit = origins.companyOrigins.get(alias);
  if (explicit) return explicit;
  const template = origins.storefrontHostTemplate;
  return template ? `${origins.defaultProtocol}//${template.replace('{alias}', alias)}` : undefined;
}

/**
 * Whether a console request (pages, `/api/console/*`, `/api/staff/*`, a staff
 * socket) may be served on this host: with CONSOLE_ORIGIN, only on its host and,
 * when the browser says where the call comes from (`Origin`), only from it;
 * without it, on any host but a company's own (whose tag scripts would share
 * the console's origin).
 */
export function siteConsoleAllows(
  origins: SiteOrigins,
  request: RequestHost & { headers: Record<string, string | string[] | undefined> },
): boolean {
  const origin = request.headers.origin;
  if (!origins.consoleOrigin) return siteCompanyOfHost(origins, request) === undefined;
  if (!sameHost(request, origins.consoleOrigin)) return false;
  return origin === undefined || origin === origins.consoleOrigin;
}

/**
 * The same rule for a Socket.IO handshake (`socket.handshake`), for the realtime
 * plugin: a socket that authenticates as staff must come from the console. The
 * Host header is read as is (the proxy must pass it on, as it does for pages):
 * a script can add X-Forwarded-Host to a polling request, never change Host or Origin.
 */
export function siteConsoleSocketAllows(
  origins: SiteOrigins,
  handshake: { headers: Record<string, string | string[] | undefined> },
): boolean {
  const host = handshake.headers.host;
  return siteConsoleAllows(origins, {
    host: typeof host === 'string' ? host : '',
    headers: handshake.headers,
  });
}

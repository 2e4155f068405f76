import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { forbidden, notFound } from '../../lib/http-error';
import {
  siteCompanyOfHost,
  siteCompanyOrigin,
  siteConsoleAllows,
  siteIsConsoleHost,
} from '../../lib/site-origins';
import { type SiteOwned, siteOwnerAlias } from '../../repositories/site-owner-repository';
import { cspIsConsolePath } from './content-security';

/** Route parameters that name something a company owns, by name. */
const OWNED_PARAMS: Record<string, SiteOwned> = {
  alias: 'alias',
  branchContactAlias: 'alias',
  companyId: 'company',
  branchId: 'branch',
  branchContactId: 'branchContact',
  orderModeId: 'orderMode',
  orderCode: 'order',
};

/** The diner routes whose plain `:id` names something a company owns. */
const OWNED_IDS: Record<string, SiteOwned> = {
  '/api/diner/branchcontacts/:id': 'branchContact',
  '/api/branch/:id/deliveryzones/fee': 'branchContact',
  '/api/ordermodes/:id/generaldiscounts': 'orderMode',
  '/api/ordermodes/:id/generalsurcharges': 'orderMode',
  '/api/ordermodes/:id/fees': 'orderMode',
};

/** The diner's reads: on a company's own host they answer for that company only. */
const DINER_READS = /^\/api\/(diner|branch|menucustomization|ordermodes?)\//;

/** Console calls: served only where the console is (CONSOLE_ORIGIN, or any host but a company's). */
const CONSOLE_API = /^\/api\/(console|staff)(\/|$)/;

/**
 * The storefront's pages (apps/web/src/app/router.tsx), matched on the decoded
 * path in any case as its router does; anything else is the console, the API or a file.
 */
const STOREFRONT_PAGE = /^\/+(menu(\/|$)|soporte(\/|$)|$)/i;

/**
 * Keeps the console and each company on their own hosts when the deployment
 * gives them one (docs/decisions/017-origins-console-and-tenants.md): a console
 * page elsewhere redirects to the console's origin and its API refuses; a
 * storefront page on the console's host, or of a company on another host than
 * its own, redirects to where it belongs; a diner read on a company's host for
 * another company answers the route's usual 404. Nothing changes when no host
 * is configured, except that a company's own host never serves the console.
 */
export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const origins = config.origins;
    const hostsConfigured =
      origins.consoleOrigin !== undefined ||
      origins.companyOrigins.size > 0 ||
      origins.storefrontHostTemplate !== undefined;
    if (!hostsConfigured) return;

    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      // The route matched, not the raw path: no spelling of the path reaches a console route unchecked.
      if (CONSOLE_API.test(request.routeOptions.url ?? path)) {
        if (!siteConsoleAllows(origins, request))
          throw forbidden(`La consola se usa en ${origins.consoleOrigin ?? config.publicUrl}`);
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (cspIsConsolePath(path)) {
        if (siteConsoleAllows(origins, { host: request.host, headers: {} })) return;
        return redirectTo(request, reply, origins.consoleOrigin ?? config.publicUrl);
      }
      const decoded = safeDecode(path);
      if (!STOREFRONT_PAGE.test(decoded)) return;
      return storefrontPage(request, reply, decoded);
    });

    async function storefrontPage(request: FastifyRequest, reply: FastifyReply, path: string) {
      const hostCompany = siteCompanyOfHost(origins, request);
      const alias = /^\/+menu\/+([^/]+)/i.exec(path)?.[1];
      if (!alias) {
        if (siteIsConsoleHost(origins, request))
          return path === '/'
            ? reply.redirect('/console', 302)
            : redirectTo(request, reply, config.publicUrl);
        // A company's own host opens on its storefront, not on the platform's home page.
        if (hostCompany && path === '/') return reply.redirect(`/menu/${hostCompany}`, 302);
        return;
      }
      const owner = await siteOwnerAlias(app.db, 'alias', alias);
      const ownerOrigin = owner ? siteCompanyOrigin(origins, owner) : undefined;
      if (ownerOrigin && owner !== hostCompany) return redirectTo(request, reply, ownerOrigin);
      if (!ownerOrigin && siteIsConsoleHost(origins, request))
        return redirectTo(request, reply, config.publicUrl);
    }

    app.addHook('preHandler', async (request) => {
      const route = request.routeOptions.url;
      if (!route || !DINER_READS.test(route)) return;
      const hostCompany = siteCompanyOfHost(origins, request);
      if (!hostCompany) return;
      const params = (request.params ?? {}) as Record<string, string | number>;
      for (const [name, value] of Object.entries(params)) {
        const kind = name === 'id' ? OWNED_IDS[route] : OWNED_PARAMS[name];
        if (!kind) continue;
        const owner = await siteOwnerAlias(app.db, kind, value);
        // Unknown keys fall through: the route answers them with its own 404.
        if (owner && owner !== hostCompany) throw notFound(notFoundMessage(kind, value));
      }
    });
  },
  { name: 'site-hosts', dependencies: ['database'] },
);

/** The message the route itself gives for a key it does not know. */
function notFoundMessage(kind: SiteOwned, value: string | number): string {
  switch (kind) {
    case 'alias':
      return `No existe el alias '${value}'`;
    case 'company':
      return `No existe la empresa ${value}`;
    case 'branch':
      return `No existe la marca ${value}`;
    case 'branchContact':
      return `No existe el local ${value}`;
    case 'orderMode':
      return `No existe el modo de pedido ${value}`;
    case 'order':
      return `No existe el pedido ${value}`;
  }
}

function redirectTo(request: FastifyRequest, reply: FastifyReply, origin: string) {
  const target = new URL(origin);
  // Same host already (a deployment pointing PUBLIC_URL at a company's host): no loop, just no page.
  if (target.host === request.host.toLowerCase()) throw notFound(`No existe la ruta GET ${request.url}`);
  return reply.redirect(`${target.origin}${request.url}`, 308);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

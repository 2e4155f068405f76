/**
 * `GET /api/diner/{alias}/content-events` (ADR 052): the storefront's live
 * channel, a Server-Sent Events stream of the company's content versions
 * (plugins/app/content-events.ts). Public like the menu it tells about; the
 * alias may be the company's, a brand's or a location's.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError, notFound } from '../../../lib/http-error';
import { ConsoleErrorSchema } from '../../../presenters/console-schemas';
import { aliasFind, companyContentVersions } from '../../../repositories/tenant-repository';
import { contentVersionSeen } from '../../../services/content-cache';

export const contentEventsMessages = {
  perIp: 'Demasiadas conexiones abiertas desde esta dirección',
  full: 'El servicio está ocupado; el menú se actualizará al recargar',
} as const;

const dinerContentEventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:alias/content-events',
    {
      schema: {
        tags: ['diner'],
        summary: 'Live content changes of the alias’s company (Server-Sent Events)',
        description:
          'text/event-stream: `event: hello` then `event: content` with `{ "version": n }` each time the ' +
          'company’s content changes (a sold-out switch, a menu edit, an import), whichever process made ' +
          'it; a comment line every 25 s. The page re-reads its menu (304 when nothing it shows changed). ' +
          '429 beyond 8 open streams per client address.',
        params: Type.Object({ alias: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: {
          200: Type.String({ description: 'text/event-stream' }),
          404: ConsoleErrorSchema,
          429: ConsoleErrorSchema,
          503: ConsoleErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const found = await aliasFind(app.db, request.params.alias);
      if (!found) throw notFound(`No existe el alias '${request.params.alias}'`);
      const admitted = app.contentEvents.admits(request.ip);
      if (admitted === 'per-ip') throw new HttpError(429, contentEventsMessages.perIp);
      if (admitted === 'full') throw new HttpError(503, contentEventsMessages.full);
      // Know the company's version now, so the first change is told as a change (and `hello` carries it).
      const [row] = await companyContentVersions(app.db, [found.companyId]);
      if (row) contentVersionSeen(app.db, row.id, row.contentVersion);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
      }
      reply.hijack();
      app.contentEvents.open({ companyId: found.companyId, ip: request.ip, raw: reply.raw }, headers);
    },
  );
};

export default dinerContentEventsRoutes;

/**
 * The console's printable table QR codes (issue 12, beyond the spec): where a
 * location's table links point. The console builds each table's link with
 * packages/domain `tableQrLinkUrl` from this answer. Same checks as the
 * rest of /api/console: session first, then tenant and location.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { staffOf } from '../../../plugins/app/staff-auth';
import { consoleErrors } from '../../../presenters/console-schemas';
import { tableLinksGet } from '../../../services/table-links-service';

const consoleTablesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.staffAuth);

  app.get(
    '/table-links',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: "Where a location's table QR codes point: its company's storefront and its alias",
        description:
          'storefrontUrl is the company’s own host when the deployment gives it one (COMPANY_HOSTS, ' +
          'STOREFRONT_HOST_TEMPLATE), else PUBLIC_URL; never the console’s host. A table’s link is ' +
          '`{storefrontUrl}/menu/{alias}/{dine-in mode}?tableNumber={n}&source=qr-mesa`. 404 for another ' +
          'company’s location, 403 for one not theirs.',
        querystring: Type.Object(
          { branchContactId: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            branchContactId: Type.Integer(),
            alias: Type.String(),
            storefrontUrl: Type.String({ description: 'Origin of the storefront, without a trailing slash' }),
          }),
          ...consoleErrors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return tableLinksGet(
        { db: app.db, origins: app.config.origins, publicUrl: app.config.publicUrl },
        staffOf(request),
        request.query.branchContactId,
      );
    },
  );
};

export default consoleTablesRoutes;

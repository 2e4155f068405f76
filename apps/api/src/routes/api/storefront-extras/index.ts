/**
 * Read-only helpers for the storefront under /api/storefront-extras.
 *
 * `GET /image/{type}/{id}` redirects to a plate's or category's image. The
 * spec's `GET /api/diner/file/{id}/url` answers JSON (`{ url }`), which an
 * <img> cannot use; the menu would have to call it once per plate before
 * showing any image. With this twin the browser loads images itself, lazily
 * and in its own order, and a missing image is a 404 the page turns into a
 * transparent placeholder (ordering §8).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, IdParam } from '../../../schemas/diner';
import { fileUrlGet } from '../../../services/diner-service';

const storefrontExtrasRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/image/:type/:id',
    {
      schema: {
        tags: ['diner'],
        summary: "Redirect to a plate's or category's image (the url of GET /api/diner/file/{id}/url)",
        params: Type.Object({
          type: Type.Union([Type.Literal('PLATE'), Type.Literal('CATEGORY')]),
          id: IdParam,
        }),
        response: { 302: Type.Null({ description: 'Location: the image' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { url } = await fileUrlGet(
        { db: app.db, publicUrl: app.config.publicUrl },
        request.params.id,
        request.params.type,
      );
      // Images change rarely; a short cache keeps menus light without making an edit wait long.
      return reply.header('cache-control', 'public, max-age=300').redirect(url, 302);
    },
  );
};

export default storefrontExtrasRoutes;

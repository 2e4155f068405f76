/**
 * `GET /api/images/{hash}` (ADR 053): a menu image uploaded from the console,
 * by the sha256 of its bytes. Public, like the menu that shows it; the URL
 * names the content, so the answer never changes and is cached for good.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../../schemas/diner';
import { IMAGE_HASH_PATTERN, uploadedImageGet } from '../../../services/uploaded-images';

const imagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:hash',
    {
      schema: {
        tags: ['diner'],
        summary: 'A menu image uploaded from the console, by the sha256 of its bytes',
        description:
          'Served with its content type, a strong ETag (the hash), `cache-control: public, max-age=31536000, ' +
          'immutable` and `x-content-type-options: nosniff`. 304 for a matching If-None-Match; 404 when unknown.',
        params: Type.Object(
          { hash: Type.String({ pattern: IMAGE_HASH_PATTERN, description: 'sha256 of the bytes, hex' }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The image' }),
          304: Type.Null(),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      const etag = `"${hash}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      const match = request.headers['if-none-match'];
      if (match?.split(',').some((tag) => tag.trim() === etag)) return reply.status(304).send(null);
      const image = await uploadedImageGet(app.db, hash);
      return reply.type(image.contentType).send(image.bytes);
    },
  );
};

export default imagesRoutes;

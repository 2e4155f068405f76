/**
 * `POST /api/console/images` (ADR 053): the OWNER uploads a menu image as the
 * request body itself (`content-type: image/jpeg|image/png|image/webp`) and
 * gets back the URL to put in a plate's `imageUrl`. Session first (401), then
 * the role (403); the company is the session's.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { staffOf } from '../../../plugins/app/staff-auth';
import { consoleErrors } from '../../../presenters/console-schemas';
import {
  IMAGE_BYTES_MAX,
  IMAGE_TYPES,
  uploadedImageMessages,
  uploadedImageSave,
} from '../../../services/uploaded-images';
import { venueOwnerOnly } from '../../../services/venue-edit';

/**
 * The uploaded bytes, out of sight of the input guard's walk over bodies
 * (a private field has no key): they are stored as bytes, never as text.
 */
class UploadedBytes {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

const consoleImagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.staffAuth);
  app.addContentTypeParser(
    [...IMAGE_TYPES],
    { parseAs: 'buffer', bodyLimit: IMAGE_BYTES_MAX },
    (_request, body, done) => done(null, new UploadedBytes(body as Buffer)),
  );
  // The body parser's refusals, in the words of the rest of the answers.
  app.setErrorHandler((error, _request, reply) => {
    const code = (error as { code?: string }).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: 'Payload Too Large', message: uploadedImageMessages.tooLarge });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send({ error: 'Unsupported Media Type', message: uploadedImageMessages.notImage });
    }
    throw error;
  });

  app.post(
    '/images',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: 'Uploads a menu image (owner only): the body is the image itself',
        description:
          'Body: the image bytes with their content type (image/jpeg, image/png or image/webp), at most ' +
          '2 MB and 4096 px a side. The format is checked by its magic bytes and the size read from its ' +
          'header. Stored once per company under its sha256: the same bytes always answer the same url, ' +
          '`/api/images/{hash}`, to put in a plate’s or category’s imageUrl. 415 for anything else, 413 ' +
          'when too heavy.',
        response: {
          200: Type.Object({
            url: Type.String({ description: '/api/images/{sha256}' }),
            width: Type.Integer(),
            height: Type.Integer(),
            contentType: Type.String(),
          }),
          ...consoleErrors,
          413: consoleErrors[400],
          415: consoleErrors[400],
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const staff = staffOf(request);
      if (!(request.body instanceof UploadedBytes)) {
        // The role first: STAFF learn they may not upload before what to send.
        venueOwnerOnly(staff, uploadedImageMessages.ownerOnly);
        return reply
          .status(415)
          .send({ error: 'Unsupported Media Type', message: uploadedImageMessages.notImage });
      }
      return uploadedImageSave(app.db, staff, request.body.bytes);
    },
  );
};

export default consoleImagesRoutes;

import type { FastifyInstance } from 'fastify';

/**
 * Parses `application/x-www-form-urlencoded` bodies in the calling plugin's
 * scope: browsers come back from Webpay (and go to the sandbox's form) with a
 * form POST carrying `token_ws` or `TBK_*` fields.
 */
export function formBodyParserAdd(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

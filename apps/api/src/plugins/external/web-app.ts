import fs from 'node:fs';
import path from 'node:path';
import { pagePathMatch } from '@comanda/domain/page-paths';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { testModeMarkApply } from '../../payments/test-mode-mark';

/**
 * Serves the built web app from the same process and port as the API. Hashed
 * assets are cached for a year; any other GET outside /api and /docs gets the
 * SPA's index.html so that client routes (`/menu/{alias}/…`) load on refresh:
 * with 200 for a page the app has (`@comanda/domain/page-paths`, the list its
 * routers are written with), and with 404 for any other path, where the app
 * shows its catch-all page (a crawler or a monitor sees the real status).
 */
export default fp(
  async (app: FastifyInstance, { distDir }: { distDir: string }) => {
    const indexPath = path.join(distDir, 'index.html');
    if (!fs.existsSync(indexPath))
      throw new Error(`Web app not built: ${indexPath} is missing (run npm run build)`);
    const indexHtml = testModeMarkApply(fs.readFileSync(indexPath), app.config.payments);
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // compress-assets.mjs writes .br/.gz beside each asset at build time.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (url.startsWith('/api/') || url.startsWith('/docs') || url.startsWith('/socket.io/')) {
        return reply.status(404).send({ error: 'Not Found', message: `No existe la ruta GET ${url}` });
      }
      const file = path.join(distDir, path.normalize(url));
      if (file.startsWith(distDir) && url !== '/' && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(path.relative(distDir, file));
      }
      return reply
        .status(pagePathMatch(url) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    });
  },
  { name: 'web-app' },
);

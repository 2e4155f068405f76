import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cspDocsPolicy } from './content-security';

/**
 * The inline styles Swagger UI's pages write while they render, as CSP
 * hashes: the standalone preset draws its top-bar logo as an SVG carrying a
 * `<style>` (replaced by our logo right after, but blocked and reported the
 * moment it is drawn). Read from the installed bundles once, at start-up, so
 * an upgrade that changes them changes the hashes with it; the policy stays
 * one string built once (ADR 039), with no `unsafe-inline`.
 */
export function docsInlineStyleHashes(): string[] {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')),
    'static',
  );
  const hashes = new Set<string>();
  for (const file of ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    for (const match of source.matchAll(/createElement\("style",null,("(?:[^"\\]|\\.)*")\)/g)) {
      const css = JSON.parse(match[1] ?? '""') as string;
      hashes.add(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    }
  }
  return [...hashes];
}

/** OpenAPI generated from the same schemas that validate the routes; browsable at /docs. */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Comanda API',
          description: 'Online ordering: diner storefront, checkout, follow-up, console and logistics.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            adminToken: { type: 'http', scheme: 'bearer' },
            staffSession: { type: 'http', scheme: 'bearer' },
            riderToken: { type: 'http', scheme: 'bearer' },
          },
        },
      },
    });
    // The UI's own policy replaces the storefront's on /docs (its answers only).
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: cspDocsPolicy(docsInlineStyleHashes()),
    });
  },
  { name: 'openapi' },
);

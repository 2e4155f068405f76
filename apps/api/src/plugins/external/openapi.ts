import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'openapi' },
);

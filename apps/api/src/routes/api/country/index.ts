/** `GET /api/country/{code}` (ordering §7): a country's currency, phone prefix, decimals and time zone. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CountrySchema, errorResponses } from '../../../schemas/diner';
import { countryGet } from '../../../services/diner-service';

const countryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:code',
    {
      schema: {
        tags: ['diner'],
        summary: 'A country: name, currency code and symbol, phone prefix, mantissaLength, time zone',
        params: Type.Object({
          code: Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166 alpha-2, e.g. AR' }),
        }),
        response: { 200: CountrySchema, ...errorResponses },
      },
    },
    async (request) => countryGet(app.db, request.params.code),
  );
};

export default countryRoutes;

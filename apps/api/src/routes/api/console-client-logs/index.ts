/**
 * `GET /api/console/client-logs` (ADR 041): the storefront's recent error
 * reports of the owner's company. Session first, then the role; the company
 * is the session's, never a parameter.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { staffOf } from '../../../plugins/app/staff-auth';
import { consoleErrors } from '../../../presenters/console-schemas';
import {
  CLIENT_LOG_CONSOLE_DAYS,
  CLIENT_LOG_CONSOLE_LIMIT,
  clientLogConsoleList,
} from '../../../services/client-log-console-service';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const ClientLogEntrySchema = Type.Object({
  id: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  branchContactId: Nullable(Type.Integer({ description: 'The report’s bcId' })),
  locationName: Nullable(Type.String({ description: 'Null when the report names none of the company’s' })),
  url: Nullable(Type.String({ description: 'The page the diner was on' })),
  component: Nullable(Type.String({ description: 'What failed, e.g. api, error-boundary, address/fee' })),
  message: Type.String({ description: 'The payload’s message, else the stack’s first line; may be empty' }),
  detail: Nullable(Type.String({ description: 'The rest of the payload as JSON, 500 characters at most' })),
  address: Nullable(Type.String()),
  coordinates: Nullable(Type.Object({ lat: Type.Number(), lng: Type.Number() })),
});

const consoleClientLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.staffAuth);
  app.get(
    '/client-logs',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: `The company’s last ${CLIENT_LOG_CONSOLE_LIMIT} client errors of the last ${CLIENT_LOG_CONSOLE_DAYS} days (owner only)`,
        response: { 200: Type.Object({ logs: Type.Array(ClientLogEntrySchema) }), ...consoleErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return clientLogConsoleList(app.db, staffOf(request), app.clock.now());
    },
  );
};

export default consoleClientLogRoutes;

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-error';
import {
  type RiderPrincipal,
  riderAuthMessages,
  riderBearerToken,
  riderSessionResolve,
} from '../../services/rider-session-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rider of a session token, or undefined; for the realtime handshake. */
    riderSessions: { resolve(token: string | undefined): Promise<RiderPrincipal | undefined> };
    /**
     * preHandler hook of every rider route: reads `Authorization: Bearer
     * <token>`, sets `request.rider`; 401 without a live shift session.
     */
    riderAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `app.riderAuth`; null on routes without it. */
    rider: RiderPrincipal | null;
  }
}

/** The rider of a request behind `app.riderAuth` (a programming error to ask elsewhere). */
export function riderOf(request: FastifyRequest): RiderPrincipal {
  if (!request.rider) throw new Error('riderOf() on a route without app.riderAuth');
  return request.rider;
}

/** Rider authentication (ADR 022): `app.riderAuth` for rider routes, `app.riderSessions` for sockets. */
export default fp(
  async (app: FastifyInstance) => {
    const resolve = (token: string | undefined) => riderSessionResolve(app.db, token, app.clock.now());
    app.decorate('riderSessions', { resolve });
    app.decorateRequest('rider', null);
    app.decorate('riderAuth', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = riderBearerToken(request.headers.authorization);
      const rider = token ? await resolve(token) : undefined;
      if (!rider) {
        reply.header('www-authenticate', 'Bearer realm="rider"');
        throw new HttpError(
          401,
          token ? riderAuthMessages.sessionExpired : riderAuthMessages.sessionRequired,
        );
      }
      request.rider = rider;
    });
  },
  { name: 'rider-auth', dependencies: ['database', 'clock'] },
);

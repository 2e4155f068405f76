import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { HttpError } from '../../lib/http-error';
import { redisCountersClient, redisOrMemory } from '../../lib/redis-fallback';
import {
  type StaffPrincipal,
  staffAuthMessages,
  staffBearerToken,
  staffSessionResolve,
} from '../../services/staff-auth-service';
import {
  type LoginBackoffPolicy,
  type LoginThrottle,
  loginThrottleMemory,
  loginThrottleRedis,
} from '../../services/staff-login-throttle';

/** Staff sessions as the rest of the app uses them. */
export interface StaffSessions {
  /** The principal of a session token, or undefined (malformed, unknown, expired or logged out). */
  resolve(token: string | undefined): Promise<StaffPrincipal | undefined>;
  /** Failed-login counters (Redis with REDIS_URL, else in memory). */
  throttle: LoginThrottle;
}

declare module 'fastify' {
  interface FastifyInstance {
    staffSessions: StaffSessions;
    /**
     * onRequest/preHandler hook: reads `Authorization: Bearer <token>`, loads
     * the session and sets `request.staff`; 401 without a live session.
     */
    staffAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `app.staffAuth`; null on routes without it. */
    staff: StaffPrincipal | null;
  }
}

/** The principal of a request behind `app.staffAuth` (a programming error to ask elsewhere). */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new Error('staffOf() on a route without app.staffAuth');
  return request.staff;
}

/**
 * Staff authentication: `app.staffAuth` for console routes, `app.staffSessions`
 * for the realtime handshake and the login route.
 */
export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const limits = config.staffAuth;
    const policy: LoginBackoffPolicy = {
      windowMs: limits.loginFailureWindowMinutes * 60_000,
      freeFailures: limits.loginFreeFailures,
      delayBaseMs: limits.loginDelaySeconds * 1000,
      delayMaxMs: limits.loginMaxDelayMinutes * 60_000,
    };
    const memory = loginThrottleMemory(policy, () => app.clock.now());
    let throttle: LoginThrottle = memory;
    if (config.redisUrl) {
      // While Redis is unreachable the throttle counts in this process's memory (redis-fallback.ts).
      const redis = redisCountersClient(config.redisUrl);
      app.addHook('onClose', async () => void redis.disconnect());
      throttle = redisOrMemory(redis, loginThrottleRedis(redis, policy, config.redisKeyPrefix), memory);
    }

    const sessions: StaffSessions = {
      resolve: (token) => staffSessionResolve({ db: app.db, now: () => app.clock.now() }, token),
      throttle,
    };
    app.decorate('staffSessions', sessions);
    app.decorateRequest('staff', null);
    app.decorate('staffAuth', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = staffBearerToken(request.headers.authorization);
      const staff = token ? await sessions.resolve(token) : undefined;
      if (!staff) {
        reply.header('www-authenticate', 'Bearer realm="console"');
        throw new HttpError(
          401,
          token ? staffAuthMessages.sessionExpired : staffAuthMessages.sessionRequired,
        );
      }
      request.staff = staff;
    });
  },
  { name: 'staff-auth', dependencies: ['database', 'clock'] },
);

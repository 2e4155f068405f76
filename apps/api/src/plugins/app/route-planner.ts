import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { type RoutePlanner, routePlannerFromConfig } from '../../services/route-planner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The tracking page's trip timer (ADR 025): OSRM with ROUTER_URL, else the straight-line estimate. */
    routePlanner: RoutePlanner;
  }
}

/** Decorates `app.routePlanner`: one per process, so its per-order throttle holds across requests. */
export default fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    app.decorate('routePlanner', routePlannerFromConfig(options.config, app.log));
  },
  { name: 'route-planner' },
);

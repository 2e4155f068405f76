import type { Server } from 'node:http';
import type { App } from './app';
import type { Database } from './db/client';
import type { ShutdownStep } from './lib/shutdown';

/** How often idle keep-alive connections are closed while requests drain. */
const IDLE_SWEEP_MS = 50;

/**
 * What a SIGTERM closes, in order (ADR: shutdown and outages):
 *
 * 1. the listener: no new connection is accepted (the load balancer sends
 *    them to another process);
 * 2. the realtime sockets, closed at the transport so clients reconnect
 *    elsewhere on their own and rejoin their rooms, and the storefront's
 *    content event streams (their EventSource reconnects the same way);
 * 3. the requests in flight, which finish and are answered;
 * 4. the job loops (the pass under way finishes);
 * 5. the app's own close hooks (the Redis clients of realtime and limits);
 * 6. the database.
 *
 * `shutdownRun` puts one deadline over all of them.
 */
export function serverShutdownSteps(app: App, database: Database): ShutdownStep[] {
  let drained: Promise<void> = Promise.resolve();
  return [
    {
      name: 'listener',
      run: async () => {
        drained = new Promise((resolve) => app.server.close(() => resolve()));
      },
    },
    { name: 'realtime sockets', run: async () => app.realtime.close() },
    // Endless by design: ended here, or the drain below would wait for them until the deadline.
    { name: 'content event streams', run: async () => app.contentEvents.close() },
    { name: 'in-flight HTTP requests', run: () => requestsDrain(app.server, drained) },
    { name: 'job loops', run: () => app.jobs.stop() },
    { name: 'Redis clients and app close hooks', run: () => app.close() },
    { name: 'database', run: () => database.close() },
  ];
}

/**
 * Waits until every connection has ended. A keep-alive connection whose
 * request finishes after `server.close()` would otherwise stay open for the
 * whole keep-alive timeout (72 s in Fastify): it is closed as soon as it is
 * idle, and its client opens the next one elsewhere.
 */
async function requestsDrain(server: Server, drained: Promise<void>): Promise<void> {
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await drained;
  } finally {
    clearInterval(sweep);
  }
}

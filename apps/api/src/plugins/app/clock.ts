import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';

/**
 * The server's notion of "now". Business rules that depend on the hour (open
 * now, scheduled slots, menu discounts by weekday, idempotency key expiry, the
 * payment window) read it from here instead of `Date.now()`, so that a test can
 * pin the instant and never depend on the real hour.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /**
   * Pins the clock to an instant (epoch ms or a Date); `undefined` goes back to
   * the real clock. Meant for tests; production never calls it.
   */
  pin(at: number | Date | undefined): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

/**
 * A clock following `Date.now` until pinned; with `startAt` it follows real
 * time from that instant instead (a fixed offset from `Date.now`).
 */
export function clockCreate(startAt?: number): Clock {
  let pinned: number | undefined;
  const offset = startAt === undefined ? 0 : startAt - Date.now();
  return {
    now: () => pinned ?? Date.now() + offset,
    pin(at) {
      pinned = at === undefined ? undefined : +at;
    },
  };
}

/** Decorates `app.clock`. */
export default fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    app.decorate('clock', clockCreate(options.config.clockStart));
  },
  { name: 'clock' },
);

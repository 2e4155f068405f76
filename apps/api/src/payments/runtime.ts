/**
 * The payments module's objects for one app: the dependencies the flows use
 * and the sandbox with its notification sender. Every payment route plugin
 * asks for it; the first one makes it, and the app's close stops the sender.
 * Kept per database handle, so two apps in one process (the test suite runs
 * PGlite and PostgreSQL side by side) never share a sandbox.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { PaymentsDeps } from './flow-common';
import { paymentNotificationReceive } from './notifications';
import { type SandboxNotifier, sandboxNotifierCreate } from './sandbox/notifier';
import { sandboxCreate } from './sandbox/sandbox';

/** The flows' dependencies plus the sandbox's sender. */
export interface PaymentsRuntime extends PaymentsDeps {
  notifier: SandboxNotifier;
}

const runtimes = new WeakMap<Db, PaymentsRuntime>();

/** The payments runtime of `app`, made on first use. */
export function paymentsRuntime(app: FastifyInstance): PaymentsRuntime {
  const existing = runtimes.get(app.db);
  if (existing) return existing;
  // The sandbox signs its notifications and verifies them in this same process: a per-process key is enough.
  const webhookSecret = randomBytes(32).toString('hex');
  const notifier = sandboxNotifierCreate({ db: app.db, webhookSecret, log: app.log });
  const sandbox = sandboxCreate({
    db: app.db,
    publicUrl: app.config.publicUrl,
    decisionMs: app.config.payments.sandbox.decisionMs,
    pendingMs: app.config.payments.sandbox.pendingMs,
    notifier,
    webhookSecret,
  });
  const runtime: PaymentsRuntime = {
    db: app.db,
    config: app.config,
    realtime: app.realtime,
    clock: app.clock,
    log: app.log,
    sandbox,
    notifier,
  };
  // The sandbox's webhooks enter through the same handler as Mercado Pago's; in live mode it sends none.
  if (app.config.payments.provider === 'sandbox') {
    notifier.attach(async (input) => {
      await paymentNotificationReceive(runtime, 'SANDBOX', input, null);
    });
  }
  app.addHook('onClose', async () => {
    await notifier.stop();
    runtimes.delete(app.db);
  });
  runtimes.set(app.db, runtime);
  return runtime;
}

/**
 * The sandbox's webhook sender. When a sandbox payment's result is due, it
 * sends a notification signed like Mercado Pago's (`x-signature`,
 * `x-request-id`, `?data.id=…&type=payment`) to our notification handler —
 * in-process, through the very function the HTTP webhook route calls — and,
 * like a real provider, tries again later when the handler fails.
 *
 * Due notifications live in `sandbox_payments.notify_at`, not in memory: a
 * timer per payment makes them prompt, a periodic sweep catches whatever a
 * restart or another process left behind, and each one is claimed with a
 * conditional update so two processes never send the same delivery.
 */
import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { sandboxPayments } from '../../db/schema/sandbox';
import { mercadoPagoManifest } from '../mercadopago';
import type { NotificationInput } from '../provider';

/** Where a notification goes: the payments service's handler for the SANDBOX provider. */
export type SandboxDeliver = (input: NotificationInput) => Promise<void>;

/** The sender of one app. */
export interface SandboxNotifier {
  /** Wakes the sender at `at` (epoch ms) to send what is due then. */
  schedule(at: number): void;
  /** Connects the handler and starts the periodic sweep. */
  attach(deliver: SandboxDeliver): void;
  /** Sends every due notification now; returns how many were delivered. */
  sweep(): Promise<number>;
  /** Stops timers and waits for a sweep in progress; nothing is sent afterwards. */
  stop(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 10_000;
const BATCH = 20;
const MAX_ATTEMPTS = 10;
/** 2 s, 4 s, 8 s… up to 10 minutes between attempts. */
const backoff = (attempt: number) => Math.min(2_000 * 2 ** (attempt - 1), 600_000);

/** Makes the sender. `webhookSecret` must be the one the sandbox adapter verifies with. */
export function sandboxNotifierCreate(options: {
  db: Db;
  webhookSecret: string;
  log: FastifyBaseLogger;
}): SandboxNotifier {
  const { db } = options;
  const timers = new Set<NodeJS.Timeout>();
  let deliver: SandboxDeliver | undefined;
  let interval: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<number> | undefined;
  let rerun = false;

  /** A signed notification about one sandbox payment, as a provider would POST it. */
  function notificationFor(paymentId: string, at: number): NotificationInput {
    const requestId = randomUUID();
    const ts = String(Math.floor(at / 1000));
    const v1 = createHmac('sha256', options.webhookSecret)
      .update(mercadoPagoManifest({ dataId: paymentId.toLowerCase(), requestId, ts }))
      .digest('hex');
    return {
      headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
      query: { 'data.id': paymentId, type: 'payment' },
      body: {
        id: randomInt(1, 2 ** 47),
        live_mode: false,
        type: 'payment',
        action: 'payment.updated',
        api_version: 'v1',
        date_created: new Date(at).toISOString(),
        data: { id: paymentId },
      },
    };
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    const at = Date.now();
    const due = await db
      .select({
        id: sandboxPayments.id,
        notifyAt: sandboxPayments.notifyAt,
        attempts: sandboxPayments.notifyAttempts,
      })
      .from(sandboxPayments)
      .where(and(lte(sandboxPayments.notifyAt, new Date(at)), isNull(sandboxPayments.notifiedAt)))
      .orderBy(asc(sandboxPayments.notifyAt))
      .limit(BATCH);
    for (const row of due) {
      if (stopped || !deliver || !row.notifyAt) break;
      const attempt = row.attempts + 1;
      const next = attempt >= MAX_ATTEMPTS ? null : new Date(at + backoff(attempt));
      // Claim: only the process whose update matches the instant it read sends this delivery.
      const claimed = await db
        .update(sandboxPayments)
        .set({ notifyAttempts: attempt, notifyAt: next })
        .where(and(eq(sandboxPayments.id, row.id), eq(sandboxPayments.notifyAt, row.notifyAt)))
        .returning({ id: sandboxPayments.id });
      if (claimed.length === 0) continue;
      try {
        await deliver(notificationFor(row.id, Date.now()));
        await db
          .update(sandboxPayments)
          .set({ notifiedAt: new Date(), notifyAt: null })
          .where(eq(sandboxPayments.id, row.id));
        sent += 1;
      } catch (error) {
        options.log.warn(
          { err: error, sandboxPaymentId: row.id, attempt },
          next ? 'sandbox notification failed; will retry' : 'sandbox notification failed; giving up',
        );
        if (next) schedule(next.getTime());
      }
    }
    return sent;
  }

  async function sweep(): Promise<number> {
    if (stopped || !deliver) return 0;
    if (running) {
      rerun = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        rerun = false;
        total += await sendDue();
      } while (rerun && !stopped);
      return total;
    })();
    try {
      return await running;
    } catch (error) {
      if (!stopped) options.log.error({ err: error }, 'sandbox notification sweep failed');
      return 0;
    } finally {
      running = undefined;
    }
  }

  function schedule(at: number): void {
    if (stopped) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        void sweep();
      },
      Math.max(0, at - Date.now()) + 5,
    );
    timer.unref();
    timers.add(timer);
  }

  return {
    schedule,
    sweep,
    attach(handler) {
      deliver = handler;
      interval = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
      interval.unref();
      schedule(Date.now());
    },
    async stop() {
      stopped = true;
      if (interval) clearInterval(interval);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await running?.catch(() => 0);
    },
  };
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { type MessagingAdapter, messagingAdapterFromConfig } from '../../messaging/messaging-adapter';
import { riderSessionsExpiredDelete } from '../../repositories/rider-session-repository';
import { staffSessionsExpiredDelete } from '../../repositories/staff-repository';
import { type AbandonedCartPass, abandonedCartsRunOnce } from '../../services/abandoned-cart-job';
import { afterCommit, consoleOutboxPublish } from '../../services/console-service';
import { type OutboxBatchResult, outboxDeliverBatch } from '../../services/outbox-service';
import { retentionRunOnce } from '../../services/retention-service';
import { type SoldOutExpiryPass, soldOutExpiredRunOnce } from '../../services/sold-out-service';
import { type SurveyInvitePass, surveyInvitationsRunOnce } from '../../services/survey-invitation-job';

/** The background jobs of this process. */
export interface Jobs {
  /** The messaging adapter diner messages leave through. */
  readonly adapter: MessagingAdapter;
  /** One pass of the outbox sender (tests call it directly). */
  outboxRunOnce(): Promise<OutboxBatchResult>;
  /** One pass of the abandoned-cart job (tests call it directly). */
  abandonedCartsRunOnce(): Promise<AbandonedCartPass>;
  /** One pass of the survey invitation job (tests call it directly). */
  surveyInvitationsRunOnce(): Promise<SurveyInvitePass>;
  /** One pass of the sold-out expiry (tests call it directly). */
  soldOutExpiredRunOnce(): Promise<SoldOutExpiryPass>;
  /** Starts the loop (done on ready when `config.jobs.enabled`). */
  start(): void;
  /** Stops the loop and waits for the pass under way. */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** Expired staff and rider sessions are purged this often (the loop's other chore). */
const SESSION_PURGE_EVERY_MS = 10 * 60_000;

/**
 * The passes whose waits are minutes (an abandoned cart's 5–1440, a survey's invitation delay) run this
 * often, not every tick: a message 15 s late is nothing to a diner, while a pass every second cost an
 * idle embedded database a few percent of a core. With ABANDONED_CART_DELAY_SECONDS (tests, demos: waits
 * of seconds) they run every tick.
 */
const MINUTE_PASSES_EVERY_MS = 15_000;

/** Old analytics events, browser logs and abuse trips are deleted this often. */
const RETENTION_EVERY_MS = 60 * 60_000;

/**
 * The retention pass, at most once per RETENTION_EVERY_MS per process (every
 * process may run it: deletes of the same old rows by two processes are harmless).
 */
function retentionChore(app: FastifyInstance, config: Config): () => Promise<void> {
  let last = 0;
  return async () => {
    const now = app.clock.now();
    if (now - last < RETENTION_EVERY_MS) return;
    last = now;
    const deleted = await retentionRunOnce(app.db, config.retention, now);
    if (Object.values(deleted).some((n) => n > 0)) app.log.info({ deleted }, 'retention: old rows deleted');
  };
}

/**
 * Background jobs in every API process (design brief: jobs run in the API
 * processes and claim work from PostgreSQL with row locks, so any number of
 * processes can run them without doing a job twice):
 *
 * - the outbox sender: claims due PENDING messages (`for update skip locked`
 *   plus a lease, see outbox-repository) and sends them through the
 *   configured adapter — WhatsApp Cloud API, or the local default that keeps
 *   them for the console — then tells the console (`outbox-updated`);
 * - the abandoned-cart job (ADR 028): due carts get their one message, written
 *   to the outbox in the transaction that moves them OPEN → NOTIFIED (rows
 *   locked `for update skip locked`), before the sender's next pass;
 * - the survey invitation (ADR 031): a delivered order past its location's
 *   delay gets its one invitation, claimed by the order's unique invitation row
 *   in the transaction that writes the message to the outbox;
 * - the sold-out expiry (ADR 052), every tick: marks whose `until` passed are
 *   deleted (the delete is the claim) and their companies' content versions
 *   bumped, so a plate "agotado por hoy" is back on every menu at the opening;
 * - the purge of expired staff and rider sessions;
 * - the retention of anonymous rows (`retentionChore`, ADR 020).
 *
 * Started when the app is ready, stopped before it closes; off in tests
 * (`configForTest`) unless a test turns it on.
 */
export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const adapter = messagingAdapterFromConfig(config);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let stopped = false;
    let lastPurge = 0;
    let lastMinutePasses = Number.NEGATIVE_INFINITY;
    const minutePassesEveryMs = config.abandonedCartDelaySeconds === undefined ? MINUTE_PASSES_EVERY_MS : 0;
    const retention = retentionChore(app, config);

    const outboxRunOnce = () =>
      outboxDeliverBatch({
        db: app.db,
        adapter,
        now: () => app.clock.now(),
        log: app.log,
        messagesPerPhonePerDay: config.abuse.messagesPerPhonePerDay,
        onSettled: (rows) =>
          void afterCommit(app, 'outbox-updated', () =>
            consoleOutboxPublish(
              { db: app.db, realtime: app.realtime },
              rows.map((row) => row.id),
            ),
          ),
      });

    const abandonedCartsRun = () =>
      abandonedCartsRunOnce({ db: app.db, now: app.clock.now(), publicUrl: config.publicUrl });

    const surveyInvitationsRun = () =>
      surveyInvitationsRunOnce({ db: app.db, now: app.clock.now(), publicUrl: config.publicUrl });

    const soldOutExpiredRun = () =>
      soldOutExpiredRunOnce({ db: app.db, now: app.clock.now(), realtime: app.realtime, log: app.log });

    const tick = async () => {
      try {
        // One indexed delete (a partial index on `until`): cheap enough for every tick, and on time.
        await soldOutExpiredRun().catch((error) =>
          app.log.error({ err: error }, 'sold-out expiry pass failed'),
        );
        // A full batch means more may be waiting: go again at once (bounded, so close is never held up long).
        for (let round = 0; round < 10 && !stopped; round++) {
          const result = await outboxRunOnce();
          if (result.claimed < 20) break;
        }
        const now = app.clock.now();
        // A clock set back (NTP, a test's pinned clock) must not silence them.
        if (now - lastMinutePasses >= minutePassesEveryMs || now < lastMinutePasses) {
          lastMinutePasses = now;
          // Its own failure must not hold up the chores below; its messages leave on the next pass.
          await abandonedCartsRun().catch((error) =>
            app.log.error({ err: error }, 'abandoned-cart pass failed'),
          );
          await surveyInvitationsRun().catch((error) =>
            app.log.error({ err: error }, 'survey invitation pass failed'),
          );
        }
        if (now - lastPurge >= SESSION_PURGE_EVERY_MS) {
          lastPurge = now;
          await staffSessionsExpiredDelete(app.db, new Date(now));
          await riderSessionsExpiredDelete(app.db, new Date(now));
        }
        await retention();
      } catch (error) {
        app.log.error({ err: error }, 'background jobs pass failed');
      }
    };

    const schedule = () => {
      if (stopped) return;
      timer = setTimeout(() => {
        running = tick().finally(() => {
          running = undefined;
          schedule();
        });
      }, config.jobs.intervalMs);
      timer.unref();
    };

    const jobs: Jobs = {
      adapter,
      outboxRunOnce,
      abandonedCartsRunOnce: abandonedCartsRun,
      surveyInvitationsRunOnce: surveyInvitationsRun,
      soldOutExpiredRunOnce: soldOutExpiredRun,
      start() {
        if (timer || running) return;
        stopped = false;
        schedule();
      },
      async stop() {
        stopped = true;
        if (timer) clearTimeout(timer);
        timer = undefined;
        await running;
      },
    };
    app.decorate('jobs', jobs);
    if (config.jobs.enabled) app.addHook('onReady', async () => jobs.start());
    // Before the database closes: the pass under way finishes first.
    app.addHook('preClose', async () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['database', 'clock', 'realtime'] },
);

/**
 * The one place a change of a placed order is announced, after the
 * transaction that made it committed: a status move from the console, a
 * payment status set by a provider's answer (card, link, Webpay, sandbox), an
 * error report. Every flow calls `orderChangeAnnounce`, so the diner's
 * follow-up page (`order-{code}`) and the venue's consoles
 * (`console-{branchContactId}`) always hear of the same changes, with the
 * same payloads: the follow-up view and the console detail, both read fresh
 * after commit.
 */
import type { Db } from '../db/client';
import type { Realtime } from '../plugins/app/realtime';
import { rooms } from '../plugins/app/realtime';
import type { ConsoleOrderDetail } from '../presenters/console-schemas';
import { type OrderRow, orderByCode } from '../repositories/order-repository';
import { afterCommit, type ConsoleDeps, consoleOrderDetailGet } from './console-service';
import { orderUpdatedPublish } from './order-service';

/** What an announcement needs. */
export type OrderAnnounceDeps = Pick<ConsoleDeps, 'log' | 'now'> & {
  db: Db;
  realtime: Pick<Realtime, 'publish'>;
};

/**
 * Publishes `order-updated` to the order's follow-up room (the many, first),
 * then `order-updated` with the console detail to its branch contact's
 * console room. Call it after commit. Answers the console detail it built
 * (callers that answer it reuse it), or null when the order is gone or a read
 * failed: a failed publish is logged, never turned into an error answer, since
 * the change itself stands.
 */
export async function orderChangeAnnounce(
  deps: OrderAnnounceDeps,
  order: OrderRow | string,
): Promise<ConsoleOrderDetail | null> {
  const code = typeof order === 'string' ? order : order.code;
  await afterCommit(deps, 'order-updated', () =>
    orderUpdatedPublish({ db: deps.db, realtime: deps.realtime, now: deps.now() }, code),
  );
  let detail: ConsoleOrderDetail | null = null;
  await afterCommit(deps, 'console order-updated', async () => {
    // Read again: the caller's row is the one before its change.
    const row = await orderByCode(deps.db, code);
    if (!row) return;
    detail = await consoleOrderDetailGet(deps.db, row, deps.now());
    deps.realtime.publish(rooms.console(row.branchContactId), 'order-updated', detail);
  });
  return detail;
}

/**
 * The orders this browser placed (ordering §2 'PEDIDO EN CURSO'): recorded by
 * the checkout when the server stores the order — before any hand-off that
 * leaves the page (messaging app, payment link, Webpay) — refreshed by the
 * follow-up page while it shows one of them, and read by the branch header to
 * offer the order in progress. Lives in lib because several features share it
 * (checkout writes, follow-up refreshes, branch header reads) and features
 * never import each other. Kept small (newest 20). Storage only, no domain
 * rules: the branch header reads it in the menu's first paint (vite.config.ts)
 * to decide whether to load the entry at all; the 24-hour rule is in
 * `placed-order-progress.ts`, loaded with it.
 */
import { storageKey } from './storage-scope';

const KEY = 'comanda:placed-orders';
const MAX = 20;

export interface PlacedOrder {
  code: string;
  /** The branch contact's alias: the header of that location offers it. */
  alias: string;
  orderedAt: string;
  scheduledAt: string | null;
  /** The status last seen; the header asks the server again before offering the order. */
  status: string;
}

export function placedOrdersRead(): PlacedOrder[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey(KEY)) ?? '[]');
    return Array.isArray(parsed)
      ? (parsed as PlacedOrder[]).filter(
          (o) =>
            typeof o?.code === 'string' && typeof o.alias === 'string' && typeof o.orderedAt === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** Records (or refreshes) an order of this browser, newest first. */
export function placedOrderRecord(order: PlacedOrder): void {
  try {
    const rest = placedOrdersRead().filter((known) => known.code !== order.code);
    window.localStorage.setItem(storageKey(KEY), JSON.stringify([order, ...rest].slice(0, MAX)));
  } catch {
    // Storage full or disabled: the header simply won't offer the order.
  }
}

/**
 * Refreshes an order this browser already placed (its status as last seen), in
 * place; an order it does not know — a code opened from a shared link — is
 * left out: it was not placed here.
 */
export function placedOrderRefresh(order: PlacedOrder): void {
  try {
    const known = placedOrdersRead();
    if (!known.some((candidate) => candidate.code === order.code)) return;
    const next = known.map((candidate) => (candidate.code === order.code ? order : candidate));
    window.localStorage.setItem(storageKey(KEY), JSON.stringify(next));
  } catch {
    // Nothing to do: see placedOrderRecord.
  }
}

/** Drops an order the server no longer knows. */
export function placedOrderForget(code: string): void {
  try {
    const rest = placedOrdersRead().filter((known) => known.code !== code);
    window.localStorage.setItem(storageKey(KEY), JSON.stringify(rest));
  } catch {
    // Nothing to do: see placedOrderRecord.
  }
}

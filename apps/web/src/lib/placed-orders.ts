/**
 * The orders this browser follows (ordering §2 'PEDIDO EN CURSO'): recorded
 * when the follow-up page loads an order — the checkout sends the diner there
 * right after placing it — and read by the branch header to offer the order
 * in progress. Lives in lib because two features (follow-up writes, branch
 * header reads) share it and features never import each other. Kept small
 * (newest 20). Storage only, no domain rules: the branch header reads it in
 * the menu's first paint (vite.config.ts) to decide whether to load the entry
 * at all; the 24-hour rule is in `placed-order-progress.ts`, loaded with it.
 */
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
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
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
    window.localStorage.setItem(KEY, JSON.stringify([order, ...rest].slice(0, MAX)));
  } catch {
    // Storage full or disabled: the header simply won't offer the order.
  }
}

/** Drops an order the server no longer knows. */
export function placedOrderForget(code: string): void {
  try {
    const rest = placedOrdersRead().filter((known) => known.code !== code);
    window.localStorage.setItem(KEY, JSON.stringify(rest));
  } catch {
    // Nothing to do: see placedOrderRecord.
  }
}

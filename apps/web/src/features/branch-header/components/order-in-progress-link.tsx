import { sessionMessages } from '@comanda/domain/messages';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { placedOrderInProgress } from '../../../lib/placed-order-progress';
import { placedOrderForget, placedOrderRecord, placedOrdersRead } from '../../../lib/placed-orders';
import { useCustomerSession } from '../../../stores/customer-session-store';
import { customerOrderInProgressGet, orderProgressGet } from '../api/order-in-progress';

/** (ours) How many of this browser's orders the header asks the server about at most. */
const MAX_CHECKED = 3;

/** The newest order this browser placed at the location that is still in progress, read again. */
async function browserOrderInProgress(
  alias: string,
  branchContactId: number,
  signal: AbortSignal,
): Promise<string | null> {
  const candidates = placedOrdersRead()
    .filter((order) => order.alias === alias && placedOrderInProgress(order, Date.now()))
    .sort((a, b) => Date.parse(b.orderedAt) - Date.parse(a.orderedAt))
    .slice(0, MAX_CHECKED);
  for (const candidate of candidates) {
    try {
      const fresh = await orderProgressGet(branchContactId, candidate.code, signal);
      const seen = {
        code: fresh.code,
        alias: fresh.branchContact.alias,
        orderedAt: fresh.orderedAt,
        scheduledAt: fresh.scheduled ? fresh.scheduledAt : null,
        status: fresh.status,
      };
      placedOrderRecord(seen);
      if (placedOrderInProgress(seen, Date.now())) return fresh.code;
    } catch (error) {
      if (signal.aborted) return null;
      // Unknown here (removed, or another location's): never offer it again.
      if ((error as { status?: number }).status === 404) placedOrderForget(candidate.code);
    }
  }
  return null;
}

/**
 * The header's 'PEDIDO EN CURSO' entry (ordering §2, §4 "In-progress order").
 * A signed-in diner's comes from their orders at this location (issue 17: the
 * customer's, on any device, not only this browser's); signed out, or when
 * that read fails, it is the newest order this browser placed here that is
 * still in progress, its stored status read again from the server first.
 * Loaded lazily by the branch header, only where there is a session or an
 * order followed in this browser.
 */
export function OrderInProgressLink({ alias, branchContactId }: { alias: string; branchContactId: number }) {
  const [code, setCode] = useState<string | null>(null);
  const session = useCustomerSession();
  const token = session?.token ?? null;

  useEffect(() => {
    setCode(null);
    const controller = new AbortController();
    void (async () => {
      let found: string | null = null;
      try {
        found = token ? await customerOrderInProgressGet(branchContactId, controller.signal) : null;
      } catch {
        // The customer's list failed (a session ended elsewhere, the network): this browser's own.
      }
      found ??= await browserOrderInProgress(alias, branchContactId, controller.signal);
      if (!controller.signal.aborted) setCode(found);
    })();
    return () => controller.abort();
  }, [alias, branchContactId, token]);

  if (!code) return null;
  return (
    <Link
      className="button button--small order-in-progress"
      to={`/menu/${encodeURIComponent(alias)}/order/${encodeURIComponent(code)}`}
    >
      {sessionMessages.inProgressOrder}
    </Link>
  );
}

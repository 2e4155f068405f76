import { sessionMessages } from '@comanda/domain/messages';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { placedOrderInProgress } from '../../../lib/placed-order-progress';
import { placedOrderForget, placedOrderRecord, placedOrdersRead } from '../../../lib/placed-orders';
import { orderProgressGet } from '../api/order-in-progress';

/** (ours) How many of this browser's orders the header asks the server about at most. */
const MAX_CHECKED = 3;

/**
 * The header's 'PEDIDO EN CURSO' entry (ordering §2, §4 "In-progress order"):
 * the newest order this browser placed at this location that is still in
 * progress. The stored status may be stale, so each candidate is read again
 * from the server before it is offered. Loaded lazily by the branch header,
 * only in a browser that followed an order of this location.
 */
export function OrderInProgressLink({ alias, branchContactId }: { alias: string; branchContactId: number }) {
  const [code, setCode] = useState<string | null>(null);

  useEffect(() => {
    setCode(null);
    const candidates = placedOrdersRead()
      .filter((order) => order.alias === alias && placedOrderInProgress(order, Date.now()))
      .sort((a, b) => Date.parse(b.orderedAt) - Date.parse(a.orderedAt))
      .slice(0, MAX_CHECKED);
    if (candidates.length === 0) return;
    const controller = new AbortController();
    void (async () => {
      for (const candidate of candidates) {
        try {
          const fresh = await orderProgressGet(branchContactId, candidate.code, controller.signal);
          const seen = {
            code: fresh.code,
            alias: fresh.branchContact.alias,
            orderedAt: fresh.orderedAt,
            scheduledAt: fresh.scheduled ? fresh.scheduledAt : null,
            status: fresh.status,
          };
          placedOrderRecord(seen);
          if (placedOrderInProgress(seen, Date.now())) {
            if (!controller.signal.aborted) setCode(fresh.code);
            return;
          }
        } catch (error) {
          if (controller.signal.aborted) return;
          // Unknown here (removed, or another location's): never offer it again.
          if ((error as { status?: number }).status === 404) placedOrderForget(candidate.code);
        }
      }
    })();
    return () => controller.abort();
  }, [alias, branchContactId]);

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

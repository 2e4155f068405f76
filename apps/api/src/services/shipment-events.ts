/**
 * The one place shipment changes are announced, after the transaction that
 * made them committed (ADR 023). Every flow — staff accepting or cancelling
 * an order, a rider's move, a dispatch action — hands its `ShipmentChanges`
 * here, so riders, consoles and follow-up pages always hear of the same
 * changes with the same payloads, read fresh after commit:
 *
 * - `riders-{branchContactId}`: `shipment-updated` `{ kind, id, status,
 *   riderId }` — no personal data (every rider of the location is in the
 *   room); the app refetches what it shows.
 * - `console-{branchContactId}`: `shipment-updated` with the dispatch item
 *   (`{ kind: 'simple', shipment } | { kind: 'stack', stack }`, staff view).
 * - `order-{code}` (and the order's console): `order-updated` through
 *   `orderChangeAnnounce`, the follow-up view showing the shipment.
 * - `outbox-updated` to the console for every diner message written.
 * - `tracking-{logisticsOrderId}` of every order touched: `tracking-updated`
 *   with the customer's whole tracking answer (tracking-service.ts, ADR 025).
 *
 * A failed publish is logged, never turned into an error answer: the change
 * itself stands.
 */
import { inArray } from 'drizzle-orm';
import { shipments } from '../db/schema/logistics';
import { rooms } from '../plugins/app/realtime';
import { shipmentStaffPresent, stackStaffPresent } from '../presenters/shipment-presenter';
import type { RiderShipmentEvent, ShipmentStaffItem } from '../presenters/shipment-schemas';
import { shipmentViews, shipmentViewsOfStack } from '../repositories/shipment-repository';
import { stackFind } from '../repositories/shipment-stack-repository';
import { afterCommit, consoleOutboxPublish } from './console-service';
import { type OrderAnnounceDeps, orderChangeAnnounce } from './order-events';
import type { ShipmentChanges } from './shipment-common';
import { type TrackingDeps, trackingChangesAnnounce } from './tracking-service';

/** `shipment-updated`'s event name, in both rooms. */
export const SHIPMENT_UPDATED = 'shipment-updated';

/** Publishes a transaction's shipment changes (see the module comment). Call it after commit. */
export async function shipmentChangesAnnounce(
  deps: OrderAnnounceDeps & Pick<TrackingDeps, 'routePlanner' | 'publicUrl'>,
  changes: ShipmentChanges,
): Promise<void> {
  const scope = { companyId: changes.companyId };
  const riders = rooms.riders(changes.branchContactId);
  const console = rooms.console(changes.branchContactId);
  const publish = (rider: RiderShipmentEvent, item: ShipmentStaffItem) => {
    deps.realtime.publish(riders, SHIPMENT_UPDATED, rider);
    deps.realtime.publish(console, SHIPMENT_UPDATED, item);
  };

  for (const stackId of [...changes.stackIds].sort((a, b) => a - b)) {
    await afterCommit(deps, `${SHIPMENT_UPDATED} stack ${stackId}`, async () => {
      const stack = await stackFind(deps.db, scope, stackId);
      if (!stack) return;
      const rows = await shipmentViewsOfStack(deps.db, scope, stackId);
      publish(
        { kind: 'stack', id: stack.id, status: stack.status, riderId: stack.riderId },
        { kind: 'stack', stack: stackStaffPresent(stack, rows) },
      );
    });
  }

  if (changes.shipmentIds.size > 0) {
    await afterCommit(deps, SHIPMENT_UPDATED, async () => {
      const rows = await shipmentViews(deps.db, scope, inArray(shipments.id, [...changes.shipmentIds]));
      // A stacked shipment is announced with its stack (above).
      for (const row of rows) {
        if (row.shipment.stackId !== null) continue;
        publish(
          { kind: 'simple', id: row.shipment.id, status: row.shipment.status, riderId: row.shipment.riderId },
          { kind: 'simple', shipment: shipmentStaffPresent(row) },
        );
      }
    });
  }

  for (const code of changes.orderCodes) await orderChangeAnnounce(deps, code);
  await afterCommit(deps, 'tracking-updated', () =>
    trackingChangesAnnounce(deps, changes.companyId, {
      shipmentIds: [...changes.shipmentIds],
      stackIds: [...changes.stackIds],
      orderCodes: [...changes.orderCodes],
    }),
  );
  if (changes.outboxIds.length > 0) {
    await afterCommit(deps, 'outbox-updated', () => consoleOutboxPublish(deps, changes.outboxIds));
  }
}

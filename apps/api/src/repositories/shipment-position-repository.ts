/**
 * A rider's last position (ADR 023), in one statement per report — the hot
 * path of the own fleet (every rider on shift, every few seconds):
 *
 * 1. the session: the token's hash names a live session of a rider on shift,
 *    of the company and location it was issued for — the very conditions of
 *    `riderSessionFind` (rider-session-repository.ts), which every other
 *    rider route applies through `app.riderAuth`;
 * 2. the position kept on the rider row only if the last kept one is at least
 *    `minIntervalMs` old (the domain's `riderPositionIsKept`, in SQL so that
 *    the check and the write are one statement; a clock set back never freezes
 *    it);
 * 3. the shipments the rider is on (taken, not delivered), whose tracking
 *    rooms hear of a kept position — with what their arrival estimate needs
 *    (ADR 025: destination, stack and place in it, the store's position and
 *    zone), so an estimate costs no further round trip.
 */
import type { LatLng } from '@comanda/domain/delivery-zone';
import type { ShipmentStatus } from '@comanda/domain/shipment';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

/** A shipment the rider holds on its way to a customer. */
export interface RiderPositionShipment {
  id: number;
  logisticsOrderId: number;
  status: ShipmentStatus;
  stackId: number | null;
  stackingOrder: number;
  destination: LatLng | null;
}

/** What a report found: the rider of the session (null: no live session), whether it was kept, and where it goes. */
export interface RiderPositionStored {
  rider: { id: number; companyId: number; branchContactId: number } | null;
  stored: boolean;
  /** The shipments on their way to customers (only when kept), and the store they leave from. */
  shipments: RiderPositionShipment[];
  place: { branch: LatLng | null; timeZone: string } | null;
}

const point = (lat: unknown, lng: unknown): LatLng | null =>
  lat === null || lng === null || lat === undefined || lng === undefined
    ? null
    : { lat: Number(lat), lng: Number(lng) };

export async function riderPositionStore(
  db: Queryable,
  input: {
    tokenHash: string;
    lat: number;
    lng: number;
    accuracy: number | null;
    now: Date;
    minIntervalMs: number;
  },
): Promise<RiderPositionStored> {
  const now = input.now.toISOString();
  const threshold = new Date(input.now.getTime() - input.minIntervalMs).toISOString();
  const result = (await db.execute(sql`
    with session as (
      select r.id, r.company_id, r.branch_contact_id
        from rider_sessions s
        join riders r
          on r.id = s.rider_id and r.company_id = s.company_id and r.branch_contact_id = s.branch_contact_id
       where s.token_hash = ${input.tokenHash} and s.expires_at > ${now}::timestamptz and r.active
       limit 1
    ), moved as (
      update riders
         set lat = ${input.lat}, lng = ${input.lng}, position_accuracy = ${input.accuracy},
             position_at = ${now}::timestamptz
        from session
       where riders.id = session.id
         and (riders.position_at is null or riders.position_at <= ${threshold}::timestamptz
              or riders.position_at > ${now}::timestamptz)
      returning riders.id
    )
    select session.id as rider_id, session.company_id, session.branch_contact_id,
           moved.id as moved_id, s.id as shipment_id, s.logistics_order_id, s.status as shipment_status,
           s.stack_id, s.stacking_order, o.status as order_status,
           case when jsonb_typeof(o.destination -> 'lat') = 'number' then (o.destination ->> 'lat')::float8 end
             as destination_lat,
           case when jsonb_typeof(o.destination -> 'lng') = 'number' then (o.destination ->> 'lng')::float8 end
             as destination_lng,
           bc.lat as branch_lat, bc.lng as branch_lng, coalesce(bc.timezone, ct.timezone) as time_zone
      from session
      left join moved on moved.id = session.id
      left join shipments s
        on s.rider_id = moved.id and s.company_id = session.company_id
       and s.status in ('ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF')
      left join logistics_orders lo on lo.id = s.logistics_order_id and lo.company_id = s.company_id
      left join orders o on o.id = lo.order_id and o.company_id = s.company_id
      left join branch_contacts bc
        on moved.id is not null and bc.id = session.branch_contact_id and bc.company_id = session.company_id
      left join companies c on c.id = bc.company_id
      left join countries ct on ct.code = c.country_code
  `)) as unknown as {
    rows: {
      rider_id: number;
      company_id: number;
      branch_contact_id: number;
      moved_id: number | null;
      shipment_id: number | null;
      logistics_order_id: number | null;
      shipment_status: string | null;
      stack_id: number | null;
      stacking_order: number | null;
      order_status: string | null;
      destination_lat: number | null;
      destination_lng: number | null;
      branch_lat: number | null;
      branch_lng: number | null;
      time_zone: string | null;
    }[];
  };
  const [first] = result.rows;
  if (!first) return { rider: null, stored: false, shipments: [], place: null };
  const stored = first.moved_id !== null;
  return {
    rider: {
      id: Number(first.rider_id),
      companyId: Number(first.company_id),
      branchContactId: Number(first.branch_contact_id),
    },
    stored,
    // An order delivered or cancelled by the venue is no one's to follow any more, whatever its shipment says.
    shipments: result.rows.flatMap((row) =>
      row.shipment_id === null ||
      row.logistics_order_id === null ||
      row.order_status === 'DELIVERED' ||
      row.order_status === 'CANCELED'
        ? []
        : [
            {
              id: Number(row.shipment_id),
              logisticsOrderId: Number(row.logistics_order_id),
              status: row.shipment_status as ShipmentStatus,
              stackId: row.stack_id === null ? null : Number(row.stack_id),
              stackingOrder: Number(row.stacking_order ?? 0),
              destination: point(row.destination_lat, row.destination_lng),
            },
          ],
    ),
    place:
      stored && first.time_zone !== null
        ? { branch: point(first.branch_lat, first.branch_lng), timeZone: first.time_zone }
        : null,
  };
}

/**
 * A rider's last position (ADR 023): kept on the rider row, at most once per
 * `RIDER_POSITION_MIN_INTERVAL_MS` (the domain's `riderPositionIsKept`, stated
 * here in SQL so that the check and the write are one statement), only while
 * the rider is on shift. The same statement answers the logistics orders the
 * rider is on (taken, not delivered), whose tracking rooms hear of it.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

/** Stores a reported position; `stored` false when throttled (or the rider is off shift). */
export async function riderPositionStore(
  db: Queryable,
  input: {
    riderId: number;
    companyId: number;
    branchContactId: number;
    lat: number;
    lng: number;
    accuracy: number | null;
    now: Date;
    minIntervalMs: number;
  },
): Promise<{ stored: boolean; logisticsOrderIds: number[] }> {
  const now = input.now.toISOString();
  const threshold = new Date(input.now.getTime() - input.minIntervalMs).toISOString();
  const result = (await db.execute(sql`
    with moved as (
      update riders
         set lat = ${input.lat}, lng = ${input.lng}, position_accuracy = ${input.accuracy},
             position_at = ${now}::timestamptz
       where id = ${input.riderId} and company_id = ${input.companyId}
         and branch_contact_id = ${input.branchContactId} and active
         and (position_at is null or position_at <= ${threshold}::timestamptz or position_at > ${now}::timestamptz)
      returning id
    )
    select moved.id as rider_id, s.logistics_order_id
      from moved
      left join shipments s
        on s.rider_id = moved.id and s.company_id = ${input.companyId}
       and s.status in ('ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF')
  `)) as unknown as { rows: { rider_id: number; logistics_order_id: number | null }[] };
  const rows = result.rows;
  return {
    stored: rows.length > 0,
    logisticsOrderIds: [
      ...new Set(
        rows.flatMap((row) => (row.logistics_order_id === null ? [] : [Number(row.logistics_order_id)])),
      ),
    ],
  };
}

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
 * 3. the logistics orders the rider is on (taken, not delivered), whose
 *    tracking rooms hear of a kept position.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

/** What a report found: the rider of the session (null: no live session), whether it was kept, and where it goes. */
export interface RiderPositionStored {
  rider: { id: number; companyId: number; branchContactId: number } | null;
  stored: boolean;
  logisticsOrderIds: number[];
}

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
           moved.id as moved_id, s.logistics_order_id
      from session
      left join moved on moved.id = session.id
      left join shipments s
        on s.rider_id = moved.id and s.company_id = session.company_id
       and s.status in ('ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF')
  `)) as unknown as {
    rows: {
      rider_id: number;
      company_id: number;
      branch_contact_id: number;
      moved_id: number | null;
      logistics_order_id: number | null;
    }[];
  };
  const [first] = result.rows;
  if (!first) return { rider: null, stored: false, logisticsOrderIds: [] };
  return {
    rider: {
      id: Number(first.rider_id),
      companyId: Number(first.company_id),
      branchContactId: Number(first.branch_contact_id),
    },
    stored: first.moved_id !== null,
    logisticsOrderIds: [
      ...new Set(
        result.rows.flatMap((row) =>
          row.logistics_order_id === null ? [] : [Number(row.logistics_order_id)],
        ),
      ),
    ],
  };
}

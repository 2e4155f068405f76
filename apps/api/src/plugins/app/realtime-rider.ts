/**
 * Realtime for the own fleet (ADR 023): which rider or tracking room a socket
 * may join, and the periodic re-check of rider sockets.
 *
 * - `riders-{branchContactId}`: only a socket whose handshake carried a rider
 *   session token (`auth: { riderToken }`) of that location, checked again at
 *   join time (a shift that ended no longer joins).
 * - `tracking-{logisticsOrderId}`: rider positions go there, so it is no
 *   longer public: the join must prove the order, `{ room, orderCode }`, the
 *   code of the order behind that logistics order (what the customer's
 *   tracking link carries; never shown to riders).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { Queryable } from '../../db/client';
import { logisticsOrderCodeOf } from '../../repositories/shipment-order-repository';
import type { RiderPrincipal } from '../../services/rider-session-service';

export const RIDERS_ROOM = /^riders-(\d{1,10})$/;
export const TRACKING_ROOM = /^tracking-(\d{1,12})$/;
const ORDER_CODE = /^[A-Za-z0-9]{6,32}$/;

/** What a client sends to join: a room name, or `{ room, orderCode }` for a tracking room. */
export function joinRequestOf(payload: unknown): { room: string; orderCode: string | null } | null {
  if (typeof payload === 'string') return { room: payload, orderCode: null };
  if (!payload || typeof payload !== 'object') return null;
  const { room, orderCode } = payload as { room?: unknown; orderCode?: unknown };
  if (typeof room !== 'string') return null;
  return { room, orderCode: typeof orderCode === 'string' ? orderCode : null };
}

/** Whether a rider or tracking room may be joined; undefined when `room` is neither. */
export async function riderRoomMayJoin(
  deps: { db: Queryable; resolve: (token: string) => Promise<RiderPrincipal | undefined> },
  socket: { data: { riderToken?: string } },
  request: { room: string; orderCode: string | null },
): Promise<boolean | undefined> {
  const riders = RIDERS_ROOM.exec(request.room);
  if (riders) {
    if (!socket.data.riderToken) return false;
    const rider = await deps.resolve(socket.data.riderToken);
    return rider?.branchContactId === Number(riders[1]);
  }
  const tracking = TRACKING_ROOM.exec(request.room);
  if (tracking) {
    const code = request.orderCode?.trim();
    if (!code || !ORDER_CODE.test(code)) return false;
    const expected = await logisticsOrderCodeOf(deps.db, Number(tracking[1]));
    return expected !== undefined && expected.toUpperCase() === code.toUpperCase();
  }
  return undefined;
}

/**
 * Re-checks this process's rider sockets: one whose session no longer
 * resolves (shift ended, rider disapproved, expired) is disconnected; one
 * whose location changed leaves the rider rooms it lost.
 */
export async function riderSocketsRecheck(
  io: Server,
  resolve: (token: string) => Promise<RiderPrincipal | undefined>,
  log: FastifyBaseLogger,
): Promise<void> {
  const byToken = new Map<string, Socket[]>();
  for (const socket of io.sockets.sockets.values()) {
    const token: unknown = socket.data.riderToken;
    if (typeof token !== 'string') continue;
    byToken.set(token, [...(byToken.get(token) ?? []), socket]);
  }
  for (const [token, sockets] of byToken) {
    let rider: RiderPrincipal | undefined;
    try {
      rider = await resolve(token);
    } catch (error) {
      log.error({ err: error }, 'rider socket re-check failed');
      continue;
    }
    for (const socket of sockets) {
      if (!rider) {
        socket.disconnect(true);
        continue;
      }
      for (const room of socket.rooms) {
        const match = RIDERS_ROOM.exec(room);
        if (match && Number(match[1]) !== rider.branchContactId) void socket.leave(room);
      }
    }
  }
}

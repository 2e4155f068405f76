/**
 * Re-checks the staff sockets of this process against the database: a socket
 * whose session no longer resolves (logged out, expired, password changed,
 * account removed) is disconnected, and a socket in a `console-*` room its
 * staff member may no longer see (location taken away, or retired) leaves it.
 *
 * Runs on demand (after a tenant import through the admin API, on every
 * process through the Redis adapter) and every few seconds (to catch changes
 * written by another process that holds no sockets: the tenant CLI). One
 * session lookup per distinct session, not per socket or per event.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { StaffPrincipal } from '../../services/staff-auth-service';

/** `console-{id}` as joined by a staff socket. */
export const CONSOLE_ROOM = /^console-(\d{1,10})$/;

export async function staffSocketsRecheck(
  io: Server,
  resolve: (token: string) => Promise<StaffPrincipal | undefined>,
  log: FastifyBaseLogger,
): Promise<void> {
  const byToken = new Map<string, Socket[]>();
  for (const socket of io.sockets.sockets.values()) {
    const token: unknown = socket.data.staffToken;
    if (typeof token !== 'string') continue;
    const list = byToken.get(token);
    if (list) list.push(socket);
    else byToken.set(token, [socket]);
  }
  for (const [token, sockets] of byToken) {
    let staff: StaffPrincipal | undefined;
    try {
      staff = await resolve(token);
    } catch (error) {
      // A database hiccup is no reason to drop consoles; the next pass tries again.
      log.error({ err: error }, 'staff socket re-check failed');
      continue;
    }
    for (const socket of sockets) {
      if (!staff) {
        socket.disconnect(true);
        continue;
      }
      for (const room of socket.rooms) {
        const match = CONSOLE_ROOM.exec(room);
        if (match && !staff.branchContactIds.has(Number(match[1]))) void socket.leave(room);
      }
    }
  }
}

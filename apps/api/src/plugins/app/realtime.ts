import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Config } from '../../config';
import { siteConsoleSocketAllows } from '../../lib/site-origins';
import { joinRequestOf, riderRoomMayJoin, riderSocketsRecheck } from './realtime-rider';
import { CONSOLE_ROOM, staffSocketsRecheck } from './realtime-staff-recheck';

/** Room names, as the spec names channels. */
export const rooms = {
  tracking: (logisticsOrderId: number) => `tracking-${logisticsOrderId}`,
  order: (orderCode: string) => `order-${orderCode}`,
  console: (branchContactId: number) => `console-${branchContactId}`,
  riders: (branchContactId: number) => `riders-${branchContactId}`,
};

/** Rooms a client may join without credentials: named by unguessable order codes. */
const publicRoom = /^order-[A-Za-z0-9]{6,32}$/;

/** A console room: joined only with a staff session that may see that branch contact. */
const consoleRoom = CONSOLE_ROOM;

/** Server-to-server message (Redis adapter): every process re-checks its staff sockets now. */
const RECHECK_MESSAGE = 'staff-recheck';

/** The internal room of one staff session's sockets (never joinable by a client), so logout reaches them. */
const sessionRoom = (tokenHash: string) => `staff-session-${tokenHash}`;

export interface Realtime {
  /**
   * The one place events leave the server. Call it only after the transaction
   * that caused the event has committed, so no client hears of a change that
   * was rolled back.
   */
  publish(room: string, event: string, payload: unknown): void;
  /** Disconnects every socket of a staff session, on any process (logout). */
  sessionDisconnect(tokenHash: string): void;
  /**
   * Re-checks every staff socket against the database now: this process's
   * before the promise settles, the other processes' (Redis adapter) as soon
   * as they hear of it. Call after a commit that may take access away.
   */
  staffRecheck(): Promise<void>;
  /**
   * Closes every socket of this process at the transport, so clients reconnect
   * on their own (to another process behind the load balancer) and rejoin their
   * rooms. A Socket.IO disconnect ('io server disconnect') would tell them the
   * opposite: never to reconnect. Safe to call more than once.
   */
  close(): void;
  io: Server;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * Socket.IO on the API's own HTTP server (one process, one port). With
 * REDIS_URL the Redis adapter fans events out to clients connected to any API
 * process, on channels under REDIS_KEY_PREFIX. Websocket transport only: no
 * sticky sessions needed behind a load balancer.
 *
 * Diners join `order-{code}` freely (an unguessable name). `tracking-{id}`
 * carries rider positions: joined only with `{ room, orderCode }` naming the
 * order behind it. Riders connect with `auth: { riderToken }` (a shift
 * session) and join `riders-{branchContactId}` of their own location only;
 * their sockets follow the session like staff sockets (realtime-rider.ts).
 * The orders console connects with `auth: { token }` (a staff session token):
 * a token that does not resolve refuses the connection ('unauthorized'), and
 * `console-{branchContactId}` is joined only when the session — checked again
 * at join time, so a logout or expiry counts — may see that branch contact.
 * A staff socket is disconnected at logout and when its session expires, and
 * re-checked every STAFF_SOCKET_RECHECK_SECONDS and after a tenant import:
 * access taken away disconnects it or makes it leave the rooms it lost.
 * A socket joins at most REALTIME_ROOMS_PER_SOCKET rooms.
 */
export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const io = new Server(app.server, {
      transports: ['websocket'],
      serveClient: false,
      cors: config.corsOrigins.length > 0 ? { origin: config.corsOrigins } : undefined,
    });

    if (config.redisUrl) {
      const pub = new Redis(config.redisUrl, { lazyConnect: false });
      const sub = pub.duplicate();
      // While Redis is unreachable, events reach this process's own clients only; ioredis reconnects and
      // subscribes again by itself. One line per outage, not one per reconnect attempt.
      let unreachable = false;
      const lost = (error: Error) => {
        if (!unreachable)
          app.log.warn({ err: error }, 'realtime: Redis unreachable, events stay in this process');
        unreachable = true;
      };
      pub.on('error', lost);
      sub.on('error', lost);
      sub.on('ready', () => {
        unreachable = false;
      });
      io.adapter(createAdapter(pub, sub, { key: `${config.redisKeyPrefix}:socket.io` }));
      app.addHook('onClose', async () => {
        pub.disconnect();
        sub.disconnect();
      });
    }

    // A rider token in the handshake must be a live shift session.
    io.use((socket, next) => {
      const riderToken: unknown = socket.handshake.auth?.riderToken;
      if (riderToken === undefined || riderToken === null || riderToken === '') return next();
      app.riderSessions
        .resolve(typeof riderToken === 'string' ? riderToken : undefined)
        .then((rider) => {
          if (!rider) return next(new Error('unauthorized'));
          socket.data.riderToken = riderToken;
          const expiry = setTimeout(
            () => socket.disconnect(true),
            Math.max(0, Math.min(rider.expiresAt.getTime() - app.clock.now(), 2 ** 31 - 1)),
          );
          expiry.unref();
          socket.once('disconnect', () => clearTimeout(expiry));
          next();
        })
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'rider socket authentication failed');
          next(new Error('unavailable'));
        });
    });

    // A staff token in the handshake must be a live session; diners send none.
    io.use((socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      if (token === undefined || token === null || token === '') return next();
      // A staff socket only from the console's origin (decisions/017).
      if (!siteConsoleSocketAllows(config.origins, socket.handshake)) return next(new Error('unauthorized'));
      app.staffSessions
        .resolve(typeof token === 'string' ? token : undefined)
        .then((staff) => {
          if (!staff) return next(new Error('unauthorized'));
          socket.data.staffToken = token;
          void socket.join(sessionRoom(staff.tokenHash));
          const expiry = setTimeout(
            () => socket.disconnect(true),
            Math.max(0, Math.min(staff.expiresAt.getTime() - app.clock.now(), 2 ** 31 - 1)),
          );
          expiry.unref();
          socket.once('disconnect', () => clearTimeout(expiry));
          next();
        })
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'staff socket authentication failed');
          next(new Error('unavailable'));
        });
    });

    /** Whether this socket may join `room` now (`orderCode`: the proof a tracking room asks for). */
    const mayJoin = async (
      socket: { data: { staffToken?: string; riderToken?: string } },
      room: string,
      orderCode: string | null,
    ): Promise<boolean> => {
      if (publicRoom.test(room)) return true;
      const rider = await riderRoomMayJoin(
        { db: app.db, resolve: (token) => app.riderSessions.resolve(token) },
        socket,
        { room, orderCode },
      );
      if (rider !== undefined) return rider;
      const match = consoleRoom.exec(room);
      if (!match || !socket.data.staffToken) return false;
      const staff = await app.staffSessions.resolve(socket.data.staffToken);
      return staff?.branchContactIds.has(Number(match[1])) ?? false;
    };

    /** Rooms the client asked for (its own id's room and its session's room are the server's). */
    const joinedCount = (socket: { id: string; rooms: Set<string> }) => {
      let count = 0;
      for (const room of socket.rooms) if (room !== socket.id && !room.startsWith('staff-session-')) count++;
      return count;
    };
    const roomsPerSocket = config.realtime.roomsPerSocket;

    io.on('connection', (socket) => {
      socket.on('join', (payload: unknown, ack?: (result: { ok: boolean }) => void) => {
        const answer = (ok: boolean) => {
          if (typeof ack === 'function') ack({ ok });
        };
        const request = joinRequestOf(payload);
        if (!request) return answer(false);
        const { room } = request;
        const full = () => !socket.rooms.has(room) && joinedCount(socket) >= roomsPerSocket;
        if (full()) return answer(false);
        mayJoin(socket, room, request.orderCode)
          .then(async (allowed) => {
            // Counted again after the check: joins sent together all passed the first count.
            const ok = allowed && !full();
            if (ok) await socket.join(room);
            answer(ok);
          })
          .catch((error: unknown) => {
            app.log.error({ err: error, room }, 'realtime join failed');
            answer(false);
          });
      });
      socket.on('leave', (room: unknown) => {
        if (typeof room === 'string') void socket.leave(room);
      });
    });

    const recheckLocal = () =>
      Promise.all([
        staffSocketsRecheck(io, (token) => app.staffSessions.resolve(token), app.log),
        riderSocketsRecheck(io, (token) => app.riderSessions.resolve(token), app.log),
      ]).then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, 'socket re-check failed'),
      );
    // One pass at a time: a slow database never piles passes up.
    let recheckRunning: Promise<void> | undefined;
    const recheckNow = () => {
      recheckRunning ??= recheckLocal().finally(() => {
        recheckRunning = undefined;
      });
      return recheckRunning;
    };
    /** A pass that starts after now: one under way may have read the database before the change. */
    const recheckFresh = async () => {
      await recheckRunning;
      await recheckNow();
    };
    io.on(RECHECK_MESSAGE, () => void recheckFresh());
    const recheckTimer = setInterval(() => void recheckNow(), config.realtime.staffRecheckSeconds * 1000);
    recheckTimer.unref();

    app.decorate('realtime', {
      io,
      publish(room, event, payload) {
        // Alone (no Redis adapter), a room nobody here joined has no one to hear it: skip encoding the
        // payload, which Socket.IO does before it looks for sockets (most orders place with no console open
        // on this process).
        if (!config.redisUrl && !io.sockets.adapter.rooms.has(room)) return;
        io.to(room).emit(event, payload);
      },
      sessionDisconnect(tokenHash) {
        io.in(sessionRoom(tokenHash)).disconnectSockets(true);
      },
      async staffRecheck() {
        if (config.redisUrl) io.serverSideEmit(RECHECK_MESSAGE);
        await recheckFresh();
      },
      close() {
        clearInterval(recheckTimer);
        io.engine.close();
      },
    } satisfies Realtime);

    // Drop this process's sockets before the HTTP server stops listening (it
    // would wait on them); io.close() would close that server a second time.
    app.addHook('preClose', async () => {
      app.realtime.close();
      await recheckRunning;
    });
  },
  { name: 'realtime', dependencies: ['staff-auth', 'rider-auth'] },
);

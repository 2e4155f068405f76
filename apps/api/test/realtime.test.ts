import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '../src/plugins/app/realtime';
import { useTestApp } from './support/test-app';

describe('realtime rooms', () => {
  const ctx = useTestApp('pglite');
  let socket: Socket;

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  });

  afterAll(() => {
    socket?.close();
  });

  const join = (room: string) =>
    new Promise<{ ok: boolean }>((resolve) => socket.emit('join', room, resolve));

  it('delivers an event published to a room the client joined', async () => {
    expect(await join(rooms.order('ABC123XYZ'))).toEqual({ ok: true });
    const received = new Promise((resolve) => socket.once('order-update', resolve));
    ctx.app.realtime.publish(rooms.order('ABC123XYZ'), 'order-update', { status: 'ACCEPTED' });
    await expect(received).resolves.toEqual({ status: 'ACCEPTED' });
  });

  it('refuses to join a console room without credentials', async () => {
    expect(await join(rooms.console(1))).toEqual({ ok: false });
  });

  it('does not deliver events of rooms the client did not join', async () => {
    const events: unknown[] = [];
    socket.on('order-update', (payload) => events.push(payload));
    ctx.app.realtime.publish(rooms.order('OTHER99999'), 'order-update', { status: 'READY' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(events).toEqual([]);
  });

  it('lets one socket join at most REALTIME_ROOMS_PER_SOCKET rooms, even when asked all at once', async () => {
    const limit = ctx.config.realtime.roomsPerSocket;
    expect(limit).toBe(50);
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const greedy = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true });
    try {
      await new Promise<void>((resolve) => greedy.on('connect', () => resolve()));
      const joinOn = (room: string) =>
        new Promise<{ ok: boolean }>((resolve) => greedy.emit('join', room, resolve));
      // 80 joins sent together: exactly the limit get in.
      const answers = await Promise.all(
        Array.from({ length: 80 }, (_, i) => joinOn(rooms.order(`LIMIT${1000 + i}`))),
      );
      expect(answers.filter((answer) => answer.ok)).toHaveLength(limit);
      const joined = Array.from({ length: 80 }, (_, i) => 1000 + i).filter((_, i) => answers[i]?.ok);
      expect(await joinOn(rooms.order('FULL12345'))).toEqual({ ok: false });
      // A room it is already in still answers ok; leaving one makes room for another.
      expect(await joinOn(rooms.order(`LIMIT${joined[0]}`))).toEqual({ ok: true });
      greedy.emit('leave', rooms.order(`LIMIT${joined[0]}`));
      expect(await joinOn(rooms.order('FULL12345'))).toEqual({ ok: true });
      const server = ctx.app.realtime.io.sockets.sockets.get(greedy.id ?? '');
      expect(server?.rooms.size).toBe(limit + 1);
    } finally {
      greedy.close();
    }
  });
});

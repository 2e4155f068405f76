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
});

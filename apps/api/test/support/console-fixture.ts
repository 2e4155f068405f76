/**
 * Helpers of the orders console tests: staff logins, authenticated requests,
 * orders placed through `POST /api/order` at Fuego Palermo (the example
 * tenant), and Socket.IO clients.
 */
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { extraOf, type LocationIds, orderPost, plateOf, sizeOf } from './order-fixture';
import type { TestContext } from './test-app';

/** The example tenant's staff (tenant-example.json). */
export const FUEGO_OWNER = { email: 'lucia@fuego.example', password: 'cambiar-esta-clave' };
export const FUEGO_PALERMO_STAFF = { email: 'palermo@fuego.example', password: 'mostrador-1234' };
/** The same staff in the renamed copy `chispa` (tenantExampleRenamed). */
export const CHISPA_OWNER = { email: 'lucia@chispa.example', password: 'cambiar-esta-clave' };

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field
  body: any;
  headers: Record<string, unknown>;
}

/** Any request through app.inject, with a staff token when given. */
export async function request(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string | null; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await ctx.app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
  });
  return {
    status: response.statusCode,
    body: response.body ? response.json() : undefined,
    headers: response.headers,
  };
}

/** Logs in and answers the token; fails the test on anything but 200. */
export async function staffLogin(
  ctx: TestContext,
  who: { email: string; password: string },
): Promise<string> {
  const answer = await request(ctx, 'POST', '/api/staff/login', { payload: who });
  if (answer.status !== 200)
    expect.fail(`login of ${who.email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token as string;
}

let phoneCounter = 0;
/** A valid Buenos Aires mobile, different on every call. */
export function freshPhone(): string {
  phoneCounter += 1;
  return `+549116${String(1_000_000 + ((phoneCounter * 7919 + Math.floor(Math.random() * 1000)) % 8_999_999)).padStart(7, '0')}`;
}

/** Clásica (simple, potato bread) of a mode's menu, with optional notes and extra cheddar (+800). */
export function clasicaLine(
  location: LocationIds,
  mode: string,
  options: { notes?: string; cheddar?: boolean } = {},
) {
  const plate = plateOf(location, mode, 'Clásica');
  return {
    referenceId: plate.id,
    sizeId: sizeOf(plate, 'Simple'),
    quantity: 1,
    ...(options.notes ? { notes: options.notes } : {}),
    extras: [
      extraOf(plate, 'Elegí tu pan', { 'Pan de papa': 1 }),
      ...(options.cheddar ? [extraOf(plate, 'Extras', { 'Cheddar extra': 1 })] : []),
    ],
  };
}

/** Palermo take-away, Clásica simple, cash: 7650 (10 % off for taking it away). */
export function palermoTakeAway(palermo: LocationIds, overrides: Record<string, unknown> = {}) {
  return {
    orderModeId: palermo.modes.TAKE_AWAY,
    branchContact: { id: palermo.id },
    type: 'TAKE_AWAY',
    items: [clasicaLine(palermo, 'TAKE_AWAY')],
    price: 7650,
    paymentType: { id: palermo.paymentTypes.TAKE_AWAY?.CASH },
    paysWith: 10000,
    phone: freshPhone(),
    customerName: 'Ana Pérez',
    ...overrides,
  };
}

/**
 * Places an order, trying the server's price when the first answer is a 409
 * (the payload's price was only a guess); answers the 201 body.
 */
export async function orderPlace(ctx: TestContext, payload: Record<string, unknown>) {
  let answer = await orderPost(ctx, payload, randomUUID());
  if (answer.status === 409) {
    answer = await orderPost(ctx, { ...payload, price: answer.body.breakdown.price }, randomUUID());
  }
  if (answer.status !== 201) expect.fail(`order refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { id: number; code: string; status: string; price: number };
}

/** Listens on a free loopback port (once per app) and answers the base URL. */
export async function appListen(ctx: TestContext): Promise<string> {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}`;
}

/** A connected Socket.IO client (websocket only), with a staff token when given; rejects on connect_error. */
export async function socketConnect(baseUrl: string, token?: string): Promise<Socket> {
  const socket = connect(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(token !== undefined ? { auth: { token } } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}

/** Joins a room; answers whether the server allowed it. */
export function socketJoin(socket: Socket, room: string): Promise<boolean> {
  return new Promise((resolve) => socket.emit('join', room, (result: { ok: boolean }) => resolve(result.ok)));
}

/** The next `event` on a socket (rejects after `ms`). */
export function socketNext<T = unknown>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

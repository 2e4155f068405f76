import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders, payments } from '../../src/db/schema/orders';
import { type PaymentsConfig, paymentsConfigFromEnv } from '../../src/payments/config';
import { tenantExample, tenantExampleRenamed } from './diner-fixture';
import { type LocationIds, orderPlaceAtServerPrice, plateOf } from './order-fixture';
import type { TestContext } from './test-app';

/** Payments configuration for tests: quick sandbox decisions, generous rate limits. */
export function paymentsTestConfig(overrides: Partial<PaymentsConfig> = {}): PaymentsConfig {
  return {
    ...paymentsConfigFromEnv({}),
    sandbox: { decisionMs: 30, pendingMs: 2_000 },
    resultWaitMs: 1_000,
    providerTimeoutMs: 2_000,
    rateLimitPerMinute: 100_000,
    ...overrides,
  };
}

/** Generous limits for the order routes the tests place orders with. */
export const generousOrderLimits = { order: 100_000, codeValidate: 100_000, clientLog: 100_000 };

/**
 * The example tenant with Palermo's take-away paying by card through
 * `cardProvider` (upload API) and by payment link through `linkProvider`.
 * With `prefix`, every alias is renamed (a second, independent company).
 */
export function paymentsTenant(
  options: { prefix?: string; cardProvider?: string; linkProvider?: string } = {},
) {
  const tenant = (options.prefix ? tenantExampleRenamed(options.prefix) : tenantExample()) as {
    branches: {
      branchContacts: { orderModes: { type: string; paymentTypes: Record<string, unknown>[] }[] }[];
    }[];
  };
  const palermo = tenant.branches[0]?.branchContacts[0];
  const takeAway = palermo?.orderModes.find((mode) => mode.type === 'TAKE_AWAY');
  if (!takeAway) throw new Error('the example tenant changed: no Palermo take-away');
  for (const type of takeAway.paymentTypes) {
    if (type.paymentMethod === 'CARD_ONLINE') {
      type.onlinePayment = { providerName: options.cardProvider ?? 'MERCADOPAGO' };
    }
  }
  takeAway.paymentTypes.push({
    key: 'link-pago',
    showName: 'Link de pago',
    description: 'Te enviamos un link para pagar',
    paymentMethod: 'PAYMENT_LINK',
    active: true,
    upload: 'APP',
    onlinePayment: { providerName: options.linkProvider ?? 'MERCADOPAGO' },
  });
  return tenant;
}

/** An order placed through `POST /api/order` at Palermo take-away, paid with `method`. */
export async function paymentOrderPlace(
  ctx: TestContext,
  location: LocationIds,
  method: 'CARD_ONLINE' | 'PAYMENT_LINK' | 'CASH',
  quantity = 1,
): Promise<{ code: string; price: number }> {
  const paymentTypeId = location.paymentTypes.TAKE_AWAY?.[method];
  if (!paymentTypeId) throw new Error(`no ${method} payment type at ${location.alias} take-away`);
  const placed = await orderPlaceAtServerPrice(ctx, {
    orderModeId: location.modes.TAKE_AWAY,
    branchContact: { id: location.id },
    type: 'TAKE_AWAY',
    items: [{ referenceId: plateOf(location, 'TAKE_AWAY', 'Papas fritas').id, quantity }],
    paymentType: { id: paymentTypeId },
    ...(method === 'CASH' ? { paysWith: 100_000 } : {}),
    phone: `+54911${String(50_000_000 + Math.floor(Math.random() * 49_999_999))}`,
    customerName: 'Ana Pérez',
    customerEmail: 'ana@example.com',
  });
  return { code: placed.body.code, price: placed.body.price };
}

/** The order row (payment status and all) by code. */
export async function orderRow(ctx: TestContext, code: string) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.code, code));
  if (!row) throw new Error(`no order ${code}`);
  return row;
}

/** The payment rows of an order, oldest first. */
export async function paymentRows(ctx: TestContext, code: string) {
  const order = await orderRow(ctx, code);
  return (await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id))).sort(
    (a, b) => a.id - b.id,
  );
}

/** POST JSON through app.inject, with headers. */
export async function inject(
  ctx: TestContext,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await ctx.app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
  return {
    status: response.statusCode,
    headers: response.headers,
    // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field
    body: body as any,
    raw: response.body,
  };
}

/** A sandbox card token for a test card. */
export async function sandboxToken(ctx: TestContext, cardNumber: string): Promise<string> {
  const response = await inject(ctx, 'POST', '/api/sandbox/card_tokens', {
    cardNumber,
    cardholderName: 'ANA PEREZ',
    cardExpiry: '12/39',
    securityCode: '123',
    identificationType: 'DNI',
    identificationNumber: '30123456',
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id;
}

/** The spec's card payment submission for an order and a token. */
export function cardPayment(code: string, token: string, paymentMethodId = 'visa') {
  return {
    token,
    paymentMethodId,
    dinerOrderId: code,
    cardName: 'ANA PEREZ',
    identificationType: 'DNI',
    identificationNumber: '30.123.456',
  };
}

/** `POST /api/order/payment` with an Idempotency-Key (a fresh one unless given). */
export function orderPay(ctx: TestContext, body: unknown, key: string = randomUUID()) {
  return inject(ctx, 'POST', '/api/order/payment', body, { 'idempotency-key': key });
}

/** Polls `check` until it returns a truthy value or the time runs out. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A TCP port free right now on 127.0.0.1 (for an app that must be reachable by a fake provider). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Records every realtime publish of the app (the publish still happens). */
export function publishRecorder(ctx: TestContext) {
  const events: { room: string; event: string; payload: unknown }[] = [];
  const realtime = ctx.app.realtime;
  const original = realtime.publish.bind(realtime);
  realtime.publish = (room, event, payload) => {
    events.push({ room, event, payload });
    original(room, event, payload);
  };
  return events;
}

/** When a redirect payment's one commit was claimed (undefined when never). */
export function commitStartedAt(row: { detail: unknown } | undefined): string | undefined {
  return (row?.detail as { commit?: { startedAt?: string } } | undefined)?.commit?.startedAt;
}

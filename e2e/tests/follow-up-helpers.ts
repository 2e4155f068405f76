import type { APIRequestContext } from '@playwright/test';

/**
 * Orders for the follow-up tests, placed through the API like the checkout
 * does: Brasa Caballito's take-away (open 00:00–23:59 every day), a plate
 * without garnishes (an empanada), the price the server answers in its 409.
 */
export const ALIAS = 'brasa-caballito';
const OWNER = { email: 'martin@brasa.example', password: 'brasa-demo-dueno' };

interface Entity {
  branchContact: {
    id: number;
    deliveryConfig: {
      orderModes: { id: number; type: string; paymentTypes: { id: number; paymentMethod: string }[] }[];
    };
  };
}

export async function orderPlace(
  request: APIRequestContext,
  paymentMethod: 'CASH' | 'CARD_ONLINE' = 'CASH',
  options: { scheduledAt?: string; phone?: string; alias?: string } = {},
): Promise<{ code: string; id: number; price: number; phone: string }> {
  const alias = options.alias ?? ALIAS;
  const entity = (await (await request.get(`/api/diner/${alias}`)).json()) as Entity;
  const contact = entity.branchContact;
  const mode = contact.deliveryConfig.orderModes.find((candidate) => candidate.type === 'TAKE_AWAY');
  if (!mode) throw new Error('no take-away mode');
  const paymentType = mode.paymentTypes.find((candidate) => candidate.paymentMethod === paymentMethod);
  if (!paymentType) throw new Error(`no ${paymentMethod} payment type`);
  const menu = (await (
    await request.get(`/api/diner/${alias}/menu/${contact.id}`, { params: { orderModeId: mode.id } })
  ).json()) as { plates?: unknown };
  const plateId = plateIdByName(menu, 'Empanada de carne cortada a cuchillo');
  const payload = {
    orderModeId: mode.id,
    branchContact: { id: contact.id },
    type: 'TAKE_AWAY',
    items: [{ referenceId: plateId, quantity: 2, notes: 'Sin sal' }],
    price: 0,
    paymentType: { id: paymentType.id },
    ...(paymentMethod === 'CASH' ? { paysWith: 100000 } : {}),
    phone: options.phone ?? `+54911${String(Date.now()).slice(-8)}`,
    ...(options.scheduledAt ? { scheduled: true, scheduledAt: options.scheduledAt } : {}),
    customerName: 'Ana Pérez',
    customerEmail: 'ana.perez@example.com',
    notes: 'Tocar timbre',
  };
  const key = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const first = await request.post('/api/order', { data: payload, headers: { 'idempotency-key': key() } });
  let answer = first;
  if (first.status() === 409) {
    const { breakdown } = (await first.json()) as { breakdown: { price: number } };
    answer = await request.post('/api/order', {
      data: { ...payload, price: breakdown.price },
      headers: { 'idempotency-key': key() },
    });
  }
  if (!answer.ok()) throw new Error(`order placement failed: ${answer.status()} ${await answer.text()}`);
  const placed = (await answer.json()) as { code: string; id: number; price: number };
  return { ...placed, phone: payload.phone };
}

/** The id of the plate named `name` (no sizes, no garnishes), found anywhere in the menu answer. */
function plateIdByName(menu: unknown, name: string): number {
  let found: number | undefined;
  const walk = (node: unknown) => {
    if (found !== undefined || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.id === 'number' && (record.name === name || record.showName === name))
      found = record.id;
    for (const value of Object.values(record)) walk(value);
  };
  walk(menu);
  if (found === undefined) throw new Error(`no plate ${name} in the menu`);
  return found;
}

export async function staffToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/staff/login', { data: OWNER });
  if (!answer.ok()) throw new Error(`staff login failed: ${answer.status()}`);
  return ((await answer.json()) as { token: string }).token;
}

export async function orderMove(
  request: APIRequestContext,
  token: string,
  id: number,
  status: 'ACCEPTED' | 'READY' | 'DELIVERED' | 'CANCELED',
  reason?: string,
) {
  const answer = await request.post(`/api/console/orders/${id}/status`, {
    data: { status, ...(reason ? { reason } : {}) },
    headers: { authorization: `Bearer ${token}` },
  });
  if (!answer.ok()) throw new Error(`move failed: ${answer.status()} ${await answer.text()}`);
}

/** Test cards of the sandbox provider (apps/api/src/payments/sandbox). */
export const CARDS = {
  approves: '4509 9535 6623 3704',
  declines: '4000 0000 0000 0002',
  staysPending: '4000 0000 0000 0036',
} as const;

/**
 * Pays a card order through the API as the page does (sandbox token, then
 * `POST /api/order/payment`) and waits until the order reads PAID.
 */
export async function orderPayByApi(request: APIRequestContext, code: string): Promise<void> {
  const token = await request.post('/api/sandbox/card_tokens', {
    data: {
      cardNumber: CARDS.approves.replace(/ /g, ''),
      cardholderName: 'ANA PEREZ',
      cardExpiry: '12/30',
      securityCode: '123',
    },
  });
  if (!token.ok()) throw new Error(`card token failed: ${token.status()} ${await token.text()}`);
  const { id, paymentMethodId } = (await token.json()) as { id: string; paymentMethodId: string };
  const paid = await request.post('/api/order/payment', {
    data: {
      token: id,
      paymentMethodId,
      dinerOrderId: code,
      cardName: 'ANA PEREZ',
      identificationType: 'DNI',
      identificationNumber: '30123456',
    },
    headers: { 'idempotency-key': `e2e-pay-${code}` },
  });
  if (!paid.ok()) throw new Error(`payment failed: ${paid.status()} ${await paid.text()}`);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const view = (await (await request.get(`/api/diner/order/${code}`)).json()) as { paymentStatus: string };
    if (view.paymentStatus === 'PAID') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`order ${code} not PAID after 10 s`);
}

interface MenuPlate {
  id: number;
  garnishGroups?: { groupId: number; groupName: string; groupItems: { id: number; name: string }[] }[];
}

/** A plate of the menu answer by name, anywhere in it. */
function plateByName(menu: unknown, name: string): MenuPlate {
  let found: MenuPlate | undefined;
  const walk = (node: unknown) => {
    if (found || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.id === 'number' && (record.name === name || record.showName === name))
      found = record as unknown as MenuPlate;
    for (const value of Object.values(record)) walk(value);
  };
  walk(menu);
  if (!found) throw new Error(`no plate ${name} in the menu`);
  return found;
}

export interface RichLine {
  plate: string;
  quantity: number;
  notes?: string;
  /** Garnish names by group name. */
  extras?: Record<string, string[]>;
}

/**
 * Places an order of any mode of a location through the API, plates and
 * garnishes looked up by name in that mode's menu, at the price the server
 * answers in its 409.
 */
export async function orderPlaceRich(
  request: APIRequestContext,
  input: {
    alias: string;
    modeType: 'DELIVERY' | 'TAKE_AWAY' | 'DINE_IN';
    paymentMethod: 'CASH' | 'CARD_ONLINE';
    lines: RichLine[];
    extra: Record<string, unknown>;
  },
): Promise<{ code: string; id: number; price: number }> {
  const entity = (await (await request.get(`/api/diner/${input.alias}`)).json()) as Entity;
  const contact = entity.branchContact;
  const mode = contact.deliveryConfig.orderModes.find((candidate) => candidate.type === input.modeType);
  if (!mode) throw new Error(`no ${input.modeType} mode`);
  const paymentType = mode.paymentTypes.find((candidate) => candidate.paymentMethod === input.paymentMethod);
  if (!paymentType) throw new Error(`no ${input.paymentMethod} payment type`);
  const menu = (await (
    await request.get(`/api/diner/${input.alias}/menu/${contact.id}`, { params: { orderModeId: mode.id } })
  ).json()) as unknown;
  const items = input.lines.map((line) => {
    const plate = plateByName(menu, line.plate);
    const extras = Object.entries(line.extras ?? {}).map(([groupName, names]) => {
      const group = plate.garnishGroups?.find((candidate) => candidate.groupName === groupName);
      if (!group) throw new Error(`no group ${groupName} on ${line.plate}`);
      return {
        groupId: group.groupId,
        groupItems: names.map((name) => {
          const item = group.groupItems.find((candidate) => candidate.name === name);
          if (!item) throw new Error(`no garnish ${name} in ${groupName}`);
          return { referenceId: item.id, quantity: 1 };
        }),
      };
    });
    return {
      referenceId: plate.id,
      quantity: line.quantity,
      ...(line.notes ? { notes: line.notes } : {}),
      ...(extras.length ? { extras } : {}),
    };
  });
  const payload = {
    orderModeId: mode.id,
    branchContact: { id: contact.id },
    type: input.modeType,
    items,
    price: 0,
    paymentType: { id: paymentType.id },
    ...input.extra,
  };
  const key = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  // Points are redeemed only by the phone's signed-in holder (ADR 018).
  const redeems = Number(
    (input.extra.loyaltyInfo as { redeemedPoints?: number } | undefined)?.redeemedPoints ?? 0,
  );
  const session = redeems > 0 ? await customerSignIn(request, String(input.extra.phone), contact.id) : {};
  const first = await request.post('/api/order', {
    data: payload,
    headers: { 'idempotency-key': key(), ...session },
  });
  let answer = first;
  if (first.status() === 409) {
    const { breakdown } = (await first.json()) as { breakdown: { price: number } };
    answer = await request.post('/api/order', {
      data: { ...payload, price: breakdown.price },
      headers: { 'idempotency-key': key(), ...session },
    });
  }
  if (!answer.ok()) throw new Error(`order placement failed: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()) as { code: string; id: number; price: number };
}

/** Signs a phone in with the code the demo server answers (CUSTOMER_CODE_IN_ANSWER); the header to send. */
export async function customerSignIn(
  request: APIRequestContext,
  phone: string,
  branchContactId: number,
): Promise<{ 'x-customer-session': string }> {
  const sent = await request.post('/api/orderingcustomer/code', { data: { phone, branchContactId } });
  const { code } = (await sent.json()) as { code?: string };
  if (!sent.ok() || !code) throw new Error(`no sign-in code: ${sent.status()}`);
  const session = await request.post('/api/orderingcustomer/session', {
    data: { phone, branchContactId, code },
  });
  if (!session.ok()) throw new Error(`sign-in failed: ${session.status()} ${await session.text()}`);
  return { 'x-customer-session': ((await session.json()) as { token: string }).token };
}

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { dinerGet } from './diner-fixture';
import type { TestContext } from './test-app';

/** Wednesday 4 June 2025, 13:00 in Buenos Aires: every Palermo mode is open (delivery 12:00–15:30). */
export const WEDNESDAY_1300 = Date.parse('2025-06-04T16:00:00Z');
/** Thursday 5 June 2025, 13:00 in Buenos Aires (the beer 2x1 day). */
export const THURSDAY_1300 = Date.parse('2025-06-05T16:00:00Z');
/** Wednesday 4 June 2025, 17:00 in Buenos Aires: delivery closed (15:30–19:30), take-away open. */
export const WEDNESDAY_1700 = Date.parse('2025-06-04T20:00:00Z');
/** Sunday 8 June 2025, 13:00: Palermo delivery has no Sunday hours. */
export const SUNDAY_1300 = Date.parse('2025-06-08T16:00:00Z');

interface MenuPlate {
  id: number;
  showName: string;
  price: number | null;
  sizes: { id: number; name: string; price: number }[];
  garnishGroups: {
    groupId: number;
    groupName: string;
    groupItems: { id: number; name: string; price: number }[];
  }[];
  category: { id: number; showName: string };
}

/** Ids of one location as the diner API gives them: modes by type, payment types and menus by mode. */
export interface LocationIds {
  alias: string;
  id: number;
  branchId: number;
  modes: Record<string, number>;
  /** paymentTypes[modeType][paymentMethod] → id */
  paymentTypes: Record<string, Record<string, number>>;
  menus: Record<string, { plates: Map<string, MenuPlate> }>;
}

/** Reads a location's ids through the diner API (no query of ours). */
export async function locationIds(ctx: TestContext, alias: string): Promise<LocationIds> {
  const { body } = await dinerGet(ctx, `/api/diner/${alias}`);
  expect(body.type).toBe('BRANCH_CONTACT');
  const contact = body.branchContact;
  const ids: LocationIds = {
    alias,
    id: contact.id,
    branchId: contact.branchId,
    modes: {},
    paymentTypes: {},
    menus: {},
  };
  for (const mode of contact.deliveryConfig.orderModes) {
    ids.modes[mode.type] = mode.id;
    ids.paymentTypes[mode.type] = Object.fromEntries(
      mode.paymentTypes.map((type: { paymentMethod: string; id: number }) => [type.paymentMethod, type.id]),
    );
    const menu = await dinerGet(ctx, `/api/diner/${alias}/menu/${contact.id}?orderModeId=${mode.id}`);
    const plates = new Map<string, MenuPlate>();
    for (const category of menu.body.categories) {
      for (const plate of category.plates) plates.set(plate.showName, plate);
    }
    ids.menus[mode.type] = { plates };
  }
  return ids;
}

/** A plate of a mode's menu by its show name. */
export function plateOf(location: LocationIds, mode: string, showName: string): MenuPlate {
  const plate = location.menus[mode]?.plates.get(showName);
  if (!plate) throw new Error(`No plate '${showName}' in ${location.alias} ${mode}`);
  return plate;
}

/** The id of a size of a plate. */
export function sizeOf(plate: MenuPlate, name: string): number {
  const size = plate.sizes.find((candidate) => candidate.name === name);
  if (!size) throw new Error(`No size '${name}' in ${plate.showName}`);
  return size.id;
}

/** `{ groupId, groupItems: [{ referenceId, quantity }] }` for garnishes of a plate, by group and item names. */
export function extraOf(plate: MenuPlate, groupName: string, items: Record<string, number>) {
  const group = plate.garnishGroups.find((candidate) => candidate.groupName === groupName);
  if (!group) throw new Error(`No group '${groupName}' in ${plate.showName}`);
  return {
    groupId: group.groupId,
    groupItems: Object.entries(items).map(([name, quantity]) => {
      const item = group.groupItems.find((candidate) => candidate.name === name);
      if (!item) throw new Error(`No garnish '${name}' in ${groupName}`);
      return { referenceId: item.id, quantity };
    }),
  };
}

export interface PostResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field
  body: any;
  headers: Record<string, unknown>;
}

/** POST /api/order through app.inject with an Idempotency-Key (a fresh one unless given). */
export async function orderPost(
  ctx: TestContext,
  payload: unknown,
  key: string | null = randomUUID(),
  headers: Record<string, string> = {},
): Promise<PostResult> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...(key === null ? {} : { 'idempotency-key': key }), ...headers },
    payload: payload as Record<string, unknown>,
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** POST with a JSON body through app.inject. */
export async function postJson(ctx: TestContext, url: string, payload: unknown): Promise<PostResult> {
  const response = await ctx.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
  return {
    status: response.statusCode,
    body: response.body ? response.json() : undefined,
    headers: response.headers,
  };
}

/**
 * Places an order whose total is not known in advance: the first attempt's 409
 * carries the server's price, the second sends it (with a fresh key). Fails the
 * test on anything but 409 then 201.
 */
export async function orderPlaceAtServerPrice(
  ctx: TestContext,
  payload: Record<string, unknown>,
): Promise<PostResult> {
  const first = await orderPost(ctx, { ...payload, price: 0 });
  if (first.status !== 409) expect.fail(`expected 409, got ${first.status}: ${JSON.stringify(first.body)}`);
  const second = await orderPost(ctx, { ...payload, price: first.body.breakdown.price });
  if (second.status !== 201)
    expect.fail(`expected 201, got ${second.status}: ${JSON.stringify(second.body)}`);
  return second;
}

/** Test settings of the diner's sign-in: the code in the answer, and limits no test file meets by accident. */
export const customerAuthForTest = {
  codesPerPhone: 1000,
  codesPerIp: 100_000,
  codeWindowMinutes: 15,
  sessionDays: 30,
  codeInAnswer: true,
};

/**
 * Signs a diner in with the code of `POST /api/orderingcustomer/code` (read
 * from the answer: the app must run with `codeInAnswer`); answers the
 * `X-Customer-Session` header to send.
 */
export async function customerSignIn(
  ctx: TestContext,
  phone: string,
  branchContactId: number,
): Promise<{ 'x-customer-session': string }> {
  const sent = await postJson(ctx, '/api/orderingcustomer/code', { phone, branchContactId });
  if (sent.status !== 200 || !sent.body.code)
    expect.fail(`no code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const session = await postJson(ctx, '/api/orderingcustomer/session', {
    phone,
    branchContactId,
    code: sent.body.code,
  });
  if (session.status !== 200) expect.fail(`no session: ${session.status} ${JSON.stringify(session.body)}`);
  return { 'x-customer-session': session.body.token };
}

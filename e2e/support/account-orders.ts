import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

interface MenuPlate {
  id: number;
  sizes: { id: number }[];
  garnishGroups: { mandatory: boolean }[];
}

/**
 * A take-away order at a location for a phone, paid in cash, placed through
 * the API as the checkout does (priced first: the 409 answers today's price).
 * Placed against the server's clock, which the e2e fixtures pin.
 */
export async function takeAwayOrderPlace(
  request: APIRequestContext,
  input: { alias: string; phone: string; customerName: string; quantity: number },
): Promise<{ code: string; plateName: string }> {
  const entity = await (await request.get(`/api/diner/${input.alias}`)).json();
  const contact = entity.branchContact;
  const mode = contact.deliveryConfig.orderModes.find(
    (candidate: { type: string }) => candidate.type === 'TAKE_AWAY',
  );
  const paymentType = mode?.paymentTypes.find(
    (candidate: { paymentMethod: string }) => candidate.paymentMethod === 'CASH',
  );
  const menu = await (
    await request.get(`/api/diner/${input.alias}/menu/${contact.id}?orderModeId=${mode.id}`)
  ).json();
  const plates: (MenuPlate & { showName: string })[] = menu.categories.flatMap(
    (category: { plates: MenuPlate[] }) => category.plates,
  );
  const plate = plates.find((candidate) => candidate.garnishGroups.every((group) => !group.mandatory));
  if (!plate || !paymentType) throw new Error(`No plate or cash payment for take-away at ${input.alias}`);
  const payload = {
    orderModeId: mode.id,
    branchContact: { id: contact.id },
    items: [
      {
        referenceId: plate.id,
        ...(plate.sizes[0] ? { sizeId: plate.sizes[0].id } : {}),
        quantity: input.quantity,
      },
    ],
    price: 0,
    paymentType: { id: paymentType.id },
    // The diner pays with a large bill: cash orders say what they pay with.
    paysWith: 500000,
    phone: input.phone,
    customerName: input.customerName,
  };
  const priced = await request.post('/api/order', {
    data: payload,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(priced.status(), await priced.text()).toBe(409);
  const { breakdown } = await priced.json();
  const placed = await request.post('/api/order', {
    data: { ...payload, price: breakdown.price },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return { code: (await placed.json()).code, plateName: plate.showName };
}

import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { LUCAS, riderContext, riderStartShift, slide, toastOf, vibrations } from '../support/rider';
import {
  deliveryCodeOf,
  deliveryOrderAccept,
  deliveryOrderPlace,
  type PlacedDelivery,
  staffToken,
} from '../support/rider-orders';

/**
 * A multi-delivery end to end (follow-up §2.6, §4.3, §4.5): the venue groups
 * two waiting shipments into a stack (dispatch API); a rider takes it, moves
 * it as one until it leaves the store, then delivers shipment by shipment,
 * choosing which goes first, and brings the cash back.
 */
test.use({ serviceWorkers: 'block' });
test.describe.configure({ timeout: 120_000 });

interface StaffShipment {
  id: number;
  code: string;
  order: { code: string };
}

/** The venue's view of a waiting shipment of `order` (the dispatch view shows the order's code to staff). */
async function staffShipmentOf(request: APIRequestContext, order: PlacedDelivery): Promise<StaffShipment> {
  const token = await staffToken(request);
  let found: StaffShipment | undefined;
  await expect(async () => {
    const view = await (
      await request.get(`/api/console/dispatch?branchContactId=${order.branchContactId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    const shipments: StaffShipment[] = view.waiting.flatMap(
      (item: { kind: string; shipment?: StaffShipment; stack?: { shipments: StaffShipment[] } }) =>
        item.kind === 'simple' && item.shipment ? [item.shipment] : (item.stack?.shipments ?? []),
    );
    found = shipments.find((shipment) => shipment.order.code === order.code);
    expect(found).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return found as StaffShipment;
}

const current = (page: Page) => page.locator('.rider-stack__item[aria-pressed="true"] .rider-stack__code');

test('a stack: taken and moved as one, delivered one by one in the order the rider chooses', async ({
  browser,
  request,
}) => {
  // Lucas's list is open before the orders come (the demo keeps Valentina on shift too; the stack goes to whoever takes it).
  const { context, page } = await riderContext(browser);
  await riderStartShift(page, LUCAS);
  await expect(page.getByText('En vivo')).toBeVisible();
  const first = await deliveryOrderPlace(request, 'Elena Ríos');
  const second = await deliveryOrderPlace(request, 'Fabio Luna');
  await deliveryOrderAccept(request, first);
  await deliveryOrderAccept(request, second);
  const a = await staffShipmentOf(request, first);
  const b = await staffShipmentOf(request, second);
  const stacked = await request.post('/api/console/dispatch/stacks', {
    headers: { authorization: `Bearer ${await staffToken(request)}` },
    data: { branchContactId: first.branchContactId, shipmentIds: [a.id, b.id] },
  });
  expect(stacked.status(), await stacked.text()).toBe(201);
  const stackId = (await stacked.json()).id as number;

  // The stack shows up on the open list; its shipments are no longer offered alone.
  const card = page.locator(`[data-stack-id="${stackId}"]`);
  await expect(card).toContainText('Multientrega · 2 envíos');
  await expect(page.locator(`[data-shipment-code="${a.code}"]`)).toHaveCount(0);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/shipments/stack/${stackId}$`));

  await slide(page, 'Aceptar envío');
  await expect(toastOf(page, 'Envío aceptado. Ve a retirarlo al local.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar multientrega' })).toBeVisible();
  await slide(page, 'En el local');
  await expect(toastOf(page, 'Llegaste al local.')).toBeVisible();
  const firstCode = (await current(page).textContent()) ?? '';
  await slide(page, `En camino al cliente (${firstCode})`);
  await expect(toastOf(page, 'En camino a los clientes.')).toBeVisible();

  // The rider delivers the other one first.
  const otherCode = firstCode === a.code ? b.code : a.code;
  const put = page.waitForRequest(
    (sent) => sent.method() === 'PUT' && sent.url().endsWith(`/api/stacking/${stackId}`),
  );
  const before = (await vibrations(page)).length;
  await page.locator('.rider-stack__item').filter({ hasText: otherCode }).click();
  await expect(toastOf(page, `Se ha cambiado el envío seleccionado por el: ${otherCode}`)).toBeVisible();
  expect((await vibrations(page)).slice(before)).toEqual([[100]]);
  const body = (await put).postDataJSON();
  expect(body.selectedShipmentId).toBe(otherCode === a.code ? a.id : b.id);
  await expect(current(page)).toHaveText(otherCode);
  await expect(page.getByRole('slider', { name: `Entregado (${otherCode})` })).toBeVisible();
  // The choice is kept by the server: a reload shows it too.
  await page.reload();
  await expect(current(page)).toHaveText(otherCode);

  const codeOf = async (shipmentCode: string) =>
    deliveryCodeOf(request, shipmentCode === a.code ? first : second);
  await page.getByLabel('Clave de entrega').fill(await codeOf(otherCode));
  await slide(page, `Entregado (${otherCode})`);
  await expect(toastOf(page, 'Envío entregado. ¡Buen trabajo!')).toBeVisible();
  // The selection moves on to the one left.
  await expect(current(page)).toHaveText(firstCode);
  await page.getByLabel('Clave de entrega').fill(await codeOf(firstCode));
  await slide(page, `Entregado (${firstCode})`);
  await expect(toastOf(page, 'Envío entregado. ¡Buen trabajo!')).toBeVisible();

  // Both paid in cash: back to the store with the money.
  await slide(page, 'Regreso al local');
  await expect(toastOf(page, 'Regreso al local registrado.')).toBeVisible();
  await expect(page.getByRole('slider')).toHaveCount(0);
  await expect(page.getByText('Terminaste este envío. Busca el próximo en Envíos.')).toBeVisible();
  await context.close();
});

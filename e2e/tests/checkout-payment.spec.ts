import type { Page } from '@playwright/test';
import {
  addPlate,
  CABALLITO,
  checkoutTenant,
  demoTenantAs,
  errorToast,
  fillCustomer,
  freshPhone,
  orderAnswer,
  sendButton,
  toCheckout,
  totalText,
} from '../support/checkout-flow';
import { expect, test } from '../support/fixtures';
import { tenantImport } from '../support/storefront';

/**
 * Paying and handing the order over (ordering §2 Checkout, §4 "Order sending",
 * §7, §8; ADR 010): the sandbox card form approves, declines or leaves the
 * payment pending; a payment-link order opens the provider's hosted page; a
 * location without the orders console receives the order text through the
 * messaging app (a card order once its payment is decided, saying so); a
 * Webpay order leaves for the provider's form; and an order the server
 * prices differently shows the new total and asks again.
 */

async function payByCard(page: Page, cardNumber: string, alias = 'brasa-caballito') {
  await addPlate(page, `/menu/${alias}/retiro/entradas`, 'Provoleta');
  await toCheckout(page, alias);
  await fillCustomer(page, freshPhone());
  await page.getByRole('radio', { name: 'Tarjeta online' }).check();
  const form = page.getByRole('group', { name: 'Datos de la tarjeta' });
  await form.getByLabel('Número de tarjeta').fill(cardNumber);
  await form.getByLabel('Nombre como figura en la tarjeta').fill('ANA PEREZ');
  await form.getByLabel('Vencimiento (MM/AA)').fill('12/30');
  await form.getByLabel('Código de seguridad').fill('123');
  await form.getByLabel('DNI').fill('30.123.456');
  // Read as they pass: a messaging hand-off leaves the page as soon as the payment is decided.
  const placed = orderAnswer(page);
  const paid = page.waitForResponse(
    (r) => r.url().endsWith('/api/order/payment') && r.request().method() === 'POST',
  );
  await sendButton(page).click();
  const order = await placed;
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  expect(order.sent.paymentInfo).toEqual({ status: 'PROCESSING' });
  const payment = await paid;
  expect(payment.ok(), `payment answered ${payment.status()}`).toBe(true);
  const sent = payment.request().postDataJSON();
  // The card data went to the provider only: our API receives its token.
  expect(sent).toMatchObject({ identificationType: 'DNI', identificationNumber: '30123456' });
  expect(JSON.stringify(sent)).not.toContain(cardNumber);
  return { code: String(order.body.code) };
}

/**
 * The messaging app is outside this system: its page is answered here with a
 * stub, and the address the checkout sent the diner to is what the test reads.
 */
function messagingAppAnswered(page: Page): Promise<string> {
  return new Promise<string>((resolve) => {
    void page.route('https://wa.me/**', async (route) => {
      resolve(route.request().url());
      await route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' });
    });
  });
}

async function paymentStatus(page: Page, code: string): Promise<string> {
  const response = await page.request.get(`/api/diner/order/${code}`);
  return ((await response.json()) as { paymentStatus: string }).paymentStatus;
}

test('card approved: the diner is told and follows the paid order', async ({ page }) => {
  const { code } = await payByCard(page, '4509 9535 6623 3704');
  await expect(page.locator('.toasts').getByText('Pago procesado con éxito.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/menu/brasa-caballito/order/${code}$`));
  expect(await paymentStatus(page, code)).toBe('PAID');
});

test('card declined: the diner is told what to do next, and the order waits for another payment', async ({
  page,
}) => {
  const { code } = await payByCard(page, '4000 0000 0000 0002');
  await expect(
    errorToast(
      page,
      'El pago no pudo ser procesado. Puedes pagarlo con otra tarjeta desde el seguimiento del pedido.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/menu/brasa-caballito/order/${code}$`));
  expect(await paymentStatus(page, code)).toBe('REJECTED');
});

test('card pending: the diner is told the result comes later, on the follow-up page', async ({ page }) => {
  const { code } = await payByCard(page, '4000 0000 0000 0036');
  await expect(page.getByText('Procesando el pago…')).toBeVisible();
  await expect(page.locator('.toasts').getByText(/Tu pago está pendiente de aprobación/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(new RegExp(`/menu/brasa-caballito/order/${code}$`));
  expect(await paymentStatus(page, code)).toBe('PROCESSING');
});

test('payment link: a console location gives the order its link, and the diner lands on it', async ({
  page,
}) => {
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await fillCustomer(page, freshPhone());
  await page.getByRole('radio', { name: 'Link de pago' }).check();
  const placed = orderAnswer(page);
  const linked = page.waitForResponse((r) => r.url().endsWith('/api/paymenturl'));
  await sendButton(page).click();
  const order = await placed;
  expect(order.status).toBe(201);
  expect(order.body.handOff).toEqual({ kind: 'CONSOLE' });
  const link = await linked;
  expect(link.status()).toBe(201);
  expect(link.request().postDataJSON()).toMatchObject({ code: order.body.code, amount: 7800 });
  // The provider's hosted page asks for this order's amount.
  await expect(page).toHaveURL(/\/api\/sandbox\/checkout\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { name: 'Pagar pedido' })).toBeVisible();
  await expect(page.getByText(`Pedido ${order.body.code}`)).toBeVisible();
  await expect(page.getByText(/^7800,00/)).toBeVisible();
});

test('messaging app: a location without the orders console receives the order text on wa.me', async ({
  page,
  request,
}) => {
  await tenantImport(request, checkoutTenant());
  const handedOff = messagingAppAnswered(page);
  await addPlate(page, '/menu/ensayo-belgrano/take-away/acompanamientos', 'Papas fritas');
  await toCheckout(page, 'ensayo-belgrano');
  await fillCustomer(page, freshPhone());
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('5000');
  await page.getByLabel('Notas del pedido').fill('Con mayonesa aparte');
  const placed = orderAnswer(page);
  await sendButton(page).click();
  const order = await placed;
  expect(order.status).toBe(201);
  const handOff = order.body.handOff as { kind: string; url: string };
  expect(handOff.kind).toBe('MESSAGING');
  const url = new URL(await handedOff);
  expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/5491147770002');
  expect(url.toString()).toBe(handOff.url);
  const text = url.searchParams.get('text') ?? '';
  expect(text).toContain(String(order.body.code));
  expect(text).toContain('Papas fritas');
  expect(text).toContain('Ana Pérez');
  expect(text).toContain('Con mayonesa aparte');
  expect(text).toMatch(/4\.200/);
});

test('price changed between the cart and the order: the new total is shown and asked again', async ({
  page,
  request,
}) => {
  await tenantImport(request, checkoutTenant());
  const handedOff = messagingAppAnswered(page);
  await addPlate(page, '/menu/ensayo-belgrano/take-away/acompanamientos', 'Papas fritas');
  await toCheckout(page, 'ensayo-belgrano');
  await expect(totalText(page)).toHaveText(/4\.200/);
  await fillCustomer(page, freshPhone());
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('10000');

  // The venue raises the price while the diner is on the checkout.
  await tenantImport(request, checkoutTenant({ papas: 4900 }));
  const refused = orderAnswer(page);
  await sendButton(page).click();
  const first = await refused;
  expect(first.status).toBe(409);
  expect(first.sent.price).toBe(4200);
  const question = page.getByRole('dialog', { name: 'El precio de tu pedido cambió' });
  await expect(question).toContainText(/Nuevo total: \$\s?4\.900/);
  await expect(totalText(page)).toHaveText(/4\.900/);

  const placed = orderAnswer(page);
  await question.getByRole('button', { name: 'Enviar pedido' }).click();
  const second = await placed;
  expect(second.status).toBe(201);
  expect(second.sent.price).toBe(4900);
  // Belgrano has no orders console: the order text goes to its messaging app, at the new price.
  const text = new URL(await handedOff).searchParams.get('text') ?? '';
  expect(text).toContain(String(second.body.code));
  expect(text).toMatch(/4\.900/);
});

test('the order cannot reach the server: the diner is told, and can send it again', async ({ page }) => {
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await fillCustomer(page, freshPhone());
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('10000');
  const keys: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/order')
      keys.push(request.headers()['idempotency-key'] ?? '');
  });
  // The connection drops on the first try only.
  await page.route(
    (url) => url.pathname === '/api/order',
    (route) => route.abort('internetdisconnected'),
    { times: 1 },
  );
  await sendButton(page).click();
  await expect(
    errorToast(
      page,
      'Hubo un error enviando el pedido, inténtelo en unos minutos, o comuníquese con el local si el error persiste.',
    ),
  ).toBeVisible();
  await expect(sendButton(page)).toBeEnabled();
  const placed = orderAnswer(page);
  await sendButton(page).click();
  expect((await placed).status).toBe(201);
  // The same order sent again carries the same Idempotency-Key: the server can never store it twice.
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await expect(page).toHaveURL(/\/menu\/brasa-caballito\/order\/[A-Za-z0-9]+$/);
});

test('the payment link cannot be made: the diner is told and follows the order', async ({ page }) => {
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await fillCustomer(page, freshPhone());
  await page.getByRole('radio', { name: 'Link de pago' }).check();
  await page.route('**/api/paymenturl', (route) => route.abort('internetdisconnected'));
  const placed = orderAnswer(page);
  await sendButton(page).click();
  const order = await placed;
  await expect(
    errorToast(page, 'Error generando link de pago, inténtelo nuevamente más tarde.'),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/menu/brasa-caballito/order/${order.body.code}$`));
});

test('a card its provider refuses is reported on its field, and no order is placed', async ({ page }) => {
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await fillCustomer(page, freshPhone());
  await page.getByRole('radio', { name: 'Tarjeta online' }).check();
  const form = page.getByRole('group', { name: 'Datos de la tarjeta' });
  // A well-formed number, but not one of the sandbox's test cards.
  await form.getByLabel('Número de tarjeta').fill('4111 1111 1111 1111');
  await form.getByLabel('Nombre como figura en la tarjeta').fill('ANA PEREZ');
  await form.getByLabel('Vencimiento (MM/AA)').fill('12/30');
  await form.getByLabel('Código de seguridad').fill('123');
  await form.getByLabel('DNI').fill('30123456');
  let ordersSent = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/order') ordersSent++;
  });
  await sendButton(page).click();
  await expect(
    errorToast(page, 'Debe completar correctamente los campos de la tarjeta para continuar.'),
  ).toBeVisible();
  await expect(form.getByLabel('Número de tarjeta')).toHaveAccessibleDescription(/Use una tarjeta de prueba/);
  expect(ordersSent).toBe(0);
  await expect(page).toHaveURL(/\/checkout$/);
});

test('card at a location without the orders console: paid first, then wa.me says the order is paid', async ({
  page,
  request,
}) => {
  // The demo under another company, its Caballito without the console: the venue hears of orders by message.
  await tenantImport(
    request,
    demoTenantAs('tizon', (tenant) => {
      for (const branch of tenant.branches)
        for (const contact of branch.branchContacts)
          if (contact.alias === 'tizon-caballito') contact.ordersConsoleActive = false;
    }),
  );
  const handedOff = messagingAppAnswered(page);
  const { code } = await payByCard(page, '4509 9535 6623 3704', 'tizon-caballito');
  const url = new URL(await handedOff);
  await page.waitForURL(/^https:\/\/wa\.me\//);
  expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/5491145550202');
  const text = url.searchParams.get('text') ?? '';
  expect(text).toContain(`#${code}`);
  expect(text).toContain('Provoleta');
  expect(text).toContain('Pago: Tarjeta online');
  expect(text).toMatch(/\nEstado del pago: Pagado$/);
  expect(await paymentStatus(page, code)).toBe('PAID');

  // The browser left at once, yet the header of the location offers the order it placed.
  await page.goto('/menu/tizon-caballito/retiro');
  await expect(page.getByRole('link', { name: 'PEDIDO EN CURSO' })).toHaveAttribute(
    'href',
    `/menu/tizon-caballito/order/${code}`,
  );
});

test('Webpay: no card fields; the order is placed, paid on the provider’s form, and back with token_ws', async ({
  page,
  request,
}) => {
  // The demo under another company, its card types paid through Transbank (the sandbox serves a
  // Webpay-style form with PAYMENTS_PROVIDER=sandbox; the same tenant as follow-up-page.spec.ts).
  await tenantImport(
    request,
    demoTenantAs('ascua', (tenant) => {
      for (const branch of tenant.branches)
        for (const contact of branch.branchContacts)
          for (const mode of contact.orderModes)
            for (const type of mode.paymentTypes)
              if (type.paymentMethod === 'CARD_ONLINE') type.onlinePayment.providerName = 'TRANSBANK';
    }),
  );
  await addPlate(page, '/menu/ascua-caballito/retiro/entradas', 'Provoleta');
  await toCheckout(page, 'ascua-caballito');
  await fillCustomer(page, freshPhone());
  await page.getByRole('radio', { name: 'Tarjeta online' }).check();
  // Webpay collects the card on its own form: the checkout asks for none.
  await expect(page.getByRole('group', { name: 'Datos de la tarjeta' })).toHaveCount(0);
  const placed = orderAnswer(page);
  const started = page.waitForResponse((r) => r.url().includes('/api/callback/transbank/'));
  await sendButton(page).click();
  const order = await placed;
  expect(order.status).toBe(201);
  expect(order.sent.paymentInfo).toEqual({ status: 'PROCESSING' });
  const code = String(order.body.code);
  expect((await started).ok()).toBe(true);

  await expect(page.getByRole('heading', { name: 'Webpay de prueba' })).toBeVisible({ timeout: 10_000 });
  await page.getByLabel('Número de tarjeta').fill('4509 9535 6623 3704');
  await page.getByLabel('Nombre como figura en la tarjeta').fill('ANA PEREZ');
  await page.getByLabel('Vencimiento').fill('12/30');
  await page.getByLabel('Código de seguridad').fill('123');
  await page.getByLabel('DNI del titular').fill('30123456');
  await page.getByRole('button', { name: 'Pagar' }).click();
  // Back on the order's follow-up with token_ws: committed, said, and paid.
  await expect(page.getByText('Pago procesado con éxito.')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`/menu/ascua-caballito/order/${code}$`));
  expect(await paymentStatus(page, code)).toBe('PAID');
});

import { expect, test } from '../support/fixtures';
import {
  LUCAS,
  RIDER_LIST,
  riderContext,
  riderEndShift,
  riderPath,
  riderPhoneStep,
  riderStartShift,
  riderStoredSession,
  toastOf,
  VALENTINA,
} from '../support/rider';
import { expectNoSeriousA11yViolations } from '../support/storefront';

/**
 * The rider shift page end to end (follow-up §2.7, §4.6, §5, §8) against the
 * built server: a new rider registers (the venue has not approved them yet),
 * demo riders start and end their shift with their security code.
 */
test.use({ serviceWorkers: 'block' });

test('a new rider registers (the shift starts), ends the shift, starts it again and ends it', async ({
  browser,
}) => {
  const { context, page } = await riderContext(browser);
  const suffix = String(Date.now()).slice(-4);
  const rider = { name: 'Sofía Gómez', phone: `9 11 6555-${suffix}`, code: '4242' };

  await page.goto(riderPath('phoneIntake'));
  await expect(page.getByRole('heading', { level: 1, name: 'Repartidores' })).toBeVisible();
  await expect(page.getByText('Brasa Núñez', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Ingresa con tu teléfono')).toHaveAttribute('placeholder', '9 11 2345-6789');
  await expectNoSeriousA11yViolations(page, 'rider phoneIntake');
  await page.getByLabel('Ingresa con tu teléfono').fill('11 12');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'El número de teléfono es invalido' }),
  ).toBeVisible();

  await riderPhoneStep(page, rider);
  await expect(page).toHaveURL(riderPath('register'));
  await expect(page.getByLabel('Teléfono', { exact: true })).toHaveValue(`+54 9 11 6555 ${suffix}`);
  await expect(page.getByLabel('Teléfono', { exact: true })).not.toBeEditable();
  await page.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(page.getByText('Debe completar todos los campos para continuar')).toBeVisible();
  await page.getByLabel('Confirma tu teléfono').fill('9 11 6555-0000');
  await page.getByLabel('Nombre y Apellido').fill(rider.name);
  await page.getByLabel('Código de seguridad').fill(rider.code);
  await page.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(page.getByText('Los números de teléfono no coinciden')).toBeVisible();
  await page.getByLabel('Confirma tu teléfono').fill(rider.phone);
  await expectNoSeriousA11yViolations(page, 'rider register');
  await page.getByRole('button', { name: 'Iniciar turno' }).click();

  // The shift started; the venue has not approved the rider yet, so the shipments are not theirs to see.
  await expect(page).toHaveURL(/\/404\?message=/);
  await expect(page.getByText('No tienes permisos para ver los envíos').first()).toBeVisible();
  const session = await riderStoredSession(page);
  expect(session?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(page.url()).not.toContain(session?.token ?? '-');

  // On shift: the phone leads to logOut.
  await riderPhoneStep(page, rider);
  await expect(page).toHaveURL(riderPath('logOut'));
  await expect(page.getByRole('heading', { name: `Hola ${rider.name}!` })).toBeVisible();
  await riderEndShift(page, { ...rider, e164: '', phone: rider.phone });
  await expect(page.getByRole('button')).toHaveCount(1); // only the light/dark switch: no button on success
  expect(await riderStoredSession(page)).toBeNull();
  // The token no longer opens anything on the server.
  const whoami = await page.request.get('/api/whoami', {
    headers: { authorization: `Bearer ${session?.token}` },
  });
  expect(whoami.status()).toBe(401);

  // Off shift: the phone leads to logIn.
  await riderPhoneStep(page, rider);
  await expect(page).toHaveURL(riderPath('logIn'));
  await expect(page.getByRole('heading', { name: `Hola ${rider.name}!` })).toBeVisible();
  await page.getByLabel('Código de seguridad').fill(rider.code);
  await page.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(page).toHaveURL(/\/404\?message=/);
  await riderPhoneStep(page, rider);
  await riderEndShift(page, { ...rider, e164: '', phone: rider.phone });
  await context.close();
});

test("an approved rider starts the shift into 'Envíos' and ends it from there", async ({ browser }) => {
  const { context, page } = await riderContext(browser, { colorScheme: 'dark' });
  await riderStartShift(page, LUCAS);
  // The rider's shipments link, then the list (nothing in progress).
  await expect(page).toHaveURL(RIDER_LIST);
  await expect(page.getByRole('heading', { name: 'Envíos' })).toBeVisible();
  await expect(page.getByText(LUCAS.name)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The rider pages offer the rider app; the storefront keeps its own.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/rider.webmanifest');
  const manifest = await (await page.request.get('/rider.webmanifest')).json();
  expect(manifest).toMatchObject({ scope: '/logistics/', short_name: 'Repartidores' });
  await expectNoSeriousA11yViolations(page, 'rider list');

  await page.getByRole('link', { name: 'Finalizar turno' }).click();
  await expect(page.getByRole('heading', { name: `Hola ${LUCAS.name}!` })).toBeVisible();
  await riderEndShift(page, LUCAS);
  await page.goto(`/menu/${'brasa-nunez'}`);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await context.close();
});

test("a wrong security code: 'El código de seguridad es erróneo', and no shift starts", async ({
  browser,
}) => {
  const { context, page } = await riderContext(browser);
  await riderPhoneStep(page, VALENTINA);
  if (page.url().endsWith('/logOut')) {
    await riderEndShift(page, VALENTINA);
    await riderPhoneStep(page, VALENTINA);
  }
  await expect(page).toHaveURL(riderPath('logIn'));
  await page.getByLabel('Código de seguridad').fill('0000');
  await page.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(toastOf(page, 'El código de seguridad es erróneo')).toBeVisible();
  await expect(page).toHaveURL(riderPath('logIn'));
  expect(await riderStoredSession(page)).toBeNull();
  await context.close();
});

test("a 4-digit code is not guessed: after five wrong ones 'Demasiados intentos…', and then even the right one waits", async ({
  browser,
  request,
}) => {
  // A rider of their own (registered, shift ended through the API): the demo riders stay usable.
  const entity = await (await request.get(`/api/diner/${'brasa-nunez'}`)).json();
  const branchContactId = entity.branchContact.id as number;
  const suffix = String(Date.now()).slice(-4);
  const rider = { name: 'Bruno Sosa', phone: `9 11 6777-${suffix}`, code: '8080' };
  const registered = await request.post('/api/rider/createwithcode', {
    data: {
      name: rider.name,
      phone: `+549116777${suffix}`,
      securityCode: rider.code,
      active: true,
      riderUser: { branchContact: { id: branchContactId } },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { id } = await registered.json();
  const ended = await request.put(`/api/rider/${id}/updatewithcode`, {
    data: { active: false, securityCode: rider.code, riderUser: { branchContact: { id: branchContactId } } },
  });
  expect(ended.status()).toBe(200);

  const { context, page } = await riderContext(browser);
  await riderPhoneStep(page, rider);
  await expect(page).toHaveURL(riderPath('logIn'));
  const code = page.getByLabel('Código de seguridad');
  const start = page.getByRole('button', { name: 'Iniciar turno' });
  for (let attempt = 1; attempt <= 5; attempt++) {
    await code.fill(String(1000 + attempt));
    await start.click();
    await expect(toastOf(page, 'El código de seguridad es erróneo').last()).toBeVisible();
    await expect(start).toBeEnabled();
  }
  await code.fill('1006');
  await start.click();
  await expect(toastOf(page, /^Demasiados intentos con un código de seguridad equivocado/)).toBeVisible();
  // Locked for the window: the right code waits too, and no shift starts.
  await code.fill(rider.code);
  await start.click();
  await expect(toastOf(page, /Demasiados intentos/).last()).toBeVisible();
  await expect(page).toHaveURL(riderPath('logIn'));
  expect(await riderStoredSession(page)).toBeNull();
  await context.close();
});

test("the shipment pages without a shift: the phone step; with a token the server refuses: 'Acceso denegado o link expirado'", async ({
  browser,
}) => {
  const { context, page } = await riderContext(browser);
  await page.goto(RIDER_LIST);
  await expect(page).toHaveURL(riderPath('phoneIntake'));
  const entity = await (await page.request.get('/api/diner/brasa-nunez')).json();
  await page.evaluate((branchContactId) => {
    localStorage.setItem(
      `comanda.rider.session.${branchContactId}@brasa`,
      JSON.stringify({
        token: 'x'.repeat(43),
        expiresAt: new Date().toISOString(),
        riderId: 1,
        name: 'X',
        phone: '',
      }),
    );
  }, entity.branchContact.id);
  await page.goto(RIDER_LIST);
  await expect(page).toHaveURL(/\/404\?message=/);
  await expect(page.getByText('Acceso denegado o link expirado')).toBeVisible();
  // The rider app is an entry of its own (app/rider-bootstrap.tsx): leaving it loads the storefront.
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Comanda' })).toBeVisible();
  await context.close();
});

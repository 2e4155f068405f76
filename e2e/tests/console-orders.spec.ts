import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { e2eServer, expect, serverNow, test } from '../support/fixtures';

/**
 * The orders console (/console) end to end, with a diner and the venue's staff
 * in two browser contexts. Orders are placed through the API against the
 * server's real clock: the helper tries Brasa Núñez's modes in turn and keeps
 * the first one open now.
 */
test.use({ serviceWorkers: 'block' });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OWNER = { email: 'martin@brasa.example', password: 'brasa-demo-dueno' };
const NUNEZ_STAFF = { email: 'nunez@brasa.example', password: 'brasa-demo-nunez' };
const SHOTS = path.join(root, 'e2e/.tmp/console-screens');

interface Placed {
  code: string;
  id: number;
  followUpUrl: string;
  branchContactId: number;
}

interface Mode {
  id: number;
  type: string;
  paymentTypes: { id: number; paymentMethod: string }[];
}

interface Plate {
  id: number;
  sizes: { id: number }[];
  garnishGroups: { groupId: number; mandatory: boolean; groupItems: { id: number; name: string }[] }[];
}

interface OrderWish {
  customerName: string;
  /** Modes to try in turn (the first open one takes the order). */
  types?: string[];
  /** Payment methods to try in turn. */
  payments?: string[];
  /** A slot of the mode's schedule at least this many minutes ahead of the server's now. */
  scheduledAheadMinutes?: number;
  /** The first slot of the mode's schedule on the location's next day. */
  scheduledTomorrow?: boolean;
}

const ZONE = 'America/Argentina/Buenos_Aires';

/** An instant's hour in the location's zone, as the console writes it: '21:30'. */
function locationHour(at: Date | number): string {
  return new Intl.DateTimeFormat('es-AR', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: ZONE,
  }).format(at);
}

/** The first slot of a mode's schedule on the location's next day (after the server's now), as an ISO instant. */
async function slotTomorrow(request: APIRequestContext, modeId: number): Promise<string> {
  const schedule = await (await request.get(`/api/ordermode/schedule/${modeId}`)).json();
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
    serverNow().getTime() + 86_400_000,
  );
  const day = (schedule.schedulerDaysInfo as { date: string; availableHours: string[] }[]).find(
    (candidate) => candidate.date === tomorrow,
  );
  const hour = day?.availableHours[0];
  if (!hour) throw new Error(`No slot tomorrow (${tomorrow}) for mode ${modeId}`);
  return new Date(Date.parse(`${tomorrow}T${hour}:00-03:00`)).toISOString();
}

/** The first slot of a mode's schedule at least `minutes` after the server's now, as an ISO instant. */
async function slotAhead(request: APIRequestContext, modeId: number, minutes: number): Promise<string> {
  const schedule = await (await request.get(`/api/ordermode/schedule/${modeId}`)).json();
  const earliest = serverNow().getTime() + minutes * 60_000;
  for (const day of schedule.schedulerDaysInfo as { date: string; availableHours: string[] }[]) {
    for (const hour of day.availableHours) {
      // Buenos Aires has no daylight saving time: -03:00 all year. A slot after
      // midnight (e.g. 00:15) belongs to the next calendar day; skipping it is fine.
      const at = Date.parse(`${day.date}T${hour}:00-03:00`);
      if (at >= earliest) return new Date(at).toISOString();
    }
  }
  throw new Error(`No slot ${minutes} min ahead for mode ${modeId}`);
}

/**
 * Places an order at the server's price in the first of the location's modes
 * open now: a plate with no mandatory choice, with one optional extra when it
 * has any, and a note. The server answers 409 with its price first.
 */
async function placeOrder(
  request: APIRequestContext,
  alias: string,
  wish: OrderWish | string,
): Promise<Placed> {
  const want: OrderWish = typeof wish === 'string' ? { customerName: wish } : wish;
  const entity = await (await request.get(`/api/diner/${alias}`)).json();
  const contact = entity.branchContact;
  const failures: string[] = [];
  for (const type of want.types ?? ['DINE_IN', 'TAKE_AWAY', 'DELIVERY']) {
    const mode = (contact.deliveryConfig.orderModes as Mode[]).find((candidate) => candidate.type === type);
    if (!mode) continue;
    const menu = await (
      await request.get(`/api/diner/${alias}/menu/${contact.id}?orderModeId=${mode.id}`)
    ).json();
    const plates: Plate[] = menu.categories.flatMap((category: { plates: Plate[] }) => category.plates);
    const plate = plates.find((candidate) => candidate.garnishGroups.every((group) => !group.mandatory));
    const payment = (want.payments ?? ['BANK_TRANSFER', 'CASH'])
      .map((method) => mode.paymentTypes.find((candidate) => candidate.paymentMethod === method))
      .find(Boolean);
    if (!plate || !payment) continue;
    const size = plate.sizes[0];
    const extraGroup = plate.garnishGroups.find((group) => group.groupItems.length > 0);
    const extra = extraGroup?.groupItems[0];
    const payload = {
      orderModeId: mode.id,
      branchContact: { id: contact.id },
      items: [
        {
          referenceId: plate.id,
          ...(size ? { sizeId: size.id } : {}),
          quantity: 4,
          notes: 'Sin sal',
          ...(extraGroup && extra
            ? {
                extras: [
                  { groupId: extraGroup.groupId, groupItems: [{ referenceId: extra.id, quantity: 1 }] },
                ],
              }
            : {}),
        },
      ],
      price: 0,
      paymentType: { id: payment.id },
      ...(payment.paymentMethod === 'CASH' ? { paysWith: 200000 } : {}),
      phone: '+5491155550123',
      // Brasa Caballito asks for the email (mandatoryEmail); the others ignore it.
      customerEmail: 'cliente@correo.example',
      customerName: want.customerName,
      notes: 'Tocar timbre',
      ...(want.scheduledAheadMinutes
        ? { scheduled: true, scheduledAt: await slotAhead(request, mode.id, want.scheduledAheadMinutes) }
        : {}),
      ...(want.scheduledTomorrow
        ? { scheduled: true, scheduledAt: await slotTomorrow(request, mode.id) }
        : {}),
      ...(type === 'DINE_IN' ? { tableUid: '7' } : {}),
      ...(type === 'DELIVERY'
        ? {
            destination: {
              fullAddress: 'Av. Cabildo 3900, CABA',
              betweenStreets: 'Ramallo y Núñez',
              details: 'Piso 3 B',
              lat: contact.coordinates.lat,
              lng: contact.coordinates.lng,
            },
          }
        : {}),
    };
    const priced = await request.post('/api/order', {
      data: payload,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    if (priced.status() !== 409) {
      failures.push(`${type}: ${priced.status()} ${await priced.text()}`);
      continue;
    }
    const { breakdown } = await priced.json();
    const placed = await request.post('/api/order', {
      data: { ...payload, price: breakdown.price },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    if (placed.status() === 201) return { ...(await placed.json()), branchContactId: contact.id };
    failures.push(`${type}: ${placed.status()} ${await placed.text()}`);
  }
  throw new Error(`No mode of ${alias} took an order now:\n${failures.join('\n')}`);
}

async function staffContext(
  browser: Browser,
  options: {
    colorScheme?: 'light' | 'dark';
    width?: number;
    height?: number;
    notifications?: boolean;
    /** The device's zone; the location's unless a test proves the console does not use it. */
    timezoneId?: string;
  } = {},
) {
  const context = await browser.newContext({
    baseURL: e2eServer().baseUrl,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: 'block',
    locale: 'es-AR',
    timezoneId: options.timezoneId ?? ZONE,
    permissions: options.notifications ? ['notifications'] : [],
  });
  if (options.notifications) {
    // Headless Chromium shows no notification anyone could see: every one the
    // page manages to create is recorded on window.__consoleNotifications.
    await context.addInitScript(() => {
      const Native = window.Notification;
      const shown: { title: string; body?: string }[] = [];
      (window as unknown as { __consoleNotifications: typeof shown }).__consoleNotifications = shown;
      class Recorded extends Native {
        constructor(title: string, init?: NotificationOptions) {
          super(title, init);
          shown.push({ title, body: init?.body });
        }
      }
      window.Notification = Recorded;
    });
  }
  const page = await context.newPage();
  // The server's clock is CLOCK_START, not today: the session's expiry and the
  // board's times are the server's, so the page must read the same instant.
  await page.clock.setSystemTime(serverNow());
  return { context, page };
}

/** A diner's own browser, on the server's clock (the storefront checks opening hours in the browser too). */
async function dinerContext(browser: Browser) {
  const context = await browser.newContext({
    baseURL: e2eServer().baseUrl,
    serviceWorkers: 'block',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  const page = await context.newPage();
  await page.clock.setSystemTime(serverNow());
  return { context, page };
}

async function login(page: Page, who: { email: string; password: string }) {
  await page.goto('/console');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Contraseña').fill(who.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** Logs in and picks a location when the staff member has several; waits until the room is joined. */
async function openBoard(page: Page, who: { email: string; password: string }, location?: string) {
  await login(page, who);
  if (location) await page.getByRole('button', { name: new RegExp(location) }).click();
  await expect(page.locator('.console-body[data-live="true"]')).toBeVisible();
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
  ).toEqual([]);
}

function beeps(page: Page) {
  return page.evaluate(() => Number(document.body.dataset.consoleBeeps ?? '0'));
}

/** The value next to a label of the detail's facts (Cliente section). */
function fact(detail: Locator, label: string) {
  return detail
    .locator('.console-facts dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

function notifications(page: Page) {
  return page.evaluate(
    () =>
      (window as unknown as { __consoleNotifications?: { title: string; body?: string }[] })
        .__consoleNotifications ?? [],
  );
}

function unpaidCardOrders(page: Page) {
  return page
    .getByTestId('unpaid-card-orders')
    .textContent()
    .then((text) => Number(/(\d+)\s*$/.exec(text ?? '')?.[1] ?? Number.NaN));
}

test.describe('staff access', () => {
  test('wrong password is refused in Spanish; the session survives a reload and ends at logout', async ({
    page,
  }) => {
    await login(page, { email: OWNER.email, password: 'no-es-la-clave' });
    await expect(page.getByRole('alert')).toHaveText('Email o contraseña incorrectos.');
    await expectNoSeriousViolations(page);
    await page.getByLabel('Contraseña').fill(OWNER.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('heading', { name: 'Elija un local' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Elija un local' })).toBeVisible();
    const stored = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('comanda.console.session') ?? '{}'),
    );
    expect(Date.parse(stored.expiresAt)).toBeGreaterThan(serverNow().getTime());
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    // The token no longer works on the server.
    const me = await page.request.get('/api/staff/me', {
      headers: { authorization: `Bearer ${stored.token}` },
    });
    expect(me.status()).toBe(401);
  });

  test("the server decides when a session ends, not the device's clock", async ({ browser }) => {
    // A tablet whose clock runs three days ahead still works with a fresh session.
    const staff = await staffContext(browser);
    await staff.page.clock.setSystemTime(serverNow().getTime() + 3 * 86_400_000);
    await openBoard(staff.page, NUNEZ_STAFF);
    await staff.page.reload();
    await expect(staff.page.locator('.console-body[data-live="true"]')).toBeVisible();
    await expect(staff.page.getByRole('button', { name: 'Ingresar' })).toHaveCount(0);

    // A session the server no longer knows ends at the first call, with a notice.
    await staff.page.evaluate(() => {
      const key = 'comanda.console.session';
      const session = JSON.parse(sessionStorage.getItem(key) ?? '{}');
      sessionStorage.setItem(key, JSON.stringify({ ...session, token: `${session.token}x` }));
    });
    await staff.page.reload();
    await expect(staff.page.getByText('Su sesión venció. Ingrese nuevamente.')).toBeVisible();
    await expect(staff.page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await staff.context.close();
  });

  test('a restored tab has its session but no sound until the first touch, and the console says so', async ({
    browser,
    request,
  }) => {
    // A browser restart restores the tab and its sessionStorage: the console
    // opens signed in without anyone having touched the page.
    const login = await request.post('/api/staff/login', { data: NUNEZ_STAFF });
    expect(login.status()).toBe(200);
    const staff = await staffContext(browser);
    await staff.context.addInitScript(
      (stored) => {
        sessionStorage.setItem('comanda.console.session', stored);
      },
      JSON.stringify(await login.json()),
    );
    // Headless Chromium plays sound without any gesture (no flag changes that,
    // and Playwright's navigation already counts as user activation); a desktop
    // browser keeps an AudioContext suspended until a person has touched the
    // page. This applies that rule: sound only after a trusted pointer or key event.
    await staff.context.addInitScript(() => {
      let touched = false;
      for (const type of ['pointerdown', 'keydown']) {
        window.addEventListener(
          type,
          (event) => {
            if (event.isTrusted) touched = true;
          },
          { capture: true },
        );
      }
      const Native = window.AudioContext;
      class GestureGatedAudioContext extends Native {
        #allowed = false;
        override get state(): AudioContextState {
          return this.#allowed ? super.state : 'suspended';
        }
        override async resume(): Promise<void> {
          if (touched) this.#allowed = true;
          return super.resume();
        }
      }
      window.AudioContext = GestureGatedAudioContext;
    });
    await staff.page.goto('/console');
    await expect(staff.page.locator('.console-body[data-live="true"]')).toBeVisible();
    const soundButton = staff.page.getByRole('button', { name: 'Activar sonido' });
    await expect(soundButton).toBeVisible();
    await expectNoSeriousViolations(staff.page);
    // Any first touch turns it on, not only the button.
    await staff.page.getByRole('heading', { name: /^Nuevos/ }).click();
    await expect(soundButton).toHaveCount(0);
    await staff.context.close();
  });

  test('a STAFF user limited to one location sees only it', async ({ page, request }) => {
    const elsewhere = await placeOrder(request, 'brasa-caballito', 'Cliente de Caballito');
    await openBoard(page, NUNEZ_STAFF);
    await expect(page.getByRole('heading', { name: 'Elija un local' })).toHaveCount(0);
    await expect(page.locator('.console-header')).toContainText('Brasa Núñez');
    await expect(page.locator('.console-header select')).toHaveCount(0);
    await expect(page.locator(`[data-order-code="${elsewhere.code}"]`)).toHaveCount(0);
    await page.getByRole('button', { name: 'Local', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Pedidos por modo de pedido' })).toBeVisible();
    // The server refuses the other location's board and orders to this token too.
    const token = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('comanda.console.session') ?? '{}').token as string,
    );
    const headers = { authorization: `Bearer ${token}` };
    const board = await page.request.get(`/api/console/orders?branchContactId=${elsewhere.branchContactId}`, {
      headers,
    });
    expect([403, 404]).toContain(board.status());
    const detail = await page.request.get(`/api/console/orders/${elsewhere.id}`, { headers });
    expect([403, 404]).toContain(detail.status());
  });

  test("a second company's staff sees nothing of the first", async ({ page, request }) => {
    const imported = await request.post('/api/admin/tenants', {
      data: JSON.parse(fs.readFileSync(path.join(root, 'fixtures/tenant-example.json'), 'utf8')),
      headers: { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
    });
    expect([200, 201, 409]).toContain(imported.status());
    const brasa = await placeOrder(request, 'brasa-nunez', 'Cliente de Brasa');
    await openBoard(page, { email: 'palermo@fuego.example', password: 'mostrador-1234' });
    await expect(page.locator('.console-header')).not.toContainText('Brasa');
    await expect(page.locator(`[data-order-code="${brasa.code}"]`)).toHaveCount(0);
    const token = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('comanda.console.session') ?? '{}').token as string,
    );
    const detail = await page.request.get(`/api/console/orders/${brasa.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(detail.status()).toBe(404);
  });
});

test.describe('live board', () => {
  test('diner orders, the console shows it live with a beep; accept, ready, delivered; the follow-up page follows', async ({
    browser,
    request,
  }) => {
    test.setTimeout(60_000);
    const staff = await staffContext(browser, { notifications: true });
    const { context: diner, page: dinerPage } = await dinerContext(browser);
    await openBoard(staff.page, NUNEZ_STAFF);
    // Permission already granted: nothing to ask for.
    await expect(staff.page.getByRole('button', { name: 'Activar avisos' })).toHaveCount(0);
    await expectNoSeriousViolations(staff.page);
    const before = await beeps(staff.page);
    expect(await notifications(staff.page)).toEqual([]);

    const placed = await placeOrder(request, 'brasa-nunez', {
      customerName: 'Ana Pérez',
      types: ['DINE_IN'],
      payments: ['CASH'],
    });
    const card = staff.page.locator(`.console-column--new [data-order-code="${placed.code}"]`);
    await expect(card).toBeVisible();
    await expect.poll(() => beeps(staff.page)).toBe(before + 1);
    expect(await notifications(staff.page)).toEqual([
      { title: `Nuevo pedido #${placed.code}`, body: 'Ana Pérez' },
    ]);

    await dinerPage.goto(placed.followUpUrl);
    const current = dinerPage.locator('[aria-current="step"]');
    await expect(current).toHaveAttribute('data-status', 'GENERATED');

    await card.click();
    const detail = staff.page.locator('.console-detail');
    await expect(detail.getByRole('heading', { name: `Pedido #${placed.code}` })).toBeVisible();
    await expect(detail).toContainText('Ana Pérez');
    await expect(detail).toContainText('Nota: Sin sal');
    await expect(detail).toContainText('Tocar timbre');
    await expect(fact(detail, 'Mesa')).toHaveText('7');
    await expect(fact(detail, 'Pago')).toHaveText(
      /^Efectivo · Se paga en el local o al recibir · Paga con \$\s?200\.000$/,
    );
    await expect(detail.getByRole('link', { name: 'Escribir por WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/5491155550123/,
    );
    // Only the moves the state machine allows.
    await expect(detail.getByRole('button', { name: 'Marcar listo' })).toHaveCount(0);
    await expect(detail.getByRole('button', { name: 'Marcar entregado' })).toHaveCount(0);
    await expectNoSeriousViolations(staff.page);

    const moves: [string, string, string][] = [
      ['Aceptar', 'ACCEPTED', 'accepted'],
      ['Marcar listo', 'READY', 'ready'],
      ['Marcar entregado', 'DELIVERED', 'delivered'],
    ];
    for (const [button, status, column] of moves) {
      const started = Date.now();
      await detail.getByRole('button', { name: button, exact: true }).click();
      await expect(detail).toHaveAttribute('data-order-status', status);
      await expect(
        staff.page.locator(`.console-column--${column} [data-order-code="${placed.code}"]`),
      ).toBeVisible();
      if (status === 'DELIVERED') {
        await expect(dinerPage.locator('[data-status="DELIVERED"]')).toHaveClass(/follow-steps__step--done/);
      } else {
        await expect(current).toHaveAttribute('data-status', status);
      }
      // A move made in the console reaches the diner's open page quickly (the bar is under 1 s).
      expect(Date.now() - started).toBeLessThan(3000);
    }
    await expect(detail.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);

    // The kitchen ticket: nowhere on screen, the only thing on paper.
    const ticket = staff.page.getByTestId('kitchen-ticket');
    await expect(ticket).toBeHidden();
    await staff.page.emulateMedia({ media: 'print' });
    await expect(ticket).toBeVisible();
    await expect(ticket).toContainText(`#${placed.code}`);
    await expect(ticket).toContainText(/4 × /);
    await expect(ticket).toContainText('» Sin sal');
    await expect(ticket).toContainText('Mesa 7');
    await expect(staff.page.locator('#root')).toBeHidden();
    const box = await ticket.boundingBox();
    // 80 mm at 96 dpi is 302 px, from the paper's top-left corner.
    expect(Math.round(box?.width ?? 0)).toBe(302);
    expect(box?.x).toBe(0);
    expect(box?.y).toBe(0);
    // Nothing else takes room on the paper: every other child of <body> is dropped.
    const printed = await staff.page.evaluate(() =>
      Array.from(document.body.children)
        .filter((element) => getComputedStyle(element).display !== 'none')
        .map((element) => element.getAttribute('data-testid') ?? element.tagName),
    );
    expect(printed).toEqual(['kitchen-ticket']);
    await staff.page.screenshot({
      path: path.join(SHOTS, 'ticket-print.png'),
      clip: { x: 0, y: 0, width: 320, height: Math.ceil(box?.height ?? 600) },
    });
    await staff.page.emulateMedia({ media: 'screen' });
    await expect(ticket).toBeHidden();

    // The outbox shows the diner's status messages.
    await staff.page.getByRole('button', { name: 'Mensajes', exact: true }).click();
    const messages = staff.page.locator('.console-table tbody tr', { hasText: `#${placed.code}` });
    // One message to the diner's phone for each move, newest first.
    await expect(messages.nth(0)).toContainText('fue entregado');
    await expect(messages.nth(1)).toContainText('está listo');
    await expect(messages.nth(2)).toContainText('aceptó tu pedido');
    await expect(messages.nth(0)).toContainText('11 5555-0123');
    await expect(messages.nth(0)).toContainText(placed.followUpUrl);
    await expectNoSeriousViolations(staff.page);
    await staff.context.close();
    await diner.close();
  });

  test('cancel needs a reason, then moves the order to Cancelados', async ({ browser, request }) => {
    const staff = await staffContext(browser);
    await openBoard(staff.page, NUNEZ_STAFF);
    const placed = await placeOrder(request, 'brasa-nunez', 'Bruno Díaz');
    await staff.page.locator(`.console-column--new [data-order-code="${placed.code}"]`).click();
    const detail = staff.page.locator('.console-detail');
    await detail.getByRole('button', { name: 'Cancelar pedido' }).click();
    const dialog = staff.page.getByRole('dialog', { name: `Cancelar el pedido #${placed.code}` });
    await dialog.getByRole('button', { name: 'Confirmar cancelación' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Indique el motivo de la cancelación.');
    await expectNoSeriousViolations(staff.page);
    await dialog.getByLabel(/Motivo/).fill('Sin stock de carbón');
    await dialog.getByRole('button', { name: 'Confirmar cancelación' }).click();
    await expect(detail).toHaveAttribute('data-order-status', 'CANCELED');
    await expect(detail).toContainText('Motivo de cancelación: Sin stock de carbón');
    await expect(
      staff.page.locator(`.console-column--canceled [data-order-code="${placed.code}"]`),
    ).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Aceptar', exact: true })).toHaveCount(0);
    await staff.context.close();
  });

  test('closing the location makes the storefront show it closed; reopening restores it', async ({
    browser,
  }) => {
    const staff = await staffContext(browser);
    await openBoard(staff.page, NUNEZ_STAFF);
    await staff.page.getByRole('button', { name: 'Local', exact: true }).click();
    await staff.page.getByRole('button', { name: 'Cerrar el local' }).click();
    await staff.page
      .getByRole('dialog', { name: 'Cerrar el local' })
      .getByRole('button', { name: 'Cerrar el local' })
      .click();
    await expect(staff.page.getByTestId('venue-state')).toHaveText('Cerrado manualmente');

    const { context: diner, page: dinerPage } = await dinerContext(browser);
    try {
      await dinerPage.goto('/menu/brasa-nunez/delivery');
      await expect(dinerPage.getByText(/Local cerrado/).first()).toBeVisible();
    } finally {
      await staff.page.getByRole('button', { name: 'Abrir el local' }).click();
      await expect(staff.page.getByTestId('venue-state')).toHaveText('Abierto (según horarios)');
    }
    await diner.close();
    await staff.context.close();
  });
});

test.describe('order detail and venue', () => {
  test('a scheduled card delivery waits apart, counts as unpaid, and shows everything the kitchen and rider need', async ({
    browser,
    request,
  }) => {
    test.setTimeout(60_000);
    const staff = await staffContext(browser);
    // Brasa Núñez delivers with its own riders, none on shift in the demo: Caballito delivers.
    await openBoard(staff.page, OWNER, 'Caballito');
    const unpaidBefore = await unpaidCardOrders(staff.page);
    const placed = await placeOrder(request, 'brasa-caballito', {
      customerName: 'Diego Ruiz',
      types: ['DELIVERY'],
      payments: ['CARD_ONLINE'],
      scheduledAheadMinutes: 90,
    });
    const order = await (
      await request.get(`/api/diner/${placed.branchContactId}/order/${placed.code}`)
    ).json();
    const scheduledAt = Date.parse(order.scheduledAt);
    expect(scheduledAt - serverNow().getTime()).toBeGreaterThan(89 * 60_000);

    // Far from its time: in "Programados", not among the new orders.
    const apart = staff.page.locator(`.console-scheduled [data-order-code="${placed.code}"]`);
    await expect(apart).toBeVisible();
    await expect(staff.page.locator(`.console-column--new [data-order-code="${placed.code}"]`)).toHaveCount(
      0,
    );
    await expect.poll(() => unpaidCardOrders(staff.page)).toBe(unpaidBefore + 1);

    await apart.click();
    const detail = staff.page.locator('.console-detail');
    await expect(detail.getByRole('heading', { name: `Pedido #${placed.code}` })).toBeVisible();
    // Today, 90 minutes ahead: the hour alone, in the location's zone.
    await expect(detail).toContainText(`Programado para ${locationHour(scheduledAt)}`);
    const line = detail.locator('.console-items > li').first();
    await expect(line).toContainText(/^4 × /);
    await expect(line.locator('.console-items__extra')).toHaveText(/^.+: .+$/);
    await expect(line).toContainText('Nota: Sin sal');
    await expect(fact(detail, 'Nombre')).toHaveText('Diego Ruiz');
    await expect(fact(detail, 'Teléfono')).toContainText('11 5555-0123');
    await expect(fact(detail, 'Dirección')).toContainText('Av. Cabildo 3900, CABA (Piso 3 B)');
    await expect(fact(detail, 'Dirección').getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\//,
    );
    await expect(fact(detail, 'Entrecalles')).toHaveText('Ramallo y Núñez');
    // Stored PROCESSING at placement (the card type uploads through the API), but nobody paid yet:
    // pending, on the card and in the detail, until a payment is really at the provider.
    await expect(apart.locator('.console-card__pay')).toContainText('Tarjeta online · sin pagar');
    await expect(fact(detail, 'Pago')).toHaveText('Tarjeta online · Pago pendiente');
    await expect(fact(detail, 'Notas')).toHaveText('Tocar timbre');
    const total = detail.locator('.console-amounts dd.console-amounts__total');
    await expect(total).toHaveText(/^\$\s?[\d.]+$/);
    await expect(detail.locator('.console-amounts')).toContainText('Envío');
    await expectNoSeriousViolations(staff.page);

    // 50 minutes before its time it joins the new orders' column.
    await staff.page.clock.fastForward(scheduledAt - 50 * 60_000 - serverNow().getTime());
    await expect(staff.page.locator(`.console-column--new [data-order-code="${placed.code}"]`)).toBeVisible();
    await expect(apart).toHaveCount(0);
    await staff.context.close();
  });

  test("a scheduled order for tomorrow reads 'mañana HH:MM' in the location's zone on a device in another, and stays out of 'Nuevos'", async ({
    browser,
    request,
  }) => {
    test.setTimeout(60_000);
    // Tokyo is 12 hours ahead of Buenos Aires: the device's zone would give another hour, and often another day.
    const staff = await staffContext(browser, { timezoneId: 'Asia/Tokyo' });
    await openBoard(staff.page, OWNER, 'Caballito');
    const count = (selector: string) =>
      staff.page
        .locator(selector)
        .textContent()
        .then((text) => Number(text ?? Number.NaN));
    const now = await placeOrder(request, 'brasa-caballito', {
      customerName: 'Maximiliano Fernández Etchegaray',
      types: ['TAKE_AWAY', 'DELIVERY'],
      payments: ['CASH', 'BANK_TRANSFER'],
    });
    await expect(staff.page.locator(`.console-column--new [data-order-code="${now.code}"]`)).toBeVisible();
    const newBefore = await count('#col-new .console-count');

    const placed = await placeOrder(request, 'brasa-caballito', {
      customerName: 'Valentina Rodríguez Etchegaray',
      types: ['TAKE_AWAY', 'DELIVERY'],
      payments: ['CASH', 'BANK_TRANSFER'],
      scheduledTomorrow: true,
    });
    const order = await (
      await request.get(`/api/diner/${placed.branchContactId}/order/${placed.code}`)
    ).json();
    const hour = locationHour(Date.parse(order.scheduledAt));
    const card = staff.page.locator(`.console-scheduled [data-order-code="${placed.code}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('scheduled-at')).toHaveText(`Programado mañana ${hour}`);
    // Not a new order yet: its column and its count are those of before; 'Programados' counts it.
    await expect(staff.page.locator(`.console-column--new [data-order-code="${placed.code}"]`)).toHaveCount(
      0,
    );
    expect(await count('#col-new .console-count')).toBe(newBefore);
    expect(await count('#console-scheduled-title .console-count')).toBe(
      await staff.page.locator('.console-scheduled .console-card').count(),
    );

    await card.click();
    const detail = staff.page.locator('.console-detail');
    await expect(detail.getByRole('heading', { name: `Pedido #${placed.code}` })).toBeVisible();
    await expect(detail).toContainText(`Programado para mañana ${hour}`);
    await expect(fact(detail, 'Teléfono').getByRole('link', { name: '11 5555-0123' })).toHaveAttribute(
      'href',
      'tel:+5491155550123',
    );

    // At 1280 px with the detail open the columns are narrow: a name wraps between its words, never inside one.
    const midWordBreaks = await staff.page.locator('.console-card__top > :first-child').evaluateAll((names) =>
      names.flatMap((name) => {
        const text = name.firstChild;
        if (!(text instanceof Text)) return [];
        const range = document.createRange();
        const breaks: string[] = [];
        let lastTop: number | null = null;
        for (let i = 0; i < text.length; i++) {
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const top = range.getBoundingClientRect().top;
          if (lastTop !== null && top > lastTop + 2 && text.data[i - 1] !== ' ' && text.data[i] !== ' ') {
            breaks.push(`${text.data.slice(0, i)}|${text.data.slice(i)}`);
          }
          lastTop = top;
        }
        return breaks;
      }),
    );
    expect(midWordBreaks).toEqual([]);
    const longName = staff.page
      .locator(`.console-column--new [data-order-code="${now.code}"] .console-card__top > :first-child`)
      .first();
    await expect(longName).toHaveText('Maximiliano Fernández Etchegaray');
    await staff.context.close();
  });

  test('the owner picks a location and sends the payment link of an order paid by link', async ({
    browser,
    request,
  }) => {
    const staff = await staffContext(browser);
    await openBoard(staff.page, OWNER, 'Caballito');
    const placed = await placeOrder(request, 'brasa-caballito', {
      customerName: 'Elena Paz',
      types: ['TAKE_AWAY', 'DELIVERY'],
      payments: ['PAYMENT_LINK'],
    });
    await staff.page.locator(`.console-column--new [data-order-code="${placed.code}"]`).click();
    const detail = staff.page.locator('.console-detail');
    await expect(fact(detail, 'Pago')).toContainText('Pago pendiente');
    await detail.getByRole('button', { name: 'Generar link de pago' }).click();
    const link = detail.locator('.console-paylink a');
    await expect(link).toHaveAttribute('href', /^https?:\/\//);
    // The link is the one the payments service keeps for the order: asked again, the same.
    const first = await link.getAttribute('href');
    await detail.getByRole('button', { name: 'Generar link de pago' }).click();
    await expect(link).toHaveAttribute('href', first ?? '');
    // Another location of the company is one choice away.
    await expect(staff.page.locator('.console-header select')).toHaveValue(/\d+/);
    await staff.context.close();
  });

  test("newest orders come first, and a diner's error report reaches the console live", async ({
    browser,
    request,
  }) => {
    const staff = await staffContext(browser);
    await openBoard(staff.page, NUNEZ_STAFF);
    const older = await placeOrder(request, 'brasa-nunez', 'Fabián Ríos');
    const newer = await placeOrder(request, 'brasa-nunez', 'Gabriela Luna');
    const column = staff.page.locator('.console-column--new');
    await expect(column.locator(`[data-order-code="${newer.code}"]`)).toBeVisible();
    const codes = await column
      .locator('[data-order-code]')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-order-code')));
    expect(codes.indexOf(newer.code)).toBeLessThan(codes.indexOf(older.code));

    const reported = await request.post('/api/diner/order/details', {
      data: { code: older.code, errorType: 'LATE', details: 'Hace una hora que espero' },
    });
    expect(reported.status()).toBe(200);
    const card = column.locator(`[data-order-code="${older.code}"]`);
    await expect(card).toContainText('Problemas reportados: 1');
    await card.click();
    const reports = staff.page.locator('.console-detail .console-reports');
    await expect(reports).toContainText('El pedido está demorado');
    await expect(reports).toContainText('Hace una hora que espero');
    await staff.context.close();
  });

  test('ordering off for a mode makes the storefront informative; on again restores it', async ({
    browser,
  }) => {
    const staff = await staffContext(browser);
    await openBoard(staff.page, NUNEZ_STAFF);
    await staff.page.getByRole('button', { name: 'Local', exact: true }).click();
    await expectNoSeriousViolations(staff.page);
    const delivery = staff.page.getByRole('checkbox', { name: /^Delivery/ });
    await expect(delivery).toBeChecked();
    const { context: diner, page: dinerPage } = await dinerContext(browser);
    const notice = dinerPage.getByText('Menú informativo. Pedidos deshabilitados.').first();
    try {
      await delivery.uncheck();
      await expect(delivery).toBeEnabled();
      await expect(delivery).not.toBeChecked();
      await expect(staff.page.locator('.console-modes li').first()).toContainText('solo menú informativo');
      await dinerPage.goto('/menu/brasa-nunez/delivery');
      await expect(notice).toBeVisible();
    } finally {
      await delivery.check();
      await expect(delivery).toBeEnabled();
      await expect(delivery).toBeChecked();
    }
    await dinerPage.reload();
    await expect(dinerPage.getByText('Provoleta').first()).toBeVisible();
    await expect(notice).toHaveCount(0);
    await diner.close();
    await staff.context.close();
  });
});

/**
 * What a person sees, kept under docs/screenshots: the login, the board and an
 * order's detail at desktop and tablet widths and on a phone, light and dark.
 */
test.describe('screenshots', () => {
  const docs = path.join(root, 'docs/screenshots');
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1280, 1024, 390]) {
      test(`login, board and detail at ${width} px, ${colorScheme}`, async ({ browser, request }) => {
        // Two orders placed, four axe passes and seven screenshots: more than the default 30 s on a loaded machine.
        test.setTimeout(60_000);
        const staff = await staffContext(browser, {
          colorScheme,
          width,
          height: width === 390 ? 844 : 800,
        });
        const shot = (name: string) =>
          staff.page.screenshot({ path: path.join(docs, `console-${name}-${width}-${colorScheme}.png`) });
        await staff.page.goto('/console');
        await expect(staff.page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
        await shot('login');
        await expectNoSeriousViolations(staff.page);
        const placed = await placeOrder(request, 'brasa-caballito', {
          customerName: 'Carla Gómez',
          types: ['DELIVERY'],
          payments: ['CASH'],
        });
        // A scheduled order for tomorrow, with a long name: 'Programados' with its count, and the
        // name's wrapping in a narrow column beside the open detail.
        const scheduled = await placeOrder(request, 'brasa-caballito', {
          customerName: 'Valentina Rodríguez Etchegaray',
          types: ['TAKE_AWAY', 'DELIVERY'],
          payments: ['CASH', 'BANK_TRANSFER'],
          scheduledTomorrow: true,
        });
        await openBoard(staff.page, OWNER, 'Caballito');
        await expect(staff.page.locator(`[data-order-code="${placed.code}"]`).first()).toBeVisible();
        const card = staff.page.locator(`.console-scheduled [data-order-code="${scheduled.code}"]`);
        await expect(card).toBeVisible();
        await shot('board');
        await card.click();
        await expect(staff.page.locator('.console-detail h2')).toBeVisible();
        await staff.page.locator('.console-detail').scrollIntoViewIfNeeded();
        await shot('detail');
        await expectNoSeriousViolations(staff.page);
        for (const tab of ['Local', 'Mensajes']) {
          await staff.page.getByRole('button', { name: tab, exact: true }).click();
          await expect(staff.page.getByRole('button', { name: tab, exact: true })).toHaveAttribute(
            'aria-current',
            'page',
          );
          await expect(staff.page.locator('.console-page h2').first()).toBeVisible();
          await expectNoSeriousViolations(staff.page);
        }
        await staff.context.close();
      });
    }
  }
});

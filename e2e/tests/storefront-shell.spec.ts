import { expect, test } from '../support/fixtures';
import { CLOSED_AT, storefrontPrepare, tenantImport, tenantVariant } from '../support/storefront';

test.describe('shell: header, account menu, footer', () => {
  test.use({ serviceWorkers: 'block' });

  test.beforeEach(async ({ page }) => {
    await storefrontPrepare(page);
  });

  test('the header has the logo link and the menu button; the account menu slides in from the right', async ({
    page,
  }) => {
    await page.goto('/menu/brasa-nunez/delivery');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Brasa Parrilla' })).toHaveAttribute(
      'href',
      '/menu/brasa-nunez/delivery',
    );
    // No back arrow in a plain browser tab: the browser has its own.
    await expect(banner.getByRole('button', { name: 'Volver' })).toHaveCount(0);
    await banner.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Mi cuenta' });
    await expect(menu).toBeVisible();
    // Once its slide-in ends, the panel rests against the right edge.
    const width = page.viewportSize()?.width ?? 0;
    await expect
      .poll(async () => {
        const box = await menu.boundingBox();
        return Math.round((box?.x ?? 0) + (box?.width ?? 0));
      })
      .toBe(width);
    // 'Mis pedidos' needs an identified customer: 'Inicie sesión'.
    await menu.getByRole('button', { name: 'Mis pedidos' }).click();
    await expect(page.locator('.toasts').getByText('Inicie sesión')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('contentinfo')).toContainText('Pedidos online con Comanda');
  });

  test("'Mis pedidos' is offered on a branch contact only", async ({ page }) => {
    await page.goto('/menu/brasa');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Mi cuenta' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Mis pedidos' })).toHaveCount(0);
  });
});

test.describe('inside a social app', () => {
  test.use({
    serviceWorkers: 'block',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 Instagram 330.0.0.0.0',
  });

  test('the header shows a back arrow that goes back', async ({ page }) => {
    await storefrontPrepare(page);
    await page.goto('/menu/brasa-nunez/delivery');
    await page.getByRole('link', { name: 'Entradas' }).click();
    await expect(page).toHaveURL(/\/entradas$/);
    await page.getByRole('banner').getByRole('button', { name: 'Volver' }).click();
    await expect(page).toHaveURL(/\/menu\/brasa-nunez\/delivery$/);
  });
});

test.describe('installable app', () => {
  test('a web app manifest and a service worker that caches the shell, never the API', async ({
    page,
    request,
  }) => {
    await storefrontPrepare(page);
    await page.goto('/menu/brasa-nunez/delivery');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await (await request.get(href ?? '')).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/?source=pwa', lang: 'es' });
    const sizes = (manifest.icons as { sizes: string }[]).map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons as { src: string }[])
      expect((await request.get(icon.src)).status()).toBe(200);

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toMatch(/\/$/);
    // Browse with the worker in control, then look at what it kept.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toEqual(expect.arrayContaining(['/index.html']));
    expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
  });

  test("the install prompt '¡La próxima puedes hacer tu pedido desde nuestra App!' opens the browser's dialog", async ({
    page,
  }) => {
    await storefrontPrepare(page);
    await page.addInitScript(() => {
      // The browser fires beforeinstallprompt on its own schedule, possibly before the app's code
      // has loaded; here it fires as early as the document is parsed, and only once.
      addEventListener('DOMContentLoaded', () => {
        const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
          prompt: () => Promise<void>;
          userChoice: Promise<{ outcome: string }>;
        };
        event.prompt = async () => {
          (window as unknown as { installPrompted: boolean }).installPrompted = true;
        };
        event.userChoice = Promise.resolve({ outcome: 'accepted' });
        dispatchEvent(event);
        (window as unknown as { installOffered: boolean }).installOffered = true;
      });
    });
    await page.goto('/menu/brasa-nunez/delivery/entradas');
    const prompt = page.getByRole('complementary', { name: 'Instalar la aplicación' });
    // Not while the diner is still reading the menu …
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { installOffered?: boolean }).installOffered))
      .toBe(true);
    await expect(page.getByRole('heading', { name: 'Entradas' })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    // … but once an item is in the cart.
    await page.getByRole('link', { name: /Provoleta/ }).click();
    await page
      .getByRole('dialog', { name: 'Provoleta' })
      .getByRole('button', { name: /^Agregar/ })
      .click();
    await expect(prompt).toContainText('¡La próxima puedes hacer tu pedido desde nuestra App!');
    await prompt.getByRole('button', { name: 'Instalar' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted))
      .toBe(true);
    await expect(prompt).toBeHidden();
  });
});

test.describe('analytics and marketing tags', () => {
  test.use({ serviceWorkers: 'block' });

  test('diner events are posted in batches with the session id header', async ({ page }) => {
    await storefrontPrepare(page);
    await page.goto('/menu/brasa-nunez');
    const posted = page.waitForRequest(
      (request) => request.url().endsWith('/api/analytics/events') && request.method() === 'POST',
    );
    await page.getByRole('button', { name: /Delivery/ }).click();
    await page.getByRole('link', { name: 'Entradas' }).click();
    await page.getByRole('link', { name: /Provoleta/ }).click();
    await page
      .getByRole('dialog', { name: 'Provoleta' })
      .getByRole('button', { name: /^Agregar/ })
      .click();
    const request = await posted;
    const sessionId = request.headers()['x-session-id'];
    expect(sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const body = request.postDataJSON() as {
      events: { type: string; branchContactId?: number; orderModeId?: number }[];
    };
    expect(body.events.map((event) => event.type)).toEqual(['ORDER_MODE_SELECT', 'ITEM_VIEW', 'ADD_ITEM']);
    expect(body.events.every((event) => typeof event.branchContactId === 'number')).toBe(true);
    const response = await request.response();
    expect(response?.ok()).toBe(true);
    // One tab is one session.
    expect(await page.evaluate(() => sessionStorage.getItem('comanda.sessionId'))).toBe(sessionId);
  });

  test('what keeps a diner from ordering is reported as an order impediment', async ({ page }) => {
    await storefrontPrepare(page, { at: CLOSED_AT });
    const posted = page.waitForRequest(
      (request) => request.url().endsWith('/api/analytics/events') && request.method() === 'POST',
    );
    await page.goto('/menu/brasa-nunez/en-el-salon');
    const request = await posted;
    expect(request.postDataJSON()).toEqual({
      events: [
        {
          type: 'ORDER_IMPEDIMENT',
          branchContactId: expect.any(Number),
          orderModeId: expect.any(Number),
          payload: { impediment: 'STORE_CLOSED' },
        },
      ],
    });
    expect((await request.response())?.ok()).toBe(true);
  });

  test('a mode whose payment types are all off is reported as NO_PAYMENT_METHODS', async ({
    page,
    request,
  }) => {
    const variant = tenantVariant() as unknown as {
      branches: {
        branchContacts: {
          alias: string;
          orderModes: { type: string; paymentTypes: { active: boolean }[] }[];
        }[];
      }[];
    };
    for (const contact of variant.branches.flatMap((branch) => branch.branchContacts)) {
      if (contact.alias !== 'solo-belgrano') continue;
      for (const mode of contact.orderModes)
        if (mode.type === 'DELIVERY') for (const type of mode.paymentTypes) type.active = false;
    }
    await tenantImport(request, variant);
    try {
      await storefrontPrepare(page);
      const posted = page.waitForRequest(
        (sent) =>
          sent.url().endsWith('/api/analytics/events') &&
          (sent.postData() ?? '').includes('ORDER_IMPEDIMENT'),
      );
      await page.goto('/menu/solo-belgrano/delivery');
      expect((await posted).postDataJSON().events).toContainEqual(
        expect.objectContaining({ type: 'ORDER_IMPEDIMENT', payload: { impediment: 'NO_PAYMENT_METHODS' } }),
      );
    } finally {
      await tenantImport(request, tenantVariant());
    }
  });

  test('a failing analytics endpoint never breaks the page', async ({ page }) => {
    await storefrontPrepare(page);
    // A phone: the floating 'Ver mi pedido' shows the cart (from 1024 px it sits beside the menu).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route('**/api/analytics/events', (route) => route.abort());
    await page.goto('/menu/brasa-nunez/delivery/entradas');
    await page.getByRole('link', { name: /Provoleta/ }).click();
    await page
      .getByRole('dialog', { name: 'Provoleta' })
      .getByRole('button', { name: /^Agregar/ })
      .click();
    await expect(page.getByRole('link', { name: /Ver mi pedido/ })).toContainText('$ 7.800');
  });

  test("the branch's Meta pixel, Tag Manager and Analytics load only when it has their ids", async ({
    page,
    request,
  }) => {
    await tenantImport(request, tenantVariant());
    await storefrontPrepare(page);
    // The vendors are not contacted from tests.
    await page.route(/connect\.facebook\.net|googletagmanager\.com/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await page.goto('/menu/brasa-nunez/delivery');
    await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
    expect(await page.locator('script[src^="https://"]').count()).toBe(0);

    await page.goto('/menu/solo-belgrano/delivery');
    await expect(page.locator('script[src="https://connect.facebook.net/en_US/fbevents.js"]')).toHaveCount(1);
    await expect(
      page.locator('script[src="https://www.googletagmanager.com/gtm.js?id=GTM-FUEGO01"]'),
    ).toHaveCount(1);
    await expect(
      page.locator('script[src="https://www.googletagmanager.com/gtag/js?id=G-FUEGO0001"]'),
    ).toHaveCount(1);
  });
});

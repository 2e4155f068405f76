import type { APIRequestContext, Page } from '@playwright/test';
import { demoTenantAs } from '../support/checkout-flow';
import { dinerSignIn } from '../support/diner-sign-in';
import { type FakeChatwoot, fakeChatwootStart } from '../support/fake-chatwoot';
import { expect, test } from '../support/fixtures';
import { screenshotsBothSchemes } from '../support/screenshots';
import { storefrontPrepare, tenantImport } from '../support/storefront';
import { orderPlace } from './follow-up-helpers';

/**
 * The brand's support chat (ordering §2, §7, §9; ADR 040) against a local
 * server speaking Chatwoot's website SDK (support/fake-chatwoot.ts), never the
 * internet. The demo is imported as its own company ('charla') whose first
 * brand has the chat; the widget answers 600 ms late, so the storefront's
 * retry (10 tries, 200 ms apart) has something to wait for.
 */
const TOKEN = 'Fdm5ypwCWKm8fAEpf9w2Rqsm';
/** A token whose widget never answers: the SDK never gets ready. */
const NEVER_READY = 'NeverReadyToken000000001';
const SOFIA = { typed: '9 11 5555-2020', name: 'Sofía Benítez' };

let chat: FakeChatwoot;

test.use({ serviceWorkers: 'block' });

test.beforeAll(async () => {
  chat = await fakeChatwootStart({ widgetDelayMs: 600, neverReady: [NEVER_READY] });
});

test.afterAll(async () => {
  await chat.close();
});

test.beforeEach(async ({ page }) => {
  await storefrontPrepare(page);
});

/** Imports the demo as `name` with a chat on its grill brand, and waits for the policy to allow it. */
async function chatBrand(request: APIRequestContext, name: string, websiteToken = TOKEN): Promise<void> {
  await tenantImport(
    request,
    demoTenantAs(name, (tenant) => {
      const brand = tenant.branches[0] as unknown as Record<string, unknown>;
      brand.supportChat = { provider: 'CHATWOOT', baseUrl: chat.baseUrl, websiteToken };
    }),
  );
  // The storefront's policy is rebuilt right after the import's announcement (ADR 040).
  await expect
    .poll(async () => (await request.get(`/menu/${name}-nunez`)).headers()['content-security-policy'])
    .toContain(chat.baseUrl);
}

/** Content security policy refusals the page reports (none is expected). */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

const widget = (page: Page) => page.locator('.woot-widget-holder');

async function expectChatOpen(page: Page, token = TOKEN): Promise<void> {
  await expect(widget(page)).toHaveAttribute('data-state', 'open');
  await expect(widget(page)).toBeVisible();
  const frame = page.frameLocator('.woot-widget-holder iframe');
  await expect(frame.getByRole('heading', { name: 'Hola, ¿en qué te ayudamos?' })).toBeVisible();
  await expect(frame.getByText(`Bandeja ${token}`)).toBeVisible();
}

test("the header's chat icon opens the brand's chat, whose script arrives only after the menu's first paint", async ({
  page,
  request,
}) => {
  await chatBrand(request, 'charla');
  const violations = cspViolations(page);
  // Whether the menu was on the page when the chat's script was added to it (order, not time:
  // the test pins the page's clock).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const script = document.querySelector('script[src$="/packs/js/sdk.js"]');
      if (!script) return;
      (window as unknown as { menuBeforeChat: boolean }).menuBeforeChat =
        document.getElementById('highlighted-title') !== null;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/menu/charla-nunez/delivery');
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();

  // Tapped at once: the widget answers ~600 ms late, the retry waits for it.
  await page.getByRole('button', { name: 'Abrir el chat de ayuda' }).click();
  await expectChatOpen(page);
  expect(await page.evaluate(() => (window as unknown as { menuBeforeChat?: boolean }).menuBeforeChat)).toBe(
    true,
  );
  expect(chat.requests).toContain('/packs/js/sdk.js');
  expect(chat.requests).toContain(`/widget?website_token=${TOKEN}`);
  expect(violations).toEqual([]);
});

test("the menu home's banner names the loyalty programme and opens the chat or 'Mis Brasitas'", async ({
  page,
  request,
}) => {
  await chatBrand(request, 'charla');
  await page.goto('/menu/charla-nunez/delivery');
  const banner = page.getByRole('region', { name: 'Beneficios y ayuda' });
  await expect(banner.getByText('Suma Brasitas con cada pedido')).toBeVisible();
  await screenshotsBothSchemes(page, 'menu-support-banner');

  await banner.getByRole('button', { name: 'Escríbenos por chat' }).click();
  await expectChatOpen(page);
  await page.evaluate(() =>
    (window as unknown as { $chatwoot: { toggle: (s: string) => void } }).$chatwoot.toggle('close'),
  );

  // Loyalty needs a signed-in diner (ordering §5): signed out, 'Inicie sesión'.
  await banner.getByRole('button', { name: 'Mis Brasitas' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Inicie sesión' })).toBeVisible();

  await dinerSignIn(page, SOFIA.typed, SOFIA.name);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Mi cuenta' })).toBeHidden();
  await banner.getByRole('button', { name: 'Mis Brasitas' }).click();
  const modal = page.getByRole('dialog', { name: 'Mis Brasitas' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('columnheader', { name: 'Saldo' })).toBeVisible();
});

test('a brand without a chat keeps WhatsApp on its chat icon, offers only its programme, and loads no chat', async ({
  page,
  request,
}) => {
  await chatBrand(request, 'charla');
  const asked = chat.requests.length;
  await page.goto('/menu/brasa-nunez/delivery');
  const banner = page.getByRole('region', { name: 'Beneficios y ayuda' });
  await expect(banner.getByRole('button', { name: 'Mis Brasitas' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Escríbenos por chat' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Abrir el chat de ayuda' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Escribir por WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d+$/,
  );
  // Idle after the first paint, and a little more: still nothing asked of the chat server.
  await page.waitForTimeout(1500);
  expect(chat.requests.length).toBe(asked);
});

test('a chat that never gets ready is given up after the spec’s ten tries, and the diner is told', async ({
  page,
  request,
}) => {
  await chatBrand(request, 'callada', NEVER_READY);
  await page.goto('/menu/callada-nunez/delivery');
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  const started = Date.now();
  await page.getByRole('button', { name: 'Abrir el chat de ayuda' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No pudimos abrir el chat.' })).toBeVisible();
  // Nine waits of 200 ms between the ten tries.
  expect(Date.now() - started).toBeGreaterThanOrEqual(1800);
  await expect(widget(page)).toHaveAttribute('data-state', 'closed');
});

test("the support page of an order offers the brand's chat", async ({ page, request }) => {
  await chatBrand(request, 'charla');
  const order = await orderPlace(request, 'CASH', { alias: 'charla-caballito' });
  await page.goto(`/soporte?referenceId=${order.code}`);
  await expect(page.getByRole('heading', { name: 'Ayuda con tu pedido' })).toBeVisible();
  const open = page.getByRole('button', { name: 'Escríbenos por chat' });
  await expect(open).toBeVisible();
  await expect(page.getByRole('link', { name: 'Escribir por WhatsApp' })).toBeVisible();
  await screenshotsBothSchemes(page, 'support-chat');
  await open.click();
  await expectChatOpen(page);
});

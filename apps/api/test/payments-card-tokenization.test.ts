/**
 * How the browser tokenizes a card for each payment type (`cardTokenization`
 * in the diner API, ADR 010): the provider the registry picks to pay the type,
 * with the same account's public key and base URL, never a secret; and the
 * CSP's connect-src allowing the provider's API in live mode. The live case
 * runs end to end against local servers speaking Mercado Pago's protocol: the
 * token made where the diner API says is the one the payment accepts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appBuild } from '../src/app';
import { companies, paymentProviderAccounts, paymentTypes } from '../src/db/schema/tenant';
import type { PaymentsConfig } from '../src/payments/config';
import { contentCacheClear } from '../src/services/content-cache';
import { contentChanged, dinerGet, tenantLoad } from './support/diner-fixture';
import { type FakeMercadoPago, fakeMercadoPagoStart } from './support/fake-mercadopago';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import {
  cardPayment,
  generousOrderLimits,
  inject,
  orderPay,
  paymentOrderPlace,
  paymentRows,
  paymentsTenant,
  paymentsTestConfig,
} from './support/payments-fixture';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

const ENV_TOKEN = 'APP_USR-env-access-0000';
const ENV_SECRET = 'env-webhook-secret-0000';
const ENV_PUBLIC = 'APP_USR-env-public-0000';
const COMPANY_TOKEN = 'APP_USR-company-access-1111';
const COMPANY_SECRET = 'company-webhook-secret-1111';
const COMPANY_PUBLIC = 'APP_USR-company-public-1111';
const BRANCH_TOKEN = 'APP_USR-branch-access-2222';
const BRANCH_SECRET = 'branch-webhook-secret-2222';
const BRANCH_PUBLIC = 'APP_USR-branch-public-2222';
const KEYLESS_TOKEN = 'APP_USR-keyless-access-3333';
const TBK_API_KEY = 'tbk-api-key-secret-4444';
const SECRETS = [
  ENV_TOKEN,
  ENV_SECRET,
  COMPANY_TOKEN,
  COMPANY_SECRET,
  BRANCH_TOKEN,
  BRANCH_SECRET,
  KEYLESS_TOKEN,
  TBK_API_KEY,
];

/** The payment types of a location's mode (take-away unless told), by payment method, as the diner API shows them. */
async function takeAwayTypes(ctx: TestContext, alias: string, modeType = 'TAKE_AWAY') {
  const { status, body, raw } = await dinerGet(ctx, `/api/diner/${alias}`);
  expect(status).toBe(200);
  const mode = body.branchContact.deliveryConfig.orderModes.find(
    (candidate: { type: string }) => candidate.type === modeType,
  );
  const byMethod = Object.fromEntries(
    mode.paymentTypes.map((type: { paymentMethod: string }) => [type.paymentMethod, type]),
  );
  return { byMethod, raw };
}

function connectSrc(headers: Record<string, unknown>): string[] {
  const policy = String(headers['content-security-policy']);
  return (
    policy
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith('connect-src '))
      ?.split(/\s+/)
      .slice(1) ?? []
  );
}

describe.each(testDatabaseKinds())('Card tokenization in sandbox mode on %s', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: generousOrderLimits, payments: paymentsTestConfig() });

  beforeAll(async () => {
    await tenantLoad(ctx, paymentsTenant());
    ctx.app.clock.pin(WEDNESDAY_1300);
  });

  it('announces our sandbox for card types, whatever provider they name, and nothing for the others', async () => {
    const { byMethod } = await takeAwayTypes(ctx, 'fuego-palermo');
    expect(byMethod.CARD_ONLINE).toMatchObject({
      onlinePayment: { providerName: 'MERCADOPAGO' },
      cardTokenization: { provider: 'SANDBOX', url: '/api/sandbox/card_tokens' },
    });
    expect(byMethod.PAYMENT_LINK.cardTokenization).toBeNull();
    expect(byMethod.CASH.cardTokenization).toBeNull();
  });

  it('the announced URL tokenizes a test card', async () => {
    const { byMethod } = await takeAwayTypes(ctx, 'fuego-palermo');
    const made = await inject(ctx, 'POST', byMethod.CARD_ONLINE.cardTokenization.url, {
      cardNumber: '4509 9535 6623 3704',
      cardholderName: 'ANA PEREZ',
      cardExpiry: '12/39',
      securityCode: '123',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ paymentMethodId: 'visa', lastFourDigits: '3704' });
  });

  it('every listing of order modes carries it (branch entity and branch order modes)', async () => {
    const contact = await dinerGet(ctx, '/api/diner/fuego-palermo');
    const branchId = contact.body.branchContact.branchId;
    const branch = await dinerGet(ctx, '/api/diner/fuego-burgers');
    expect(branch.body.type).toBe('BRANCH');
    const fromBranch = await dinerGet(ctx, `/api/diner/branchordermodes/${branchId}`);
    for (const modes of [
      branch.body.branchContacts.flatMap(
        (summary: { deliveryConfig: { orderModes: unknown[] } }) => summary.deliveryConfig.orderModes,
      ),
      fromBranch.body.orderModes,
    ]) {
      const cardTypes = modes
        .flatMap((mode: { paymentTypes: { paymentMethod: string }[] }) => mode.paymentTypes)
        .filter((type: { paymentMethod: string }) => type.paymentMethod === 'CARD_ONLINE');
      expect(cardTypes.length).toBeGreaterThan(0);
      for (const type of cardTypes) {
        expect(type).toMatchObject({ cardTokenization: { provider: 'SANDBOX' } });
      }
    }
  });

  it("an order's payment type, for the follow-up page", async () => {
    const location = await locationIds(ctx, 'fuego-palermo');
    const order = await paymentOrderPlace(ctx, location, 'CARD_ONLINE');
    const read = await inject(ctx, 'GET', `/api/diner/order/${order.code}/card-tokenization`);
    expect(read.body).toEqual({ cardTokenization: { provider: 'SANDBOX', url: '/api/sandbox/card_tokens' } });
  });

  it('the CSP allows no card provider host in sandbox mode', async () => {
    const response = await dinerGet(ctx, '/api/diner/fuego-palermo');
    const hosts = connectSrc(response.headers);
    expect(hosts).toContain("'self'");
    expect(hosts.some((host) => host.includes('mercadopago'))).toBe(false);
  });
});

describe.each(testDatabaseKinds())('Card tokenization in live mode on %s', (kind) => {
  /** The environment's Mercado Pago, and the one the tenant accounts name by base URL. */
  let envFake: FakeMercadoPago;
  let tenantFake: FakeMercadoPago;
  const payments: PaymentsConfig = paymentsTestConfig({
    provider: 'live',
    resultWaitMs: 0,
    mercadopago: {
      accessToken: ENV_TOKEN,
      webhookSecret: ENV_SECRET,
      publicKey: ENV_PUBLIC,
      baseUrl: 'http://unset',
    },
    transbank: { commerceCode: '597055555532', apiKey: TBK_API_KEY, baseUrl: 'http://127.0.0.1:9' },
  });
  const overrides = { rateLimits: generousOrderLimits, payments };

  beforeAll(async () => {
    envFake = await fakeMercadoPagoStart({
      accessTokens: [ENV_TOKEN],
      publicKeys: { [ENV_PUBLIC]: ENV_TOKEN },
    });
    tenantFake = await fakeMercadoPagoStart({
      accessTokens: [COMPANY_TOKEN, BRANCH_TOKEN],
      publicKeys: { [COMPANY_PUBLIC]: COMPANY_TOKEN, [BRANCH_PUBLIC]: BRANCH_TOKEN },
      firstPaymentId: 1_400_000_001,
    });
    payments.mercadopago.baseUrl = envFake.url;
  });
  const ctx = useTestApp(kind, overrides);
  afterAll(async () => {
    await envFake?.close();
    await tenantFake?.close();
  });

  let fuego: LocationIds;
  let llama: LocationIds;
  /** llama's café (another branch, no branch account), whose self-service card type is made Mercado Pago. */
  let llamaCafe: LocationIds;

  beforeAll(async () => {
    await tenantLoad(ctx, paymentsTenant());
    await tenantLoad(ctx, paymentsTenant({ prefix: 'llama' }));
    await tenantLoad(ctx, paymentsTenant({ prefix: 'kiwi' }));
    const db = ctx.database.db;
    const companyId = async (alias: string) =>
      (await db.select().from(companies).where(eq(companies.alias, alias)))[0]?.id ?? 0;
    ctx.app.clock.pin(WEDNESDAY_1300);
    fuego = await locationIds(ctx, 'fuego-palermo');
    llama = await locationIds(ctx, 'llama-palermo');
    llamaCafe = await locationIds(ctx, 'llama-cafe-centro');
    await db
      .update(paymentTypes)
      .set({ providerName: 'MERCADOPAGO' })
      .where(eq(paymentTypes.id, llamaCafe.paymentTypes.SELF_SERVICE?.CARD_ONLINE ?? 0));
    // llama: a company account, and a branch account for Palermo's branch (the branch's wins).
    const llamaId = await companyId('llama');
    await db.insert(paymentProviderAccounts).values([
      {
        companyId: llamaId,
        provider: 'MERCADOPAGO',
        publicKey: COMPANY_PUBLIC,
        accessToken: COMPANY_TOKEN,
        webhookSecret: COMPANY_SECRET,
        baseUrl: tenantFake.url,
      },
      {
        companyId: llamaId,
        branchId: llama.branchId,
        provider: 'mercado_pago',
        publicKey: BRANCH_PUBLIC,
        accessToken: BRANCH_TOKEN,
        webhookSecret: BRANCH_SECRET,
        baseUrl: tenantFake.url,
      },
    ]);
    // kiwi: an account without a public key (all keys come from the row: no tokenization).
    await db.insert(paymentProviderAccounts).values({
      companyId: await companyId('kiwi'),
      provider: 'MERCADOPAGO',
      accessToken: KEYLESS_TOKEN,
      baseUrl: tenantFake.url,
    });
    expect(llamaCafe.branchId).not.toBe(llama.branchId);
    // Account rows are the operators' (no API writes them): storefront reads cached before they
    // were added show them once their entries expire (CONTENT_CACHE_MAX_AGE_MS); dropping the
    // cache stands in for that minute.
    contentCacheClear();
  });

  it("without an account row: the environment's public key at MERCADOPAGO_BASE_URL", async () => {
    const { byMethod } = await takeAwayTypes(ctx, 'fuego-palermo');
    expect(byMethod.CARD_ONLINE.cardTokenization).toEqual({
      provider: 'MERCADOPAGO',
      url: `${envFake.url}/v1/card_tokens`,
      publicKey: ENV_PUBLIC,
    });
    expect(byMethod.PAYMENT_LINK.cardTokenization).toBeNull();
    expect(byMethod.CASH.cardTokenization).toBeNull();
  });

  it("with account rows: the branch's row first, then the company's, with its own base URL", async () => {
    const palermo = await takeAwayTypes(ctx, 'llama-palermo');
    expect(palermo.byMethod.CARD_ONLINE.cardTokenization).toEqual({
      provider: 'MERCADOPAGO',
      url: `${tenantFake.url}/v1/card_tokens`,
      publicKey: BRANCH_PUBLIC,
    });
    const elsewhere = await takeAwayTypes(ctx, llamaCafe.alias, 'SELF_SERVICE');
    expect(elsewhere.byMethod.CARD_ONLINE.cardTokenization).toEqual({
      provider: 'MERCADOPAGO',
      url: `${tenantFake.url}/v1/card_tokens`,
      publicKey: COMPANY_PUBLIC,
    });
  });

  it("an account row without a public key: none (the environment's key is not mixed in)", async () => {
    const { byMethod } = await takeAwayTypes(ctx, 'kiwi-palermo');
    expect(byMethod.CARD_ONLINE.cardTokenization).toBeNull();
  });

  it('never sends an access token, webhook secret or API key', async () => {
    for (const alias of [
      'fuego-palermo',
      'llama-palermo',
      'llama-cafe-centro',
      'kiwi-palermo',
      'llama-burgers',
    ]) {
      const { raw } = await dinerGet(ctx, `/api/diner/${alias}`);
      for (const secret of SECRETS) expect(raw).not.toContain(secret);
      expect(raw).not.toMatch(/accessToken|webhookSecret|apiKey|commerceCode/);
    }
  });

  it('follows the type: a redirect provider (Webpay) has none; a SANDBOX type is not paid in live mode', async () => {
    const typeId = fuego.paymentTypes.TAKE_AWAY?.CARD_ONLINE ?? 0;
    const [company] = await ctx.database.db.select().from(companies).where(eq(companies.alias, 'fuego'));
    // A payment type's provider is tenant content: changed, it is announced like an import's changes.
    const providerSet = async (providerName: string) => {
      await ctx.database.db.update(paymentTypes).set({ providerName }).where(eq(paymentTypes.id, typeId));
      await contentChanged(ctx, company?.id ?? 0);
    };
    try {
      await providerSet('TRANSBANK');
      expect((await takeAwayTypes(ctx, 'fuego-palermo')).byMethod.CARD_ONLINE.cardTokenization).toBeNull();
      // Test cards never pay in live mode, whatever the tenant's data names (ADR 016).
      await providerSet('SANDBOX');
      expect((await takeAwayTypes(ctx, 'fuego-palermo')).byMethod.CARD_ONLINE.cardTokenization).toBeNull();
      await providerSet('DISABLED');
      expect((await takeAwayTypes(ctx, 'fuego-palermo')).byMethod.CARD_ONLINE.cardTokenization).toBeNull();
    } finally {
      await providerSet('MERCADOPAGO');
    }
  });

  /** Tokenizes a card the way the browser does, at what the diner API announced. */
  async function tokenizeAsBrowser(alias: string, cardholderName = 'APRO') {
    const { byMethod } = await takeAwayTypes(ctx, alias);
    const tokenization = byMethod.CARD_ONLINE.cardTokenization;
    const url = new URL(tokenization.url);
    url.searchParams.set('public_key', tokenization.publicKey);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: '4509953566233704',
        expiration_month: 11,
        expiration_year: 2030,
        security_code: '123',
        cardholder: { name: cardholderName, identification: { type: 'DNI', number: '30123456' } },
      }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  it('a token made where it says pays through the account the registry picks (branch account)', async () => {
    const token = await tokenizeAsBrowser('llama-palermo');
    const order = await paymentOrderPlace(ctx, llama, 'CARD_ONLINE');
    const paid = await orderPay(ctx, cardPayment(order.code, token));
    expect(paid.body).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    const [payment] = await paymentRows(ctx, order.code);
    expect(payment).toMatchObject({ provider: 'MERCADOPAGO', status: 'APPROVED' });
    const create = tenantFake.requests.filter((request) => request.path === '/v1/payments').at(-1);
    expect(create?.headers.authorization).toBe(`Bearer ${BRANCH_TOKEN}`);
  });

  it("a token made where it says pays through the environment's keys when there is no account", async () => {
    const token = await tokenizeAsBrowser('fuego-palermo');
    const order = await paymentOrderPlace(ctx, fuego, 'CARD_ONLINE');
    const paid = await orderPay(ctx, cardPayment(order.code, token));
    expect(paid.body).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
  });

  it("a token of another account's public key is refused by the provider", async () => {
    // Made with llama's company key: the branch account pays Palermo, and Mercado Pago refuses it.
    const url = new URL(`${tenantFake.url}/v1/card_tokens`);
    url.searchParams.set('public_key', COMPANY_PUBLIC);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: '4509953566233704',
        expiration_month: 11,
        expiration_year: 2030,
        security_code: '123',
        cardholder: { name: 'APRO', identification: { type: 'DNI', number: '30123456' } },
      }),
    });
    const { id } = (await response.json()) as { id: string };
    const order = await paymentOrderPlace(ctx, llama, 'CARD_ONLINE');
    const refused = await orderPay(ctx, cardPayment(order.code, id));
    expect(refused.body).toMatchObject({ status: 'REJECTED' });
  });

  it("an order's payment type, for the follow-up page: its own company and branch, as its payment", async () => {
    const card = await paymentOrderPlace(ctx, llama, 'CARD_ONLINE');
    const cardRead = await inject(
      ctx,
      'GET',
      `/api/diner/order/${card.code.toLowerCase()}/card-tokenization`,
    );
    expect(cardRead.status).toBe(200);
    expect(cardRead.headers['cache-control']).toBe('no-store');
    expect(cardRead.body).toEqual({
      cardTokenization: {
        provider: 'MERCADOPAGO',
        url: `${tenantFake.url}/v1/card_tokens`,
        publicKey: BRANCH_PUBLIC,
      },
    });
    for (const secret of SECRETS) expect(cardRead.raw).not.toContain(secret);
    const cash = await paymentOrderPlace(ctx, fuego, 'CASH');
    const cashRead = await inject(ctx, 'GET', `/api/diner/order/${cash.code}/card-tokenization`);
    expect(cashRead.body).toEqual({ cardTokenization: null });
    const unknown = await inject(ctx, 'GET', '/api/diner/order/ZZZZZZ/card-tokenization');
    expect(unknown.status).toBe(404);
  });

  it("the CSP allows the environment's Mercado Pago host, and account hosts from the next start", async () => {
    const response = await dinerGet(ctx, '/api/diner/fuego-palermo');
    const hosts = connectSrc(response.headers);
    expect(hosts).toContain(new URL(envFake.url).origin);
    // The account rows were written after this app started: allowed once the server starts again.
    expect(hosts).not.toContain(new URL(tenantFake.url).origin);
    const restarted = await appBuild(ctx.config, ctx.database);
    try {
      await restarted.ready();
      const again = await restarted.inject({ method: 'GET', url: '/api/diner/llama-palermo' });
      const allowed = connectSrc(again.headers);
      expect(allowed).toContain(new URL(envFake.url).origin);
      expect(allowed).toContain(new URL(tenantFake.url).origin);
    } finally {
      await restarted.close();
    }
  });
});

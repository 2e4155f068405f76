/**
 * Production never pays with test cards by default (ADR 016): with
 * NODE_ENV=production the payments mode defaults to live, the sandbox needs an
 * explicit opt-in, its routes exist only in sandbox mode, and while the sandbox
 * pays every page of the web app carries the 'Modo de prueba' mark.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configFromEnv } from '../src/config';
import { paymentsConfigFromEnv, SANDBOX_IN_PRODUCTION_CONSENT } from '../src/payments/config';
import { tenantLoad } from './support/diner-fixture';
import { locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { generousOrderLimits, inject, paymentOrderPlace, paymentsTenant } from './support/payments-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const PRODUCTION = { NODE_ENV: 'production' };
const OPT_IN = {
  ...PRODUCTION,
  PAYMENTS_PROVIDER: 'sandbox',
  PAYMENTS_SANDBOX_IN_PRODUCTION: SANDBOX_IN_PRODUCTION_CONSENT,
};

/** A built web app reduced to its index.html, as Vite writes it. */
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-dist-'));
fs.writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html>\n<html lang="es">\n  <head>\n    <title>Comanda</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
);
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

const SANDBOX_ROUTES = [
  ['POST', '/api/sandbox/card_tokens'],
  ['GET', '/api/sandbox/checkout/abcdefgh1234'],
  ['POST', '/api/sandbox/checkout/abcdefgh1234/pay'],
  ['GET', '/api/sandbox/assets/checkout.js'],
  ['POST', '/api/sandbox/webpay/form'],
  ['POST', '/api/sandbox/webpay/abcdefgh1234/pay'],
] as const;

const APPROVING_CARD = {
  cardNumber: '4509 9535 6623 3704',
  cardholderName: 'APRO',
  cardExpiry: '12/40',
  securityCode: '123',
};

describe('payments mode from the environment', () => {
  it('defaults to live in production and to the sandbox elsewhere', () => {
    expect(paymentsConfigFromEnv(PRODUCTION)).toMatchObject({ provider: 'live', sandboxInProduction: false });
    expect(paymentsConfigFromEnv({})).toMatchObject({ provider: 'sandbox', sandboxInProduction: false });
    expect(paymentsConfigFromEnv({ NODE_ENV: 'development' }).provider).toBe('sandbox');
    expect(configFromEnv(PRODUCTION).payments.provider).toBe('live');
  });

  it('refuses PAYMENTS_PROVIDER=sandbox in production without the opt-in, naming it', () => {
    expect(() => configFromEnv({ ...PRODUCTION, PAYMENTS_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENTS_SANDBOX_IN_PRODUCTION=orders-can-be-paid-with-public-test-cards/,
    );
    for (const value of ['true', '1', 'yes']) {
      expect(() =>
        paymentsConfigFromEnv({
          ...PRODUCTION,
          PAYMENTS_PROVIDER: 'sandbox',
          PAYMENTS_SANDBOX_IN_PRODUCTION: value,
        }),
      ).toThrow(/must be unset or exactly/);
    }
  });

  it('lets the sandbox pay in production with the opt-in, and says so', () => {
    expect(paymentsConfigFromEnv(OPT_IN)).toMatchObject({ provider: 'sandbox', sandboxInProduction: true });
    // The opt-in alone changes nothing: production still defaults to live.
    const { PAYMENTS_PROVIDER: _, ...consentOnly } = OPT_IN;
    expect(paymentsConfigFromEnv(consentOnly).provider).toBe('live');
  });
});

describe.each(testDatabaseKinds())('production without the opt-in on %s', (kind) => {
  const ctx = useTestApp(kind, {
    rateLimits: generousOrderLimits,
    payments: { ...paymentsConfigFromEnv(PRODUCTION), rateLimitPerMinute: 100_000 },
    webDistDir: distDir,
  });

  it('never serves /api/sandbox', async () => {
    for (const [method, url] of SANDBOX_ROUTES) {
      const response = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('pays nothing with test cards: a type naming SANDBOX is not paid online', async () => {
    await tenantLoad(ctx, paymentsTenant({ cardProvider: 'SANDBOX', linkProvider: 'SANDBOX' }));
    ctx.app.clock.pin(WEDNESDAY_1300);
    const palermo = await locationIds(ctx, 'fuego-palermo');
    const order = await paymentOrderPlace(ctx, palermo, 'PAYMENT_LINK');
    const link = await inject(ctx, 'POST', '/api/paymenturl', {
      code: order.code,
      branchContactId: palermo.id,
      amount: order.price,
    });
    expect(link.status).toBe(409);
  });

  it('serves the web app without the test-mode mark', async () => {
    for (const url of ['/', '/menu/fuego-palermo', '/console']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.body).not.toContain('Modo de prueba');
      expect(page.body).not.toContain('test-mode-mark');
    }
  });
});

describe.each(testDatabaseKinds())('production with the sandbox opted in on %s', (kind) => {
  const warnings: string[] = [];
  // The app logs through pino, which writes to fd 1 with `fs.write` or `fs.writeSync`: the start-up warning is caught there.
  const catchWarning = (fd: unknown, data: unknown) => {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
    if (fd === 1 && text.includes('"level":40')) warnings.push(text);
    return fd === 1 && text.includes('"level":40');
  };
  beforeAll(() => {
    const writeSync = fs.writeSync;
    const write = fs.write;
    vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) =>
      catchWarning(fd, data)
        ? String(data).length
        : (writeSync as (...args: unknown[]) => number)(fd, data, ...rest)) as typeof fs.writeSync);
    vi.spyOn(fs, 'write').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
      if (catchWarning(fd, data)) {
        const callback = rest.at(-1);
        if (typeof callback === 'function') callback(null, String(data).length, data);
        return;
      }
      return (write as (...args: unknown[]) => void)(fd, data, ...rest);
    }) as typeof fs.write);
  });
  const ctx = useTestApp(kind, {
    logLevel: 'warn',
    rateLimits: generousOrderLimits,
    payments: { ...paymentsConfigFromEnv(OPT_IN), rateLimitPerMinute: 100_000 },
    webDistDir: distDir,
  });
  afterAll(() => vi.restoreAllMocks());

  it('warns at start-up', () => {
    expect(warnings.some((line) => line.includes('PAYMENTS_SANDBOX_IN_PRODUCTION is set'))).toBe(true);
  });

  it('serves the sandbox', async () => {
    const token = await inject(ctx, 'POST', '/api/sandbox/card_tokens', APPROVING_CARD);
    expect(token.status).toBe(201);
  });

  it("marks every page of the web app 'Modo de prueba', outside the app's root", async () => {
    for (const url of ['/', '/menu/fuego-palermo', '/console']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(
        /<body>\s*<div class="test-mode-mark" role="note">Modo de prueba<\/div>\s*<div id="root"><\/div>/,
      );
      expect(page.body).toMatch(/<style>\.test-mode-mark\{[^<]*<\/style><\/head>/);
    }
  });
});

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiBranchContact, ApiCountry, ApiMenu } from '../../../types/api';

// The checkout of an external-loyalty user (ordering §5, §6, §7; ADR 015, 030) against a fake
// API: fetch is the only thing replaced. The page opens at a partner link, so the entry
// parameters, the cart, the pricing and the code rules are the real ones.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ2ZWNpbm8tNDIifQ.c2lnbmF0dXJl';
const PARTNER_LINK = `/menu/brasa-nunez/retiro?partner=beneficios-barrio&externalUserId=vecino-42&userToken=${TOKEN}`;

const allDay = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map(
  (dayOfWeek) => ({ dayOfWeek, workingHours: [{ startAt: '00:00', endAt: '23:59' }] }),
);
const paymentType = (id: number, showName: string, paymentMethod: string) => ({
  id,
  showName,
  description: null,
  active: true,
  upload: 'APP',
  paymentMethod,
  onlinePayment: { providerName: 'DISABLED' },
  cardTokenization: null,
});
const country: ApiCountry = {
  code: 'AR',
  name: 'Argentina',
  currency: { code: 'ARS', symbol: '$' },
  phonePrefix: '54',
  mantissaLength: 0,
  timezone: 'America/Argentina/Buenos_Aires',
};
const contact = {
  id: 5,
  alias: 'brasa-nunez',
  name: 'Brasa Núñez',
  branchId: 2,
  companyId: 1,
  timezone: 'America/Argentina/Buenos_Aires',
  mandatoryEmail: false,
  ordersConsoleActive: true,
  forceCustomerName: false,
  forceCustomerPhone: false,
  commercialTermsInfo: { blocked: false },
  manualClosing: false,
  deliveryConfig: {
    orderModes: [
      {
        id: 9,
        type: 'TAKE_AWAY',
        showName: 'Retiro',
        branchContactId: 5,
        menuId: 1,
        active: true,
        orderEnabled: true,
        useSchedule: true,
        minDelayInMinutes: 0,
        maxDelayInMinutes: 0,
        schedules: [{ scheduleConfigs: [{ workingDays: allDay }] }],
        paymentTypes: [paymentType(1, 'Efectivo', 'CASH'), paymentType(2, 'Transferencia', 'BANK_TRANSFER')],
      },
    ],
    workingDays: allDay,
    betweenStreetsRequired: false,
    ownLogistics: false,
    npsAvg: null,
  },
  branch: {
    id: 2,
    alias: 'brasa',
    name: 'Brasa',
    companyId: 1,
    social: { instagram: null, facebook: null },
    customMessage: null,
    withCustomLogo: false,
    customLogoURL: null,
    withCustomBannerLogo: false,
    customBannerLogoURL: null,
    withCustomHorizontalLogo: false,
    withCustomBackgroundLogo: false,
    askForLocation: false,
    generalConfig: {
      colorConfig: {},
      menuConfig: { plateDetailInModal: true, platesInMainView: false },
      fontFamily: null,
      onlineMarketingConfig: {},
    },
    fbPixelId: null,
    googleTagManagerId: null,
    googleAnalyticsId: null,
  },
  country,
} as unknown as ApiBranchContact;

const menu: ApiMenu = {
  id: 1,
  name: 'Carta',
  categories: [
    {
      id: 10,
      name: 'entradas',
      showName: 'Entradas',
      description: null,
      withImage: false,
      indicators: [],
      hasIndicators: false,
      plates: [
        {
          id: 11,
          showName: 'Provoleta',
          description: null,
          price: 7800,
          sizes: [],
          garnishGroups: [],
          category: { id: 10, name: 'entradas', showName: 'Entradas' },
          indicators: [],
          hasIndicators: false,
          withImage: false,
          maxQuantity: 9999999,
        },
      ],
    },
  ],
  remarkeds: [],
  upselleds: [],
  discounts: [],
};

/** The demo partner's answer: 'Vecino Plus' ($ 1.500, priority 1) wins over 'Vecino del barrio' (10 %, priority 2). */
const BENEFITS = {
  partner: 'beneficios-barrio',
  generalDiscounts: [
    { id: 1, name: 'Vecino del barrio', type: 'PERCENT', value: 10, priority: 2 },
    { id: 2, name: 'Vecino Plus', type: 'FIXED', value: 1500, priority: 1 },
  ],
  appliedDiscount: { id: 2, name: 'Vecino Plus', type: 'FIXED', value: 1500, priority: 1 },
};
const REFUSED = {
  message: 'No pudimos verificar tu beneficio.',
  fields: { authorization: 'No pudimos verificar tu beneficio.' },
};
const PROVOLETA_CODE = {
  code: 'PROVOLETA',
  id: 3,
  type: 'FIXED',
  value: 500,
  active: true,
  minimumOrderAmount: null,
  plate: null,
  category: null,
  firstTimeOnly: false,
  maximumDiscountAmount: null,
  freeDelivery: false,
  // Limited usage: for anyone else it would expire after 3 minutes.
  limitedUsage: true,
  terms: [],
  expiresInMs: 180000,
};

type Sent = { path: string; headers: Record<string, string>; body: Record<string, unknown> | null };
let sent: Sent[];
let answers: Record<string, () => { status: number; body: unknown }>;
let container: HTMLDivElement;
let root: Root;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function settle() {
  for (let round = 0; round < 8; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Opens the page at `address` (fresh modules: the entry parameters are read as it loads), cart filled, at the checkout. */
async function openCheckout(address: string) {
  vi.resetModules();
  window.history.replaceState(null, '', address);
  const { storageScopeSet } = await import('../../../lib/storage-scope');
  const { cartBind, cartLogicLoad } = await import('../../../stores/cart-store');
  const { ToastOutlet, ToastProvider } = await import('../../../components/ui/toast');
  const { CheckoutScreen } = await import('./checkout-screen');
  storageScopeSet('brasa');
  cartBind('brasa-nunez', 5);
  const logic = await cartLogicLoad();
  logic.cartActions.setMode(9, 'hash-1');
  logic.cartActions.add({
    referenceId: '11',
    referenceType: 'PLATE',
    name: 'Provoleta',
    notes: '',
    quantity: 1,
    price: 7800,
    source: 'plate',
    extras: [],
  } as never);
  await act(async () => {
    root.render(
      <ToastProvider>
        <MemoryRouter initialEntries={['/menu/brasa-nunez/checkout']}>
          <CheckoutScreen contact={contact} country={country} />
        </MemoryRouter>
        <ToastOutlet />
      </ToastProvider>,
    );
  });
  await settle();
}

const text = () => container.textContent ?? '';
const button = (name: string) =>
  [...container.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === name);
const radio = (name: string) =>
  [...container.querySelectorAll('label')]
    .find((label) => label.textContent?.includes(name))
    ?.querySelector('input[type="radio"]') as HTMLInputElement | undefined;
const total = () => container.querySelector('.checkout-breakdown__total dd')?.textContent ?? '';
const breakdownRows = () =>
  [...container.querySelectorAll('.checkout-breakdown__row')].map((row) => row.textContent ?? '');

async function click(element: HTMLElement | undefined) {
  if (!element) throw new Error('nothing to click');
  await act(async () => element.click());
  await settle();
}

async function applyCode() {
  await click(button('Código de descuento'));
  const input = document.querySelector('dialog input, [role="dialog"] input') as HTMLInputElement;
  await act(async () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setValue?.call(input, 'PROVOLETA');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  const inDialog = (name: string) =>
    [...document.querySelectorAll('[role="dialog"] button, dialog button')].find(
      (candidate) => candidate.textContent?.trim() === name,
    ) as HTMLElement | undefined;
  await click(inDialog('Aplicar'));
  await click(inDialog('Continuar'));
}

async function sendOrder() {
  await act(async () => {
    container.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await settle();
}

const orders = () => sent.filter((call) => call.path === '/api/order');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sent = [];
  answers = {
    '/api/diner/brasa-nunez/menu/5': () => ({ status: 200, body: menu }),
    '/api/ordermodes/9/fees': () => ({ status: 200, body: { userFee: 0, percentageUserFee: 0 } }),
    '/api/ordermodes/9/generaldiscounts': () => ({ status: 200, body: { discounts: [] } }),
    '/api/ordermodes/9/generalsurcharges': () => ({ status: 200, body: { surcharges: [] } }),
    '/api/external-benefits/beneficios-barrio': () => ({ status: 200, body: BENEFITS }),
    '/api/codediscounts/validate': () => ({ status: 200, body: PROVOLETA_CODE }),
    '/api/order': () => ({
      status: 201,
      body: {
        code: 'ABC123',
        id: 1,
        status: 'GENERATED',
        price: 6300,
        paymentStatus: 'PENDING',
        followUpUrl: '/menu/brasa-nunez/order/ABC123',
        handOff: { kind: 'CONSOLE' },
      },
    }),
  };
  vi.stubGlobal('fetch', async (input: URL | string | Request, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url);
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({
      path: url.pathname,
      headers,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
    });
    const answer = answers[url.pathname]?.() ?? { status: 404, body: { message: 'No existe' } };
    return json(answer.status, answer.body);
  });
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a partner link verified by the partner', () => {
  it('takes the token out of the address, shows the benefit of lowest priority and prices with it', async () => {
    await openCheckout(PARTNER_LINK);
    expect(window.location.href).not.toContain(TOKEN);
    const preview = sent.find((call) => call.path === '/api/external-benefits/beneficios-barrio');
    expect(preview?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(preview?.body).toEqual({
      branchId: 2,
      branchContactId: 5,
      orderModeId: 9,
      externalUserId: 'vecino-42',
    });
    expect(text()).toContain('Beneficio aplicado: Vecino Plus');
    expect(breakdownRows().filter((row) => row.includes('Vecino'))).toEqual([
      expect.stringMatching(/^Vecino Plus-\$\s?1\.500$/),
    ]);
    // $ 7.800 − $ 1.500.
    expect(total()).toMatch(/6\.300/);
  });

  it('sends the partner, the user and the bearer token with the order, at the price it showed', async () => {
    await openCheckout(PARTNER_LINK);
    await click(radio('Transferencia'));
    await sendOrder();
    expect(orders()).toHaveLength(1);
    const [order] = orders();
    expect(order?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(order?.body).toMatchObject({
      partnerName: 'beneficios-barrio',
      userExternalReference: 'vecino-42',
      price: 6300,
    });
    expect(JSON.stringify(order?.body)).not.toContain(TOKEN);
  });

  it('keeps the code: no delete button, through a payment type change without warning, a schedule change and its time-out', async () => {
    await openCheckout(PARTNER_LINK);
    await applyCode();
    expect(text()).toContain('Código de descuento: PROVOLETA');
    expect(button('Eliminar código')).toBeUndefined();
    expect(total()).toMatch(/5\.800/);

    await click(radio('Transferencia'));
    expect(text()).not.toContain('Si cambias el medio de pago se borrará el código de descuento');
    expect(radio('Transferencia')?.checked).toBe(true);
    expect(text()).toContain('Código de descuento: PROVOLETA');

    await click(radio('Programado'));
    expect(radio('Programado')?.checked).toBe(true);
    expect(text()).toContain('Código de descuento: PROVOLETA');

    // A limited-usage code is removed 3 minutes after it was applied, but not an external-loyalty user's.
    vi.useFakeTimers({ now: Date.now() + 181_000, toFake: ['Date'] });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1100));
    });
    expect(text()).toContain('Código de descuento: PROVOLETA');
    expect(text()).not.toContain('Tiempo de aplicacion del descuento vencido');

    await sendOrder();
    expect(orders()[0]?.body).toMatchObject({
      codeDiscount: 'PROVOLETA',
      partnerName: 'beneficios-barrio',
      price: 5800,
    });
  });

  it('goes on without the benefit when the server refuses the token at the order (it expired meanwhile)', async () => {
    answers['/api/order'] = () => ({ status: 401, body: REFUSED });
    await openCheckout(PARTNER_LINK);
    await click(radio('Transferencia'));
    await sendOrder();
    expect(text()).toContain('No pudimos verificar tu beneficio. Puedes seguir con tu pedido sin él');
    expect(breakdownRows().some((row) => row.includes('Vecino'))).toBe(false);
    expect(total()).toMatch(/7\.800/);

    answers['/api/order'] = () => ({
      status: 201,
      body: {
        code: 'ABC124',
        id: 2,
        status: 'GENERATED',
        price: 7800,
        paymentStatus: 'PENDING',
        followUpUrl: '',
        handOff: { kind: 'CONSOLE' },
      },
    });
    await sendOrder();
    const retry = orders()[1];
    expect(retry?.headers.Authorization).toBeUndefined();
    expect(retry?.body).not.toHaveProperty('partnerName');
    expect(retry?.body).toMatchObject({ price: 7800 });
  });
});

describe('a partner link the partner refuses', () => {
  it('says so in Spanish and orders at full price, with the usual code rules', async () => {
    answers['/api/external-benefits/beneficios-barrio'] = () => ({ status: 401, body: REFUSED });
    await openCheckout(PARTNER_LINK);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'No pudimos verificar tu beneficio. Puedes seguir con tu pedido sin él, o volver a ingresar desde la app de tu programa de beneficios.',
    );
    expect(total()).toMatch(/7\.800/);

    await applyCode();
    expect(button('Eliminar código')).toBeDefined();
    await click(radio('Transferencia'));
    expect(document.body.textContent).toContain(
      'Si cambias el medio de pago se borrará el código de descuento',
    );
  });

  it('tells a diner whose partner cannot be reached that the order goes on without it', async () => {
    answers['/api/external-benefits/beneficios-barrio'] = () => ({
      status: 503,
      body: { message: 'No disponible' },
    });
    await openCheckout(PARTNER_LINK);
    expect(text()).toContain('No pudimos consultar tu beneficio en este momento.');
    await click(radio('Transferencia'));
    await sendOrder();
    expect(orders()[0]?.body).toMatchObject({ price: 7800 });
    expect(orders()[0]?.headers.Authorization).toBeUndefined();
  });
});

describe('a diner without a partner link', () => {
  it('asks nobody for a benefit and sends no partner', async () => {
    await openCheckout('/menu/brasa-nunez/retiro');
    expect(sent.some((call) => call.path.startsWith('/api/external-benefits'))).toBe(false);
    expect(text()).not.toContain('Beneficio');
    await click(radio('Transferencia'));
    await sendOrder();
    expect(orders()[0]?.body).not.toHaveProperty('partnerName');
    expect(orders()[0]?.headers.Authorization).toBeUndefined();
  });
});

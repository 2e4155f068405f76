import { act } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import {
  type FakeRequest,
  fetchFake,
  jsonResponse,
  settle as settleOnce,
  testRootMount,
} from '../../../testing/fake-api';
import type { ApiBranchContact, ApiCountry, ApiMenu } from '../../../types/api';

// The checkout against a fake API, for the checkout's component tests: fetch is the only thing
// replaced. The page opens at an address (fresh modules, so the entry parameters are read from
// it), and the cart, the pricing and the code rules are the real ones.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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
export const country: ApiCountry = {
  code: 'AR',
  name: 'Argentina',
  currency: { code: 'ARS', symbol: '$' },
  phonePrefix: '54',
  mantissaLength: 0,
  timezone: 'America/Argentina/Buenos_Aires',
};
export const contact = {
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

export const menu: ApiMenu = {
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

export const PROVOLETA_CODE = {
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

export let sent: FakeRequest[];
export let answers: Record<string, () => { status: number; body: unknown }>;
export let container: HTMLDivElement;
export let root: Root;

export async function settle() {
  for (let round = 0; round < 8; round++) await settleOnce();
}

/** Opens the page at `address` (fresh modules: the entry parameters are read as it loads), cart filled, at the checkout. */
export async function openCheckout(
  address: string,
  at: { contact?: ApiBranchContact; modeId?: number } = {},
) {
  vi.resetModules();
  window.history.replaceState(null, '', address);
  const { storageScopeSet } = await import('../../../lib/storage-scope');
  const { cartBind, cartLogicLoad } = await import('../../../stores/cart-store');
  const { ToastOutlet, ToastProvider } = await import('../../../components/ui/toast');
  const { CheckoutScreen } = await import('./checkout-screen');
  storageScopeSet('brasa');
  cartBind('brasa-nunez', 5);
  const logic = await cartLogicLoad();
  logic.cartActions.setMode(at.modeId ?? 9, 'hash-1');
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
          <CheckoutScreen contact={at.contact ?? contact} country={country} />
        </MemoryRouter>
        <ToastOutlet />
      </ToastProvider>,
    );
  });
  await settle();
}

export const text = () => container.textContent ?? '';
export const button = (name: string) =>
  [...container.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === name);
export const radio = (name: string) =>
  [...container.querySelectorAll('label')]
    .find((label) => label.textContent?.includes(name))
    ?.querySelector('input[type="radio"]') as HTMLInputElement | undefined;
export const total = () => container.querySelector('.checkout-breakdown__total dd')?.textContent ?? '';
export const breakdownRows = () =>
  [...container.querySelectorAll('.checkout-breakdown__row')].map((row) => row.textContent ?? '');

export async function click(element: HTMLElement | undefined) {
  if (!element) throw new Error('nothing to click');
  await act(async () => element.click());
  await settle();
}

export async function applyCode() {
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

export async function sendOrder() {
  await act(async () => {
    container.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await settle();
}

export const orders = () => sent.filter((call) => call.path === '/api/order');

/** Before each test: empty storage, the fake API with its usual answers, a fresh root. */
export function checkoutHarnessSetUp(extraAnswers: typeof answers = {}) {
  localStorage.clear();
  sessionStorage.clear();
  sent = [];
  answers = {
    '/api/diner/brasa-nunez/menu/5': () => ({ status: 200, body: menu }),
    '/api/ordermodes/9/fees': () => ({ status: 200, body: { userFee: 0, percentageUserFee: 0 } }),
    '/api/ordermodes/9/generaldiscounts': () => ({ status: 200, body: { discounts: [] } }),
    '/api/ordermodes/9/generalsurcharges': () => ({ status: 200, body: { surcharges: [] } }),
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
  sent = fetchFake((request) => {
    const answer = answers[request.path]?.() ?? { status: 404, body: { message: 'No existe' } };
    return jsonResponse(answer.status, answer.body);
  });
  Object.assign(answers, extraAnswers);
  ({ container, root } = testRootMount());
}

/** After each test. */
export async function checkoutHarnessTearDown() {
  await act(async () => root.unmount());
  container.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
}

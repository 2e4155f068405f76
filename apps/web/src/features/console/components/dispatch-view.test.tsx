import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import {
  type DispatchFeed,
  type DispatchRider,
  type DispatchShipment,
  type DispatchView as DispatchViewData,
  dispatchFeedCreate,
} from '../api/dispatch-api';
import { ConsoleZoneContext } from '../hooks/use-console-moment';
import DispatchView from './dispatch-view';

// The dispatch view's own behaviour, rendered in happy-dom with the network as
// the only thing replaced: what each column and the riders' panel show, what
// grouping and offering send, and what the live feed changes. The map's
// settings never arrive, so no map is drawn (the e2e spec draws it).

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NOW = Date.parse('2026-11-20T21:00:00-03:00');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function shipment(id: number, code: string, extra: Partial<DispatchShipment> = {}): DispatchShipment {
  return {
    id,
    status: 'LOOKING_FOR_DRIVER',
    code,
    createdAt: minutesAgo(12),
    updatedAt: minutesAgo(12),
    returnShipment: false,
    stackingOrder: 0,
    stackId: null,
    logisticsOrder: { id: id + 100 },
    riderId: null,
    rider: null,
    eta: null,
    wonByOther: false,
    canCancel: false,
    offeredToRiderId: null,
    cancelReason: null,
    deliveryCodeLockedUntil: null,
    branch: { name: 'Brasa Núñez', address: 'Av. Cabildo 3000', lat: -34.5455, lng: -58.4689 },
    customerName: `Cliente ${code}`,
    customerPhone: '+5491155550000',
    destination: {
      street: null,
      number: null,
      zone: null,
      locality: null,
      fullAddress: `Calle ${code} 100`,
      betweenStreets: null,
      details: null,
      lat: -34.55,
      lng: -58.46,
    },
    order: {
      id: id + 200,
      code: `ORDER${code}`,
      status: 'ACCEPTED',
      paymentMethod: 'CASH',
      paymentType: 'Efectivo',
      total: 17584,
      paysWith: 20000,
    },
    ...extra,
  };
}

function rider(id: number, name: string, extra: Partial<DispatchRider> = {}): DispatchRider {
  return {
    id,
    name,
    phone: `+54911611100${id}`,
    active: true,
    approved: true,
    registeredAt: minutesAgo(600),
    shiftStartedAt: minutesAgo(120),
    position: null,
    current: null,
    ...extra,
  };
}

const lucas = rider(1, 'Lucas Romero', {
  position: { lat: -34.549, lng: -58.465, accuracy: 15, at: minutesAgo(7) },
  current: { kind: 'simple', id: 5, status: 'ON_ROUTE_TO_DROP_OFF', code: 'H2JD' },
});
const valentina = rider(2, 'Valentina Díaz', { active: false });
const tomas = rider(4, 'Tomás Acosta', { approved: false });
const nicolas = rider(3, 'Nicolás Paz');

const VIEW: DispatchViewData = {
  location: {
    id: 7,
    name: 'Brasa Núñez',
    lat: -34.5455,
    lng: -58.4689,
    timezone: 'America/Argentina/Buenos_Aires',
    ownLogistics: true,
  },
  dayStartsAt: new Date(Date.parse('2026-11-20T05:00:00-03:00')).toISOString(),
  waiting: [
    { kind: 'simple', shipment: shipment(1, 'K7QX') },
    {
      kind: 'simple',
      shipment: shipment(2, 'M3PA', { offeredToRiderId: 2 }),
    },
    { kind: 'simple', shipment: shipment(3, 'R9TE') },
  ],
  inProgress: [
    {
      kind: 'simple',
      shipment: shipment(5, 'H2JD', {
        status: 'ON_ROUTE_TO_DROP_OFF',
        canCancel: true,
        riderId: 1,
        rider: { id: 1, name: 'Lucas Romero', phone: '+549116111001' },
      }),
    },
  ],
  finishedToday: [],
  riders: [tomas, lucas, nicolas, valentina],
};

let container: HTMLDivElement;
let root: Root;
let feed: DispatchFeed;
let calls: { method: string; path: string; body: unknown }[];

function answer(body: unknown, status = 200) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

async function render() {
  await act(async () => {
    root.render(
      <ConsoleZoneContext.Provider value="America/Argentina/Buenos_Aires">
        <ToastProvider>
          <DispatchView token="t" branchContactId={7} country={null} feed={feed} onFailure={() => {}} />
        </ToastProvider>
      </ConsoleZoneContext.Provider>,
    );
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const button = (name: string) =>
  document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`) ??
  [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === name);

async function click(element: Element | null | undefined) {
  if (!element) throw new Error('no such element');
  await act(async () => {
    (element as HTMLElement).click();
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const textOf = (selector: string) => document.querySelector(selector)?.textContent ?? '';
const reads = () =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/console/dispatch').length;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.pathname === '/api/console/dispatch') return answer(VIEW);
      if (url.pathname === '/api/geo/config') return new Promise(() => {});
      return answer({});
    }),
  );
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  feed = dispatchFeedCreate();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('dispatch view', () => {
  it('shows the columns with their counts, the pending rider first, and an offer that lapsed', async () => {
    await render();
    expect(textOf('#dispatch-waiting')).toBe('Esperando repartidor 3');
    expect(textOf('#dispatch-in-progress')).toBe('En curso 1');
    expect(textOf('#dispatch-finished')).toBe('Terminados hoy 0');
    expect(textOf('.dispatch-pending')).toContain('Tomás Acosta');
    expect(button('Aprobar a Tomás Acosta')).toBeTruthy();
    expect(textOf('[data-shipment-code="M3PA"]')).toContain(
      'Ofrecido a Valentina Díaz, que terminó su turno: nadie más puede tomarlo.',
    );
    expect(document.querySelector('[data-shipment-code="M3PA"]')?.className).toContain(
      'dispatch-card--lapsed',
    );
    expect(textOf('[data-rider-id="1"]')).toContain('Lleva H2JD · En camino al cliente');
    expect(textOf('[data-rider-id="3"]')).toContain('Libre');
    expect(textOf('[data-shipment-code="K7QX"]')).toContain('Espera hace 12 min');
    // A waiting shipment is offered, not cancelled; one on its way can be confirmed delivered or cancelled.
    expect(button('Cancelar envío K7QX')).toBeFalsy();
    expect(button('Confirmar entrega de envío H2JD')).toBeTruthy();
    expect(button('Cancelar envío H2JD')).toBeTruthy();
    expect(textOf('[data-shipment-code="H2JD"]')).toContain('En camino al cliente');
  });

  it('grouping needs two picked shipments and sends their ids', async () => {
    await render();
    const group = () =>
      [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Agrupar en'));
    expect(group()?.disabled).toBe(true);
    const pick = (code: string) =>
      document.querySelector<HTMLInputElement>(`[data-shipment-code="${code}"] input[type="checkbox"]`);
    await click(pick('K7QX'));
    expect(group()?.disabled).toBe(true);
    await click(pick('R9TE'));
    expect(group()?.textContent).toBe('Agrupar en multientrega (2)');
    await click(group());
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/console/dispatch/stacks',
      body: { branchContactId: 7, shipmentIds: [1, 3] },
    });
  });

  it('offering lists only approved riders on shift; the choice is sent', async () => {
    await render();
    await click(button('Ofrecer envío K7QX'));
    const options = [...document.querySelectorAll('dialog input[name="offer-to"]')].map(
      (input) => input.parentElement?.textContent ?? '',
    );
    expect(options).toEqual([
      'Abierto a todos los repartidores en turno',
      'Lucas Romero · lleva H2JD',
      'Nicolás Paz · libre',
    ]);
    await click(document.querySelector('dialog input[value="3"]'));
    await click([...document.querySelectorAll('dialog button')].find((b) => b.textContent === 'Ofrecer'));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/console/dispatch/shipments/1/offer',
      body: { riderId: 3 },
    });
  });

  it('cancelling asks for the reason before sending anything', async () => {
    await render();
    await click(button('Cancelar envío H2JD'));
    await click(
      [...document.querySelectorAll('dialog button')].find((b) => b.textContent === 'Confirmar cancelación'),
    );
    expect(textOf('#dispatch-reason-error')).toBe('Indique el motivo de la cancelación.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('live: a position moves the rider without a read; a shipment change reads the view again', async () => {
    await render();
    expect(textOf('[data-rider-id="1"] [data-testid="rider-position-age"]')).toBe('Ubicación hace 7 min');
    const before = reads();
    await act(async () => {
      feed.emit({
        type: 'rider-position',
        payload: { riderId: 1, lat: -34.55, lng: -58.46, at: new Date(NOW).toISOString() },
      });
    });
    expect(textOf('[data-rider-id="1"] [data-testid="rider-position-age"]')).toBe('Ubicación recién');
    // A pending rider's position is never taken in.
    await act(async () => {
      feed.emit({
        type: 'rider-position',
        payload: { riderId: 4, lat: -34.55, lng: -58.46, at: new Date(NOW).toISOString() },
      });
    });
    expect(textOf('[data-rider-id="4"]')).not.toContain('Ubicación');
    expect(reads()).toBe(before);
    await act(async () => {
      feed.emit({ type: 'shipment-updated', payload: { kind: 'simple', id: 1 } });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(reads()).toBe(before + 1);
    // That read carries Lucas's older position (7 min ago): it does not take the live one away.
    expect(textOf('[data-rider-id="1"] [data-testid="rider-position-age"]')).toBe('Ubicación recién');
  });
});

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageScopeSet } from '../../../lib/storage-scope';
import type { TrackingInfo } from '../api/tracking';
import type { TrackingState } from '../hooks/use-tracking';
import { TrackingPage } from './tracking-page';

// What the tracking page shows for each state of a delivery, rendered in
// happy-dom from the contract's payload. The e2e (e2e/tests/tracking.spec.ts)
// drives the real API and socket; this covers states no demo flow reaches on
// demand (a rider without a phone, a position gone stale).

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NOW = Date.parse('2026-11-20T21:30:00.000Z');

function infoOf(overrides: Partial<TrackingInfo> = {}): TrackingInfo {
  return {
    id: 12,
    status: 'ON_ROUTE_TO_DROP_OFF',
    orderCode: 'A1B2C3D4E5F6',
    orderedAt: '2026-11-20T21:03:00.000Z',
    timeZone: 'America/Argentina/Buenos_Aires',
    securityCode: '4821',
    rider: {
      name: 'Lucas Romero',
      phone: '+5491161110001',
      position: { lat: -34.55, lng: -58.46, at: new Date(NOW - 20_000).toISOString() },
    },
    branch: { name: 'Brasa Núñez', logoUrl: null, position: { lat: -34.54, lng: -58.47 } },
    destination: { position: { lat: -34.5535, lng: -58.4625 } },
    eta: {
      from: '2026-11-21T00:35:00.000Z',
      to: '2026-11-21T00:45:00.000Z',
      text: '21:35–21:45',
      source: 'estimate',
    },
    updatedAt: new Date(NOW).toISOString(),
    ...overrides,
  };
}

function stateOf(data: TrackingInfo | null, overrides: Partial<TrackingState> = {}): TrackingState {
  return {
    status: data ? 'success' : 'failed',
    data,
    missing: false,
    realtime: true,
    polling: false,
    refresh: () => {},
    ...overrides,
  };
}

let container: HTMLDivElement;
let root: Root;

async function show(tracking: TrackingState, storageReady = true) {
  await act(async () => {
    root.render(
      <TrackingPage
        orderCode="A1B2C3D4E5F6"
        tracking={tracking}
        now={NOW}
        scheme="light"
        onSchemeChange={() => {}}
        storageReady={storageReady}
      />,
    );
  });
}

const text = () => container.textContent ?? '';
const links = () => [...container.querySelectorAll('a')].map((link) => link.getAttribute('href'));
const dialog = () => document.querySelector('dialog');

beforeEach(() => {
  localStorage.clear();
  storageScopeSet('brasa');
  // The map's settings are the network's: none in these tests (the map says it could not load).
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
  vi.spyOn(console, 'error').mockImplementation(() => {});
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

describe('Tracking page overlay', () => {
  it("shows the order, when it was placed in the location's zone, the status and the delivery code", async () => {
    await show(stateOf(infoOf()));
    expect(container.querySelector('h1')?.textContent).toBe('Pedido A1B2C3D4E5F6');
    // 21:03 UTC is 18:03 in Buenos Aires, the same day as NOW there.
    expect(container.querySelector('time')?.textContent).toBe('18:03');
    const status = container.querySelector('[data-testid="tracking-status"]');
    expect(status?.textContent).toBe('Tu pedido va en camino');
    expect(status?.className).toContain('tracking-status--moving');
    expect(text()).toContain('Clave de entrega');
    expect(container.querySelector('[data-testid="tracking-code"]')?.textContent).toBe('4821');
    expect(text()).toContain('El repartidor te solicitará esta clave al entregar el pedido');
    expect(container.querySelector('button.tracking-panel__refresh')?.textContent).toBe('Actualizar');
    expect(container.querySelector('[role="img"][aria-label="Brasa Núñez"]')).not.toBeNull();
    expect(text()).toContain('Comanda');
    expect(document.title).toBe('Seguimiento · Brasa Núñez');
  });

  it("says 'Sin repartidor' with no contact buttons before a rider takes the order", async () => {
    await show(stateOf(infoOf({ status: 'LOOKING_FOR_DRIVER', rider: null, eta: null })));
    expect(container.querySelector('[data-testid="tracking-rider"]')?.textContent).toBe('Sin repartidor');
    expect(links().filter((href) => href?.startsWith('https://wa.me') || href?.startsWith('tel:'))).toEqual(
      [],
    );
    expect(container.querySelector('[data-testid="tracking-status"]')?.textContent).toBe(
      'Buscando repartidor',
    );
  });

  it('offers chat and call with a rider who has a phone, and neither without one', async () => {
    await show(stateOf(infoOf()));
    expect(container.querySelector('[data-testid="tracking-rider"]')?.textContent).toBe('Lucas Romero');
    const chat = container.querySelector('a[aria-label="Escribir por WhatsApp a Lucas Romero"]');
    expect(chat?.getAttribute('href')).toBe(
      `https://wa.me/5491161110001?text=${encodeURIComponent('Hola, te escribo por el pedido A1B2C3D4E5F6.')}`,
    );
    expect(container.querySelector('a[aria-label="Llamar a Lucas Romero"]')?.getAttribute('href')).toBe(
      'tel:+5491161110001',
    );

    const info = infoOf();
    await show(stateOf(infoOf({ rider: info.rider && { ...info.rider, phone: null } })));
    expect(container.querySelector('[data-testid="tracking-rider"]')?.textContent).toBe('Lucas Romero');
    expect(links().filter((href) => href?.startsWith('https://wa.me') || href?.startsWith('tel:'))).toEqual(
      [],
    );
  });

  it("shows 'Entrega estimada: {eta}' only when there is an estimate", async () => {
    await show(stateOf(infoOf()));
    expect(container.querySelector('[data-testid="tracking-eta"]')?.textContent).toBe(
      'Entrega estimada: 21:35–21:45',
    );
    await show(stateOf(infoOf({ eta: null })));
    expect(container.querySelector('[data-testid="tracking-eta"]')).toBeNull();
    expect(text()).not.toContain('Entrega estimada');
  });

  it('says how old the rider position is once it is no longer live', async () => {
    await show(stateOf(infoOf()));
    expect(container.querySelector('[data-testid="tracking-stale"]')).toBeNull();
    const info = infoOf();
    const old = new Date(NOW - 6 * 60_000 - 5_000).toISOString();
    await show(
      stateOf(
        infoOf({ rider: info.rider && { ...info.rider, position: { lat: -34.55, lng: -58.46, at: old } } }),
      ),
    );
    expect(container.querySelector('[data-testid="tracking-stale"]')?.textContent).toBe(
      'Última ubicación hace 6 min',
    );
  });

  it("says it updates every few seconds while the realtime connection is down, and 'En vivo' when it is back", async () => {
    await show(stateOf(infoOf(), { realtime: false, polling: true }));
    expect(container.querySelector('[data-testid="tracking-live"]')?.textContent).toBe(
      'Actualizando cada pocos segundos',
    );
    await show(stateOf(infoOf(), { realtime: true, polling: false }));
    expect(container.querySelector('[data-testid="tracking-live"]')?.textContent).toBe('En vivo');
    // A delivered order is no longer followed: neither.
    await show(stateOf(infoOf({ status: 'DELIVERED', rider: null, eta: null, securityCode: null })));
    expect(container.querySelector('[data-testid="tracking-live"]')).toBeNull();
    expect(container.querySelector('[data-testid="tracking-status"]')?.textContent).toBe('Pedido entregado');
    expect(text()).not.toContain('Clave de entrega');
  });

  it('says it is loading until the first answer, with no half-filled panel', async () => {
    await show(stateOf(null, { status: 'loading' }));
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Cargando el seguimiento…');
    expect(container.querySelector('main')).toBeNull();
  });

  it('after a failed load shows no data but a way to try again', async () => {
    const refresh = vi.fn();
    await show(stateOf(null, { refresh }));
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(
      'No pudimos cargar el seguimiento',
    );
    expect(container.querySelector('h1')?.textContent).toBe('Pedido A1B2C3D4E5F6');
    const button = container.querySelector<HTMLButtonElement>('button.tracking-panel__refresh');
    await act(async () => button?.click());
    expect(refresh).toHaveBeenCalledOnce();
  });
});

describe("Tracking page 'Comparte la clave'", () => {
  it('shows the code once per order, and never again after Continuar', async () => {
    await show(stateOf(infoOf()));
    expect(dialog()?.textContent).toContain('Comparte la clave');
    expect(dialog()?.textContent).toContain(
      'El repartidor confirmará la entrega del pedido con la clave de entrega. ¡Espera a recibir el pedido para compartirla!',
    );
    expect(dialog()?.textContent).toContain('4821');
    const continuar = [...(dialog()?.querySelectorAll('button') ?? [])].find(
      (b) => b.textContent === 'Continuar',
    );
    await act(async () => continuar?.click());
    expect(dialog()).toBeNull();

    // The page opened again (a reload): the dialog stays closed for this order.
    await act(async () => root.unmount());
    root = createRoot(container);
    await show(stateOf(infoOf()));
    expect(dialog()).toBeNull();
    // Another order of the same company still gets its own.
    await act(async () => root.unmount());
    root = createRoot(container);
    await show(stateOf(infoOf({ orderCode: 'ZZZ999YYY888' })));
    expect(dialog()?.textContent).toContain('Comparte la clave');
  });

  it('does not show for an invalid code, nor before the company storage is known', async () => {
    await show(stateOf(infoOf({ securityCode: '12' })));
    expect(dialog()).toBeNull();
    await act(async () => root.unmount());
    root = createRoot(container);
    await show(stateOf(infoOf()), false);
    expect(dialog()).toBeNull();
  });
});

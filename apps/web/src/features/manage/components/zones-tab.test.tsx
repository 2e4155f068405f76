import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fetchFake, jsonResponse, settle, testRootMount } from '../../../testing/fake-api';
import type { ZonesView } from '../api/zones-api';
import ZonesTab from './zones-tab';

// The 'Zonas' tab's own behaviour in happy-dom, the network the only thing
// replaced: the fields that stand in for the map, the Spanish checks before
// sending, what a save and a check send, and a conflict. The map's settings
// never arrive, so no map is drawn (e2e/tests/manage-zones.spec.ts drags it).

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const VIEW: ZonesView = {
  zones: [
    {
      name: 'Cercana',
      radiusMeters: 2500,
      fee: 1500,
      cashFee: 1800,
      minimumOrderPrice: 8000,
      freeDeliveryFrom: 30000,
    },
    {
      name: 'Ampliada',
      polygon: [
        [-58.4706, -34.5589],
        [-58.3906, -34.5589],
        [-58.3906, -34.6189],
        [-58.4706, -34.6189],
        [-58.4706, -34.5589],
      ],
      fee: 2500,
      cashFee: 2500,
    },
  ],
  version: 'v1',
  location: { name: 'Fuego Palermo', lat: -34.5889, lng: -58.4306 },
  country: { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 },
};

let root: Root;
let container: HTMLDivElement;
let requests: FakeRequest[];
let answerPut: (request: FakeRequest) => Response;

const button = (name: string) =>
  document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`) ??
  [...document.querySelectorAll('button')].find((element) => element.textContent?.trim().startsWith(name)) ??
  null;
const field = (label: string) =>
  [...document.querySelectorAll('label')]
    .find((element) => element.textContent?.trim().startsWith(label))
    ?.querySelector('input') ?? null;

async function click(element: Element | null) {
  if (!element) throw new Error('no such element');
  await act(async () => (element as HTMLElement).click());
  await settle();
}

async function type(input: HTMLInputElement | null, value: string) {
  if (!input) throw new Error('no such input');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function render() {
  await act(async () => {
    root.render(
      <ZonesTab
        token="t"
        staff={{ id: 1, name: 'Lucía', email: 'l@x', role: 'OWNER', companyId: 1, branchContacts: [] }}
        location={{ id: 7, alias: 'fuego-palermo', name: 'Fuego Palermo' }}
        onFailure={() => {}}
      />,
    );
  });
  await settle();
}

beforeEach(() => {
  answerPut = (request) =>
    jsonResponse(200, { ...VIEW, zones: request.body.zones, version: 'v2', changed: true });
  requests = fetchFake((request) => {
    if (request.path === '/api/geo/config') return new Promise<Response>(() => {});
    if (request.path.endsWith('/delivery-zones/check')) {
      return jsonResponse(200, {
        reached: true,
        zone: { name: 'Cercana', fee: 1500, cashFee: 1800 },
        point: { lat: -34.5874, lng: -58.4306, label: 'Thames 1800, Palermo' },
        message: 'Sí, llega: zona Cercana, envío $ 1.500',
      });
    }
    if (request.method === 'PUT') return answerPut(request);
    return jsonResponse(200, VIEW);
  });
  ({ root, container } = testRootMount());
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe("'Zonas' tab", () => {
  it('lists the zones and edits a polygon by its corner fields: add after one, remove down to three', async () => {
    await render();
    expect(container.textContent).toContain('radio 2.500 m');
    expect(container.textContent).toContain('polígono, 4 vértices');
    await click(button('Ampliada'));
    expect(field('Envío')?.value).toBe('2.500');
    await click(button('Agregar un vértice después del 1'));
    expect(container.textContent).toContain('polígono, 5 vértices');
    expect(document.querySelector<HTMLInputElement>('input[type="number"]')?.value).toBe('-34.5589');
    await click(button('Quitar el vértice 2'));
    await click(button('Quitar el vértice 4'));
    expect(container.textContent).toContain('polígono, 3 vértices');
    expect(button('Quitar el vértice 1')?.disabled).toBe(true);
    expect(container.textContent).toContain('Hay cambios sin guardar');
  });

  it('marks a bad amount in Spanish and sends nothing', async () => {
    await render();
    await type(field('Envío'), '-100');
    await click(button('Guardar zonas'));
    expect(container.textContent).toContain('Escriba un importe válido, sin signo menos');
    expect(container.textContent).toContain('Revise los datos marcados en las zonas');
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('saves the zones in the tenant format with the version read', async () => {
    await render();
    await type(field('Radio en metros'), '3100');
    await type(field('Envío'), '1.700');
    await click(button('Guardar zonas'));
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/api/console/branchcontacts/7/delivery-zones');
    expect(put?.body.version).toBe('v1');
    expect(put?.body.zones[0]).toEqual({ ...VIEW.zones[0], radiusMeters: 3100, fee: 1700 });
    expect(put?.body.zones[1]).toEqual(VIEW.zones[1]);
    expect(container.textContent).toContain('Zonas guardadas. Los clientes ya ven los cambios.');
    expect(container.textContent).not.toContain('Hay cambios sin guardar');
  });

  it('tells a stale editor and offers the current zones', async () => {
    answerPut = () =>
      jsonResponse(409, { error: 'Conflict', message: 'x', current: { value: [], version: 'v9' } });
    await render();
    await type(field('Nombre'), 'Cercanía');
    await click(button('Guardar zonas'));
    expect(container.textContent).toContain('Otra persona cambió las zonas mientras usted las editaba.');
    expect(field('Nombre')?.value).toBe('Cercanía');
    await click(button('Cargar las zonas actuales'));
    expect(field('Nombre')?.value).toBe('Cercana');
  });

  it('checks a test address against the draft on screen and says the answer', async () => {
    await render();
    await click(button('Nueva zona'));
    expect(container.textContent).toContain('Zona 3');
    await type(field('Envío'), '900');
    await type(field('Envío pagando en efectivo'), '900');
    await type(field('¿Llega a esta dirección?'), 'Thames 1800');
    await click(button('Probar'));
    const check = requests.find((request) => request.path.endsWith('/check'));
    expect(check?.body.address).toBe('Thames 1800');
    expect(check?.body.zones).toHaveLength(3);
    expect(check?.body.zones[2]).toMatchObject({
      name: 'Zona 3',
      radiusMeters: 1500,
      fee: 900,
      cashFee: 900,
    });
    expect(document.querySelector('[aria-live] .zones-check__yes')?.textContent).toContain(
      'Sí, llega: zona Cercana, envío $ 1.500',
    );
  });
});

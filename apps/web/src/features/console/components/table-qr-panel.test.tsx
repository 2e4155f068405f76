import { act } from 'react';
import type { Root } from 'react-dom/client';
import { renderSVG } from 'uqr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fetchFake, jsonResponse, settle, testRootMount } from '../../../testing/fake-api';
import type { VenueControls } from '../api/console-api';
import TableQrPanel from './table-qr-panel';

// The console's printable table QR codes against a fake API: fetch is the only thing replaced
// (window.print is the browser's). Which link each code carries, what a card says, the range's
// checks, and what goes to the printer.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PALERMO: VenueControls = {
  id: 7,
  alias: 'fuego-palermo',
  name: 'Fuego Palermo',
  manualClosing: false,
  ordersConsoleActive: true,
  timeZone: 'America/Argentina/Buenos_Aires',
  orderModes: [
    { id: 1, type: 'DELIVERY', showName: 'Delivery', active: true, orderEnabled: true },
    { id: 3, type: 'DINE_IN', showName: 'En el salón', active: true, orderEnabled: true },
  ],
};

let requests: FakeRequest[];
let container: HTMLDivElement;
let root: Root;

async function render(contact = PALERMO) {
  const onFailure = vi.fn();
  await act(async () => {
    root.render(<TableQrPanel token="staff-token" contact={contact} onFailure={onFailure} />);
  });
  await settle();
  return onFailure;
}

const button = (name: string) =>
  [...container.querySelectorAll('button')].find((node) => node.textContent === name) ?? null;
const cards = (scope: ParentNode = container) => [...scope.querySelectorAll('.table-qr-card')];
const svgOf = (img: Element | null | undefined) =>
  decodeURIComponent((img?.getAttribute('src') ?? '').replace('data:image/svg+xml;charset=utf-8,', ''));
const error = (name: 'from' | 'to') => container.querySelector(`#table-${name}-error`)?.textContent ?? null;

async function range(from: string, to: string) {
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    const field = container.querySelector<HTMLInputElement>(`input[name="table-${name}"]`);
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
      field?.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
  await act(async () => button('Ver códigos')?.click());
}

beforeEach(() => {
  requests = fetchFake((request) =>
    request.path === '/api/console/table-links'
      ? jsonResponse(200, {
          branchContactId: 7,
          alias: 'fuego-palermo',
          storefrontUrl: 'https://pedidos.fuego.test',
        })
      : jsonResponse(404, { message: 'unexpected' }),
  );
  ({ container, root } = testRootMount());
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the tables’ QR codes', () => {
  it("draws one card per table, each encoding the dine-in menu's link with its table", async () => {
    await render();
    expect(requests[0]?.query.get('branchContactId')).toBe('7');
    expect(requests[0]?.headers.authorization).toBe('Bearer staff-token');
    await range('1', '20');
    const shown = cards();
    expect(shown).toHaveLength(20);
    const third = shown[2];
    expect(third?.querySelector('.table-qr-card__venue')?.textContent).toBe('Fuego Palermo');
    expect(third?.querySelector('h3')?.textContent).toBe('Mesa 3');
    expect(third?.textContent).toContain('Escanea el código con la cámara para pedir desde tu mesa.');
    const image = third?.querySelector('img');
    expect(image?.getAttribute('alt')).toBe('Código QR de la mesa 3');
    // The code is exactly the QR code of table 3's link (and not, say, of table 4's).
    const link = 'https://pedidos.fuego.test/menu/fuego-palermo/en-el-salon?tableNumber=3&source=qr-mesa';
    const options = { ecc: 'M', border: 2, pixelSize: 8 } as const;
    expect(svgOf(image)).toBe(renderSVG(link, options));
    expect(svgOf(image)).not.toBe(renderSVG(link.replace('tableNumber=3', 'tableNumber=4'), options));
  });

  it('checks the range on its fields: whole numbers from 1, in order, at most 100', async () => {
    await render();
    await range('0', '5');
    expect(error('from')).toBe('Indique un número de mesa entero, de 1 en adelante');
    expect(container.querySelector('input[name="table-from"]')?.getAttribute('aria-invalid')).toBe('true');
    await range('1', '2,5');
    expect(error('from')).toBeNull();
    expect(error('to')).toBe('Indique un número de mesa entero, de 1 en adelante');
    await range('9', '3');
    expect(error('to')).toBe('La última mesa debe ser igual o mayor que la primera');
    await range('1', '101');
    expect(error('to')).toBe('Se imprimen hasta 100 mesas por vez');
    expect(cards()).toHaveLength(0);
    expect(button('Imprimir')).toBeNull();
    await range('1', '100');
    expect(error('to')).toBeNull();
    expect(cards()).toHaveLength(100);
  });

  it('prints a copy of the sheet that sits outside the app', async () => {
    // happy-dom has no print dialog: the browser's function is the edge replaced here.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await render();
    await range('11', '14');
    const sheet = document.body.querySelector(':scope > [data-testid="table-qr-print"]');
    expect(sheet?.getAttribute('aria-hidden')).toBe('true');
    expect(cards(sheet ?? document).map((card) => card.querySelector('h3')?.textContent)).toEqual([
      'Mesa 11',
      'Mesa 12',
      'Mesa 13',
      'Mesa 14',
    ]);
    await act(async () => button('Imprimir')?.click());
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows nothing for a location without a dine-in mode', async () => {
    await render({ ...PALERMO, orderModes: PALERMO.orderModes.filter((mode) => mode.type !== 'DINE_IN') });
    expect(container.textContent).toBe('');
  });
});

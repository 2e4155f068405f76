import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fetchFake, jsonResponse, settle, testRootMount } from '../../../testing/fake-api';
import type { Menu } from '../api/menu-api';
import { MenuPanel } from './menu-panel';

// The 'Carta' panel against a fake API (fetch is the only thing replaced): what it sends on save, where the
// server's messages land, and what a lost race shows.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const AR = { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 };
const MENU: Menu = {
  key: 'carta',
  name: 'Carta',
  categories: [
    {
      key: 'postres',
      name: 'Postres',
      showName: 'Postres',
      plates: [
        { key: 'flan', showName: 'Flan', price: 4900 },
        { key: 'helado', showName: 'Helado', sizes: [{ key: 'cuarto', name: '1/4 kg', price: 6900 }] },
      ],
    },
  ],
};

let requests: FakeRequest[];
let container: HTMLDivElement;
let root: Root;
let putAnswers: (() => Response)[];

const button = (name: string | RegExp) =>
  [...container.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? b.textContent?.trim() === name : name.test(b.textContent ?? ''),
  ) as HTMLButtonElement;
const inputLabelled = (text: string) => {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
  return container.querySelector(`#${CSS.escape(label?.htmlFor ?? 'none')}`) as HTMLInputElement;
};
async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function click(element: HTMLElement) {
  await act(async () => element.click());
  await settle();
}

beforeEach(async () => {
  putAnswers = [];
  requests = fetchFake((request) => {
    if (request.method === 'PUT') return (putAnswers.shift() as () => Response)();
    if (request.path.endsWith('/garnish-groups'))
      return jsonResponse(200, { garnishGroups: [], version: 'g1' });
    return jsonResponse(200, { menu: MENU, version: 'v1' });
  });
  ({ container, root } = testRootMount());
  await act(async () => {
    root.render(<MenuPanel token="t" brandId={3} menuKey="carta" country={AR} onFailure={vi.fn()} />);
  });
  await settle();
  await settle();
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe('the menu panel', () => {
  it('sends the price typed the venue’s way as major units, over the version it read', async () => {
    await click(button(/^Flan/));
    await type(inputLabelled('Precio'), '5.200');
    putAnswers.push(() =>
      jsonResponse(200, {
        menu: { ...MENU, categories: [{ ...MENU.categories[0], plates: [] }] },
        version: 'v2',
        changed: true,
      }),
    );
    await click(button('Guardar cambios'));
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/api/console/branches/3/menus/carta');
    expect(put?.body.version).toBe('v1');
    expect(put?.body.menu.categories[0].plates[0].price).toBe(5200);
    expect(container.textContent).toContain('cambios guardados');
  });

  it('refuses a price that is no amount before sending, keeping what was typed', async () => {
    await click(button(/^Flan/));
    await type(inputLabelled('Precio'), 'cinco mil');
    await click(button('Guardar cambios'));
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    expect(container.textContent).toContain('Escriba el importe como lo cobra, por ejemplo 8.500');
    expect(inputLabelled('Precio').value).toBe('cinco mil');
  });

  it('shows the server’s messages at their plate, and lists the ones no field shows on top', async () => {
    await click(button(/^Flan/));
    await type(inputLabelled('Nombre'), 'Flan casero');
    putAnswers.push(() =>
      jsonResponse(400, {
        error: 'Bad Request',
        message: 'Revise los datos marcados',
        fields: {
          'categories[0].plates[1]': 'needs a price or sizes',
          'branches[0].branchContacts[0].orderModes[0].menu': 'no menu with key "carta"',
        },
      }),
    );
    await click(button('Guardar cambios'));
    expect(container.querySelector('.menu-edit__summary')?.textContent).toContain('no menu with key "carta"');
    expect(button(/^Helado/).textContent).toContain('Revisar');
    await click(button(/^Helado/));
    expect(container.querySelector('.menu-edit__plate [role="alert"]')?.textContent).toBe(
      'needs a price or sizes',
    );
  });

  it('after someone else saved, keeps its own change listed and loads the current menu on request', async () => {
    await click(button(/^Flan/));
    await type(inputLabelled('Precio'), '5.500');
    const current = { ...MENU, name: 'Carta de invierno' };
    putAnswers.push(() =>
      jsonResponse(409, { error: 'Conflict', message: 'x', current: { value: current, version: 'v9' } }),
    );
    await click(button('Guardar cambios'));
    const notice = container.querySelector('.menu-edit__conflict') as HTMLElement;
    expect(notice.textContent).toContain('Otra persona cambió esta carta');
    expect(notice.textContent).toContain('postres › flan › Precio: 4.900 → 5.500');
    await click(button('Cargar la versión actual'));
    expect(container.querySelector('.menu-edit__conflict')?.textContent).toContain(
      'Se cargó la versión actual',
    );
    await click(button(/^Flan/));
    expect(inputLabelled('Precio').value).toBe('4.900');
    putAnswers.push(() => jsonResponse(200, { menu: current, version: 'v10', changed: true }));
    await type(inputLabelled('Precio'), '5.500');
    await click(button('Guardar cambios'));
    expect(requests.filter((request) => request.method === 'PUT').at(-1)?.body.version).toBe('v9');
  });
});

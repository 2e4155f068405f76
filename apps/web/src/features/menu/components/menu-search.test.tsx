/**
 * 'Buscar en el menú' as a diner uses it on the menu home: typing keeps the
 * plates whose name or description holds the words (any case, any accents), by
 * category and on top of the chosen indicator filters; nothing found says so,
 * and the way out empties the field and brings the whole menu back.
 */
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settle, testRootMount } from '../../../testing/fake-api';
import type { ApiCategory, ApiMenu, ApiPlate } from '../../../types/api';
import { menuFromApi } from '../api/get-menu';
import { MenuHome, type MenuLinks } from './menu-home';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const plate = (
  id: number,
  showName: string,
  description: string | null,
  category: ApiCategory,
  indicators: string[] = [],
): ApiPlate => ({
  id,
  showName,
  description,
  price: 1000,
  sizes: [],
  garnishGroups: [],
  category: { id: category.id, name: category.name, showName: category.showName },
  indicators,
  hasIndicators: indicators.length > 0,
  withImage: false,
  maxQuantity: 20,
});

const category = (id: number, name: string, showName: string): ApiCategory => ({
  id,
  name,
  showName,
  description: null,
  withImage: false,
  indicators: [],
  hasIndicators: false,
  plates: [],
});

function apiMenu(): ApiMenu {
  const entradas = category(1, 'entradas', 'Entradas');
  const parrilla = category(2, 'parrilla', 'A la parrilla');
  const postres = category(3, 'postres', 'Postres');
  entradas.plates = [
    plate(11, 'Provoleta', 'Con orégano', entradas, ['SIN_TACC']),
    plate(12, 'Mollejas al limón', null, entradas),
  ];
  parrilla.plates = [
    plate(21, 'Pollo deshuesado', 'Marinado en limón y ajo', parrilla, ['SIN_TACC']),
    plate(22, 'Vacío', 'A la leña', parrilla),
  ];
  postres.plates = [plate(31, 'Helado', 'Dulce de leche o LIMÓN', postres)];
  return {
    id: 1,
    name: 'Carta',
    categories: [entradas, parrilla, postres],
    remarkeds: [],
    upselleds: [],
    discounts: [],
  };
}

const country = { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 };
const links: MenuLinks = {
  plateHref: (p) => `/menu/brasa-nunez/delivery/${p.categorySlug}/${p.slug}`,
  categoryHref: (c) => `/menu/brasa-nunez/delivery/${c.slug}`,
  onPlateOpen: () => {},
  discountFor: () => null,
};

let container: HTMLDivElement;
let root: Root;

async function open(url = '/menu/brasa-nunez/delivery') {
  await act(async () => {
    root.render(
      <MemoryRouter initialEntries={[url]}>
        <MenuHome menu={menuFromApi(apiMenu(), 0)} platesInMainView={false} country={country} links={links} />
      </MemoryRouter>,
    );
  });
  await settle();
}

const field = () => container.querySelector<HTMLInputElement>('input[type="search"]');

/** Types into the field as a browser does (React listens to the input event), then waits for the results' chunk. */
async function type(text: string) {
  const input = field();
  if (!input) throw new Error('no search field');
  await act(async () => {
    input.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  for (let round = 0; round < 150; round++) {
    if (!text.trim() || container.querySelector('.menu-search-results')) break;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
  await settle();
}

const found = () =>
  [...container.querySelectorAll('.menu-search-results section')].map(
    (section) =>
      `${section.querySelector('h2')?.textContent}: ${[...section.querySelectorAll('.plate-card__name')]
        .map((name) => name.textContent)
        .join(', ')}`,
  );

beforeEach(() => {
  ({ container, root } = testRootMount());
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe("menu search 'Buscar en el menú'", () => {
  it('is a labelled search field above the usual menu, empty at first', async () => {
    await open();
    expect(field()?.getAttribute('aria-label')).toBe('Buscar en el menú');
    expect(field()?.placeholder).toBe('Buscar en el menú');
    expect(field()?.value).toBe('');
    expect(container.querySelector('.category-grid')).not.toBeNull();
  });

  it('keeps the plates whose name or description holds the word, whatever the case and accents', async () => {
    await open();
    await type('LIMON');
    expect(found()).toEqual([
      'Entradas: Mollejas al limón',
      'A la parrilla: Pollo deshuesado',
      'Postres: Helado',
    ]);
    expect(container.querySelector('.category-grid')).toBeNull();
    expect(container.querySelector('.menu-search-results [role="status"]')?.textContent).toBe(
      '3 platos encontrados',
    );
    await type('pollo limón');
    expect(found()).toEqual(['A la parrilla: Pollo deshuesado']);
    expect(container.querySelector('.menu-search-results [role="status"]')?.textContent).toBe(
      '1 plato encontrado',
    );
  });

  it('narrows what the chosen indicator filters keep', async () => {
    await open('/menu/brasa-nunez/delivery?indicador=SIN_TACC');
    await type('limón');
    expect(found()).toEqual(['A la parrilla: Pollo deshuesado']);
  });

  it('says when nothing matches; the way out empties the field, puts the diner back in it, and restores the menu', async () => {
    await open();
    await type('sushi');
    expect(container.querySelector('.menu-filtered__empty p')?.textContent).toBe(
      'No encontramos platos con "sushi".Prueba con otra palabra.',
    );
    const clear = container.querySelector<HTMLButtonElement>('.menu-filtered__empty button');
    expect(clear?.textContent).toBe('Borrar búsqueda');
    await act(async () => clear?.click());
    await settle();
    expect(field()?.value).toBe('');
    expect(document.activeElement).toBe(field());
    expect(container.querySelector('.menu-search-results')).toBeNull();
    expect(container.querySelector('.category-grid')).not.toBeNull();
  });

  it('shows the whole menu again when the field is emptied by hand, and ignores a query of spaces', async () => {
    await open();
    await type('vacio');
    expect(found()).toEqual(['A la parrilla: Vacío']);
    await type('   ');
    expect(container.querySelector('.menu-search-results')).toBeNull();
    expect(container.querySelector('.category-grid')).not.toBeNull();
  });
});

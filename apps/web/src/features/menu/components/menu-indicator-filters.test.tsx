/**
 * The menu's indicator filters as a diner uses them: the chips the menu's own
 * indicators call for, toggling them, the plates that remain, the URL that keeps
 * the choice, and the way out of an empty result.
 */
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle, testRootMount } from '../../../testing/fake-api';
import type { ApiCategory, ApiMenu, ApiPlate } from '../../../types/api';
import { menuFromApi } from '../api/get-menu';
import { MenuHome, type MenuLinks } from './menu-home';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const plate = (id: number, showName: string, category: ApiCategory, indicators: string[] = []): ApiPlate => ({
  id,
  showName,
  description: null,
  price: 1000,
  sizes: [],
  garnishGroups: [],
  category: { id: category.id, name: category.name, showName: category.showName },
  indicators,
  hasIndicators: indicators.length > 0,
  withImage: false,
  maxQuantity: 20,
});

const category = (id: number, name: string, showName: string, indicators: string[] = []): ApiCategory => ({
  id,
  name,
  showName,
  description: null,
  withImage: false,
  indicators,
  hasIndicators: indicators.length > 0,
  plates: [],
});

function apiMenu(): ApiMenu {
  const entradas = category(1, 'entradas', 'Entradas');
  const ensaladas = category(2, 'ensaladas', 'Ensaladas', ['VEGANO']);
  const carnes = category(3, 'carnes', 'Carnes');
  entradas.plates = [
    plate(11, 'Provoleta', entradas, ['VEGETARIANO', 'SIN_TACC']),
    plate(12, 'Empanada de carne', entradas),
  ];
  ensaladas.plates = [plate(21, 'Ensalada verde', ensaladas, ['SIN_TACC']), plate(22, 'Rúcula', ensaladas)];
  carnes.plates = [plate(31, 'Vacío', carnes, ['SIN_TACC', 'PICANTE', 'SIN_SAL'])];
  return {
    id: 1,
    name: 'Carta',
    categories: [entradas, ensaladas, carnes],
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
let address = '';

function Address() {
  const location = useLocation();
  address = `${location.pathname}${location.search}`;
  return null;
}

async function open(url: string, menu: ApiMenu = apiMenu()) {
  await act(async () => {
    root.render(
      <MemoryRouter initialEntries={[url]}>
        <MenuHome menu={menuFromApi(menu, 0)} platesInMainView={false} country={country} links={links} />
        <Address />
      </MemoryRouter>,
    );
  });
  // The filters are a lazy chunk asked once the browser is idle after the first paint: wait for it and
  // the render it unblocks, up to 3 s (a menu without filters has none).
  for (let round = 0; round < 150 && container.querySelector('.menu-filters'); round++) {
    if (container.querySelector('.menu-filters button')) break;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
  await settle();
}

const chips = () =>
  [...container.querySelectorAll<HTMLButtonElement>('.menu-filters button')].map(
    (button) => `${button.textContent} ${button.getAttribute('aria-pressed')}`,
  );
const chip = (label: string) =>
  [...container.querySelectorAll<HTMLButtonElement>('.menu-filters button')].find(
    (button) => button.textContent === label,
  );
const sections = () =>
  [...container.querySelectorAll('.menu-filtered section')].map(
    (section) =>
      `${section.querySelector('h2')?.textContent}: ${[...section.querySelectorAll('.plate-card__name')]
        .map((name) => name.textContent)
        .join(', ')}`,
  );
const click = async (element: Element | undefined) => {
  await act(async () => {
    (element as HTMLElement).click();
  });
  for (let round = 0; round < 3; round++) await settle();
};

beforeEach(() => {
  ({ container, root } = testRootMount());
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe('menu indicator filters', () => {
  it('offers the filters the menu uses, none pressed, above the usual menu', async () => {
    const menu = apiMenu();
    menu.categories[0]?.plates[0]?.indicators.splice(0, 1); // no plate is VEGETARIANO any more
    await open('/menu/brasa-nunez/delivery', menu);
    expect(chips()).toEqual(['Sin TACC false', 'Vegano false']);
    expect(container.querySelector('.menu-filters legend')?.textContent).toBe('Filtrar platos');
    expect(container.querySelector('.category-grid')).not.toBeNull();
  });

  it('shows no filter row at all on a menu without such indicators', async () => {
    const menu = apiMenu();
    for (const c of menu.categories) {
      c.indicators = [];
      for (const p of c.plates) p.indicators = p.indicators.filter((code) => code === 'PICANTE');
    }
    await open('/menu/brasa-nunez/delivery', menu);
    expect(container.querySelector('.menu-filters')).toBeNull();
  });

  it("toggling 'Vegano' keeps the vegan plates (the category's vouches for its plates), in the URL", async () => {
    await open('/menu/brasa-nunez/delivery?allowedOM=DELIVERY');
    await click(chip('Vegano'));
    expect(chip('Vegano')?.getAttribute('aria-pressed')).toBe('true');
    expect(sections()).toEqual(['Ensaladas: Ensalada verde, Rúcula']);
    expect(container.querySelector('.category-grid')).toBeNull();
    expect(address).toBe('/menu/brasa-nunez/delivery?allowedOM=DELIVERY&indicador=VEGANO');
    expect(container.querySelector('[role="status"]')?.textContent).toBe('2 platos cumplen con los filtros');
  });

  it('narrows with a second filter and widens again when one is released', async () => {
    await open('/menu/brasa-nunez/delivery');
    await click(chip('Sin TACC'));
    expect(sections()).toEqual(['Entradas: Provoleta', 'Ensaladas: Ensalada verde', 'Carnes: Vacío']);
    await click(chip('Vegano'));
    expect(sections()).toEqual(['Ensaladas: Ensalada verde']);
    expect(address).toBe('/menu/brasa-nunez/delivery?indicador=SIN_TACC&indicador=VEGANO');
    await click(chip('Sin TACC'));
    expect(address).toBe('/menu/brasa-nunez/delivery?indicador=VEGANO');
    expect(sections()).toEqual(['Ensaladas: Ensalada verde, Rúcula']);
  });

  it('opens a shared link already filtered, ignoring codes the menu cannot filter by', async () => {
    await open('/menu/brasa-nunez/delivery?indicador=VEGETARIANO&indicador=PICANTE');
    expect(chips()).toEqual(['Sin TACC false', 'Vegano false', 'Vegetariano true']);
    expect(sections()).toEqual(['Entradas: Provoleta']);
  });

  it('says when no plate passes, and clearing brings the whole menu back', async () => {
    await open('/menu/brasa-nunez/delivery?indicador=VEGANO&indicador=VEGETARIANO');
    expect(container.querySelector('.menu-filtered__empty p')?.textContent).toBe(
      'Ningún plato cumple con los filtros',
    );
    await click(container.querySelector('.menu-filtered__empty button') ?? undefined);
    expect(address).toBe('/menu/brasa-nunez/delivery');
    expect(chips()).toEqual(['Sin TACC false', 'Vegano false', 'Vegetariano false']);
    expect(container.querySelector('.category-grid')).not.toBeNull();
  });

  it("labels a plate's badges from the catalogue, and an unknown code by its words", async () => {
    await open('/menu/brasa-nunez/delivery?indicador=SIN_TACC');
    const vacio = [...container.querySelectorAll('.plate-card')].find((card) =>
      card.textContent?.includes('Vacío'),
    );
    expect([...(vacio?.querySelectorAll('.indicator') ?? [])].map((badge) => badge.textContent)).toEqual([
      'Sin TACC',
      'Picante',
      'Sin sal',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { ApiMenu, ApiPlate } from '../../../types/api';
import { menuCategoryFind, menuFromApi, menuPlateFind } from './get-menu';

const plate = (overrides: Partial<ApiPlate>): ApiPlate => ({
  id: 1,
  showName: 'Bife de chorizo',
  description: null,
  price: null,
  sizes: [],
  garnishGroups: [],
  category: { id: 10, name: 'parrilla', showName: 'A la parrilla' },
  indicators: [],
  hasIndicators: false,
  withImage: false,
  maxQuantity: 9999999,
  ...overrides,
});

const bife = plate({
  sizes: [
    { id: 100, name: '300 g', price: 169.5 },
    { id: 101, name: '500 g', price: 249 },
  ],
  garnishGroups: [
    {
      groupId: 7,
      groupName: 'Salsas',
      minGarnishAmount: 0,
      maxGarnishAmount: 3,
      multipleSelection: true,
      mandatory: false,
      groupItems: [{ id: 70, name: 'Chimichurri', price: 0.25, description: null, visible: true }],
    },
  ],
  indicators: ['SIN_TACC'],
  hasIndicators: true,
});
const flan = plate({
  id: 2,
  showName: 'Flan',
  price: 49.9,
  category: { id: 11, name: 'postres', showName: 'Postres' },
});

const api: ApiMenu = {
  id: 1,
  name: 'Carta',
  categories: [
    {
      id: 10,
      name: 'parrilla',
      showName: 'A la parrilla',
      description: null,
      withImage: false,
      indicators: [],
      hasIndicators: false,
      plates: [bife],
    },
    {
      id: 11,
      name: 'postres',
      showName: 'Postres',
      description: 'Caseros',
      withImage: false,
      indicators: [],
      hasIndicators: false,
      plates: [flan],
    },
    {
      id: 12,
      name: 'temporada',
      showName: 'De temporada',
      description: null,
      withImage: false,
      indicators: [],
      hasIndicators: false,
      plates: [],
    },
  ],
  remarkeds: [bife],
  upselleds: [flan],
  discounts: [{ id: 5, type: 'FIXED', fixedDiscount: 10.5, plates: [2], validDays: [] }],
};

describe('the menu at the edge: major units in, minor units and string ids out', () => {
  const menu = menuFromApi(api, 2);

  it('converts every amount with the currency decimals', () => {
    const [category] = menu.categories;
    const mapped = category?.plates[0];
    expect(mapped?.sizes?.map((size) => size.price)).toEqual([16950, 24900]);
    expect(mapped?.garnishGroups?.[0]?.groupItems[0]?.price).toBe(25);
    expect(menu.plates.find((candidate) => candidate.id === '2')?.price).toBe(4990);
    expect(menu.discounts).toEqual([
      { id: '5', type: 'FIXED', fixedDiscount: 1050, plates: ['2'], validDays: [] },
    ]);
  });

  it('keeps ids as the domain wants them, with what the screens need to link a plate', () => {
    const mapped = menu.categories[0]?.plates[0];
    expect(mapped).toMatchObject({
      id: '1',
      numericId: 1,
      slug: 'bife-de-chorizo',
      categoryId: '10',
      categorySlug: 'parrilla',
      categoryShowName: 'A la parrilla',
      indicators: ['SIN_TACC'],
    });
    expect(mapped?.garnishGroups?.[0]).toMatchObject({ groupId: '7', groupItems: [{ id: '70' }] });
  });

  it('hides a category without plates and shares one object per plate across lists', () => {
    expect(menu.categories.map((category) => category.slug)).toEqual(['parrilla', 'postres']);
    expect(menu.remarkeds[0]).toBe(menu.categories[0]?.plates[0]);
    expect(menu.plates).toHaveLength(2);
  });

  it('finds categories and plates by their path segment or id', () => {
    const category = menuCategoryFind(menu, 'parrilla');
    expect(category?.id).toBe('10');
    expect(menuCategoryFind(menu, '11')?.slug).toBe('postres');
    expect(category && menuPlateFind(category, 'Bife%20de%20chorizo')?.id).toBe('1');
    expect(menuCategoryFind(menu, 'temporada')).toBeNull();
  });
});

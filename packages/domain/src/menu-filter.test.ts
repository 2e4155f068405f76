import { describe, expect, it } from 'vitest';
import { menuFilterByIndicators, menuFilterFromQuery, menuFilterOptions } from './menu-filter';

const plate = (id: string, indicators: string[] = []) => ({ id, indicators });
const menu = [
  {
    id: 'entradas',
    indicators: [],
    plates: [plate('provoleta', ['VEGETARIANO', 'SIN_TACC']), plate('empanada')],
  },
  { id: 'ensaladas', indicators: ['VEGANO'], plates: [plate('verde', ['SIN_TACC']), plate('rucula')] },
  { id: 'carnes', indicators: [], plates: [plate('vacio', ['SIN_TACC', 'PICANTE'])] },
  { id: 'postres', indicators: ['VEGETARIANO'], plates: [] },
];

const ids = (categories: { id: string; plates: { id: string }[] }[]) =>
  categories.map((category) => `${category.id}: ${category.plates.map((p) => p.id).join(' ')}`);

describe('menu filter: the options a menu offers', () => {
  it('offers the catalogue filters its plates or categories carry, in catalogue order', () => {
    expect(menuFilterOptions(menu)).toEqual(['SIN_TACC', 'VEGANO', 'VEGETARIANO']);
  });

  it('never offers an indicator that is not a filter, nor one only an empty category carries', () => {
    const onlyEmpty = [
      { indicators: ['VEGANO'], plates: [] },
      { indicators: [], plates: [plate('vacio', ['PICANTE', 'SIN_SAL'])] },
    ];
    expect(menuFilterOptions(onlyEmpty)).toEqual([]);
  });
});

describe('menu filter: the chosen filters from the URL', () => {
  it('keeps only options of this menu, each once, in their order', () => {
    expect(
      menuFilterFromQuery(['VEGANO', 'PICANTE', 'SIN_TACC', 'VEGANO', 'vegano'], ['SIN_TACC', 'VEGANO']),
    ).toEqual(['SIN_TACC', 'VEGANO']);
    expect(menuFilterFromQuery(['VEGETARIANO'], ['SIN_TACC'])).toEqual([]);
  });
});

describe('menu filter: menuFilterByIndicators', () => {
  it('keeps every plate when nothing is chosen', () => {
    expect(menuFilterByIndicators(menu, [])).toEqual(menu);
  });

  it('keeps a plate that carries the indicator, or whose category does, and hides categories left empty', () => {
    expect(ids(menuFilterByIndicators(menu, ['VEGANO']))).toEqual(['ensaladas: verde rucula']);
    expect(ids(menuFilterByIndicators(menu, ['SIN_TACC']))).toEqual([
      'entradas: provoleta',
      'ensaladas: verde',
      'carnes: vacio',
    ]);
  });

  it('narrows with several filters: a plate must carry all of them', () => {
    expect(ids(menuFilterByIndicators(menu, ['VEGANO', 'SIN_TACC']))).toEqual(['ensaladas: verde']);
    expect(ids(menuFilterByIndicators(menu, ['VEGANO', 'VEGETARIANO']))).toEqual([]);
  });

  it('leaves the menu it was given untouched', () => {
    const before = JSON.parse(JSON.stringify(menu));
    menuFilterByIndicators(menu, ['VEGANO']);
    expect(menu).toEqual(before);
  });
});

import { describe, expect, it } from 'vitest';
import { bebidaCombo, clasica, comboFuego, extrasBurger, papas, salsas, veggie } from '../test/fixtures';
import { plateMessages } from './messages';
import { moneyMinor as m } from './money';
import {
  garnishGroupMax,
  garnishGroupMin,
  garnishGroupVisibleItems,
  type PlateSelection,
  plateBasePrice,
  plateConfigurationExtras,
  plateConfigurationName,
  plateConfigurationProblems,
  plateConfigurationToCartItem,
  plateConfigurationUnitPrice,
  plateDecrementItem,
  plateFromPrice,
  plateHasSizes,
  plateIncrementItem,
  plateSelectItem,
  plateSelectionFromCartItem,
  plateSelectionGroupCount,
  plateSelectionInitial,
  plateSelectSize,
  plateUnselectItem,
} from './plate-configuration';

const withBread: PlateSelection = { sizeId: 'simple', groups: { pan: { papa: 1 } } };

describe('ordering §3 Plate: sizes or base price', () => {
  it('prices by size or by base price', () => {
    expect(plateHasSizes(clasica)).toBe(true);
    expect(plateHasSizes(papas)).toBe(false);
    expect(plateBasePrice(clasica, 'doble')).toBe(10900);
    expect(plateBasePrice(clasica, 'xl')).toBeNull();
    expect(plateBasePrice(clasica)).toBeNull();
    expect(plateBasePrice(papas)).toBe(4200);
    expect(plateBasePrice({})).toBeNull();
    expect(plateFromPrice(clasica)).toBe(8500);
    expect(plateFromPrice(papas)).toBe(4200);
  });

  it('starts on the first size, and ignores an unknown size', () => {
    expect(plateSelectionInitial(clasica)).toEqual({ sizeId: 'simple', groups: {} });
    expect(plateSelectionInitial(papas)).toEqual({ groups: {} });
    const start = plateSelectionInitial(clasica);
    expect(plateSelectSize(clasica, start, 'triple').sizeId).toBe('triple');
    expect(plateSelectSize(clasica, start, 'xl')).toBe(start);
  });
});

describe('ordering §5 Cart and menu: garnish groups', () => {
  it.each([
    [
      'mandatory single',
      { mandatory: true, multipleSelection: false, minGarnishAmount: 0, maxGarnishAmount: 1 },
      1,
      1,
    ],
    [
      'optional multiple',
      { mandatory: false, multipleSelection: true, minGarnishAmount: 2, maxGarnishAmount: 3 },
      0,
      3,
    ],
    [
      'mandatory multiple',
      { mandatory: true, multipleSelection: true, minGarnishAmount: 2, maxGarnishAmount: 0 },
      2,
      Infinity,
    ],
  ])('%s group: min and max', (_, group, min, max) => {
    expect(garnishGroupMin(group)).toBe(min);
    expect(garnishGroupMax(group)).toBe(max);
  });

  it('never shows a hidden item', () => {
    expect(garnishGroupVisibleItems(extrasBurger).map((item) => item.id)).toEqual([
      'cheddar',
      'panceta',
      'huevo',
    ]);
  });

  it('replaces the choice of a single-selection group', () => {
    const first = plateSelectItem(clasica, withBread, 'pan', 'sin-tacc');
    expect(first.selection.groups.pan).toEqual({ 'sin-tacc': 1 });
    expect(first.message).toBeNull();
  });

  it("refuses a new item in a full group with 'Ya se ha seleccionado el maximo de opcionales permitidos en este grupo'", () => {
    let selection = withBread;
    selection = plateSelectItem(clasica, selection, 'salsas', 'mayo-ajo').selection;
    selection = plateSelectItem(clasica, selection, 'salsas', 'barbacoa').selection;
    const third = plateSelectItem(clasica, selection, 'salsas', 'picante');
    expect(third.message).toBe('Ya se ha seleccionado el maximo de opcionales permitidos en este grupo');
    expect(third.selection).toBe(selection);
    expect(plateSelectItem(clasica, selection, 'salsas', 'barbacoa').selection).toBe(selection);
  });

  it("refuses a unit over the maximum with 'No se pueden agregar mas que el máximo'", () => {
    let selection = withBread;
    for (let i = 0; i < 3; i++)
      selection = plateIncrementItem(clasica, selection, 'extras-burger', 'cheddar').selection;
    expect(selection.groups['extras-burger']).toEqual({ cheddar: 3 });
    const fourth = plateIncrementItem(clasica, selection, 'extras-burger', 'huevo');
    expect(fourth.message).toBe('No se pueden agregar mas que el máximo');
    expect(plateSelectionGroupCount(fourth.selection, 'extras-burger')).toBe(3);
    expect(plateIncrementItem(clasica, withBread, 'pan', 'sin-tacc').selection.groups.pan).toEqual({
      'sin-tacc': 1,
    });
  });

  it('never selects a hidden or unknown item', () => {
    expect(plateSelectItem(clasica, withBread, 'extras-burger', 'jalapenos').selection).toBe(withBread);
    expect(plateIncrementItem(clasica, withBread, 'extras-burger', 'jalapenos').selection).toBe(withBread);
    expect(plateSelectItem(clasica, withBread, 'nope', 'x').selection).toBe(withBread);
  });

  it('decrements and unselects', () => {
    const two: PlateSelection = {
      ...withBread,
      groups: { ...withBread.groups, 'extras-burger': { cheddar: 2 } },
    };
    expect(plateDecrementItem(two, 'extras-burger', 'cheddar').groups['extras-burger']).toEqual({
      cheddar: 1,
    });
    expect(
      plateDecrementItem(plateDecrementItem(two, 'extras-burger', 'cheddar'), 'extras-burger', 'cheddar')
        .groups['extras-burger'],
    ).toEqual({});
    expect(plateUnselectItem(two, 'salsas', 'x')).toBe(two);
  });

  it.each([
    ['missing mandatory bread', { sizeId: 'simple', groups: {} }, ['COUNT']],
    [
      'too many extras',
      { sizeId: 'simple', groups: { pan: { papa: 1 }, 'extras-burger': { cheddar: 4 } } },
      ['COUNT'],
    ],
    [
      'hidden item',
      { sizeId: 'simple', groups: { pan: { papa: 1 }, 'extras-burger': { jalapenos: 1 } } },
      ['HIDDEN_ITEM'],
    ],
    [
      'unknown item',
      { sizeId: 'simple', groups: { pan: { papa: 1 }, salsas: { ketchup: 1 } } },
      ['UNKNOWN_ITEM'],
    ],
    ['unknown group', { sizeId: 'simple', groups: { pan: { papa: 1 }, nope: { a: 1 } } }, ['UNKNOWN_GROUP']],
    [
      'fractional quantity',
      { sizeId: 'simple', groups: { pan: { papa: 1 }, salsas: { picante: 0.5 } } },
      ['COUNT'],
    ],
    ['missing size', { groups: { pan: { papa: 1 } } }, ['SIZE']],
    ['valid', withBread, []],
  ])('%s', (_, selection, kinds) => {
    const problems = plateConfigurationProblems(clasica, selection as PlateSelection);
    expect(problems.map((problem) => problem.kind)).toEqual(kinds);
    for (const problem of problems) {
      if (problem.kind !== 'SIZE')
        expect(problem.message).toBe('Revise que haya agregado la cantidad correcta de opcionales');
    }
  });
});

describe('plate unit price and cart item', () => {
  it('adds extras to the size price', () => {
    const selection: PlateSelection = {
      sizeId: 'doble',
      groups: { pan: { 'sin-tacc': 1 }, 'extras-burger': { cheddar: 2, panceta: 1 }, salsas: { picante: 1 } },
    };
    expect(plateConfigurationUnitPrice(clasica, selection)).toBe(10900 + 900 + 1600 + 1100);
    expect(plateConfigurationUnitPrice(clasica, { groups: {} })).toBeNull();
    expect(plateConfigurationUnitPrice(papas, { groups: {} })).toBe(4200);
  });

  it('builds the cart item with extras in the spec shape', () => {
    const selection: PlateSelection = { groups: { 'bebida-combo': { cerveza: 1 } } };
    const { item } = plateConfigurationToCartItem(comboFuego, selection, { quantity: 2, notes: 'sin hielo' });
    expect(item).toEqual({
      referenceId: 'combo-fuego',
      referenceType: 'PLATE',
      name: 'Combo Fuego',
      notes: 'sin hielo',
      quantity: 2,
      price: m(16000),
      originalPrice: m(16000),
      priceWithoutModifiers: m(14500),
      source: 'plate',
      upsell: false,
      categoryId: 'hamburguesas',
      categoryShowName: 'Hamburguesas',
      extras: [
        {
          groupId: 'bebida-combo',
          groupName: bebidaCombo.groupName,
          multipleSelection: false,
          groupItems: [{ referenceId: 'cerveza', name: 'Cerveza (+)', quantity: 1, price: m(1500) }],
        },
      ],
    });
  });

  it('names a sized line and carries size and maxQuantity', () => {
    const { item } = plateConfigurationToCartItem(clasica, withBread, { quantity: 1, source: 'upselled' });
    expect(item?.name).toBe('Clásica (Simple)');
    expect(item?.sizeId).toBe('simple');
    expect(item?.maxQuantity).toBe(20);
    expect(item?.upsell).toBe(true);
    expect(plateConfigurationName(veggie)).toBe('Veggie');
  });

  it('refuses an invalid configuration', () => {
    const result = plateConfigurationToCartItem(clasica, { sizeId: 'simple', groups: {} }, { quantity: 1 });
    expect(result.item).toBeNull();
    expect(result.problems[0]?.message).toBe(plateMessages.wrongGarnishCount);
  });

  it('reads a cart item back as a selection', () => {
    const selection: PlateSelection = {
      sizeId: 'doble',
      groups: { pan: { papa: 1 }, salsas: { picante: 1 } },
    };
    const { item } = plateConfigurationToCartItem(clasica, selection, { quantity: 1 });
    expect(item && plateSelectionFromCartItem(item)).toEqual(selection);
    expect(plateSelectionFromCartItem({ extras: [] })).toEqual({ groups: {} });
    expect(plateConfigurationExtras(clasica, { groups: {} })).toEqual([]);
    expect(salsas.groupItems).toHaveLength(3);
  });
});

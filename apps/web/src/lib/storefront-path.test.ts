import { describe, expect, it } from 'vitest';
import { cartPath, modeFind, modePath, modeSegment, slugify } from './storefront-path';

const modes = [
  { id: 1, type: 'DELIVERY', showName: 'Delivery' },
  { id: 2, type: 'TAKE_AWAY', showName: 'Retiro en el local' },
  { id: 3, type: 'DINE_IN', showName: 'En el salón' },
];

describe('ordering §2: the mode segment is the show name (or the type)', () => {
  it('writes a mode as its show name, lower case, without accents or spaces', () => {
    expect(modes.map(modeSegment)).toEqual(['delivery', 'retiro-en-el-local', 'en-el-salon']);
    expect(modePath('brasa-nunez', modes[2] as (typeof modes)[number])).toBe('/menu/brasa-nunez/en-el-salon');
    expect(cartPath('brasa-nunez')).toBe('/menu/brasa-nunez/preview');
  });

  it.each([
    ['delivery', 1],
    ['DELIVERY', 1],
    ['Retiro%20en%20el%20local', 2],
    ['take_away', 2],
    ['TAKE-AWAY', 2],
    ['en-el-salón', 3],
    ['EN_EL_SALON', 3],
    ['dine_in', 3],
  ])('reads %s as mode %i', (segment, id) => {
    expect(modeFind(modes, segment)?.id).toBe(id);
  });

  it('never reads preview, checkout or order as a mode, even when a mode is named so', () => {
    const odd = [...modes, { id: 4, type: 'SELF_SERVICE', showName: 'Checkout' }];
    for (const segment of ['preview', 'checkout', 'ORDER']) expect(modeFind(odd, segment)).toBeNull();
  });

  it('returns null for an unknown or empty segment', () => {
    expect(modeFind(modes, 'teletransporte')).toBeNull();
    expect(modeFind(modes, '')).toBeNull();
  });

  it('prefers the show name over the type when two modes share a type', () => {
    const two = [
      { id: 5, type: 'DELIVERY', showName: 'Delivery express' },
      { id: 6, type: 'DELIVERY', showName: 'Delivery' },
    ];
    expect(modeFind(two, 'delivery')?.id).toBe(6);
  });

  it('slugs keep letters and digits only', () => {
    expect(slugify('  Menú del mediodía (2x1)! ')).toBe('menu-del-mediodia-2x1');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { menuSearchFilter, menuSearchMatches, menuSearchWords } from './menu-search';

const plate = (id: string, showName: string, description?: string) => ({
  id,
  showName,
  ...(description === undefined ? {} : { description }),
});
const provoleta = plate('provoleta', 'Provoleta', 'Con orégano y aceite de oliva');
const pollo = plate('pollo', 'Pollo deshuesado', 'Al limón, con papas');
const vacio = plate('vacio', 'Vacío', 'Tierno, 400 g');
const noquis = plate('noquis', 'Ñoquis de papa');

const menu = [
  {
    id: 'entradas',
    plates: [provoleta, plate('empanada', 'Empanada de carne', 'Cortada a cuchillo')],
  },
  {
    id: 'parrilla',
    plates: [pollo, vacio],
  },
  { id: 'pastas', plates: [noquis] },
];

const ids = (categories: { id: string; plates: { id: string }[] }[]) =>
  categories.map((category) => `${category.id}: ${category.plates.map((p) => p.id).join(' ')}`);

describe('menu search: the words of a query', () => {
  it('folds case and accents and splits on any whitespace', () => {
    expect(menuSearchWords('  Pollo   LIMÓN\tcon ')).toEqual(['pollo', 'limon', 'con']);
    expect(menuSearchWords('Ñoquis')).toEqual(['noquis']);
  });

  it('has no words for a blank query', () => {
    expect(menuSearchWords('')).toEqual([]);
    expect(menuSearchWords(' \n ')).toEqual([]);
  });
});

describe('menu search: which plates match', () => {
  it('finds a word in the name or in the description, whatever the case and accents', () => {
    expect(menuSearchMatches(vacio, menuSearchWords('vacio'))).toBe(true);
    expect(menuSearchMatches(pollo, menuSearchWords('LIMON'))).toBe(true);
    expect(menuSearchMatches(provoleta, menuSearchWords('oregano'))).toBe(true);
    expect(menuSearchMatches(noquis, menuSearchWords('ñoq'))).toBe(true);
  });

  it('needs every word, each in the name or the description', () => {
    expect(menuSearchMatches(pollo, menuSearchWords('limón pollo'))).toBe(true);
    expect(menuSearchMatches(pollo, menuSearchWords('pollo carne'))).toBe(false);
  });

  it('does not match across the name and the description as if they were one phrase', () => {
    // 'Provoleta' then 'Con orégano…': the folded text keeps them apart with a line break.
    expect(menuSearchMatches(provoleta, menuSearchWords('provoletacon'))).toBe(false);
  });

  it('matches a plate without a description by its name only', () => {
    expect(menuSearchMatches(noquis, menuSearchWords('papa'))).toBe(true);
    expect(menuSearchMatches(noquis, menuSearchWords('undefined'))).toBe(false);
  });
});

describe('menu search: menuSearchFilter', () => {
  it('keeps every category and plate for a blank query', () => {
    expect(menuSearchFilter(menu, '   ')).toEqual(menu);
  });

  it('keeps the matching plates in menu order and drops the categories left empty', () => {
    expect(ids(menuSearchFilter(menu, 'papa'))).toEqual(['parrilla: pollo', 'pastas: noquis']);
    expect(ids(menuSearchFilter(menu, 'CARNE'))).toEqual(['entradas: empanada']);
  });

  it('finds nothing for a word no plate holds', () => {
    expect(menuSearchFilter(menu, 'sushi')).toEqual([]);
  });

  it('leaves the menu it was given untouched', () => {
    const before = JSON.parse(JSON.stringify(menu));
    menuSearchFilter(menu, 'pollo');
    expect(menu).toEqual(before);
  });

  it('finds any plate by its own name, however it is cased or accented', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.boolean(), (name, upper) => {
        const shown = upper ? name.toUpperCase() : name;
        const words = menuSearchWords(shown);
        fc.pre(words.length > 0);
        expect(menuSearchMatches({ showName: name }, words)).toBe(true);
      }),
    );
  });
});

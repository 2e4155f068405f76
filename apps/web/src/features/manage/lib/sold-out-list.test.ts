import { describe, expect, it } from 'vitest';
import type { SoldOutList } from '../api/sold-out-api';
import { soldOutApply, soldOutMatches } from './sold-out-list';

const item = (itemKey: string, name: string) => ({ itemKey, name, soldOut: false, until: null });
const list: SoldOutList = {
  branchContactId: 1,
  timeZone: 'America/Argentina/Buenos_Aires',
  untilToday: '2025-06-05T15:00:00.000Z',
  categories: [
    {
      name: 'Hamburguesas',
      plates: [{ ...item('clasica', 'Clásica'), sizes: [item('clasica/simple', 'Simple')] }],
    },
    { name: 'Postres', plates: [{ ...item('flan', 'Flan casero'), sizes: [] }] },
  ],
  garnishGroups: [{ name: 'Extras', items: [item('extras/cheddar', 'Cheddar extra')] }],
};

describe("the 'Agotados' list", () => {
  it('applies a mark to the item of its kind only', () => {
    const marked = soldOutApply(list, {
      branchContactId: 1,
      kind: 'SIZE',
      itemKey: 'clasica/simple',
      soldOut: true,
      until: null,
    });
    expect(marked.categories[0]?.plates[0]?.sizes[0]?.soldOut).toBe(true);
    expect(marked.categories[0]?.plates[0]?.soldOut).toBe(false);
    const plate = soldOutApply(list, {
      branchContactId: 1,
      kind: 'PLATE',
      itemKey: 'flan',
      soldOut: true,
      until: 'x',
    });
    expect(plate.categories[1]?.plates[0]).toMatchObject({ soldOut: true, until: 'x' });
  });

  it('searches plates and garnish items, accents and case aside', () => {
    const found = soldOutMatches(list, 'CLASICA');
    expect(found.categories.map((category) => category.name)).toEqual(['Hamburguesas']);
    expect(found.garnishGroups).toEqual([]);
    expect(soldOutMatches(list, 'chedd').garnishGroups[0]?.items).toHaveLength(1);
    expect(soldOutMatches(list, 'postres').categories[0]?.plates.map((plate) => plate.name)).toEqual([
      'Flan casero',
    ]);
    expect(soldOutMatches(list, '  ')).toBe(list);
  });
});

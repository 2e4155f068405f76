import { describe, expect, it } from 'vitest';
import { papas } from '../test/fixtures';
import { menuVisibleCategories } from './menu';

describe('ordering §5 Cart and menu: categories', () => {
  it('hides a category with no plates', () => {
    const categories = [
      { id: 'acompanamientos', plates: [papas] },
      { id: 'temporada', plates: [] },
    ];
    expect(menuVisibleCategories(categories).map((c) => c.id)).toEqual(['acompanamientos']);
  });
});

import { describe, expect, it } from 'vitest';
import { JSON_CHANGES_MAX, jsonChanges } from './json-changes';

describe('jsonChanges: what the history keeps of an edit', () => {
  it('matches keyed items by key: a plate inserted before others is one change, a move is an order change', () => {
    const before = {
      plates: [
        { key: 'a', price: 1 },
        { key: 'b', price: 2 },
      ],
    };
    const inserted = {
      plates: [
        { key: 'n', price: 9 },
        { key: 'a', price: 1 },
        { key: 'b', price: 3 },
      ],
    };
    expect(jsonChanges(before, inserted)).toEqual([
      { path: 'plates[n]', after: { key: 'n', price: 9 } },
      { path: 'plates[b].price', before: 2, after: 3 },
    ]);
    const moved = {
      plates: [
        { key: 'b', price: 2 },
        { key: 'a', price: 1 },
      ],
    };
    expect(jsonChanges(before, moved)).toEqual([
      { path: 'plates#order', before: ['a', 'b'], after: ['b', 'a'] },
    ]);
  });

  it('matches unkeyed items by a distinct name (delivery zones), else by position', () => {
    const zones = [
      { name: 'Centro', fee: 1 },
      { name: 'Norte', fee: 2 },
    ];
    expect(
      jsonChanges(zones, [
        { name: 'Norte', fee: 5 },
        { name: 'Centro', fee: 1 },
      ]),
    ).toEqual([
      { path: '[Norte].fee', before: 2, after: 5 },
      { path: '#order', before: ['Centro', 'Norte'], after: ['Norte', 'Centro'] },
    ]);
    expect(
      jsonChanges(
        [
          { name: 'x', fee: 1 },
          { name: 'x', fee: 2 },
        ],
        [
          { name: 'x', fee: 1 },
          { name: 'x', fee: 3 },
        ],
      ),
    ).toEqual([{ path: '[1].fee', before: 2, after: 3 }]);
  });

  it('says added and removed fields, ignores equal values, and stops after the limit', () => {
    expect(jsonChanges({ a: 1, b: 'x' }, { a: 1, c: true })).toEqual([
      { path: 'c', after: true },
      { path: 'b', before: 'x' },
    ]);
    expect(jsonChanges({ a: [1, 2] }, { a: [1, 2] })).toEqual([]);
    const many = Array.from({ length: 500 }, (_, i) => i);
    expect(
      jsonChanges(
        many,
        many.map((n) => n + 1),
      ),
    ).toHaveLength(JSON_CHANGES_MAX + 1);
  });
});

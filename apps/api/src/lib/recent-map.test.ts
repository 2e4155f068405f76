import { describe, expect, it } from 'vitest';
import { RecentMap } from './recent-map';

describe('RecentMap', () => {
  it('keeps what was read since the last pass and drops what was not', () => {
    const map = new RecentMap<string, number>(3);
    map.set('menu-a', 1);
    map.set('menu-b', 2);
    map.set('menu-c', 3);
    // Every entry starts with one pass of grace; the next insertion spends it.
    map.set('menu-d', 4);
    expect([...map.keys()].sort()).toEqual(['menu-b', 'menu-c', 'menu-d']);
    map.get('menu-b');
    map.set('menu-e', 5);
    map.set('menu-f', 6);
    expect(map.get('menu-b')).toBe(2);
    expect(map.peek('menu-c')).toBeUndefined();
    expect(map.size).toBe(3);
  });

  it('never drops the entry it was just given, even when everything else was read', () => {
    const map = new RecentMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.get('a');
    map.get('b');
    map.set('c', 3);
    expect(map.get('c')).toBe(3);
    expect(map.size).toBe(2);
  });

  it('bounds the total weight and refuses a value heavier than the bound', () => {
    const map = new RecentMap<string, Buffer>(Number.POSITIVE_INFINITY, 10, (body) => body.length);
    map.set('a', Buffer.alloc(4));
    map.set('b', Buffer.alloc(4));
    map.set('c', Buffer.alloc(4));
    expect(map.weight).toBeLessThanOrEqual(10);
    expect(map.get('c')?.length).toBe(4);
    map.set('huge', Buffer.alloc(11));
    expect(map.get('huge')).toBeUndefined();
    expect(map.weight).toBeLessThanOrEqual(10);
  });

  it('replaces a value under the same key without counting its weight twice', () => {
    const map = new RecentMap<string, Buffer>(10, 100, (body) => body.length);
    map.set('a', Buffer.alloc(30));
    map.set('a', Buffer.alloc(20));
    expect(map.weight).toBe(20);
    expect(map.delete('a')).toBe(true);
    expect(map.weight).toBe(0);
    expect(map.delete('a')).toBe(false);
  });
});

/**
 * What changed between two JSON values, leaf by leaf: the history of venue
 * edits (ADR 051) keeps these rather than two copies of a whole menu.
 *
 * Lists of objects that carry a `key` (plates, sizes, garnish items, order
 * modes) are matched by key, so reordering or inserting one plate is one
 * change, not a change to every plate after it; lists of objects with
 * distinct `name`s and no keys (delivery zones) by name; other lists by
 * position.
 */

export interface JsonChange {
  /** `categories[pizzas].plates[muzza].price`: list items named by key where they have one, else by position. */
  path: string;
  /** Absent when the leaf was added. */
  before?: unknown;
  /** Absent when the leaf was removed. */
  after?: unknown;
}

/** At most this many changes are listed; a bigger edit is recorded by its count. */
export const JSON_CHANGES_MAX = 200;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Identity = 'key' | 'name';

const idOf = (value: unknown, identity: Identity): string | undefined =>
  isObject(value) && typeof value[identity] === 'string' ? (value[identity] as string) : undefined;

function keyedBy(list: unknown[], identity: Identity): Map<string, unknown> | undefined {
  const map = new Map<string, unknown>();
  for (const item of list) {
    const id = idOf(item, identity);
    if (id === undefined || map.has(id)) return undefined;
    map.set(id, item);
  }
  return map;
}

/** How both lists' items are told apart: by key, else by name, else by position (undefined). */
function identityOf(before: unknown[], after: unknown[]): Identity | undefined {
  if (before.length === 0 && after.length === 0) return undefined;
  for (const identity of ['key', 'name'] as const) {
    if (keyedBy(before, identity) && keyedBy(after, identity)) return identity;
  }
  return undefined;
}

function join(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

/** The changed leaves from `before` to `after`, in document order, at most JSON_CHANGES_MAX + 1 (to tell "more"). */
export function jsonChanges(before: unknown, after: unknown): JsonChange[] {
  const out: JsonChange[] = [];
  walk(before as Json | undefined, after as Json | undefined, '', out);
  return out;
}

function walk(before: Json | undefined, after: Json | undefined, path: string, out: JsonChange[]): void {
  if (out.length > JSON_CHANGES_MAX) return;
  if (Array.isArray(before) && Array.isArray(after)) {
    const identity = identityOf(before, after);
    const beforeKeys = identity && keyedBy(before, identity);
    const afterKeys = identity && keyedBy(after, identity);
    if (identity && beforeKeys && afterKeys) {
      const keyOf = (item: unknown) => idOf(item, identity);
      for (const [key, item] of afterKeys)
        walk(beforeKeys.get(key) as Json, item as Json, `${path}[${key}]`, out);
      for (const [key, item] of beforeKeys) {
        if (!afterKeys.has(key)) walk(item as Json, undefined, `${path}[${key}]`, out);
      }
      const order = (list: unknown[]) => list.map(keyOf).join('\n');
      const kept = (list: unknown[], other: Map<string, unknown>) =>
        list.filter((item) => other.has(keyOf(item)!));
      if (order(kept(before, afterKeys)) !== order(kept(after, beforeKeys))) {
        out.push({ path: `${path}#order`, before: before.map(keyOf), after: after.map(keyOf) });
      }
      return;
    }
    const length = Math.max(before.length, after.length);
    for (let index = 0; index < length; index += 1)
      walk(before[index], after[index], `${path}[${index}]`, out);
    return;
  }
  if (isObject(before) && isObject(after)) {
    for (const name of Object.keys(after))
      walk(before[name] as Json, after[name] as Json, join(path, name), out);
    for (const name of Object.keys(before)) {
      if (!(name in after)) walk(before[name] as Json, undefined, join(path, name), out);
    }
    return;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  out.push({
    path,
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
  });
}

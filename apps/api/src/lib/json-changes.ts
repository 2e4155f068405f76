/**
 * What changed between two JSON values, leaf by leaf: the history of venue
 * edits (ADR 051) keeps these rather than two copies of a whole menu.
 *
 * Lists of objects that carry a `key` (plates, sizes, garnish items, order
 * modes) are matched by key, so reordering or inserting one plate is one
 * change, not a change to every plate after it; other lists by position.
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

const keyOf = (value: unknown): string | undefined =>
  isObject(value) && typeof value.key === 'string' ? value.key : undefined;

function keyed(list: unknown[]): Map<string, unknown> | undefined {
  const map = new Map<string, unknown>();
  for (const item of list) {
    const key = keyOf(item);
    if (key === undefined || map.has(key)) return undefined;
    map.set(key, item);
  }
  return map;
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
    const beforeKeys = keyed(before);
    const afterKeys = keyed(after);
    if (beforeKeys && afterKeys && (beforeKeys.size > 0 || afterKeys.size > 0)) {
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

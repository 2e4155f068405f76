/**
 * PostgreSQL's text and jsonb cannot hold U+0000, and jsonb refuses a lone
 * UTF-16 surrogate: a string carrying either would fail in the database (a
 * 500). The input guard (plugins/external/input-guard.ts) refuses them on every
 * route as a bad field (400 with the field's path), or replaces them where a
 * route takes input on a best-effort basis (client logs).
 *
 * Every walk here is iterative: a body is parsed only when nested no deeper
 * than the guard allows, but the walks must not depend on that to survive.
 */

const NUL = '\u0000';
export const NUL_GUARD_MESSAGE = 'contiene caracteres no permitidos';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Whether PostgreSQL can store the string (no U+0000, no lone surrogate). */
export function nulStorable(text: string): boolean {
  return !text.includes(NUL) && !LONE_SURROGATE.test(text);
}

/** The string with U+0000 and lone surrogates replaced by U+FFFD. */
function replaced(text: string): string {
  return text.replaceAll(NUL, '\uFFFD').replace(LONE_SURROGATES, '\uFFFD');
}

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  value !== null && typeof value === 'object';

/**
 * Whether every string and key in the value is storable: the walk every
 * request takes, building no paths (nulFieldsOf names them, only when one is
 * not).
 */
export function nulAllStorable(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (!nulStorable(node)) return false;
    } else if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
    } else if (isContainer(node)) {
      for (const key of Object.keys(node)) {
        if (!nulStorable(key)) return false;
        stack.push((node as Record<string, unknown>)[key]);
      }
    }
  }
  return true;
}

/**
 * Paths (`body.items[0].notes`) of the strings and keys PostgreSQL cannot
 * store, at most `limit` of them, each with the guard's message.
 */
export function nulFieldsOf(value: unknown, path = 'body', limit = 20): Record<string, string> {
  const found: Record<string, string> = {};
  let count = 0;
  // `badKey` marks a key found unstorable, reported in document order like a value.
  const stack: { node: unknown; at: string; badKey?: true }[] = [{ node: value, at: path }];
  while (stack.length > 0 && count < limit) {
    const { node, at, badKey } = stack.pop() as (typeof stack)[number];
    if (badKey) {
      found[at] = NUL_GUARD_MESSAGE;
      count++;
    } else if (typeof node === 'string') {
      if (!nulStorable(node)) {
        found[at] = NUL_GUARD_MESSAGE;
        count++;
      }
    } else if (Array.isArray(node)) {
      // Pushed backwards so the first bad item is reported first.
      for (let index = node.length - 1; index >= 0; index--) {
        stack.push({ node: node[index], at: `${at}[${index}]` });
      }
    } else if (isContainer(node)) {
      const keys = Object.keys(node);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index] as string;
        const next = `${at}.${replaced(key)}`;
        stack.push({ node: (node as Record<string, unknown>)[key], at: next });
        if (!nulStorable(key)) stack.push({ node: undefined, at: next, badKey: true });
      }
    }
  }
  return found;
}

/** Sets an own property, even one named `__proto__` (which JSON.parse allows as a plain key). */
function ownSet(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * A copy of a JSON value with U+0000 and lone surrogates replaced by U+FFFD in
 * every string and key.
 */
export function nulStrip<T>(value: T): T {
  if (typeof value === 'string') return replaced(value) as T;
  if (!isContainer(value)) return value;
  const root: unknown[] = [];
  const stack: { source: unknown; target: Record<string, unknown> | unknown[]; key: string | number }[] = [
    { source: value, target: root, key: 0 },
  ];
  while (stack.length > 0) {
    const { source, target, key } = stack.pop() as (typeof stack)[number];
    let copy: unknown = source;
    if (typeof source === 'string') copy = replaced(source);
    else if (Array.isArray(source)) {
      const list: unknown[] = new Array(source.length);
      for (let index = 0; index < source.length; index++)
        stack.push({ source: source[index], target: list, key: index });
      copy = list;
    } else if (isContainer(source)) {
      const object: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(source)) {
        const clean = replaced(name);
        // Claimed now so the copy keeps the key order (the stack fills it in reverse).
        ownSet(object, clean, undefined);
        stack.push({ source: item, target: object, key: clean });
      }
      copy = object;
    }
    ownSet(target, key, copy);
  }
  return root[0] as T;
}

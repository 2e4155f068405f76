/**
 * Diner reads answered from memory: a cache hit sends no statement to the
 * database.
 *
 * Everything a diner reads of a tenant (menus, the alias's entity, order
 * modes, schedules, fees, discounts, menu customization) changes only through
 * writes that bump the company's `contentVersion` in the same transaction (a
 * tenant import, a console switch). Each process keeps, per database, the
 * highest version it has seen of each company; an entry is filed under the
 * version its company had when the entry's reads began, and a hit is an entry
 * whose version is still the company's known version — a comparison in
 * memory.
 *
 * The known versions move forward three ways:
 * - the writer, right after commit (`contentChangedPublish`), in its own process;
 * - every other process within milliseconds, through PostgreSQL `NOTIFY` on
 *   CONTENT_CHANNEL (the content-cache plugin listens);
 * - a safety net: the plugin reads the versions of the companies it knows
 *   every CONTENT_VERSION_CHECK_MS, so a lost message (a dropped listening
 *   connection, a writer that crashed after commit, another tool's import)
 *   costs at most that long.
 *
 * Entries also expire after CONTENT_CACHE_MAX_AGE_MS: a few things diners read
 * are not tenant content and bump no version (a location's survey average,
 * payment accounts written by operators); they lag by at most that long.
 */
import { databaseNotify, type Queryable } from '../db/client';
import { RecentMap } from '../lib/recent-map';
import { companyContentVersions } from '../repositories/tenant-repository';

/** The PostgreSQL channel content changes are announced on. */
export const CONTENT_CHANNEL = 'comanda_content';
/** Entries kept per database (small views; menu bodies have their own, smaller bound in menu-service). */
export const CONTENT_CACHE_MAX_ENTRIES = 5000;
/** The most an entry is served without being read again, whatever the versions say. */
export const CONTENT_CACHE_MAX_AGE_MS = 60_000;

/** A value read from the database, with the company version it was read at. */
export interface Versioned<T> {
  companyId: number;
  version: number;
  value: T;
}

interface Entry {
  companyId: number;
  version: number;
  builtAt: number;
  /** `cleared` when it was built: `contentCacheClear` makes every older entry miss. */
  epoch: number;
  value: unknown;
}

interface DatabaseState {
  /** Highest contentVersion seen per company. */
  versions: Map<number, number>;
  /** Bounded; what was read since the last eviction pass survives it (lib/recent-map.ts). */
  entries: RecentMap<string, Entry>;
  /** Builds under way, with the generation they started in. */
  building: Map<string, { generation: number; epoch: number; promise: Promise<unknown> }>;
  /** Moves on every version advance: a build begun before it may hold older data, so nobody joins it. */
  generation: number;
}

// Per database: the test suite serves PGlite and PostgreSQL (and two apps) in one process.
const states = new WeakMap<Queryable, DatabaseState>();
let cleared = 0;

/** Makes every cached entry of every database miss (their memory goes as they are replaced or evicted). */
export function contentCacheClear(): void {
  cleared += 1;
}

function stateOf(db: Queryable): DatabaseState {
  let state = states.get(db);
  if (!state) {
    state = {
      versions: new Map(),
      entries: new RecentMap(CONTENT_CACHE_MAX_ENTRIES),
      building: new Map(),
      generation: 0,
    };
    states.set(db, state);
  }
  return state;
}

/** The highest content version this process has seen of a company, if any. */
export function contentVersionKnown(db: Queryable, companyId: number): number | undefined {
  return states.get(db)?.versions.get(companyId);
}

/** Called with the company whose content changed (what is derived from content besides this cache: ADR 040's CSP). */
export type ContentChangeListener = (companyId: number) => void;
const listeners = new WeakMap<Queryable, Set<ContentChangeListener>>();

/**
 * Hears every content change this process learns of, whichever way (its own
 * writes, NOTIFY, the safety net). Answers the function that stops listening.
 */
export function contentChangeListen(db: Queryable, listener: ContentChangeListener): () => void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Records a company's version as seen; versions only move forward. A version
 * that moves, or one `announced` as a change (a writer's publish, a NOTIFY),
 * is told to the listeners; a company first met by a read is not a change.
 */
export function contentVersionSeen(
  db: Queryable,
  companyId: number,
  version: number,
  announced = false,
): void {
  const state = stateOf(db);
  const known = state.versions.get(companyId);
  if (known !== undefined && known >= version) return;
  state.versions.set(companyId, version);
  if (known !== undefined) state.generation += 1;
  if (known !== undefined || announced) {
    for (const listener of listeners.get(db) ?? []) listener(companyId);
  }
}

/** The companies whose versions this process keeps (what the safety net re-reads). */
export function contentCompaniesKnown(db: Queryable): number[] {
  return [...(states.get(db)?.versions.keys() ?? [])];
}

/** Reads the known companies' versions now (the safety net's pass). */
export async function contentVersionsRefresh(db: Queryable): Promise<void> {
  const state = states.get(db);
  if (!state || state.versions.size === 0) return;
  const rows = await companyContentVersions(db, [...state.versions.keys()]);
  const present = new Set<number>();
  for (const row of rows) {
    present.add(row.id);
    contentVersionSeen(db, row.id, row.contentVersion);
  }
  // A company that is gone: forget it, so its entries never hit again.
  for (const companyId of state.versions.keys()) {
    if (!present.has(companyId)) {
      state.versions.delete(companyId);
      state.generation += 1;
    }
  }
}

/**
 * Announces that a company's content changed: call it after the transaction
 * that bumped `contentVersion` committed. This process knows at once (its
 * next read is fresh); the others hear it through NOTIFY.
 */
export async function contentChangedPublish(db: Queryable, companyId: number): Promise<void> {
  const [row] = await companyContentVersions(db, [companyId]);
  if (!row) return;
  contentVersionSeen(db, companyId, row.contentVersion, true);
  await databaseNotify(db, CONTENT_CHANNEL, JSON.stringify({ companyId, version: row.contentVersion }));
}

/** Applies a CONTENT_CHANNEL message; anything malformed is ignored (the safety net still runs). */
export function contentMessageApply(db: Queryable, payload: string): void {
  let message: unknown;
  try {
    message = JSON.parse(payload);
  } catch {
    return;
  }
  const { companyId, version } = (message ?? {}) as { companyId?: unknown; version?: unknown };
  if (Number.isSafeInteger(companyId) && Number.isSafeInteger(version)) {
    contentVersionSeen(db, companyId as number, version as number, true);
  }
}

/**
 * The value under `key` when memory holds it fresh (its company's version has
 * not moved), without waiting for anything: the hot reads answer a hit in the
 * same turn of the event loop. Undefined otherwise (`contentCachedVersioned`
 * builds it).
 */
export function contentCachedNow<T>(db: Queryable, key: string): T | undefined {
  const state = stateOf(db);
  const entry = state.entries.get(key);
  if (
    entry &&
    entry.epoch === cleared &&
    state.versions.get(entry.companyId) === entry.version &&
    Date.now() - entry.builtAt < CONTENT_CACHE_MAX_AGE_MS
  ) {
    return entry.value as T;
  }
  return undefined;
}

/**
 * The value under `key`, from memory when its company's version has not moved
 * (no query), else built once however many ask. `build` reads the company's
 * version before (or in the same statement as) the data it files under it, so
 * an entry is never older than its version; it answers undefined when there
 * is nothing to cache (not found), and that is returned as is.
 */
export async function contentCachedVersioned<T>(
  db: Queryable,
  key: string,
  build: () => Promise<Versioned<T> | undefined>,
): Promise<T | undefined> {
  const fresh = contentCachedNow<T>(db, key);
  if (fresh !== undefined) return fresh;
  const state = stateOf(db);
  const now = Date.now();
  const pending = state.building.get(key);
  if (pending && pending.generation === state.generation && pending.epoch === cleared) {
    return pending.promise as Promise<T | undefined>;
  }
  const generation = state.generation;
  const epoch = cleared;
  const promise = build()
    .then((built) => {
      if (!built) return undefined;
      contentVersionSeen(db, built.companyId, built.version);
      state.entries.set(key, {
        companyId: built.companyId,
        version: built.version,
        builtAt: now,
        epoch,
        value: built.value,
      });
      return built.value;
    })
    .finally(() => {
      if (state.building.get(key)?.promise === promise) state.building.delete(key);
    });
  state.building.set(key, { generation, epoch, promise });
  return promise;
}

/**
 * `contentCachedVersioned` for reads that start from an entry row (an alias,
 * a branch, an order mode): `companyOf` finds the row's company, its version
 * is read, then `load` reads everything (the entry row again included). When
 * `companyOf` finds nothing, `load` runs uncached: it answers the 404.
 */
export async function contentCached<T>(
  db: Queryable,
  key: string,
  companyOf: () => Promise<number | undefined>,
  load: () => Promise<T>,
): Promise<T> {
  const value = await contentCachedVersioned(db, key, async () => {
    const companyId = await companyOf();
    const [row] = companyId === undefined ? [] : await companyContentVersions(db, [companyId]);
    if (!row) return undefined;
    return { companyId: row.id, version: row.contentVersion, value: await load() };
  });
  // Values are never undefined: undefined means nothing was found to cache.
  return value === undefined ? load() : value;
}

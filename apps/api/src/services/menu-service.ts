/**
 * The diner menu, the API's hot path, served from an in-memory cache.
 *
 * A menu body depends only on its menu, on the company's content (the
 * branch's discounts, the currency) and on the sold-out marks of the location
 * serving it (ADR 052), never on the order mode that points to it. So the
 * cache key is (database, company, menu, location, company contentVersion):
 * a location's order modes that share a menu share one body and one hash,
 * which is exactly what the cart rule "clear the cart when the new mode's menu
 * hash differs" needs (delivery and take-away of the same menu keep the cart).
 * A sold-out switch bumps the version like any content change.
 *
 * Every import and console switch bumps `companies.contentVersion`. Which
 * version and menu a request names (alias, branch contact, order mode → menu
 * reference) is itself cached by content-cache.ts, which learns of a new
 * version from the writer's notice (or its safety net), so a cache hit costs
 * no query at all. `menuCacheClear()` frees the memory at once after an import
 * in this process.
 */
import { createHash } from 'node:crypto';
import { soldOutKeys } from '@comanda/domain/sold-out';
import type { Queryable } from '../db/client';
import { notFound } from '../lib/http-error';
import { RecentMap } from '../lib/recent-map';
import { menuPresent } from '../presenters/menu-presenter';
import { menuRowsLoad } from '../repositories/menu-repository';
import {
  type MenuRef,
  menuRefFindForBranchContact,
  menuRefsForAlias,
} from '../repositories/order-mode-repository';
import { soldOutMarksOfBranchContacts } from '../repositories/sold-out-repository';
import { aliasFind, aliasIsPlausible, aliasNormalize } from '../repositories/tenant-repository';
import { contentCacheClear, contentCached, contentCachedNow, contentCachedVersioned } from './content-cache';
import { soldOutMarkOf } from './sold-out-marks';

/** A serialized menu and its content hash (the ETag and the spec's menu hash). */
export interface MenuEntry {
  /** The JSON text sent to diners, byte for byte the text that was hashed. */
  body: string;
  /** The body as UTF-8, encoded once: what the 200 sends, so no answer measures or encodes it again. */
  utf8: Buffer;
  /** The body's length in UTF-8 bytes (a 304 names the size of what it stands for). */
  bytes: number;
  hash: string;
}

/** Bodies kept; a menu is a few tens of kB, so this bounds the cache to a few tens of MB. */
export const MENU_CACHE_MAX_ENTRIES = 500;

const cache = new RecentMap<string, MenuEntry>(MENU_CACHE_MAX_ENTRIES);
// Concurrent misses of one key share a single build instead of each loading the menu.
const building = new Map<string, Promise<MenuEntry>>();

// Ids are per database: a process serving two databases (the test suite runs PGlite and
// PostgreSQL side by side) must not answer one's menu 3 with the other's.
const databaseIds = new WeakMap<Queryable, number>();
let databaseCount = 0;

function cacheKey(db: Queryable, ref: Omit<MenuRef, 'orderModeId' | 'mantissaLength'>): string {
  let databaseId = databaseIds.get(db);
  if (databaseId === undefined) {
    databaseId = ++databaseCount;
    databaseIds.set(db, databaseId);
  }
  return `${databaseId}:${ref.companyId}:${ref.menuId}:${ref.branchContactId}:${ref.contentVersion}`;
}

/** Drops every cached menu, and the cached reads that name menus (references, hashes). Call it after a tenant import. */
export function menuCacheClear(): void {
  cache.clear();
  contentCacheClear();
}

/** How many menu bodies are cached (for tests and diagnostics). */
export function menuCacheSize(): number {
  return cache.size;
}

/** sha256 of the body, base64url, 22 characters (132 bits): a strong content hash, short in a header. */
export function menuHash(body: string): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 22);
}

/**
 * The two shapes of a menu body: ours (categories carry the plates) and the
 * spec's, which also lists every plate at the top level (ordering §3 "Menu":
 * "Plates, remarkeds, upselleds") — for a client that asks without an order
 * mode, as the spec's clients do; the storefront never pays for the copy.
 */
export type MenuShape = 'storefront' | 'spec';

async function menuBuild(
  db: Queryable,
  ref: MenuRef,
  shape: MenuShape,
): Promise<{ key: string; entry: MenuEntry }> {
  // One snapshot for every query and for the contentVersion the body is filed under,
  // so a body is never a mix of before and after an import that commits meanwhile.
  return db.transaction(
    async (tx) => {
      const rows = await menuRowsLoad(tx, ref.companyId, ref.menuId);
      if (!rows) throw notFound('No existe el menú de este modo de pedido');
      // Every mark there is: one whose `until` passed is deleted by the expiry job, which bumps the version.
      const marks = await soldOutMarksOfBranchContacts(tx, ref.companyId, [ref.branchContactId]);
      const menu = menuPresent(rows, ref.mantissaLength, soldOutKeys(marks.map(soldOutMarkOf), 0));
      const body = JSON.stringify(
        shape === 'spec' ? { ...menu, plates: menu.categories.flatMap((category) => category.plates) } : menu,
      );
      const utf8 = Buffer.from(body);
      return {
        key: `${cacheKey(db, { ...ref, contentVersion: rows.contentVersion })}:${shape}`,
        entry: { body, utf8, bytes: utf8.length, hash: menuHash(body) },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The cached menu of a reference, building (once, however many ask) on a miss. */
export async function menuEntryGet(
  db: Queryable,
  ref: MenuRef,
  shape: MenuShape = 'storefront',
): Promise<MenuEntry> {
  const key = `${cacheKey(db, ref)}:${shape}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let pending = building.get(key);
  if (!pending) {
    pending = menuBuild(db, ref, shape)
      .then(({ key: builtKey, entry }) => {
        cache.set(builtKey, entry);
        return entry;
      })
      .finally(() => building.delete(key));
    building.set(key, pending);
  }
  return pending;
}

/** What a diner's menu request names. */
export interface MenuQuery {
  branchContactAlias: string;
  branchContactId: number;
  orderModeId?: number | undefined;
}

const menuRefKey = (normalizedAlias: string, query: MenuQuery) =>
  `menu-ref:${normalizedAlias}:${query.branchContactId}:${query.orderModeId ?? 'default'}`;

/**
 * `menuForBranchContact` when memory holds the answer (its reference and its
 * body, both current): in the same turn of the event loop, no promise. Most
 * menu reads are this; undefined sends the request the long way.
 */
export function menuForBranchContactCached(db: Queryable, query: MenuQuery): MenuEntry | undefined {
  const normalized = aliasNormalize(query.branchContactAlias);
  const ref = contentCachedNow<MenuRef>(db, menuRefKey(normalized, query));
  if (!ref) return undefined;
  return cache.get(`${cacheKey(db, ref)}:${query.orderModeId === undefined ? 'spec' : 'storefront'}`);
}

/**
 * The menu of an order mode of a branch contact. The alias must name that
 * branch contact, and the mode must be one of its active modes; otherwise 404
 * with a message saying which of the three was not found. Without a mode (the
 * spec's clients send none) it is the location's first active mode in the
 * venue's order, in the spec's shape (ADR 044).
 */
export async function menuForBranchContact(db: Queryable, query: MenuQuery): Promise<MenuEntry> {
  const normalized = aliasNormalize(query.branchContactAlias);
  // The reference carries its contentVersion, read in the same statement: it is its own version.
  const ref = aliasIsPlausible(normalized)
    ? await contentCachedVersioned(db, menuRefKey(normalized, query), async () => {
        const found = await menuRefFindForBranchContact(db, query);
        return found && { companyId: found.companyId, version: found.contentVersion, value: found };
      })
    : undefined;
  if (ref) return menuEntryGet(db, ref, query.orderModeId === undefined ? 'spec' : 'storefront');
  // Rare path: tell the diner which part did not match.
  const alias = await aliasFind(db, query.branchContactAlias);
  if (alias?.type !== 'BRANCH_CONTACT') {
    throw notFound(`No existe el local '${query.branchContactAlias}'`);
  }
  if (alias.entityId !== query.branchContactId) {
    throw notFound(`El local '${query.branchContactAlias}' no tiene el id ${query.branchContactId}`);
  }
  throw notFound(
    query.orderModeId === undefined
      ? `El local '${query.branchContactAlias}' no tiene modos de pedido activos`
      : `El modo de pedido ${query.orderModeId} no está disponible en este local`,
  );
}

/**
 * Menu hashes of the active order modes under an alias (company, branch or
 * branch contact), in the order asked for; ids that are not active modes under
 * that alias are left out. Without ids, every active mode under the alias.
 */
export async function menuHashesForAlias(
  db: Queryable,
  alias: string,
  orderModeIds: number[] | undefined,
): Promise<{ orderModeId: number; hash: string }[]> {
  const normalized = aliasNormalize(alias);
  const ids = orderModeIds ? [...new Set(orderModeIds)].join(',') : '*';
  return contentCached(
    db,
    `menu-hashes:${normalized}:${ids}`,
    async () => (await aliasFind(db, alias))?.companyId,
    () => menuHashesLoad(db, alias, orderModeIds),
  );
}

async function menuHashesLoad(
  db: Queryable,
  alias: string,
  orderModeIds: number[] | undefined,
): Promise<{ orderModeId: number; hash: string }[]> {
  const found = await aliasFind(db, alias);
  if (!found) throw notFound(`No existe el alias '${alias}'`);
  const unique = orderModeIds ? [...new Set(orderModeIds)] : undefined;
  const refs = await menuRefsForAlias(db, found, unique);
  const byId = new Map(refs.map((ref) => [ref.orderModeId, ref]));
  const ordered = unique ? unique.flatMap((id) => byId.get(id) ?? []) : refs;
  const hashes: { orderModeId: number; hash: string }[] = [];
  // Sequential on purpose: modes sharing a menu then hit the entry the first one built.
  for (const ref of ordered) {
    const entry = await menuEntryGet(db, ref);
    hashes.push({ orderModeId: ref.orderModeId, hash: entry.hash });
  }
  return hashes;
}

/**
 * Whether an `If-None-Match` header matches an ETag: a list of entity tags
 * (weak or strong, compared weakly as RFC 9110 says for GET) or `*`.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const wanted = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === wanted);
}

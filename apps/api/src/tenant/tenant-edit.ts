/**
 * One part of a tenant (a menu, a location's order modes, its delivery zones…)
 * changed from the console through the tenant import's own rules: the
 * company is exported, the part replaced in the file, the file validated and
 * imported, all in one transaction under the imports' lock. One validator and
 * one writer for a file and for a screen, so whatever the console saves, the
 * export still round-trips (ADR 051).
 *
 * A part has a version (a hash of its exported form) that the editor read it
 * at: a save made over a version that moved answers a conflict rather than
 * silently undoing someone else's change.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { companies } from '../db/schema';
import { tenantExport } from './tenant-export';
import type { TenantFile } from './tenant-format';
import { tenantImportLock, tenantImportLocked } from './tenant-import';
import { tenantValidateFile } from './tenant-validate';

/** Where a part sits in the company's file, and how to read and replace it there. */
export interface TenantPart<T> {
  /** Its JSON path in the file (`branches[0].menus[1]`): the validator's messages are relative to it. */
  path: string;
  get: () => T;
  set: (value: T) => void;
}

/** Finds the part in an exported file; undefined when the file has no such part (gone since). */
export type TenantPartLocate<T> = (file: TenantFile) => TenantPart<T> | undefined;

/** A part as read: its value in the tenant format and the version to send back with a save. */
export interface TenantPartRead<T> {
  value: T;
  version: string;
}

export type TenantPartWrite<T> =
  | { outcome: 'saved'; changed: boolean; before: T; after: T; version: string }
  /** Problems per field, paths relative to the part (`categories[0].plates[2].price`); `''` for the part as a whole. */
  | { outcome: 'invalid'; fields: Record<string, string> }
  | { outcome: 'conflict'; current: TenantPartRead<T> }
  | { outcome: 'missing' };

/** JSON with every object's keys sorted: the same value written in another key order reads the same. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/**
 * The version of a part's value: equal values, equal versions — whatever the
 * order of their keys (an editor sends a zone as `{ name, radiusMeters, fee }`,
 * the export writes `{ name, fee, radiusMeters }`; both are one version).
 */
export function tenantPartVersion(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('base64url').slice(0, 22);
}

async function companyFile(db: Queryable, companyId: number): Promise<TenantFile | undefined> {
  const [company] = await db
    .select({ alias: companies.alias })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return undefined;
  // Staff and customers are never a part edited this way, and can be many.
  return (await tenantExport(db, company.alias, { people: false })) ?? undefined;
}

/** A part of a company's tenant as the export writes it, with its version. */
export async function tenantPartRead<T>(
  db: Queryable,
  companyId: number,
  locate: TenantPartLocate<T>,
): Promise<TenantPartRead<T> | undefined> {
  const file = await companyFile(db, companyId);
  const part = file && locate(file);
  if (!part) return undefined;
  const value = part.get();
  return { value, version: tenantPartVersion(value) };
}

/**
 * Replaces a part of a company's tenant inside `tx` (which must commit for
 * the change to hold; the caller records history in it). `baseVersion` is the
 * version the editor read: when the part has moved since, nothing is written.
 * A value equal to the stored one writes nothing (`changed: false`); a change
 * bumps the company's content version (tenant-import.ts), so every process's
 * caches follow once the caller publishes it after commit.
 */
export async function tenantPartWrite<T>(
  tx: Tx,
  companyId: number,
  locate: TenantPartLocate<T>,
  value: T,
  baseVersion: string | undefined,
): Promise<TenantPartWrite<T>> {
  await tenantImportLock(tx);
  const file = await companyFile(tx, companyId);
  const part = file && locate(file);
  if (!file || !part) return { outcome: 'missing' };
  const before = part.get();
  const version = tenantPartVersion(before);
  if (baseVersion !== undefined && baseVersion !== version) {
    return { outcome: 'conflict', current: { value: before, version } };
  }
  part.set(value);
  const result = await tenantImportLocked(tx, file, { people: false });
  if (!result.ok) return { outcome: 'invalid', fields: tenantPartFields(part.path, result.errors) };
  // The part as stored, read back as the export writes it (its key order, its
  // defaults): the version a later read answers, and the history's "after".
  const stored = await companyFile(tx, companyId);
  const after = (stored && locate(stored)?.get()) ?? value;
  return { outcome: 'saved', changed: result.changed, before, after, version: tenantPartVersion(after) };
}

/**
 * The validator's messages (`"<path>: <message>"`) as fields relative to the
 * part. A message about another part of the file (the edit broke a reference
 * to it, e.g. an order mode naming a menu key the edit removed) is kept under
 * its full path, so nothing is lost.
 */
export function tenantPartFields(partPath: string, errors: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const split = error.indexOf(': ');
    const path = split < 0 ? '' : error.slice(0, split);
    const message = split < 0 ? error : error.slice(split + 2);
    let field = path;
    if (path === partPath) field = '';
    else if (path.startsWith(`${partPath}.`)) field = path.slice(partPath.length + 1);
    else if (path.startsWith(`${partPath}[`)) field = path.slice(partPath.length);
    fields[field] = fields[field] ? `${fields[field]}; ${message}` : message;
  }
  return fields;
}

/**
 * Checks a value of a part without saving it (a draft the editor is trying
 * out): the company's file with the part replaced, through the tenant file's
 * own validator (the rules that need no database). Fields as
 * `tenantPartWrite` answers them; undefined when the part is not there.
 */
export async function tenantPartValidate<T>(
  db: Queryable,
  companyId: number,
  locate: TenantPartLocate<T>,
  value: T,
): Promise<{ ok: true } | { ok: false; fields: Record<string, string> } | undefined> {
  const file = await companyFile(db, companyId);
  const part = file && locate(file);
  if (!file || !part) return undefined;
  part.set(value);
  const result = tenantValidateFile(file);
  return result.ok ? { ok: true } : { ok: false, fields: tenantPartFields(part.path, result.errors) };
}

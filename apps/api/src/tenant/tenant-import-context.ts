/**
 * What every part of a tenant import shares: the transaction, the file, the
 * ids saved so far, the summary being counted, and the row-level moves (save
 * a row if it differs, point an alias, delete or find what history references).
 */
import { moneyToMinor } from '@comanda/domain/money';
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { aliases } from '../db/schema';
import { RETIRED_POSITION } from '../db/schema/columns';
import { SECRET_DISABLED, secretHash, secretVerify } from '../lib/secret-hash';
import type { TenantFile } from './tenant-format';

/** The entities an import reports on, in the order the summary lists them. */
export const TENANT_ENTITIES = [
  'countries',
  'companies',
  'branches',
  'branchContacts',
  'deliveryZones',
  'orderModes',
  'paymentTypes',
  'generalDiscounts',
  'generalSurcharges',
  'menus',
  'categories',
  'plates',
  'plateSizes',
  'garnishGroups',
  'garnishItems',
  'menuDiscounts',
  'codeDiscounts',
  'loyaltyPrograms',
  'loyaltyRewards',
  'surveys',
  'surveyQuestions',
  'riders',
  'partners',
  'staff',
  'customers',
] as const;
export type TenantEntity = (typeof TENANT_ENTITIES)[number];

/** What an import did to one kind of entity. */
export interface TenantImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
}

/**
 * Position given to a row that left the file but stays for history (a plate
 * that was ordered, an order mode with orders…). Besides its inactive flag,
 * it tells the export that the row is no longer part of the tenant, even where
 * a file may legitimately hold an inactive row of its own. Diner reads skip it.
 */
export const RETIRED = RETIRED_POSITION;

export type Outcome = 'created' | 'updated' | 'unchanged';
export type Row = { id: number } & Record<string, unknown>;
export type IdTable = PgTable & { id: PgColumn };

/** Equality of stored and desired values: numbers, text, booleans and jsonb (key order ignored). */
export function valuesSame(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) {
    return (a === null || a === undefined) && (b === null || b === undefined);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => valuesSame(item, b[index]));
  }
  if (typeof a === 'object' && typeof b === 'object') {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    for (const key of keys) if (!valuesSame(left[key], right[key])) return false;
    return true;
  }
  return false;
}

export function rowSame(before: Record<string, unknown>, values: Record<string, unknown>): boolean {
  return Object.entries(values).every(([key, value]) => valuesSame(before[key], value));
}

/** Plain JSON for a jsonb column: drops `undefined` so stored and desired values compare equal. */
export function json<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
}

export function byKey<T extends { key: string }>(rows: T[] | undefined): Map<string, T> {
  return new Map((rows ?? []).map((row) => [row.key, row]));
}

/** One import's state and the row-level moves its parts (tenant-import-*.ts) share. */
export class ImportContext {
  readonly errors: string[] = [];
  readonly summary = Object.fromEntries(
    TENANT_ENTITIES.map((entity) => [entity, { created: 0, updated: 0, unchanged: 0, removed: 0 }]),
  ) as Record<TenantEntity, TenantImportCounts>;
  private readonly mantissa: number;
  companyId = 0;
  /** Branch contact alias → id, filled as contacts are saved (staff and loyalty name them). */
  readonly contactIds = new Map<string, number>();
  /** Branch alias → id and the branch's menu key → id. */
  readonly branchIds = new Map<string, number>();
  readonly menuIds = new Map<number, Map<string, number>>();

  constructor(
    readonly tx: Tx,
    readonly file: TenantFile,
  ) {
    this.mantissa = file.country.mantissaLength;
  }

  minor(major: number): number {
    return moneyToMinor(major, this.mantissa);
  }

  minorOrNull(major: number | undefined): number | null {
    return major === undefined ? null : this.minor(major);
  }

  count(entity: TenantEntity, outcome: Outcome | 'removed'): void {
    this.summary[entity][outcome] += 1;
  }

  /** Inserts, updates (only when a value differs) or leaves a row; returns its id and what happened. */
  async save(
    table: IdTable,
    before: Row | undefined,
    values: Record<string, unknown>,
  ): Promise<{ id: number; outcome: Outcome }> {
    if (!before) {
      const inserted = (await this.tx
        .insert(table)
        .values(values as never)
        .returning({ id: table.id })) as { id: number }[];
      const id = inserted[0]?.id;
      if (id === undefined) throw new Error('insert returned no id');
      return { id, outcome: 'created' };
    }
    if (rowSame(before, values)) return { id: before.id, outcome: 'unchanged' };
    const set = 'updatedAt' in getTableColumns(table) ? { ...values, updatedAt: new Date() } : values;
    await this.tx
      .update(table)
      .set(set as never)
      .where(eq(table.id, before.id));
    return { id: before.id, outcome: 'updated' };
  }

  async saveCounted(
    entity: TenantEntity,
    table: IdTable,
    before: Row | undefined,
    values: Record<string, unknown>,
  ): Promise<number> {
    const { id, outcome } = await this.save(table, before, values);
    this.count(entity, outcome);
    return id;
  }

  /** Points `alias` at an entity, so `/menu/{alias}` resolves it. */
  async aliasSet(
    alias: string,
    type: 'COMPANY' | 'BRANCH' | 'BRANCH_CONTACT',
    entityId: number,
  ): Promise<boolean> {
    const [current] = await this.tx.select().from(aliases).where(eq(aliases.alias, alias));
    const values = { type, companyId: this.companyId, entityId };
    if (current && rowSame(current, values)) return false;
    if (current) await this.tx.update(aliases).set(values).where(eq(aliases.alias, alias));
    else await this.tx.insert(aliases).values({ alias, ...values });
    return true;
  }

  /**
   * Stops `alias` resolving to an entity that left the file. Only the alias row
   * that still points at that very entity goes: the file may have given the
   * alias to another entity of the company meanwhile.
   */
  async aliasRemove(alias: string, type: 'BRANCH' | 'BRANCH_CONTACT', entityId: number): Promise<boolean> {
    const removed = await this.tx
      .delete(aliases)
      .where(and(eq(aliases.alias, alias), eq(aliases.type, type), eq(aliases.entityId, entityId)))
      .returning({ alias: aliases.alias });
    return removed.length > 0;
  }

  /**
   * The hash to store for a secret: the current one when the file repeats it (or
   * leaves it out, as an export does), a fresh one when it changed. Undefined,
   * with an error recorded, when there is no usable secret at all.
   */
  async secretFor(
    plain: string | undefined,
    currentHash: string | undefined,
    path: string,
  ): Promise<string | undefined> {
    const usable = currentHash !== undefined && currentHash !== SECRET_DISABLED;
    if (plain === undefined) {
      if (usable) return currentHash;
      this.errors.push(
        `${path}: is required for a new ${path.includes('riders') ? 'rider' : 'staff member'}`,
      );
      return undefined;
    }
    if (usable && (await secretVerify(plain, currentHash))) return currentHash;
    return secretHash(plain);
  }

  pathOfContact(alias: string): string {
    for (const [branchIndex, branch] of this.file.branches.entries()) {
      const contactIndex = branch.branchContacts.findIndex((contact) => contact.alias === alias);
      if (contactIndex >= 0) return `branches[${branchIndex}].branchContacts[${contactIndex}]`;
    }
    return alias;
  }

  /** Replaces a link table's rows of one owner when they differ; true when it did. */
  async syncLinks<T extends Record<string, number>>(
    table: PgTable,
    ownerColumn: PgColumn,
    ownerId: number,
    wanted: T[],
  ): Promise<boolean> {
    const current = (await this.tx.select().from(table).where(eq(ownerColumn, ownerId))) as T[];
    const order = (rows: T[]) => rows.map((row) => JSON.stringify(Object.entries(row).sort())).sort();
    if (valuesSame(order(current), order(wanted))) return false;
    await this.tx.delete(table).where(eq(ownerColumn, ownerId));
    if (wanted.length > 0) await this.tx.insert(table).values(wanted as never);
    return true;
  }

  // ---------------------------------------------------------------- removal
  //
  // An entity that left the file is deleted when nothing references it, and
  // deactivated otherwise, so orders, points and answers keep what they point
  // at. Deactivating something already inactive is not counted again, which
  // keeps a repeated import at `changed: false`.

  async deleteRows(entity: TenantEntity, table: IdTable, rows: { id: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.tx.delete(table).where(
      inArray(
        table.id,
        rows.map((row) => row.id),
      ),
    );
    this.summary[entity].removed += rows.length;
  }

  /** The ids among `ids` that appear in `column` (a reference from history). */
  async referenced(column: PgColumn, ids: number[], extra?: ReturnType<typeof eq>): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const condition = extra ? and(inArray(column, ids), extra) : inArray(column, ids);
    const rows = (await this.tx.selectDistinct({ id: column }).from(column.table).where(condition)) as {
      id: number | null;
    }[];
    return new Set(rows.map((row) => row.id).filter((id): id is number => id !== null));
  }
}

import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { branches, companies } from '../db/schema';
import { saveBranchContacts } from './tenant-import-branch-contacts';
import { removeBranch, saveBranch, saveCompany, saveCountry } from './tenant-import-company';
import { ImportContext, type TenantImportCounts } from './tenant-import-context';
import { saveLoyalty, saveSurvey } from './tenant-import-loyalty';
import { removeAbsentMenus } from './tenant-import-menus';
import { saveCustomers, savePartners, saveStaff } from './tenant-import-people';
import { tenantValidateAgainstDatabase, tenantValidateFile } from './tenant-validate';

export {
  RETIRED,
  TENANT_ENTITIES,
  type TenantEntity,
  type TenantImportCounts,
  valuesSame,
} from './tenant-import-context';

export type TenantImportResult =
  | {
      ok: true;
      companyId: number;
      companyAlias: string;
      changed: boolean;
      summary: Record<string, TenantImportCounts>;
    }
  | { ok: false; errors: string[] };

// Imports run one at a time (whole-cluster advisory lock): two imports checking
// alias ownership concurrently could otherwise both pass and clash on write.
const IMPORT_LOCK = 72_740_001;

/** Thrown inside the transaction to roll it back with the problems found while writing. */
export class ImportRefused extends Error {
  constructor(readonly errors: string[]) {
    super('tenant import refused');
  }
}

/**
 * Imports a `tenant/v1` file (see `tenant-format.ts`): validates it whole, then
 * creates or updates the tenant in one transaction, matching existing rows by
 * aliases and keys. Identical rows are not rewritten, so importing the same
 * file twice reports `changed: false`. Orders, customers' points and history
 * are never deleted or altered; entities that left the file are deleted when
 * nothing references them and deactivated otherwise. Never throws for a bad
 * file: problems come back as `{ ok: false, errors }` with JSON paths.
 */
export async function tenantImport(db: Db, input: unknown): Promise<TenantImportResult> {
  try {
    return await db.transaction(async (tx) => {
      await tenantImportLock(tx);
      return tenantImportLocked(tx, input);
    });
  } catch (error) {
    if (error instanceof ImportRefused) return { ok: false, errors: error.errors };
    throw error;
  }
}

export interface TenantImportOptions {
  /**
   * False leaves staff and customers as they are, whatever the file says (it
   * has none): an edit of one part of the venue (tenant-edit.ts).
   */
  people?: boolean;
}

/** Takes the imports' lock for the rest of the transaction: what is read after it stays current until commit. */
export async function tenantImportLock(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
}

/**
 * `tenantImport` inside a transaction that holds `tenantImportLock`. A
 * refusal found while writing throws `ImportRefused` (the transaction must
 * roll back); one found by validation is answered before anything is written.
 */
export async function tenantImportLocked(
  tx: Tx,
  input: unknown,
  options: TenantImportOptions = {},
): Promise<TenantImportResult> {
  const fileCheck = tenantValidateFile(input);
  const databaseErrors = await tenantValidateAgainstDatabase(tx, input);
  if (!fileCheck.ok || databaseErrors.length > 0) {
    return { ok: false as const, errors: [...(fileCheck.ok ? [] : fileCheck.errors), ...databaseErrors] };
  }
  const importer = new ImportContext(tx, fileCheck.tenant);
  const result = await importAll(importer, options.people ?? true);
  if (importer.errors.length > 0) throw new ImportRefused(importer.errors);
  return result;
}

/**
 * Writes a validated file, in the order its references need: brands with their
 * menus before locations (order modes point at menus), locations before the
 * loyalty programme and staff (they name locations).
 */
async function importAll(
  ctx: ImportContext,
  people: boolean,
): Promise<Extract<TenantImportResult, { ok: true }>> {
  await saveCountry(ctx);
  await saveCompany(ctx);

  const existingBranches = await ctx.tx.select().from(branches).where(eq(branches.companyId, ctx.companyId));
  const branchByAlias = new Map(existingBranches.map((row) => [row.alias, row]));
  for (const [index, branch] of ctx.file.branches.entries()) {
    await saveBranch(ctx, branch, index, branchByAlias.get(branch.alias));
  }
  await saveBranchContacts(ctx);
  for (const branch of ctx.file.branches) {
    const branchId = ctx.branchIds.get(branch.alias)!;
    await removeAbsentMenus(ctx, branchId, branch);
    await saveLoyalty(ctx, branch, branchId);
    await saveSurvey(ctx, branch, branchId);
  }
  for (const row of existingBranches) {
    if (!ctx.branchIds.has(row.alias)) await removeBranch(ctx, row);
  }
  await savePartners(ctx);
  if (people) {
    await saveStaff(ctx);
    await saveCustomers(ctx);
  }

  const changed = Object.values(ctx.summary).some(
    (counts) => counts.created + counts.updated + counts.removed > 0,
  );
  if (changed) {
    // Diner-facing caches key on contentVersion; any change drops them everywhere.
    await ctx.tx
      .update(companies)
      .set({ contentVersion: sql`${companies.contentVersion} + 1`, updatedAt: new Date() })
      .where(eq(companies.id, ctx.companyId));
  }
  return {
    ok: true,
    companyId: ctx.companyId,
    companyAlias: ctx.file.company.alias,
    changed,
    summary: ctx.summary,
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { companies } from '../../src/db/schema/tenant';
import { contentChangedPublish } from '../../src/services/content-cache';
import { tenantImport } from '../../src/tenant/tenant-import';
import type { TestContext } from './test-app';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The example tenant (`fixtures/tenant-example.json`), parsed afresh on every call. */
export function tenantExample(): Record<string, unknown> {
  const file = path.resolve(here, '../../../../fixtures/tenant-example.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/**
 * The example tenant with every alias, key and email renamed (`fuego` → `prefix`):
 * a second, independent company for tenancy tests.
 */
export function tenantExampleRenamed(prefix: string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(tenantExample()).replaceAll('fuego', prefix)) as Record<string, unknown>;
}

/** Imports a tenant file through the real importer and fails the test with its errors if it is refused. */
export async function tenantLoad(ctx: TestContext, tenant: unknown): Promise<number> {
  const result = await tenantImport(ctx.database.db, tenant);
  if (!result.ok) expect.fail(`tenant import refused:\n${result.errors.join('\n')}`);
  // As the admin route and the CLI do after an import: cached diner reads follow it now.
  if (result.changed) await contentChangedPublish(ctx.database.db, result.companyId);
  return result.companyId;
}

/**
 * After a test edits a company's tenant rows straight in the database: bumps
 * its content version and announces it, as the importer and the console's
 * switches do after commit, so cached diner reads follow at once.
 */
export async function contentChanged(ctx: TestContext, companyId: number): Promise<void> {
  await ctx.database.db
    .update(companies)
    .set({ contentVersion: sql`${companies.contentVersion} + 1` })
    .where(eq(companies.id, companyId));
  await contentChangedPublish(ctx.database.db, companyId);
}

/** GET through app.inject, with the parsed JSON body (undefined when there is none). */
export async function dinerGet(ctx: TestContext, url: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  return {
    status: response.statusCode,
    headers: response.headers,
    raw: response.body,
    // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field
    body: (response.body ? response.json() : undefined) as any,
  };
}

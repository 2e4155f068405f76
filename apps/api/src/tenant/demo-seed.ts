import type { Db } from '../db/client';
import { databaseIsEmpty } from '../db/client';
// Bundled into the build (esbuild inlines JSON), so the seed works from dist/ too.
import demoTenantFile from './demo-tenant.json';
import { tenantImport } from './tenant-import';

/** The project's demo tenant ("Brasa": a grill and a pizzeria, three locations), as a fresh copy. */
export function demoTenant(): unknown {
  return structuredClone(demoTenantFile);
}

/**
 * Loads the demo tenant when the database holds no company yet, so that a new
 * install opens on a working storefront. Returns whether it seeded. A demo
 * that fails validation is a bug of ours, hence an exception, not a result.
 */
export async function demoSeedIfEmpty(db: Db): Promise<boolean> {
  if (!(await databaseIsEmpty(db))) return false;
  const result = await tenantImport(db, demoTenant());
  if (!result.ok) throw new Error(`The demo tenant is invalid:\n${result.errors.join('\n')}`);
  return true;
}

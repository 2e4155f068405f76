import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { configFromEnv } from '../config';
import { databaseOpen } from '../db/client';
import { contentChangedPublish } from '../services/content-cache';
import { TENANT_ENTITIES, type TenantImportCounts, tenantImport } from '../tenant/tenant-import';

const USAGE = `Usage: npm run tenant:import -- path/to/tenant.json

Imports a tenant/v1 file into the configured database (DATABASE_URL, or the
embedded database in DATA_DIR, default ./data). The whole file is checked
first; when anything is wrong every problem is listed and nothing is written.
Importing the same file again changes nothing.

With the embedded database, stop the server first (one process at a time can
open it), or use POST /api/admin/tenants while it runs.`;

/** A one-screen table of what the import did, one line per kind of entity. */
function summaryTable(summary: Record<string, TenantImportCounts>): string {
  const columns = ['created', 'updated', 'unchanged', 'removed'] as const;
  const entities = [
    ...TENANT_ENTITIES,
    ...Object.keys(summary).filter((k) => !TENANT_ENTITIES.includes(k as never)),
  ];
  const width = Math.max(...entities.map((entity) => entity.length), 'entity'.length) + 2;
  const cell = (value: string | number) => String(value).padStart(10);
  const lines = [`${'entity'.padEnd(width)}${columns.map(cell).join('')}`];
  lines.push('-'.repeat(width + columns.length * 10));
  for (const entity of entities) {
    const counts = summary[entity];
    if (counts)
      lines.push(`${entity.padEnd(width)}${columns.map((column) => cell(counts[column])).join('')}`);
  }
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const args = argv.filter((arg) => arg !== '--');
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    console.error(USAGE);
    return args[0] === '--help' || args[0] === '-h' ? 0 : 1;
  }
  // npm runs scripts from the package folder; a relative path means where the user typed it.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0] ?? '');

  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    console.error(`${file} is not valid JSON: ${(error as Error).message}`);
    console.error('Nothing was imported.');
    return 1;
  }

  const config = configFromEnv();
  const database = await databaseOpen({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
  });
  try {
    const result = await tenantImport(database.db, input);
    if (!result.ok) {
      console.error(`Refused: ${result.errors.length} problem(s) in ${file}. Nothing was imported.\n`);
      for (const error of result.errors) console.error(`  ${error}`);
      return 1;
    }
    // Running API processes on this database drop their cached diner reads of the company now.
    if (result.changed) await contentChangedPublish(database.db, result.companyId);
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    console.log(`Tenant "${result.companyAlias}" (company ${result.companyId}) imported into ${where}.\n`);
    console.log(summaryTable(result.summary));
    console.log(
      result.changed ? '\nChanges applied.' : '\nNo changes: the database already matched the file.',
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);

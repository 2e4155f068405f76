import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOpen } from '../src/db/client';
import { EXAMPLE_TENANT_PATH, exampleTenant, tableCounts } from './support/tenant-files';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const cli = path.resolve(here, '../src/cli/tenant-import.ts');
const tsx = path.resolve(repoRoot, 'node_modules/.bin/tsx');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI as `npm run tenant:import` would, against the given database settings. */
function cliRun(args: string[], env: Record<string, string>): Promise<Run> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [cli, ...args], {
      cwd: repoRoot,
      env: { ...base, INIT_CWD: repoRoot, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(testDatabaseKinds())('tenant:import CLI on %s', (kind) => {
  // On PostgreSQL the CLI writes into this block's throwaway database; on PGlite
  // into a temporary data folder, opened again after each run to look inside.
  const ctx = useTestApp(kind);
  let dataDir = '';
  let scratch = '';
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-cli-data-'));
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-cli-files-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  });
  const env = (): Record<string, string> =>
    kind === 'postgres' ? { DATABASE_URL: ctx.config.databaseUrl ?? '' } : { DATA_DIR: dataDir };
  const counts = async () => {
    if (kind === 'postgres') return tableCounts(ctx.database.db);
    const database = await databaseOpen({ dataDir });
    try {
      return await tableCounts(database.db);
    } finally {
      await database.close();
    }
  };

  it('imports the example and prints the summary, then reports no changes', async () => {
    const first = await cliRun(['--', EXAMPLE_TENANT_PATH], env());
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Tenant "fuego"');
    expect(first.stdout).toMatch(/plates\s+17\s+0\s+0\s+0/);
    expect(first.stdout).toContain('Changes applied.');

    // A path relative to where the command was typed.
    const relative = path.relative(repoRoot, EXAMPLE_TENANT_PATH);
    const second = await cliRun([relative], env());
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/plates\s+0\s+0\s+17\s+0/);
    expect(second.stdout).toContain('No changes');
  });

  it('refuses the broken copy naming both paths, exit 1, database untouched', async () => {
    const before = await counts();
    const file = exampleTenant();
    file.branches[0].menus[0].categories[1].plates[2].price = '4800';
    file.branches[0].menus[0].categories[0].plates[1].garnishGroups = ['pan', 'no-existe'];
    const broken = path.join(scratch, 'broken.json');
    fs.writeFileSync(broken, JSON.stringify(file, null, 2));
    const run = await cliRun([broken], env());
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Nothing was imported');
    expect(run.stderr).toContain('branches[0].menus[0].categories[1].plates[2].price: expected a number');
    expect(run.stderr).toContain(
      'branches[0].menus[0].categories[0].plates[1].garnishGroups[1]: no garnish group with key "no-existe"',
    );
    expect(await counts()).toEqual(before);
  });

  it('explains unreadable and invalid JSON files, exit 1', async () => {
    const invalid = path.join(scratch, 'invalid.json');
    fs.writeFileSync(invalid, '{"format": "tenant/v1", ');
    const bad = await cliRun([invalid], env());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('is not valid JSON');

    const missing = await cliRun([path.join(scratch, 'missing.json')], env());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Cannot read');

    const usage = await cliRun([], env());
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run tenant:import');
  });
});

import { appBuild } from './app';
import { configFromEnv } from './config';
import { databaseOpen } from './db/client';
import { demoSeedIfEmpty } from './tenant/demo-seed';

/** Production entry point: open and migrate the database, serve API and web app on one port. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const database = await databaseOpen({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // The demo fills a fresh embedded database so a new user sees a working
  // storefront at once; a PostgreSQL database gets it only when asked for.
  const seed = database.kind === 'pglite' ? config.seedDemo !== false : config.seedDemo === true;
  if (seed && (await demoSeedIfEmpty(database.db))) {
    console.log('  Loaded the demo tenant (company alias "brasa").');
  }
  const app = await appBuild(config, database);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`\n  Comanda is running on ${config.publicUrl}  (database: ${where})\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

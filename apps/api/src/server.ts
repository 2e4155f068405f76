import { appBuild } from './app';
import { configFromEnv } from './config';
import { databaseOpen } from './db/client';
import { shutdownRun } from './lib/shutdown';
import { clockCreate } from './plugins/app/clock';
import { serverShutdownSteps } from './server-shutdown';
import { demoIsLoaded, demoSeedIfEmpty, demoWelcome } from './tenant/demo-seed';

/** Production entry point: open and migrate the database, serve API and web app on one port. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const database = await databaseOpen({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
  });
  // The demo fills a fresh embedded database so a new user sees a working
  // storefront at once; a PostgreSQL database gets it only when asked for.
  const seed = database.kind === 'pglite' ? config.seedDemo !== false : config.seedDemo === true;
  // The demo's shifts start on the clock the app will run on (CLOCK_START in tests and demos).
  const clock = { now: clockCreate(config.clockStart).now(), shiftHours: config.riders.shiftHours };
  if (seed && (await demoSeedIfEmpty(database.db, clock))) {
    console.log('  Loaded the demo tenant (company alias "brasa"), its riders on shift.');
  }
  const app = await appBuild(config, database);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const outcome = await shutdownRun(serverShutdownSteps(app, database), config.shutdownTimeoutMs);
    for (const { name, error } of outcome.failed)
      app.log.error({ err: error, step: name }, 'shutdown step failed');
    if (outcome.hung) {
      // Whatever did not close in time is abandoned: a process that never exits serves nobody.
      app.log.error(
        { hung: outcome.hung, abandoned: outcome.abandoned, elapsedMs: outcome.elapsedMs },
        `shutdown deadline of ${config.shutdownTimeoutMs / 1000} s passed: ${outcome.hung} did not close; exiting`,
      );
      process.exit(1);
    }
    app.log.info({ elapsedMs: outcome.elapsedMs }, 'shut down');
    process.exit(outcome.failed.length > 0 ? 1 : 0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`\n  Comanda is running on ${config.publicUrl}  (database: ${where})\n`);
  if (await demoIsLoaded(database.db)) {
    const welcome = demoWelcome({
      publicUrl: config.publicUrl,
      consoleUrl: config.origins.consoleOrigin ?? config.publicUrl,
      sandbox: config.payments.provider === 'sandbox',
    });
    console.log(`${welcome.join('\n')}\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

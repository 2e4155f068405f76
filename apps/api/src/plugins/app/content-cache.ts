import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { CONTENT_CHANNEL, contentMessageApply, contentVersionsRefresh } from '../../services/content-cache';

/**
 * Keeps this process's diner read cache (services/content-cache.ts) in step
 * with the database: it listens on CONTENT_CHANNEL, where every writer
 * announces a company's new content version after commit, and re-reads the
 * versions of the companies it caches every `contentVersionCheckMs` as a
 * safety net (a notice lost while the listening connection was down costs at
 * most that long). A failing database leaves the cache serving what it has;
 * one warning when the check starts failing, one line when it recovers.
 */
export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const db = app.db;
    const unlisten = await app.database.listen(CONTENT_CHANNEL, (payload) =>
      contentMessageApply(db, payload),
    );

    let running: Promise<void> | undefined;
    let failing = false;
    const check = () => {
      running ??= contentVersionsRefresh(db)
        .then(
          () => {
            if (failing) app.log.info('content version check works again');
            failing = false;
          },
          (error: unknown) => {
            if (!failing) app.log.warn({ err: error }, 'content version check failed; cached reads may lag');
            failing = true;
          },
        )
        .finally(() => {
          running = undefined;
        });
    };
    const timer = setInterval(check, config.contentVersionCheckMs);
    timer.unref();

    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
      await unlisten();
    });
  },
  { name: 'content-cache', dependencies: ['database'] },
);

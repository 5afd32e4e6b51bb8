import { migrateToLatest } from '../db/migrate.ts';
import { createBoss } from '../jobs/boss.ts';
import { ensureQueues } from '../jobs/queues.ts';
import { deriveSealingKey } from '../lib/sealed.ts';
import { createMailSender } from '../mail/mail-sender.ts';
import { createTransport } from '../mail/transport.ts';
import { createLogger, loadConfigOrExit, openRuntime } from '../runtime.ts';
import { createBlobStore } from '../storage/document-store.ts';
import { createEngine, type Engine } from './engine.ts';

/**
 * The engine for a command-line script: the configured database (or the embedded Postgres,
 * shared with a running `npm start`), migrated, and a job queue that only sends — the server's
 * workers do the rest.
 */
export async function openCliEngine(): Promise<{ engine: Engine; close: () => Promise<void> }> {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const runtime = await openRuntime(config, log);
  try {
    await migrateToLatest(runtime.db);
    const boss = createBoss(runtime.config.databaseUrl, log, { supervise: false });
    await boss.start();
    await ensureQueues(boss);
    const blobs = createBlobStore(runtime.config);
    const mailSender = createMailSender(
      boss,
      createTransport(runtime.config, runtime.db),
      deriveSealingKey(runtime.config.sessionSecret, 'mail'),
      blobs,
    );
    const engine = createEngine(runtime.config, { db: runtime.db, boss, mailSender, log, blobs });
    return {
      engine,
      close: async () => {
        await boss.stop({ graceful: false, close: true });
        await runtime.close();
      },
    };
  } catch (err) {
    await runtime.close();
    throw err;
  }
}

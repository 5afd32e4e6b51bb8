import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { migrateToLatest } from './db/migrate.ts';
import {
  DEMO_COUNTY,
  DEMO_SUBSCRIBER_EMAIL,
  ensureDemoSubscriber,
} from './demo/demo-subscriber.ts';
import { seedDemo, setDemoInboxes } from './demo/seed-demo.ts';
import { countCounties } from './demo/seed.repository.ts';
import { createBoss } from './jobs/boss.ts';
import { ensureQueues } from './jobs/queues.ts';
import { deriveSealingKey } from './lib/sealed.ts';
import { createEngine } from './engine/engine.ts';
import { registerEngineWorkers } from './engine/engine.jobs.ts';
import { warmFirstPages } from './documents/pdf/first-pages.ts';
import { registerMailWorker } from './mail/mail.jobs.ts';
import { createMailSender } from './mail/mail-sender.ts';
import { createBlobStore, describeStore } from './storage/document-store.ts';
import { startMetricsServer } from './metrics-server.ts';
import { createSmsSenderFor, createTransport } from './mail/transport.ts';
import { registerSmsWorker } from './mail/sms.jobs.ts';
import { registerPruneExpired } from './modules/auth/auth.jobs.ts';
import { webhookDeps } from './modules/webhooks/delivery.service.ts';
import { registerWebhookWorkers } from './modules/webhooks/webhooks.jobs.ts';
import { DEMO_ADMIN_EMAIL, ensureDemoAdmin } from './modules/auth/staff.ts';
import { emailTaken } from './modules/user/user.repository.ts';
import { COMMAND_SETTINGS, startBanner } from './start-banner.ts';
import { createLogger, databaseFailure, loadConfigOrExit, openRuntime } from './runtime.ts';

// `--api` serves HTTP only, `--worker` works the queues only; with neither, one process does both.
const args = new Set(process.argv.slice(2));
const runApi = !args.has('--worker');
const runWorker = !args.has('--api');

const config = loadConfigOrExit();
const log = createLogger(config.logLevel);
const runtime = await openRuntime(config, log);
const { db } = runtime;

let app: FastifyInstance | undefined;
let metricsServer: FastifyInstance | undefined;
let stopping = false;
// A signal during start-up waits for it to end: stopping the queue under a worker being
// registered would fail the start (exit 1) instead of stopping it.
const startup = Promise.withResolvers<void>();
// Only a process that works the queues supervises them and LISTENs for new jobs; an API process
// sends jobs (which still wake the workers) and reads the queues for the staff pages.
const boss = createBoss(runtime.config.databaseUrl, log, {
  isStopping: () => stopping,
  supervise: runWorker,
});

async function shutdown(signal: string) {
  if (stopping) {
    log.warn('second signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  log.info({ signal }, 'shutting down');
  try {
    await startup.promise;
    await app?.close();
    await metricsServer?.close();
    await boss.stop({ graceful: true, timeout: 10_000 });
    await runtime.close();
    log.info('stopped');
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log.info({ applied }, 'database migrated');

  if (runtime.config.seedDemoOnFirstStart && (await countCounties(db)) === 0) {
    const summary = await seedDemo(db, {});
    const inboxes = await setDemoInboxes(db, runtime.config.dataDir);
    const subscriber = await ensureDemoSubscriber(db);
    log.info({ ...summary, inboxes, subscriber }, 'demo data loaded (first start)');
  }
  const newAdmin = runtime.embedded ? await ensureDemoAdmin(db) : undefined;
  const demoSubscriber = (await emailTaken(db, DEMO_SUBSCRIBER_EMAIL))
    ? DEMO_SUBSCRIBER_EMAIL
    : undefined;
  const demoAdmin =
    newAdmin ??
    ((await emailTaken(db, DEMO_ADMIN_EMAIL))
      ? { email: DEMO_ADMIN_EMAIL, password: undefined }
      : undefined);

  await boss.start();
  await ensureQueues(boss);
  const transport = createTransport(runtime.config, db);
  const blobs = createBlobStore(runtime.config);
  log.info({ documents: describeStore(runtime.config) }, 'document store');
  const sealingKey = deriveSealingKey(runtime.config.sessionSecret, 'mail');
  const mailSender = createMailSender(boss, transport, sealingKey, blobs);
  const smsSender = createSmsSenderFor(runtime.config, db, boss, sealingKey);
  if (smsSender?.transport.name === 'outbox') {
    log.warn(
      'SMS_TRANSPORT is outbox, a development transport: texts are not sent but kept in the outbox, shown at /dev/mail to anyone who can reach this server',
    );
  }
  if (transport.name === 'outbox') {
    log.warn(
      'MAIL_TRANSPORT is outbox, a development transport: mail is not sent but kept in the outbox, shown at /dev/mail to anyone who can reach this server',
    );
  }

  if (runWorker) {
    await registerPruneExpired(boss, db);
    await registerMailWorker(boss, db, mailSender, log);
    const engine = createEngine(runtime.config, { db, boss, mailSender, smsSender, log, blobs });
    if (smsSender)
      await registerSmsWorker(boss, { db, smsSender, mailSender, brand: engine.brand, log });
    await registerEngineWorkers(engine);
    await registerWebhookWorkers(webhookDeps(runtime.config, { db, boss, mailSender }));
    log.info('workers started');
    // In the background: the process is ready meanwhile, and an alert that comes first starts a
    // thread of its own as it would have anyway.
    void warmFirstPages(engine.pdfLimits).then(
      (threads) => log.info({ threads }, 'excerpt threads warmed'),
      (err: unknown) => log.warn({ err }, 'excerpt threads not warmed'),
    );
    if (!runApi && runtime.config.metricsPort !== undefined) {
      metricsServer = await startMetricsServer(runtime.config, { db, logger: log });
    }
  }

  if (runApi) {
    app = await buildApp(runtime.config, { db, mailSender, smsSender, logger: log, blobs, boss });
    await app.listen({ port: runtime.config.port, host: runtime.config.host });
    console.log(
      startBanner({
        appUrl: runtime.config.appUrl,
        webBuilt: existsSync(path.join(runtime.config.webDist, 'index.html')),
        embedded: runtime.embedded && {
          clusterDir: runtime.embedded.clusterDir,
          port: runtime.config.embeddedPostgresPort,
        },
        dataDir: runtime.config.dataDir,
        outbox: transport.name === 'outbox',
        demoSubscriber,
        demoAdmin,
        demoCounty: demoSubscriber && {
          code: DEMO_COUNTY,
          inbox: path.join(runtime.config.dataDir, 'inbox', DEMO_COUNTY),
        },
        commandSettings: Object.fromEntries(
          COMMAND_SETTINGS.flatMap((name) => {
            const value = process.env[name];
            return value ? [[name, value]] : [];
          }),
        ),
      }),
    );
  }
} catch (err) {
  // A migration that failed, or the database gone since the first connection: one line.
  const line = databaseFailure(err, runtime);
  if (line === undefined) log.fatal({ err }, 'start-up failed');
  else log.fatal(`start-up failed: ${line}`);
  await runtime.close().catch(() => undefined);
  process.exit(1);
}
startup.resolve();

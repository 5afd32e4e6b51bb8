import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { type Logger, pino } from 'pino';
import { type AppConfig, buildApp } from '../../src/app.ts';
import { loadConfig, repoRoot } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { createEngine, type Engine } from '../../src/engine/engine.ts';
import { registerEngineWorkers } from '../../src/engine/engine.jobs.ts';
import { createBoss } from '../../src/jobs/boss.ts';
import { ensureQueues } from '../../src/jobs/queues.ts';
import { deriveSealingKey } from '../../src/lib/sealed.ts';
import { registerMailWorker } from '../../src/mail/mail.jobs.ts';
import { createMailSender, type MailSender } from '../../src/mail/mail-sender.ts';
import { createSmsSenderFor, createTransport } from '../../src/mail/transport.ts';
import type { SmsSender } from '../../src/mail/sms-sender.ts';
import { registerSmsWorker } from '../../src/mail/sms.jobs.ts';
import { registerPruneExpired } from '../../src/modules/auth/auth.jobs.ts';
import { webhookDeps } from '../../src/modules/webhooks/delivery.service.ts';
import { registerWebhookWorkers } from '../../src/modules/webhooks/webhooks.jobs.ts';
import { createBlobStore } from '../../src/storage/document-store.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** For tests that sign many people in from one address: the limits have tests of their own. */
export const NO_RATE_LIMITS = {
  AUTH_RATE_LIMIT_PER_IP: '1000000',
  AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
  RATE_LIMIT_PER_MINUTE: '1000000',
};

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

export function testConfig(databaseUrl: string, env: Record<string, string> = {}): AppConfig {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://deedwatch.test',
    // Without a web build the API runs alone; browser tests point WEB_DIST at web/dist.
    WEB_DIST: path.join(repoRoot, '.no-web-build'),
    // Each app its own document store, so no test reads another's files.
    DOCUMENTS_DIR: mkdtempSync(path.join(os.tmpdir(), 'deedwatch-documents-')),
    // A database of its own needs the transport named; the fake Postmark's env gives a token.
    MAIL_TRANSPORT: env.POSTMARK_SERVER_TOKEN ? 'postmark' : 'outbox',
    ...env,
  });
  return { ...config, databaseUrl, sessionSecret: config.sessionSecret ?? TEST_SESSION_SECRET };
}

/** A mail sender whose queue is never started: for apps that must not send anything. */
export function offlineMailSender(config: AppConfig, db: Database): MailSender {
  const boss = createBoss(config.databaseUrl!, pino({ level: 'silent' }));
  return createMailSender(
    boss,
    createTransport(config, db),
    deriveSealingKey(config.sessionSecret, 'mail'),
  );
}

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  boss: PgBoss;
  mailSender: MailSender;
  smsSender: SmsSender | null;
  /** The engine's deps over this app's database, queue, mail sender and document store. */
  engine: Engine;
  config: AppConfig;
  database: TestDatabase;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** Run the queue workers (mail delivery, crons) beside the app. Default true. */
  workers?: boolean;
  /** Adds test routes to the app before it is ready, at its root: outside the session's scope. */
  configure?: (app: FastifyInstance, context: { db: Database; config: AppConfig }) => unknown;
  /** Where the app and the engine log; default: nowhere. */
  logger?: Logger;
  /** How the app waits where it means to (the staff sign-in slow-down); default: node's timer. */
  delay?: (ms: number) => Promise<unknown>;
};

/** The real app over a database of its own, with the real pg-boss and the configured mail transport. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(database.url, env);
  const boss = createBoss(database.url, pino({ level: 'silent' }));
  await boss.start();
  await ensureQueues(boss);
  const blobs = createBlobStore(config);
  const sealingKey = deriveSealingKey(config.sessionSecret, 'mail');
  const mailSender = createMailSender(
    boss,
    createTransport(config, database.db),
    sealingKey,
    blobs,
  );
  const smsSender = createSmsSenderFor(config, database.db, boss, sealingKey);
  const engine = createEngine(config, {
    db: database.db,
    boss,
    mailSender,
    smsSender,
    log: options.logger ?? pino({ level: 'silent' }),
    blobs,
  });
  if (options.workers !== false) {
    // The workers main.ts starts, in its order.
    await registerPruneExpired(boss, database.db);
    await registerMailWorker(boss, database.db, mailSender);
    if (smsSender)
      await registerSmsWorker(boss, {
        db: database.db,
        smsSender,
        mailSender,
        brand: engine.brand,
      });
    await registerEngineWorkers(engine);
    await registerWebhookWorkers(webhookDeps(config, { db: database.db, boss, mailSender }));
  }
  const app = await buildApp(config, {
    db: database.db,
    mailSender,
    smsSender,
    logger: options.logger ?? false,
    delay: options.delay,
    blobs,
    boss,
  });
  await options.configure?.(app, { db: database.db, config });
  await app.ready();
  return {
    app,
    db: database.db,
    boss,
    mailSender,
    smsSender,
    engine,
    config,
    database,
    close: async () => {
      await app.close();
      await boss.stop({ graceful: false, close: true });
      await database.drop();
    },
  };
}

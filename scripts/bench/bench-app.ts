// The real app as the benchmarks build it: production code and settings, apart from what a
// benchmark must not meet — its mail goes to a job queue that is never started (nothing a
// benchmark does should send any), the rate limit is out of the way, and there is no web build.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Logger, pino } from 'pino';
import { buildApp } from '../../server/src/app.ts';
import { type Config, loadConfig, repoRoot } from '../../server/src/config.ts';
import type { Database } from '../../server/src/db/database.ts';
import { createBoss } from '../../server/src/jobs/boss.ts';
import { deriveSealingKey } from '../../server/src/lib/sealed.ts';
import { createMailSender } from '../../server/src/mail/mail-sender.ts';
import { createTransport } from '../../server/src/mail/transport.ts';

/**
 * The app on `databaseUrl` (whose handle is `db`), not yet listening. `env` adds or overrides
 * settings as the environment would; `logger` false logs nothing.
 */
export async function benchApp(
  db: Database,
  databaseUrl: string,
  options: { env?: Record<string, string>; logger: Logger | false },
): Promise<{ app: FastifyInstance; config: Config }> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789',
    MAIL_TRANSPORT: 'outbox',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://deedwatch.bench',
    WEB_DIST: path.join(repoRoot, '.no-web-build'),
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...options.env,
  });
  const appConfig = { ...config, databaseUrl, sessionSecret: config.sessionSecret! };
  const mailSender = createMailSender(
    createBoss(databaseUrl, pino({ level: 'silent' })),
    createTransport(appConfig, db),
    deriveSealingKey(appConfig.sessionSecret, 'mail'),
  );
  const app = await buildApp(appConfig, { db, mailSender, logger: options.logger });
  return { app, config };
}

// npm run gen (first half): writes openapi/openapi.json from the Fastify route schemas.
// No database is needed: the app is built and asked for its document, never started.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../server/src/app.ts';
import { loadConfig, repoRoot } from '../server/src/config.ts';
import { createDatabase, createPool } from '../server/src/db/database.ts';
import { createBoss } from '../server/src/jobs/boss.ts';
import { deriveSealingKey } from '../server/src/lib/sealed.ts';
import { createMailSender } from '../server/src/mail/mail-sender.ts';
import { createOutboxTransport } from '../server/src/mail/outbox-transport.ts';

const log = pino({ level: 'silent' });
const config = loadConfig({
  DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
  SESSION_SECRET: 'x'.repeat(32),
  MAIL_TRANSPORT: 'outbox',
  WEB_DIST: path.join(repoRoot, 'nonexistent-web-dist'),
  LOG_LEVEL: 'silent',
});
const pool = createPool(config.databaseUrl!, 1, log);
const db = createDatabase(pool);
// Never started: nothing is queued or sent while the document is generated.
const boss = createBoss(config.databaseUrl!, log);
const mailSender = createMailSender(
  boss,
  createOutboxTransport(db),
  deriveSealingKey('unused', 'mail'),
);
const app = await buildApp(
  { ...config, databaseUrl: config.databaseUrl!, sessionSecret: config.sessionSecret! },
  { db, mailSender, logger: false },
);
await app.ready();
const document = app.swagger();
const file = path.join(repoRoot, 'openapi/openapi.json');
await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
await app.close();
await db.destroy();
console.log(`Wrote ${path.relative(process.cwd(), file)}`);

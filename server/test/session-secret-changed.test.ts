import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../e2e/helpers/process.ts';
import { createBoss } from '../src/jobs/boss.ts';
import { ensureQueues } from '../src/jobs/queues.ts';
import { deriveSealingKey } from '../src/lib/sealed.ts';
import { createMailSender } from '../src/mail/mail-sender.ts';
import type { MailTransport } from '../src/mail/mail.types.ts';
import { createSubscriber } from './helpers/factories.ts';
import { TEST_SESSION_SECRET } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { waitFor } from './helpers/wait.ts';

// A backup restored under a new SESSION_SECRET: the mail queued before cannot be opened. The
// worker fails each such delivery (never sent) and says so in its log at error level, with the
// delivery's id and nothing of the message or the secrets.

const OLD_SECRET = 'the-secret-the-mail-was-sealed-with-0123456789';
const SIGN_IN_LINK = 'https://deedwatch.test/login-redirect/not-for-the-log-0123456789';

describe('queued mail after SESSION_SECRET changed', () => {
  let database: TestDatabase;
  let worker: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    worker?.child.kill('SIGKILL');
    await worker?.exited;
    await database.drop();
  });

  it('fails the delivery and logs it at error level, naming the delivery and no secret', async () => {
    const user = await createSubscriber(database.db, { verified: true });
    // Queued by a process that had the old secret.
    const boss = createBoss(database.url, pino({ level: 'silent' }), { supervise: false });
    await boss.start();
    await ensureQueues(boss);
    const mailSender = createMailSender(
      boss,
      { name: 'outbox', idempotent: true } as MailTransport,
      deriveSealingKey(OLD_SECRET, 'mail'),
    );
    const deliveryId = await database.db.transaction().execute((trx) =>
      mailSender.enqueue(trx, {
        deliveryKind: 'login',
        userId: user.id,
        message: { to: user.email, subject: 'Sign in', text: SIGN_IN_LINK, html: SIGN_IN_LINK },
      }),
    );
    await boss.stop({ graceful: false, close: true });

    // The worker runs with the new one.
    worker = startServerProcess(
      {
        DATABASE_URL: database.url,
        SESSION_SECRET: TEST_SESSION_SECRET,
        LOG_LEVEL: 'warn',
        SEED_DEMO_ON_FIRST_START: 'false',
      },
      ['--worker'],
    );
    await waitFor('the delivery to fail', async () => {
      const row = await database.db
        .selectFrom('deliveries')
        .select('status')
        .where('id', '=', deliveryId!)
        .executeTakeFirstOrThrow();
      return row.status === 'failed';
    });
    const lines = () =>
      worker!
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; msg: string; deliveryId?: string });
    await waitFor('the error line', () => lines().some((l) => l.deliveryId === deliveryId));
    const logged = lines().find((l) => l.deliveryId === deliveryId)!;
    expect(logged).toMatchObject({ level: 50, deliveryId, kind: 'login' });
    expect(logged.msg).toMatch(/SESSION_SECRET/);
    for (const secret of [OLD_SECRET, TEST_SESSION_SECRET, SIGN_IN_LINK, user.email]) {
      expect(worker.output()).not.toContain(secret);
    }
    worker.child.kill('SIGTERM');
    expect(await worker.exited, worker.output()).toBe(0);
  }, 120_000);
});

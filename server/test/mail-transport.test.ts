import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../e2e/helpers/process.ts';
import { createSubscriber } from './helpers/factories.ts';
import { startTestApp, TEST_SESSION_SECRET, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { waitFor } from './helpers/wait.ts';

// The outbox shows every sign-in link to whoever opens /dev/mail: it exists only when asked
// for, and a server on a database of its own never falls into it for want of a token.

describe('the server on a database of its own', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const start = async (env: Record<string, string>) => {
    const server = startServerProcess({
      DATABASE_URL: database.url,
      SESSION_SECRET: TEST_SESSION_SECRET,
      LOG_LEVEL: 'warn',
      ...env,
    });
    let code: number | null | undefined;
    void server.exited.then((c) => (code = c));
    try {
      await waitFor('the server to exit', () => code !== undefined, 20_000);
    } finally {
      if (code === undefined) server.child.kill('SIGKILL');
    }
    return { code, output: server.output() };
  };

  it('refuses to start without a Postmark token or MAIL_TRANSPORT=outbox, naming both', async () => {
    // Empty counts as unset (the test helper would otherwise name the outbox for it).
    const { code, output } = await start({ MAIL_TRANSPORT: '' });
    expect(code).toBe(1);
    expect(output).toContain('POSTMARK_SERVER_TOKEN is required when DATABASE_URL is set');
    expect(output).toContain('MAIL_TRANSPORT=outbox');
  });

  it('refuses MAIL_TRANSPORT=postmark without a token', async () => {
    const { code, output } = await start({ MAIL_TRANSPORT: 'postmark' });
    expect(code).toBe(1);
    expect(output).toContain('POSTMARK_SERVER_TOKEN is required when MAIL_TRANSPORT is postmark');
  });
});

describe('/dev/mail with the outbox transport', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MAIL_TRANSPORT: 'outbox' }, { workers: false });
  });
  afterAll(() => t.close());

  it('says it is the outbox of a development transport and that nothing was sent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('This is the outbox of a development transport');
    expect(res.body).toContain('MAIL_TRANSPORT=outbox');
    expect(res.body).toContain('SMS_TRANSPORT=outbox');
    expect(res.body).toContain('nothing here was really sent');
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail.json' })).statusCode).toBe(200);
  });
});

describe('/dev/mail with the Postmark transport', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing is sent here: the workers are off, the host a closed port.
    t = await startTestApp(
      { POSTMARK_SERVER_TOKEN: 'token', POSTMARK_API_HOST: '127.0.0.1:9' },
      { workers: false },
    );
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    expect(t.config.mailTransport).toBe('postmark');
    for (const url of ['/dev/mail', '/dev/mail.json', `/dev/mail/${crypto.randomUUID()}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('/dev/mail with texts in the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Mail through a Postmark that is never reached; texts asked for in the outbox by name.
    t = await startTestApp({
      POSTMARK_SERVER_TOKEN: 'token',
      POSTMARK_API_HOST: '127.0.0.1:9',
      SMS_TRANSPORT: 'outbox',
    });
  });
  afterAll(() => t.close());

  it('shows the texts beside the mail, marked as texts', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    await t.db.transaction().execute((trx) =>
      t.smsSender!.enqueue(trx, {
        deliveryKind: 'verify',
        userId: user.id,
        notificationMethodId: user.methodId,
        message: { to: '+19165550142', body: 'DeedWatch: a text <b>as typed</b>' },
      }),
    );
    const listed = await waitFor('the text in /dev/mail.json', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/dev/mail.json' });
      return (res.json() as { channel: string; to: string; text: string }[]).find(
        (m) => m.to === '+19165550142',
      );
    });
    expect(listed).toMatchObject({ channel: 'sms', text: 'DeedWatch: a text <b>as typed</b>' });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.body).toContain('<td>Text</td><td>+19165550142</td>');
  });
});

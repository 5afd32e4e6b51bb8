import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, SEND_MAIL } from '../src/jobs/queues.ts';
import { deriveSealingKey, seal } from '../src/lib/sealed.ts';
import { deliver } from '../src/mail/mail.jobs.ts';
import { type MailMessage, MailSendError } from '../src/mail/mail.types.ts';
import type { SendMailJob } from '../src/mail/mail-sender.ts';
import { createPostmarkTransport } from '../src/mail/postmark-transport.ts';
import {
  type FakePostmark,
  type FakePostmarkBehaviour,
  fakePostmarkEnv,
  startFakePostmark,
} from './helpers/fake-postmark.ts';
import { addNotificationMethod } from './helpers/factories.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

const MAIL_FROM = 'DeedWatch Test <alerts@deedwatch.test>';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type PostmarkConfig = Parameters<typeof createPostmarkTransport>[0];

function transportFor(fake: FakePostmark, overrides: Partial<PostmarkConfig> = {}) {
  return createPostmarkTransport(
    {
      serverToken: fake.token,
      apiHost: fake.host,
      useHttps: false,
      messageStream: 'outbound',
      timeoutSeconds: 1,
      ...overrides,
    },
    MAIL_FROM,
  );
}

const messageTo = (to: string): MailMessage => ({
  to,
  subject: 'A subject',
  text: 'The text body',
  html: '<p>The HTML body</p>',
});

/** The MailSendError a send rejects with; fails the test when the send succeeds instead. */
async function sendFailure(promise: Promise<unknown>): Promise<MailSendError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the send to fail, but it succeeded');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MailSendError);
  return err as MailSendError;
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port was assigned');
  return address.port;
}

describe('the Postmark transport against a fake Postmark', () => {
  let fake: FakePostmark;
  beforeAll(async () => {
    fake = await startFakePostmark();
  });
  afterAll(() => fake?.close());

  it('sends every field, attachments in base64, and returns the MessageID Postmark gave', async () => {
    const to = 'everything@example.com';
    const transport = transportFor(fake, { messageStream: 'alerts-stream' });
    const result = await transport.send({
      ...messageTo(to),
      tag: 'alert',
      attachments: [
        {
          name: 'deed.pdf',
          contentType: 'application/pdf',
          content: Buffer.from([0, 1, 2, 250, 255]),
        },
        { name: 'parties.csv', contentType: 'text/csv', content: Buffer.from('a,b\n') },
      ],
    });

    const received = fake.requestsTo(to);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/email');
    expect(request!.headers['x-postmark-server-token']).toBe(fake.token);
    expect(request!.headers['accept']).toBe('application/json');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toStrictEqual({
      From: MAIL_FROM,
      To: to,
      Subject: 'A subject',
      TextBody: 'The text body',
      HtmlBody: '<p>The HTML body</p>',
      MessageStream: 'alerts-stream',
      Tag: 'alert',
      Attachments: [
        { Name: 'deed.pdf', ContentType: 'application/pdf', Content: 'AAEC+v8=', ContentID: null },
        { Name: 'parties.csv', ContentType: 'text/csv', Content: 'YSxiCg==', ContentID: null },
      ],
    });
    expect(request!.reply?.status).toBe(200);
    expect(result.providerMessageId).toMatch(UUID);
    expect(result).toEqual({ providerMessageId: request!.reply!.body.MessageID });
  });

  it.each<[FakePostmarkBehaviour, MailSendError['disposition'], number]>([
    ['invalid', 'reject', 422],
    ['inactive', 'inactive', 422],
    ['rate-limited', 'retry', 429],
    ['server-error', 'retry', 500],
  ])('classifies a %s answer as %s', async (behaviour, disposition, status) => {
    const to = `${behaviour}@example.com`;
    fake.setBehaviour(to, behaviour);
    const err = await sendFailure(transportFor(fake).send(messageTo(to)));
    expect(err.disposition).toBe(disposition);
    const received = fake.requestsTo(to);
    expect(received).toHaveLength(1);
    expect(received[0]!.reply?.status).toBe(status);
    // The reason reaches the delivery's last_error: it should be Postmark's own message.
    expect(err.message).toBe(received[0]!.reply!.body.Message);
  });

  it('classifies a request left unanswered as ambiguous once the timeout fires', async () => {
    const to = 'hang@example.com';
    fake.setBehaviour(to, 'hang');
    // The fake never answers: only the transport's own timeout ends the call (Postmark's client
    // default would outlast the test), and the error says so.
    const err = await sendFailure(transportFor(fake, { timeoutSeconds: 1 }).send(messageTo(to)));
    expect(err.disposition).toBe('ambiguous');
    expect(err.message).toBe('The operation was aborted due to timeout (TimeoutError)');
    // Postmark did receive it, which is why a resend could duplicate the message.
    expect(fake.requestsTo(to)).toHaveLength(1);
    expect(fake.requestsTo(to)[0]!.reply).toBeUndefined();
  });

  it('classifies a refused connection as retry: nothing was sent', async () => {
    const port = await closedPort();
    const transport = transportFor(fake, { apiHost: `127.0.0.1:${port}` });
    const err = await sendFailure(transport.send(messageTo('refused@example.com')));
    expect(err.disposition).toBe('retry');
    expect(err.message).toContain('ECONNREFUSED');
    expect(fake.requestsTo('refused@example.com')).toHaveLength(0);
  });

  it('classifies a wrong server token as reject', async () => {
    const to = 'wrong-token@example.com';
    const err = await sendFailure(
      transportFor(fake, { serverToken: 'not-the-server-token' }).send(messageTo(to)),
    );
    expect(err.disposition).toBe('reject');
    const received = fake.requestsTo(to);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['x-postmark-server-token']).toBe('not-the-server-token');
    expect(received[0]!.reply?.status).toBe(401);
  });
});

describe('mail delivery through the real app, pg-boss and a fake Postmark', () => {
  let fake: FakePostmark;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakePostmark();
    t = await startTestApp(fakePostmarkEnv(fake, { POSTMARK_TIMEOUT_SECONDS: '1', MAIL_FROM }));
    // Jobs take their retry timing from the queue when sent: a short, flat delay keeps the
    // retry tests to seconds without changing how many attempts there are.
    await t.boss.updateQueue(SEND_MAIL, { retryDelay: 1, retryBackoff: false });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const createSubscriber = (email: string) =>
    t.db
      .insertInto('users')
      .values({ email, password_hash: null, email_verified_at: null, last_login_at: null })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
  const createEmailMethod = (userId: string, email: string) =>
    addNotificationMethod(t.db, userId, { type: 'Email', address: email });

  async function requestLoginLink(email: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/login?email=${encodeURIComponent(email)}`,
    });
    expect(res.statusCode).toBe(200);
  }

  type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'ambiguous';

  function waitForDelivery(recipient: string, status: DeliveryStatus, timeoutMs?: number) {
    return waitFor(
      `the delivery to ${recipient} to be ${status}`,
      async () => {
        const rows = await t.db
          .selectFrom('deliveries')
          .selectAll()
          .where('recipient', '=', recipient)
          .execute();
        if (rows.length > 1) throw new Error(`expected one delivery to ${recipient}`);
        return rows[0]?.status === status ? rows[0] : undefined;
      },
      timeoutMs,
    );
  }

  /** Waits until pg-boss is done with the delivery's job: after that nothing can resend it. */
  function waitForJobDone(deliveryId: string) {
    return waitFor(`the send-mail job of delivery ${deliveryId} to finish`, async () => {
      const jobs = await t.boss.findJobs<SendMailJob>(SEND_MAIL, { data: { deliveryId } });
      if (jobs.length > 1) throw new Error(`expected one job for delivery ${deliveryId}`);
      const job = jobs[0];
      return job && (job.state === 'completed' || job.state === 'failed') ? job : undefined;
    });
  }

  it('sends the magic link once and records the MessageID Postmark gave', async () => {
    const user = await createSubscriber('pipeline-ok@example.com');
    await requestLoginLink(user.email);
    const delivery = await waitForDelivery(user.email, 'sent');
    const job = await waitForJobDone(delivery.id);

    expect(job.state).toBe('completed');
    const received = fake.requestsTo(user.email);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.headers['x-postmark-server-token']).toBe(fake.token);
    expect(request!.body).toMatchObject({
      From: MAIL_FROM,
      To: user.email,
      Subject: 'Your DeedWatch sign-in link',
      MessageStream: 'outbound',
      Tag: 'login',
    });
    expect(request!.body!.TextBody).toContain(`${t.config.appUrl}/login-redirect/`);
    expect(request!.body!.HtmlBody).toContain(`${t.config.appUrl}/login-redirect/`);
    expect(delivery).toMatchObject({
      kind: 'login',
      user_id: user.id,
      attempts: 1,
      last_error: null,
      provider_message_id: request!.reply!.body.MessageID,
    });
    expect(delivery.provider_message_id).toMatch(UUID);
    expect(delivery.sent_at).toBeInstanceOf(Date);
  });

  it('retries after a server error and sends on the second attempt', async () => {
    const user = await createSubscriber('pipeline-retry@example.com');
    fake.setBehaviour(user.email, ['server-error', 'ok']);
    await requestLoginLink(user.email);
    const delivery = await waitForDelivery(user.email, 'sent');
    const job = await waitForJobDone(delivery.id);

    expect(job.state).toBe('completed');
    expect(job.retryCount).toBe(1);
    const received = fake.requestsTo(user.email);
    expect(received.map((r) => r.reply?.status)).toEqual([500, 200]);
    expect(delivery).toMatchObject({
      attempts: 2,
      last_error: null,
      provider_message_id: received[1]!.reply!.body.MessageID,
    });
  });

  it('gives up after the last retry: the delivery fails instead of staying queued', async () => {
    const retryLimit = QUEUES[SEND_MAIL]!.retryLimit!;
    const user = await createSubscriber('pipeline-exhausted@example.com');
    fake.setBehaviour(user.email, 'server-error');
    await requestLoginLink(user.email);
    const delivery = await waitForDelivery(user.email, 'failed', 50_000);
    await waitForJobDone(delivery.id);

    expect(delivery.attempts).toBe(retryLimit + 1);
    expect(delivery.provider_message_id).toBeNull();
    expect(delivery.last_error).toBe('Internal server error.');
    expect(fake.requestsTo(user.email)).toHaveLength(retryLimit + 1);
  }, 60_000);

  it('does not retry a message Postmark refuses as invalid', async () => {
    const user = await createSubscriber('pipeline-invalid@example.com');
    fake.setBehaviour(user.email, 'invalid');
    await requestLoginLink(user.email);
    const delivery = await waitForDelivery(user.email, 'failed');
    const job = await waitForJobDone(delivery.id);

    expect(job.state).toBe('completed');
    expect(fake.requestsTo(user.email)).toHaveLength(1);
    expect(delivery.attempts).toBe(1);
    expect(delivery.last_error).toContain("Invalid 'To' address");
  });

  it('fails a login mail to an inactive recipient without retrying', async () => {
    const user = await createSubscriber('pipeline-inactive-login@example.com');
    await createEmailMethod(user.id, user.email);
    fake.setBehaviour(user.email, 'inactive');
    await requestLoginLink(user.email);
    const delivery = await waitForDelivery(user.email, 'failed');
    const job = await waitForJobDone(delivery.id);

    expect(job.state).toBe('completed');
    expect(fake.requestsTo(user.email)).toHaveLength(1);
    expect(delivery.attempts).toBe(1);
    expect(delivery.last_error).toContain('marked as inactive');
    // A sign-in mail is not tied to a method: the user's method at that address is marked.
    const method = await t.db
      .selectFrom('notification_methods')
      .select(['undeliverable_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(method.undeliverable_at).toBeInstanceOf(Date);
  });

  it('marks the notification method undeliverable when Postmark says its address is inactive', async () => {
    const user = await createSubscriber('pipeline-inactive-method@example.com');
    const method = await createEmailMethod(user.id, user.email);
    const other = await createEmailMethod(user.id, 'pipeline-other-method@example.com');
    fake.setBehaviour(user.email, 'inactive');
    await t.db.transaction().execute((trx) =>
      t.mailSender.enqueue(trx, {
        deliveryKind: 'verify',
        userId: user.id,
        notificationMethodId: method.id,
        message: { ...messageTo(user.email), tag: 'verify' },
      }),
    );
    const delivery = await waitForDelivery(user.email, 'failed');
    const job = await waitForJobDone(delivery.id);

    expect(job.state).toBe('completed');
    expect(fake.requestsTo(user.email)).toHaveLength(1);
    expect(delivery.notification_method_id).toBe(method.id);
    const methods = await t.db
      .selectFrom('notification_methods')
      .select(['id', 'undeliverable_at', 'undeliverable_reason'])
      .where('user_id', '=', user.id)
      .execute();
    const marked = methods.find((m) => m.id === method.id)!;
    expect(marked.undeliverable_at).toBeInstanceOf(Date);
    expect(marked.undeliverable_reason).toContain('marked as inactive');
    expect(methods.find((m) => m.id === other.id)).toMatchObject({
      undeliverable_at: null,
      undeliverable_reason: null,
    });
  });

  it('marks a timed-out send ambiguous and never resends it', async () => {
    const user = await createSubscriber('pipeline-hang@example.com');
    fake.setBehaviour(user.email, 'hang');
    await requestLoginLink(user.email);
    const delivery = await waitForDelivery(user.email, 'ambiguous');
    const job = await waitForJobDone(delivery.id);

    expect(job.state).toBe('completed');
    expect(fake.requestsTo(user.email)).toHaveLength(1);
    expect(delivery.attempts).toBe(1);
    expect(delivery.provider_message_id).toBeNull();
    expect(delivery.last_error).toBeTruthy();
  });

  describe('deliver() on a row a previous attempt left behind', () => {
    async function insertDelivery(recipient: string, status: 'queued' | 'sending') {
      return t.db
        .insertInto('deliveries')
        .values({
          kind: 'login',
          user_id: null,
          notification_method_id: null,
          document_id: null,
          recipient,
          status,
          attempts: status === 'sending' ? 1 : 0,
          provider_message_id: null,
          last_error: null,
          sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    }

    const jobFor = (deliveryId: string, to: string) => ({
      data: {
        deliveryId,
        sealed: seal(t.mailSender.sealingKey, JSON.stringify(messageTo(to))),
      } satisfies SendMailJob,
      retryCount: 1,
      retryLimit: 5,
    });

    it('sends a row that is still queued', async () => {
      const to = 'deliver-queued@example.com';
      const { id } = await insertDelivery(to, 'queued');
      await deliver(t.db, t.mailSender, jobFor(id, to));

      const received = fake.requestsTo(to);
      expect(received).toHaveLength(1);
      const row = await t.db
        .selectFrom('deliveries')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'sent',
        attempts: 1,
        provider_message_id: received[0]!.reply!.body.MessageID,
      });
    });

    it('marks a row found still sending ambiguous and sends nothing', async () => {
      const to = 'deliver-crashed@example.com';
      const { id } = await insertDelivery(to, 'sending');
      await deliver(t.db, t.mailSender, jobFor(id, to));

      expect(fake.requestsTo(to)).toHaveLength(0);
      const row = await t.db
        .selectFrom('deliveries')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'ambiguous',
        attempts: 1,
        provider_message_id: null,
        sent_at: null,
      });
      expect(row.last_error).toMatch(/may have been sent/);
    });

    it('fails, without sending, a payload sealed with another key (SESSION_SECRET changed)', async () => {
      const to = 'deliver-unsealable@example.com';
      const { id } = await insertDelivery(to, 'queued');
      const job = {
        ...jobFor(id, to),
        data: {
          deliveryId: id,
          sealed: seal(deriveSealingKey('an-older-secret-long-enough-000000', 'mail'), '{}'),
        },
      };
      await deliver(t.db, t.mailSender, job);
      expect(fake.requestsTo(to)).toHaveLength(0);
      const row = await t.db
        .selectFrom('deliveries')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'failed', attempts: 0 });
      expect(row.last_error).toMatch(/could not be opened/);
    });

    it("honours the job's own retry limit, not the queue's current one", async () => {
      const to = 'deliver-last-attempt@example.com';
      fake.setBehaviour(to, 'server-error');
      const { id } = await insertDelivery(to, 'queued');
      // Created when the limit was 1: this second attempt is its last, though the queue now allows 5.
      await deliver(t.db, t.mailSender, { ...jobFor(id, to), retryCount: 1, retryLimit: 1 });
      const row = await t.db
        .selectFrom('deliveries')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
    });
  });
});

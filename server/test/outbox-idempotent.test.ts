import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver } from '../src/mail/mail.jobs.ts';
import type { SendMailJob } from '../src/mail/mail-sender.ts';
import { seal } from '../src/lib/sealed.ts';
import { countOutbox } from './helpers/mail.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// The outbox transport stores a delivery once, so a send that a crash interrupted is simply
// sent again: exactly one copy, and the delivery ends sent (with Postmark it stays ambiguous:
// postmark.test.ts).

describe('the outbox transport after a crash mid-send', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { workers: false });
  });
  afterAll(() => t.close());

  const message = (to: string) => ({ to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });

  it('stores the same delivery key once, however often it is sent', async () => {
    const first = await t.mailSender.transport.send(message('twice@example.com'), {
      idempotencyKey: 'k-1',
    });
    const second = await t.mailSender.transport.send(message('twice@example.com'), {
      idempotencyKey: 'k-1',
    });
    expect(second.providerMessageId).toBe(first.providerMessageId);
    expect(await countOutbox(t.db, 'twice@example.com')).toBe(1);
  });

  it.each([
    ['still sending, nothing stored yet', false],
    ['still sending, stored before the crash', true],
  ])('sends a delivery found %s once, and marks it sent', async (_label, storedBefore) => {
    const to = `crash-${storedBefore}@example.com`;
    const { id } = await t.db
      .insertInto('deliveries')
      .values({
        kind: 'login',
        user_id: null,
        notification_method_id: null,
        document_id: null,
        recipient: to,
        status: 'sending',
        attempts: 1,
        provider_message_id: null,
        last_error: null,
        sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (storedBefore) await t.mailSender.transport.send(message(to), { idempotencyKey: id });
    const job = {
      data: {
        deliveryId: id,
        sealed: seal(t.mailSender.sealingKey, JSON.stringify(message(to))),
      } satisfies SendMailJob,
      retryCount: 1,
      retryLimit: 5,
    };
    await deliver(t.db, t.mailSender, job);
    await deliver(t.db, t.mailSender, job);
    expect(await countOutbox(t.db, to)).toBe(1);
    const row = await t.db
      .selectFrom('deliveries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

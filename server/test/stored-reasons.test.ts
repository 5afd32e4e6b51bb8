import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver } from '../src/mail/mail.jobs.ts';
import { createCounty, createEvent, createSubscriber } from './helpers/factories.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

// A reason our mail job stores (always in English) reaches the subscriber's dashboard in their
// language; staff and the logs keep the English of the row.

const UNOPENABLE = 'The queued message could not be opened (was SESSION_SECRET changed?).';

describe("a failed alert mail's reason on the dashboard", () => {
  let t: TestApp;
  let countyId: number;

  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
    countyId = (await createCounty(t.db, { name: 'Reasons', code: 'RSN' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A subscriber whose alert mail could not be sent, as the mail job fails it. */
  async function failedAlert(language: 'en' | 'es') {
    const user = await createSubscriber(t.db, { verified: true, language });
    const event = await createEvent(t.db, { userId: user.id, countyId });
    const { id } = await t.db
      .insertInto('deliveries')
      .values({
        kind: 'alert',
        channel: 'email',
        user_id: user.id,
        document_id: event.document_id,
        notification_method_id: user.methodId,
        recipient: user.email,
        provider_message_id: null,
        last_error: null,
        sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A payload the server cannot open: the job fails the delivery without sending it.
    await deliver(t.db, t.mailSender, {
      data: { deliveryId: id, sealed: 'not a sealed message' },
      retryCount: 0,
      retryLimit: 3,
    });
    const stored = await t.db
      .selectFrom('deliveries')
      .select(['status', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const cookie = await signInSubscriber(t, user.email);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const [shown] = res.json().nameSubscriptions[0].events as {
      deliveryStatus: string;
      deliveryError: string | null;
    }[];
    return { stored, shown };
  }

  it('is said in Spanish to a Spanish reader, as stored to an English one, and stored in English', async () => {
    const spanish = await failedAlert('es');
    expect(spanish.stored).toEqual({ status: 'failed', last_error: UNOPENABLE });
    expect(spanish.shown).toMatchObject({
      deliveryStatus: 'failed',
      deliveryError: 'No se pudo abrir el mensaje en cola (¿se cambió SESSION_SECRET?).',
    });
    const english = await failedAlert('en');
    expect(english.stored).toEqual({ status: 'failed', last_error: UNOPENABLE });
    expect(english.shown).toMatchObject({ deliveryStatus: 'failed', deliveryError: UNOPENABLE });
  });
});

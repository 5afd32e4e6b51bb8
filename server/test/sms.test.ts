import { rm } from 'node:fs/promises';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/lib/logger.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { nameKey } from '../src/keys/normalize.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import { sessionCookieOf } from './helpers/cookies.ts';
import {
  addNotificationMethod,
  createCounty,
  createSubscriber,
  type CountyRow,
} from './helpers/factories.ts';
import {
  type FakeTwilio,
  fakeTwilioEnv,
  postTwilioWebhook,
  startFakeTwilio,
  TWILIO_FROM,
} from './helpers/fake-twilio.ts';
import { feedFolder, feedLine, type FeedLineInput, feedPdf, writeFeed } from './helpers/feed.ts';
import { alertWaitsOnRowOf, holding } from './helpers/locks.ts';
import { codeFrom, countOutbox, waitForMail } from './helpers/mail.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// Texts as a channel of their own, through the real `twilio` client talking to a fake Twilio:
// phone methods and their verification texts, Act now alerts by text (and Check ones when asked
// for), the daily limits, STOP and START, and Twilio's signed webhooks.

const STATUS = '/api/sms/twilio/status';
const INBOUND = '/api/sms/twilio/inbound';

type MethodView = {
  id: string;
  email: string;
  verified: boolean;
  notificationMethodType: string;
  optedOut: boolean;
  undeliverable: string | null;
  textsCheckLevel: boolean;
};
type EventView = {
  id: string;
  documentNumber: string;
  level: string;
  deliveries: {
    notificationMethodId: string | null;
    notificationMethodType: string;
    status: string;
    error: string | null;
  }[];
};
type Me = {
  emailNotificationMethods: MethodView[];
  nameSubscriptions: { events: EventView[] }[];
};

let serial = 0;
/** A fresh 916 number for each subscriber, so no test reads another's texts. */
const nextPhone = () => `+1916555${String(200 + serial++).padStart(4, '0')}`;

describe('text messages through Twilio', () => {
  let fake: FakeTwilio;
  let t: TestApp;
  let county: CountyRow;
  const folders: string[] = [];
  const recordedAt = new Date();
  const logged: string[] = [];
  /** What must never reach the log: the Auth Token, texted codes, Twilio's signatures. */
  const secrets: string[] = [];

  beforeAll(async () => {
    fake = await startFakeTwilio();
    secrets.push(fake.authToken);
    t = await startTestApp(fakeTwilioEnv(fake, NO_RATE_LIMITS), {
      logger: createLogger('debug', { write: (line: string) => void logged.push(line) }),
    });
    county = await createCounty(t.db, { name: 'Textville', code: 'TXT' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  const call = (url: string, cookie: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const me = async (cookie: string) => (await call('/api/auth/me', cookie)).json() as Me;
  const eventsOf = async (cookie: string) =>
    (await me(cookie)).nameSubscriptions.flatMap((s) => s.events);

  /** A verified subscriber guarding `name` in Textville, with a verified phone; signed in. */
  async function texter(
    name: string,
    options: { checkLevel?: boolean; language?: 'en' | 'es' } = {},
  ) {
    const user = await createSubscriber(t.db, { verified: true, language: options.language });
    await insertNameSubscriptions(
      t.db,
      user.id,
      [{ countyId: county.id, name, nameKey: nameKey(name), tokens: name.split(' ') }],
      new Date(recordedAt.getTime() - 60_000),
    );
    const phone = nextPhone();
    const method = await addNotificationMethod(t.db, user.id, {
      type: 'SMS',
      address: phone,
      verified: true,
    });
    if (options.checkLevel) {
      await t.db
        .updateTable('notification_methods')
        .set({ texts_check_level: true })
        .where('id', '=', method.id)
        .execute();
    }
    return {
      ...user,
      phone,
      phoneMethodId: method.id,
      cookie: await signInSubscriber(t, user.email),
    };
  }

  async function ingest(line: Partial<FeedLineInput> & { documentNumber: string }) {
    const l = feedLine('TXT', recordedAt, line);
    const folder = await feedFolder();
    folders.push(folder);
    await writeFeed(folder, [l], { [l.file]: await feedPdf(l, 2, undefined, 'Textville') });
    return ingestFolder(t.engine, folder);
  }

  /** The alert deliveries of a document to a user, once its email has been queued. */
  async function alertDeliveries(userId: string, documentNumber: string) {
    return waitFor(`the alert deliveries of ${documentNumber}`, async () => {
      const rows = await t.db
        .selectFrom('deliveries as l')
        .innerJoin('recorded_documents as d', 'd.id', 'l.document_id')
        .select([
          'l.id',
          'l.channel',
          'l.status',
          'l.last_error',
          'l.provider_message_id',
          'l.recipient',
        ])
        .where('l.user_id', '=', userId)
        .where('l.kind', '=', 'alert')
        .where('d.document_number', '=', documentNumber)
        .execute();
      // The texts are queued in the transaction that queues the email.
      return rows.some((r) => r.channel === 'email') ? rows : undefined;
    });
  }

  const textsTo = (phone: string) =>
    waitFor(`a text accepted for ${phone}`, () => {
      const sent = fake.messagesTo(phone).filter((r) => r.reply.status === 201);
      return sent.length > 0 ? sent : undefined;
    });

  /** Twilio has a text before our delivery row records its sid: a status callback waits for that. */
  const recordedSid = (sid: string) =>
    waitFor(`the delivery of text ${sid} recorded`, () =>
      t.db
        .selectFrom('deliveries')
        .select('id')
        .where('provider_message_id', '=', sid)
        .executeTakeFirst(),
    );

  /** Twilio reports the first text to `phone` undelivered with `code`; the callback's form. */
  async function reportUndelivered(phone: string, code: string) {
    const [text] = await textsTo(phone);
    await recordedSid(String(text!.reply.body.sid));
    const form = {
      MessageSid: String(text!.reply.body.sid),
      MessageStatus: 'undelivered',
      ErrorCode: code,
      To: phone,
    };
    expect((await postTwilioWebhook(t, STATUS, form)).statusCode).toBe(204);
    return form;
  }

  it('says in its config that phone methods are offered, and the limit per number', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config/notifications' });
    expect(res.json()).toEqual({ methodTypes: ['Email', 'SMS'], textsPerNumberPerDay: 10 });
  });

  it('verifies a phone by a texted link: E.164, 10 minutes, a newer text voids the older', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const added = await call('/api/user/notifications/add', cookie, {
      email: '(916) 555-0142',
      notificationMethodType: 'SMS',
    });
    expect(added.statusCode).toBe(200);
    const method = (added.json() as Me).emailNotificationMethods.find(
      (m) => m.notificationMethodType === 'SMS',
    )!;
    expect(method).toMatchObject({ email: '+19165550142', verified: false, optedOut: false });

    const [first] = await textsTo('+19165550142');
    expect(first!.form.From).toBe(TWILIO_FROM);
    expect(first!.form.Body).toMatch(
      /^DeedWatch: confirm this number .* \(link valid 10 minutes\): /,
    );
    const firstCode = codeFrom(first!.form.Body!, 'verify-sms');
    secrets.push(firstCode);
    // Twilio has the text before our delivery row is marked sent with its sid.
    const delivery = await waitFor('the verification text recorded sent', () =>
      t.db
        .selectFrom('deliveries')
        .select(['id', 'channel', 'status', 'provider_message_id'])
        .where('notification_method_id', '=', method.id)
        .where('status', '=', 'sent')
        .executeTakeFirst(),
    );
    // Twilio reports the text's fate to the status webhook, naming its delivery.
    expect(first!.form.StatusCallback).toBe(`${t.config.appUrl}${STATUS}?delivery=${delivery.id}`);
    expect(delivery).toEqual({
      id: delivery.id,
      channel: 'sms',
      status: 'sent',
      provider_message_id: first!.reply.body.sid,
    });
    const code = await t.db
      .selectFrom('auth_codes')
      .select(['created_at', 'expires_at'])
      .where('notification_method_id', '=', method.id)
      .executeTakeFirstOrThrow();
    expect(code.expires_at.getTime() - code.created_at.getTime()).toBeLessThanOrEqual(
      10 * 60_000 + 1000,
    );

    const resent = await call('/api/user/notifications/verify/resend', cookie, {
      notificationMethodId: method.id,
    });
    expect(resent.statusCode).toBe(200);
    const second = await waitFor(
      'a second verification text',
      () => fake.messagesTo('+19165550142')[1],
    );
    const secondCode = codeFrom(second.form.Body!, 'verify-sms');
    secrets.push(secondCode);
    expect(secondCode).not.toBe(firstCode);

    const old = await t.app.inject({
      method: 'POST',
      url: `/api/auth/verify-sms?code=${firstCode}`,
    });
    expect(old.statusCode).toBe(401);
    // A verify-email code is no phone's code.
    const wrongKind = await t.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?code=${secondCode}`,
    });
    expect(wrongKind.statusCode).toBe(401);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/auth/verify-sms?code=${secondCode}`,
    });
    expect(verified.statusCode).toBe(200);
    // Whoever holds the phone gets the texts, not the account: nobody is signed in.
    expect(verified.json()).toEqual({ verified: 'SMS' });
    expect(sessionCookieOf(verified)).toBeUndefined();
    const row = await t.db
      .selectFrom('notification_methods')
      .select('verified_at')
      .where('id', '=', method.id)
      .executeTakeFirstOrThrow();
    expect(row.verified_at).not.toBeNull();
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/auth/verify-sms?code=${secondCode}`,
    });
    expect(again.statusCode).toBe(401);
  });

  it('refuses a number that is none, a country the counties do not take, and a duplicate', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const add = (phone: string) =>
      call('/api/user/notifications/add', cookie, { email: phone, notificationMethodType: 'sms' });

    const short = await add('55501');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(
      "'55501' is not a phone number that can receive texts: give the whole number with its area code, for example (916) 555-0142, or + and the country code.",
    );
    const foreign = await add('+44 20 7946 0958');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(
      'Numbers from United Kingdom cannot receive alerts for your counties: use a number from United States.',
    );
    expect((await add('916-555-0177')).statusCode).toBe(200);
    const duplicate = await add('+1 (916) 555 0177');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(
      '+19165550177 is already one of your notification methods.',
    );
    const methods = (await me(cookie)).emailNotificationMethods;
    expect(methods.filter((m) => m.notificationMethodType === 'SMS')).toHaveLength(1);
    expect(fake.messagesTo('+442079460958')).toHaveLength(0);

    // A county that takes British numbers: a subscriber guarding there may add one.
    const border = await createCounty(t.db, { code: 'BRD' });
    await t.db
      .updateTable('counties')
      .set({ phone_countries: ['US', 'GB'] })
      .where('id', '=', border.id)
      .execute();
    await insertNameSubscriptions(
      t.db,
      user.id,
      [
        {
          countyId: border.id,
          name: 'ABROAD ANN',
          nameKey: nameKey('ABROAD ANN'),
          tokens: ['ABROAD', 'ANN'],
        },
      ],
      new Date(),
    );
    const british = await add('+44 20 7946 0958');
    expect(british.statusCode).toBe(200);
    await textsTo('+442079460958');

    // And removed like any method: nothing is texted to it after that.
    const phone = (british.json() as Me).emailNotificationMethods.find(
      (m) => m.email === '+442079460958',
    )!;
    const removed = await call('/api/user/notifications/remove', cookie, {
      notificationMethodId: phone.id,
      notificationMethodType: 'SMS',
    });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Me).emailNotificationMethods.map((m) => m.email).sort()).toEqual(
      ['+19165550177', user.email].sort(),
    );
  });

  it('texts an Act now alert with no name or address, and Check ones only when asked for', async () => {
    const tom = await texter('TEXTER TOM');
    await ingest({
      documentNumber: 'TXT-1',
      grantors: ['TEXTER TOM'],
      grantees: ['ROGUE RANDALL'],
      addresses: ['12 ELM ST'],
    });
    const [text] = await textsTo(tom.phone);
    const events = await eventsOf(tom.cookie);
    const event = events.find((e) => e.documentNumber === 'TXT-1')!;
    expect(event.level).toBe('act_now');
    expect(text!.form.Body).toBe(
      `DeedWatch Act now: GRANT DEED recorded in Textville County, document TXT-1. Details: ${t.config.appUrl}/dashboard?event=${event.id} Reply STOP to stop texts.`,
    );
    for (const secret of ['TEXTER', 'TOM', 'ROGUE', 'ELM'])
      expect(text!.form.Body).not.toContain(secret);
    await waitForMail(t.db, tom.email, /^Act now: /);
    await waitFor('the text marked sent', async () =>
      (await eventsOf(tom.cookie))
        .find((e) => e.id === event.id)!
        .deliveries.find((d) => d.notificationMethodType === 'SMS' && d.status === 'sent'),
    );

    // The guarded name as the buyer: a Check document, mailed but not texted.
    await ingest({ documentNumber: 'TXT-2', grantors: ['SELLER SAM'], grantees: ['TEXTER TOM'] });
    const check = await alertDeliveries(tom.id, 'TXT-2');
    expect(check.map((d) => d.channel)).toEqual(['email']);
    expect((await eventsOf(tom.cookie)).find((e) => e.documentNumber === 'TXT-2')!.level).toBe(
      'check',
    );

    const optIn = await call('/api/user/notifications/texts', tom.cookie, {
      notificationMethodId: tom.phoneMethodId,
      checkLevel: true,
    });
    expect(optIn.statusCode).toBe(200);
    expect(
      (optIn.json() as Me).emailNotificationMethods.find((m) => m.id === tom.phoneMethodId)!
        .textsCheckLevel,
    ).toBe(true);
    await ingest({ documentNumber: 'TXT-3', grantors: ['SELLER SAM'], grantees: ['TEXTER TOM'] });
    const checkText = await waitFor('a Check text', () =>
      fake.messagesTo(tom.phone).find((r) => r.form.Body!.includes('TXT-3')),
    );
    expect(checkText.form.Body).toMatch(
      /^DeedWatch Check: GRANT DEED recorded in Textville County, document TXT-3\./,
    );
    // Records-level documents are never texted.
    await ingest({
      documentNumber: 'TXT-4',
      documentType: 'RECONVEYANCE',
      grantors: ['LENDER BANK'],
      grantees: ['TEXTER TOM'],
    });
    const records = await alertDeliveries(tom.id, 'TXT-4');
    expect(records.map((d) => d.channel)).toEqual(['email']);
  });

  it('takes signed status callbacks only: delivered is recorded, an unsigned one changes nothing', async () => {
    const ann = await texter('STATUS ANN');
    await ingest({ documentNumber: 'TXT-10', grantors: ['STATUS ANN'] });
    const [text] = await textsTo(ann.phone);
    const sid = String(text!.reply.body.sid);
    const deliveredForm = {
      MessageSid: sid,
      MessageStatus: 'delivered',
      AccountSid: fake.accountSid,
      To: ann.phone,
      From: TWILIO_FROM,
    };
    const smsDelivery = () =>
      t.db
        .selectFrom('deliveries')
        .select(['status', 'provider_status'])
        .where('provider_message_id', '=', sid)
        .executeTakeFirst();
    // Twilio has the text before our delivery row is updated with its sid.
    await waitFor('the text recorded sent', async () => (await smsDelivery())?.status === 'sent');

    const unsigned = await postTwilioWebhook(t, STATUS, deliveredForm, { signature: null });
    expect(unsigned.statusCode).toBe(403);
    const forged = await postTwilioWebhook(t, STATUS, deliveredForm, { authToken: 'f'.repeat(32) });
    expect(forged.statusCode).toBe(403);
    // Signed for other fields than those posted.
    const tampered = await t.app.inject({
      method: 'POST',
      url: STATUS,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(
          fake.authToken,
          `${t.config.appUrl}${STATUS}`,
          {
            ...deliveredForm,
            MessageStatus: 'sent',
          },
        ),
      },
      payload: new URLSearchParams(deliveredForm).toString(),
    });
    expect(tampered.statusCode).toBe(403);
    expect(await smsDelivery()).toEqual({ status: 'sent', provider_status: null });

    const signed = await postTwilioWebhook(t, STATUS, deliveredForm);
    expect(signed.statusCode).toBe(204);
    secrets.push(
      twilio.getExpectedTwilioSignature(
        fake.authToken,
        `${t.config.appUrl}${STATUS}`,
        deliveredForm,
      ),
    );
    expect(await smsDelivery()).toEqual({ status: 'delivered', provider_status: 'delivered' });
    const event = (await eventsOf(ann.cookie)).find((e) => e.documentNumber === 'TXT-10')!;
    expect(event.deliveries.find((d) => d.notificationMethodType === 'SMS')).toEqual({
      notificationMethodId: ann.phoneMethodId,
      notificationMethodType: 'SMS',
      status: 'delivered',
      error: null,
    });
  });

  it('keeps what Twilio reports of a text before its answer to the send has arrived', async () => {
    const ella = await texter('EARLY ELLA');
    const fred = await texter('EARLY FRED');
    // Twilio calls the StatusCallback it was given while our send still waits for its answer.
    const callbacks: number[] = [];
    const reportFirst = (phone: string, status: Record<string, string>) =>
      fake.beforeAnswering(phone, async (sid, form) => {
        const callback = new URL(form.StatusCallback!);
        const reply = await postTwilioWebhook(t, `${callback.pathname}${callback.search}`, {
          MessageSid: sid,
          To: phone,
          ...status,
        });
        callbacks.push(reply.statusCode);
      });
    reportFirst(ella.phone, { MessageStatus: 'delivered' });
    reportFirst(fred.phone, { MessageStatus: 'undelivered', ErrorCode: '30003' });
    await ingest({ documentNumber: 'TXT-15', grantors: ['EARLY ELLA', 'EARLY FRED'] });
    const [ellaText] = await textsTo(ella.phone);
    const [fredText] = await textsTo(fred.phone);

    /** The text's delivery once the send's answer is recorded too. */
    const answered = (userId: string) =>
      waitFor('the send of the text answered', async () => {
        const sms = (await alertDeliveries(userId, 'TXT-15')).find((d) => d.channel === 'sms');
        return t.db
          .selectFrom('deliveries')
          .select(['status', 'provider_status', 'provider_message_id', 'last_error'])
          .where('id', '=', sms!.id)
          .where('sent_at', 'is not', null)
          .executeTakeFirst();
      });
    expect(await answered(ella.id)).toEqual({
      status: 'delivered',
      provider_status: 'delivered',
      provider_message_id: ellaText!.reply.body.sid,
      last_error: null,
    });
    expect(await answered(fred.id)).toEqual({
      status: 'failed',
      provider_status: 'undelivered',
      provider_message_id: fredText!.reply.body.sid,
      last_error: expect.stringMatching(/Twilio error 30003/),
    });
    expect(callbacks).toEqual([204, 204]);
    const mail = await waitForMail(t.db, fred.email, /^DeedWatch cannot text your phone$/);
    expect(mail.text_body).toContain('(Twilio error 30003)');

    // A callback naming something else than a delivery, even signed, is refused as such.
    const odd = await postTwilioWebhook(t, `${STATUS}?delivery=42`, {
      MessageSid: String(ellaText!.reply.body.sid),
      MessageStatus: 'failed',
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toMatch(/delivery.*must be the id of a delivery/);
    expect((await answered(ella.id))!.status).toBe('delivered');
  });

  it('marks a number the carrier cannot reach and tells its owner by email, once', async () => {
    const ben = await texter('UNREACH BEN');
    await ingest({ documentNumber: 'TXT-20', grantors: ['UNREACH BEN'] });
    const form = await reportUndelivered(ben.phone, '30003');
    const mail = await waitForMail(t.db, ben.email, /^DeedWatch cannot text your phone$/);
    expect(mail.text_body).toContain(`We could not deliver DeedWatch text alerts to ${ben.phone}.`);
    expect(mail.text_body).toContain('(Twilio error 30003)');
    const method = (await me(ben.cookie)).emailNotificationMethods.find(
      (m) => m.id === ben.phoneMethodId,
    )!;
    expect(method.undeliverable).toMatch(/could not reach this number .*\(Twilio error 30003\)/);
    const event = (await eventsOf(ben.cookie)).find((e) => e.documentNumber === 'TXT-20')!;
    expect(event.deliveries.find((d) => d.notificationMethodType === 'SMS')).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/Twilio error 30003/),
    });
    // Twilio repeats itself: nobody is told twice, and the number is texted no more.
    expect(
      (await postTwilioWebhook(t, STATUS, { ...form, MessageStatus: 'failed' })).statusCode,
    ).toBe(204);
    await ingest({ documentNumber: 'TXT-21', grantors: ['UNREACH BEN'] });
    const later = await alertDeliveries(ben.id, 'TXT-21');
    expect(later.map((d) => d.channel)).toEqual(['email']);
    expect(await countOutbox(t.db, ben.email)).toBeGreaterThan(0);
    const told = await t.db
      .selectFrom('deliveries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'sms_unreachable')
      .where('user_id', '=', ben.id)
      .executeTakeFirstOrThrow();
    expect(Number(told.n)).toBe(1);
  });

  it("says why a number cannot be texted in its owner's language, and stores it in English", async () => {
    const rosa = await texter('UNREACH ROSA', { language: 'es' });
    const eric = await texter('UNREACH ERIC');
    await ingest({ documentNumber: 'TXT-25', grantors: ['UNREACH ROSA', 'UNREACH ERIC'] });
    for (const who of [rosa, eric]) await reportUndelivered(who.phone, '30003');
    const english =
      'The carrier could not reach this number (switched off, out of service, or unknown). (Twilio error 30003)';
    const spanish =
      'El operador no pudo comunicarse con este número (apagado, fuera de servicio o desconocido). (Error de Twilio 30003)';

    const told = await waitForMail(
      t.db,
      rosa.email,
      /^DeedWatch no puede enviar mensajes de texto a su teléfono$/,
    );
    expect(told.text_body).toContain(spanish);
    expect(told.text_body).not.toContain('carrier');
    const toldEric = await waitForMail(t.db, eric.email, /^DeedWatch cannot text your phone$/);
    expect(toldEric.text_body).toContain(english);

    // The dashboard: the method and the alert's text, each in the reader's language.
    for (const [who, reason] of [
      [rosa, spanish],
      [eric, english],
    ] as const) {
      const method = (await me(who.cookie)).emailNotificationMethods.find(
        (m) => m.id === who.phoneMethodId,
      )!;
      expect(method.undeliverable).toBe(reason);
      const event = (await eventsOf(who.cookie)).find((e) => e.documentNumber === 'TXT-25')!;
      expect(event.deliveries.find((d) => d.notificationMethodType === 'SMS')).toMatchObject({
        status: 'failed',
        error: reason,
      });
    }

    // Stored as ever, in English, for staff and the logs.
    const stored = await t.db
      .selectFrom('notification_methods')
      .select('undeliverable_reason')
      .where('id', '=', rosa.phoneMethodId)
      .executeTakeFirstOrThrow();
    expect(stored.undeliverable_reason).toBe(english);
    const [sms] = (await alertDeliveries(rosa.id, 'TXT-25')).filter((d) => d.channel === 'sms');
    expect(sms!.last_error).toBe(english);
  });

  it('tells a Spanish reader in Spanish that Twilio refused the number at sending', async () => {
    const luz = await texter('INVALID LUZ', { language: 'es' });
    fake.setBehaviour(luz.phone, 'invalid');
    await ingest({ documentNumber: 'TXT-31', grantors: ['INVALID LUZ'] });
    const mail = await waitForMail(
      t.db,
      luz.email,
      /^DeedWatch no puede enviar mensajes de texto a su teléfono$/,
    );
    const spanish =
      'El operador indica que este no es un número de teléfono válido. (Error de Twilio 21211)';
    expect(mail.text_body).toContain(spanish);
    const method = (await me(luz.cookie)).emailNotificationMethods.find(
      (m) => m.id === luz.phoneMethodId,
    )!;
    expect(method.undeliverable).toBe(spanish);
    const [sms] = (await alertDeliveries(luz.id, 'TXT-31')).filter((d) => d.channel === 'sms');
    expect(sms!.last_error).toBe(
      'The carrier says this is not a valid phone number. (Twilio error 21211)',
    );
  });

  it('marks a number Twilio refuses at sending as invalid, and tells its owner', async () => {
    const cat = await texter('INVALID CAT');
    fake.setBehaviour(cat.phone, 'invalid');
    await ingest({ documentNumber: 'TXT-30', grantors: ['INVALID CAT'] });
    const mail = await waitForMail(t.db, cat.email, /^DeedWatch cannot text your phone$/);
    expect(mail.text_body).toContain('not a valid phone number');
    const [sms] = (await alertDeliveries(cat.id, 'TXT-30')).filter((d) => d.channel === 'sms');
    expect(sms).toMatchObject({
      status: 'failed',
      last_error: expect.stringMatching(/Twilio error 21211/),
    });
    expect(fake.messagesTo(cat.phone)).toHaveLength(1);
  });

  it('stops texting a number after STOP and starts again after START; a forged STOP is refused', async () => {
    const dee = await texter('OPTOUT DEE');
    const reply = (Body: string, options = {}) =>
      postTwilioWebhook(
        t,
        INBOUND,
        { From: dee.phone, To: TWILIO_FROM, Body, MessageSid: 'SM1' },
        options,
      );
    const optedOut = async () =>
      (await me(dee.cookie)).emailNotificationMethods.find((m) => m.id === dee.phoneMethodId)!
        .optedOut;

    expect((await reply('STOP', { signature: null })).statusCode).toBe(403);
    expect((await reply('STOP', { authToken: 'f'.repeat(32) })).statusCode).toBe(403);
    expect(await optedOut()).toBe(false);

    const stop = await reply(' stop ');
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(stop.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await optedOut()).toBe(true);
    await ingest({ documentNumber: 'TXT-40', grantors: ['OPTOUT DEE'] });
    expect((await alertDeliveries(dee.id, 'TXT-40')).map((d) => d.channel)).toEqual(['email']);
    expect(fake.messagesTo(dee.phone)).toHaveLength(0);

    const help = await reply('HELP');
    expect(help.body).toContain(
      `<Message>DeedWatch property-fraud alerts. Help: ${t.config.supportPhone}`,
    );
    expect(await optedOut()).toBe(true);

    expect((await reply('START')).statusCode).toBe(200);
    expect(await optedOut()).toBe(false);
    await ingest({ documentNumber: 'TXT-41', grantors: ['OPTOUT DEE'] });
    const [text] = await textsTo(dee.phone);
    expect(text!.form.Body).toContain('document TXT-41.');
  });

  it('texts nothing after a STOP: not a text still queued, nor one an alert queues as STOP lands', async () => {
    const roy = await texter('RACING ROY');
    // A text queued and not sent yet (a send in its retries) is skipped by the STOP, with why.
    const queued = await t.db
      .insertInto('deliveries')
      .values({
        kind: 'alert',
        channel: 'sms',
        user_id: roy.id,
        notification_method_id: roy.phoneMethodId,
        recipient: roy.phone,
        provider_message_id: null,
        last_error: null,
        sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stop = await postTwilioWebhook(t, INBOUND, {
      From: roy.phone,
      To: TWILIO_FROM,
      Body: 'STOP',
      MessageSid: 'SM2',
    });
    expect(stop.statusCode).toBe(200);
    expect(
      await t.db
        .selectFrom('deliveries')
        .select(['status', 'last_error'])
        .where('id', '=', queued.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      status: 'skipped',
      last_error: 'Not texted: this number replied STOP; the alert went by email only.',
    });
    await postTwilioWebhook(t, INBOUND, {
      From: roy.phone,
      To: TWILIO_FROM,
      Body: 'START',
      MessageSid: 'SM3',
    });

    // A STOP begun and not committed when an Act now alert is queued: the alert reads the
    // phone before the STOP commits.
    const release = await holding(
      t.config.databaseUrl,
      `UPDATE notification_methods SET opted_out_at = now() WHERE id = '${roy.phoneMethodId}'`,
    );
    try {
      await ingest({ documentNumber: 'TXT-45', grantors: ['RACING ROY'] });
      await alertWaitsOnRowOf(t.db, 'notification_methods', roy.id);
    } finally {
      await release();
    }
    expect((await alertDeliveries(roy.id, 'TXT-45')).map((d) => d.channel)).toEqual(['email']);
    expect(fake.messagesTo(roy.phone)).toHaveLength(0);
  });

  it('sends no more than 10 alert texts a day to a number: past that, email only, and the event says so', async () => {
    const eve = await texter('CAPPED EVE');
    await t.db
      .insertInto('deliveries')
      .values(
        Array.from({ length: 10 }, () => ({
          kind: 'alert' as const,
          channel: 'sms' as const,
          user_id: eve.id,
          notification_method_id: null,
          document_id: null,
          recipient: eve.phone,
          status: 'sent' as const,
          provider_message_id: null,
          last_error: null,
          sent_at: new Date(),
        })),
      )
      .execute();
    await ingest({ documentNumber: 'TXT-50', grantors: ['CAPPED EVE'] });
    await waitForMail(t.db, eve.email, /^Act now: /);
    const event = (await eventsOf(eve.cookie)).find((e) => e.documentNumber === 'TXT-50')!;
    expect(event.deliveries.find((d) => d.notificationMethodType === 'SMS')).toEqual({
      notificationMethodId: eve.phoneMethodId,
      notificationMethodType: 'SMS',
      status: 'skipped',
      error:
        'Not texted: this number had its 10 alert texts for today (UTC); the alert went by email only.',
    });
    expect(fake.messagesTo(eve.phone)).toHaveLength(0);
  });

  it('wrote the requests to the log without the Auth Token, a texted code or a signature', () => {
    const log = logged.join('');
    expect(log).toContain('/api/auth/verify-sms?code=[redacted]');
    expect(log).toContain('/api/sms/twilio/status');
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    for (const secret of secrets) expect(log.includes(secret), secret).toBe(false);
  });
});

describe('the daily limit of all alert texts', () => {
  let fake: FakeTwilio;
  let t: TestApp;
  let folder: string;

  beforeAll(async () => {
    fake = await startFakeTwilio();
    t = await startTestApp(fakeTwilioEnv(fake, { ...NO_RATE_LIMITS, SMS_DAILY_LIMIT: '1' }));
    folder = await feedFolder();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('texts the first alert of the day, then sends email only and says why', async () => {
    await createCounty(t.db, { name: 'Capville', code: 'CAP' });
    const user = await createSubscriber(t.db, { verified: true });
    const county = await t.db
      .selectFrom('counties')
      .select('id')
      .where('code', '=', 'CAP')
      .executeTakeFirstOrThrow();
    await insertNameSubscriptions(
      t.db,
      user.id,
      [
        {
          countyId: county.id,
          name: 'BUDGET BOB',
          nameKey: nameKey('BUDGET BOB'),
          tokens: ['BUDGET', 'BOB'],
        },
      ],
      new Date(Date.now() - 60_000),
    );
    await addNotificationMethod(t.db, user.id, {
      type: 'SMS',
      address: '+19165550301',
      verified: true,
    });
    const lines = ['CAP-1', 'CAP-2'].map((documentNumber) =>
      feedLine('CAP', new Date(), { documentNumber, grantors: ['BUDGET BOB'] }),
    );
    const pdfs: Record<string, Uint8Array> = {};
    for (const l of lines) pdfs[l.file] = await feedPdf(l, 1, undefined, 'Capville');
    await writeFeed(folder, lines, pdfs);
    await ingestFolder(t.engine, folder);

    const texts = await waitFor('the alert deliveries of both documents', async () => {
      const rows = await t.db
        .selectFrom('deliveries')
        .select(['status', 'last_error'])
        .where('user_id', '=', user.id)
        .where('kind', '=', 'alert')
        .where('channel', '=', 'sms')
        .orderBy('created_at')
        .execute();
      return rows.length === 2 && rows.some((r) => r.status === 'sent') ? rows : undefined;
    });
    expect(texts.map((r) => r.status).sort()).toEqual(['sent', 'skipped']);
    expect(texts.find((r) => r.status === 'skipped')!.last_error).toBe(
      'Not texted: DeedWatch sent its 1 alert texts for today (UTC); the alert went by email only.',
    );
    expect(fake.messagesTo('+19165550301')).toHaveLength(1);
    // Both alerts still go by email: their send-mail jobs may finish after the texts.
    await waitFor(
      'both alert emails in the outbox',
      async () => (await countOutbox(t.db, user.email)) === 2,
    );
  });
});

describe('a server that sends no texts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
  });
  afterAll(() => t.close());

  it('offers no phone method, refuses one, and refuses every Twilio webhook', async () => {
    const options = await t.app.inject({ method: 'GET', url: '/api/config/notifications' });
    expect(options.json()).toEqual({ methodTypes: ['Email'], textsPerNumberPerDay: 10 });
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/user/notifications/add',
      headers: { cookie },
      payload: { email: '(916) 555-0142', notificationMethodType: 'SMS' },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toBe(
      'Text messages are not offered on this server: add an email notification method instead.',
    );
    const methods = await t.db
      .selectFrom('notification_methods')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(methods).toHaveLength(1);
    const stop = await postTwilioWebhook(
      t,
      INBOUND,
      { From: '+19165550142', Body: 'STOP' },
      { authToken: 'f'.repeat(32) },
    );
    expect(stop.statusCode).toBe(403);
  });
});

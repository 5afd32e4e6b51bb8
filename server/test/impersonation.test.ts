import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMethodVerification } from '../src/modules/auth/auth-mail.ts';
import { NOT_WHILE_IMPERSONATING } from '../src/plugins/impersonation.ts';
import { SESSION_ALREADY_CHANGED } from '../src/plugins/session-lifecycle.ts';
import { sessionCookieOf } from './helpers/cookies.ts';
import {
  addNotificationMethod,
  createCounty,
  createEvent,
  createStaff,
  createSubscriber,
  type CountyRow,
  uniqueEmail,
} from './helpers/factories.ts';
import { codeFrom, countOutbox, waitForMail } from './helpers/mail.ts';
import { requestLoginCode, signInStaff, signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

// Staff acting as a subscriber must leave no way back into the account once they log out, and
// everything they change is on the audit log under their name.

let t: TestApp;
let county: CountyRow;
beforeAll(async () => {
  t = await startTestApp({ ...NO_RATE_LIMITS, SMS_TRANSPORT: 'outbox' });
  county = await createCounty(t.db);
});
afterAll(() => t.close());

const brand = () => ({
  mailSender: t.mailSender,
  smsSender: t.smsSender,
  brand: {
    appUrl: t.config.appUrl,
    supportPhone: t.config.supportPhone,
    supportEmail: t.config.supportEmail,
  },
});

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Staff of `role` signed in and impersonating a fresh verified subscriber. */
async function impersonation(role: 'admin' | 'customersupport' = 'customersupport') {
  const staff = await createStaff(t.db, role);
  const subscriber = await createSubscriber(t.db, { verified: true });
  const staffCookie = await signInStaff(t, staff.email);
  const res = await post('/api/admin/impersonate', staffCookie, { userId: subscriber.id });
  expect(res.statusCode).toBe(200);
  return { staff, subscriber, cookie: sessionCookieOf(res)! };
}

const methodsOf = (userId: string) =>
  t.db
    .selectFrom('notification_methods')
    .select(['id', 'email', 'phone', 'verified_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

const auditOf = (userId: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['actor_id', 'impersonator_id', 'action', 'target_type', 'target_id', 'details'])
    .where('target_id', '=', userId)
    .orderBy('id')
    .execute();

describe('while impersonating, staff cannot give themselves a way into the account', () => {
  it('refuses to add a notification method (email or SMS), sending nothing', async () => {
    const { staff, subscriber, cookie } = await impersonation();
    for (const payload of [
      { email: staff.email, notificationMethodType: 'Email' },
      { email: uniqueEmail('staff-private'), notificationMethodType: 'Email' },
      { email: '(916) 555-0199', notificationMethodType: 'SMS' },
    ]) {
      const res = await post('/api/user/notifications/add', cookie, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: NOT_WHILE_IMPERSONATING,
      });
    }
    expect((await methodsOf(subscriber.id)).map((m) => m.email)).toEqual([subscriber.email]);
    expect(await countOutbox(t.db, staff.email)).toBe(0);
  });

  it("refuses to resend a method's verification link", async () => {
    const { subscriber, cookie } = await impersonation();
    const address = uniqueEmail('pending');
    const method = await addNotificationMethod(t.db, subscriber.id, { type: 'Email', address });
    const res = await post('/api/user/notifications/verify/resend', cookie, {
      notificationMethodId: method.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NOT_WHILE_IMPERSONATING);
    expect(await countOutbox(t.db, address)).toBe(0);
  });

  it('refuses to verify an email or a phone, and leaves the code for its owner', async () => {
    const { subscriber, cookie } = await impersonation();
    const address = uniqueEmail('second');
    const email = await addNotificationMethod(t.db, subscriber.id, { type: 'Email', address });
    const phone = await addNotificationMethod(t.db, subscriber.id, {
      type: 'SMS',
      address: '+19165550142',
    });
    await t.db.transaction().execute(async (trx) => {
      await sendMethodVerification(trx, brand(), {
        id: email.id,
        userId: subscriber.id,
        type: 'Email',
        address,
      });
      await sendMethodVerification(trx, brand(), {
        id: phone.id,
        userId: subscriber.id,
        type: 'SMS',
        address: '+19165550142',
      });
    });
    const emailCode = codeFrom(
      (await waitForMail(t.db, address, /Confirm/)).text_body,
      'verify-email',
    );
    const smsCode = codeFrom(
      (await waitForMail(t.db, '+19165550142', /^Text message$/)).text_body,
      'verify-sms',
    );

    for (const url of [
      `/api/auth/verify-email?code=${emailCode}`,
      `/api/auth/verify-sms?code=${smsCode}`,
    ]) {
      const res = await post(url, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(NOT_WHILE_IMPERSONATING);
    }
    expect((await methodsOf(subscriber.id)).filter((m) => m.verified_at === null)).toHaveLength(2);
    // The impersonation goes on, and the subscriber's own links still work.
    expect((await post('/api/auth/me', cookie)).json()).toMatchObject({
      id: subscriber.id,
      isImpersonated: true,
    });
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?code=${emailCode}`,
    });
    expect(own.statusCode).toBe(200);
  });

  it("refuses a sign-in link redeemed inside the impersonation (it would become the user's own session)", async () => {
    const { subscriber, cookie } = await impersonation();
    const code = await requestLoginCode(t, subscriber.email);
    const res = await post(`/api/auth/code?code=${code}`, cookie);
    expect(res.statusCode).toBe(403);
    expect((await post('/api/auth/me', cookie)).json().isImpersonated).toBe(true);
    const own = await t.app.inject({ method: 'POST', url: `/api/auth/code?code=${code}` });
    expect(own.statusCode).toBe(200);
  });

  it('lets the subscriber do all of it in a session of their own', async () => {
    const subscriber = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, subscriber.email);
    const address = uniqueEmail('own');
    const res = await post('/api/user/notifications/add', cookie, {
      email: address,
      notificationMethodType: 'Email',
    });
    expect(res.statusCode).toBe(200);
    await waitForMail(t.db, address, /Confirm/);
  });
});

describe('while impersonating, every change is audited', () => {
  it('writes one entry per change, naming the subscriber and the staff member, and none for reads', async () => {
    const { staff, subscriber, cookie } = await impersonation();
    const event = await createEvent(t.db, { userId: subscriber.id, countyId: county.id });
    const extra = await addNotificationMethod(t.db, subscriber.id, {
      type: 'Email',
      address: uniqueEmail('extra'),
    });

    expect((await post('/api/auth/me', cookie)).statusCode).toBe(200);
    const changes = [
      ['/api/user/events/archive', { eventId: event.id }],
      [
        '/api/user/subscriptions/names/list/add',
        { guardNameSubscriptions: [{ county: county.name, name: 'DOE JANE' }] },
      ],
      ['/api/user/notifications/remove', { notificationMethodId: extra.id }],
    ] as const;
    for (const [url, payload] of changes) {
      const res = await post(url, cookie, payload);
      expect(res.statusCode, res.body).toBe(200);
    }
    await post('/api/user/notifications/add', cookie, {
      email: staff.email,
      notificationMethodType: 'Email',
    });
    const nowhere = await post('/api/user/nowhere', cookie, {});
    expect(nowhere.statusCode).toBe(404);

    const entries = await auditOf(subscriber.id);
    expect(entries.map((e) => e.action)).toEqual([
      'impersonation.start',
      'impersonation.change',
      'impersonation.change',
      'impersonation.change',
      'impersonation.refused',
    ]);
    for (const entry of entries.slice(1)) {
      expect(entry).toMatchObject({
        actor_id: subscriber.id,
        impersonator_id: staff.id,
        target_type: 'user',
        target_id: subscriber.id,
      });
    }
    expect(entries.slice(1).map((e) => e.details)).toEqual([
      { method: 'POST', route: '/api/user/events/archive', body: { eventId: event.id } },
      {
        method: 'POST',
        route: '/api/user/subscriptions/names/list/add',
        body: { guardNameSubscriptions: [{ county: county.name, name: 'DOE JANE' }] },
      },
      {
        method: 'POST',
        route: '/api/user/notifications/remove',
        body: { notificationMethodId: extra.id },
      },
      {
        method: 'POST',
        route: '/api/user/notifications/add',
        body: { email: staff.email, notificationMethodType: 'Email' },
      },
    ]);
  });

  it('keeps no password, code or token of a body it audits', async () => {
    const { staff, subscriber, cookie } = await impersonation();
    // The staff sign-in page opened again from the impersonating browser.
    const password = 'Not-The-Password-4821';
    const login = await post('/api/admin/auth/login', cookie, { email: staff.email, password });
    expect(login.statusCode).toBe(401);
    const entries = await auditOf(subscriber.id);
    expect(entries.at(-1)!.details).toEqual({
      method: 'POST',
      route: '/api/admin/auth/login',
      body: { email: staff.email, password: '[redacted]' },
    });
    expect(JSON.stringify(entries)).not.toContain(password);
  });

  it("shows the entries in the admin's audit log", async () => {
    const { staff, subscriber, cookie } = await impersonation();
    const event = await createEvent(t.db, { userId: subscriber.id, countyId: county.id });
    expect((await post('/api/user/events/archive', cookie, { eventId: event.id })).statusCode).toBe(
      200,
    );

    const admin = await createStaff(t.db, 'admin');
    const adminCookie = await signInStaff(t, admin.email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?count=100',
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    const entries = (
      res.json() as { entries: { action: string; actorId: string; impersonatorId: string }[] }
    ).entries.filter((e) => e.actorId === subscriber.id);
    expect(entries[0]).toMatchObject({
      action: 'impersonation.change',
      actorId: subscriber.id,
      actorEmail: subscriber.email,
      impersonatorId: staff.id,
      targetType: 'user',
      targetId: subscriber.id,
      details: { method: 'POST', route: '/api/user/events/archive', body: { eventId: event.id } },
    });
  });

  it("writes nothing for a subscriber's own changes", async () => {
    const subscriber = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, subscriber.email);
    const event = await createEvent(t.db, { userId: subscriber.id, countyId: county.id });
    expect((await post('/api/user/events/archive', cookie, { eventId: event.id })).statusCode).toBe(
      200,
    );
    expect(await auditOf(subscriber.id)).toEqual([]);
  });
});

describe('an impersonation starts and ends once', () => {
  const sessionsOf = async (userId: string) =>
    Number(
      (
        await t.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where((eb) =>
            eb.or([
              eb('user_id', '=', userId),
              eb(sql<string>`data->>'impersonatorId'`, '=', userId),
            ]),
          )
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('from one staff session clicked twice at once: one impersonation, one session, one entry', async () => {
    const staff = await createStaff(t.db, 'customersupport');
    const subscriber = await createSubscriber(t.db, { verified: true });
    const staffCookie = await signInStaff(t, staff.email);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post('/api/admin/impersonate', staffCookie, { userId: subscriber.id }),
      ),
    );
    // One starts it. The others are refused: 409 when they read the session before it changed,
    // 401 when one arrives after (its session is gone), as a busy machine may order them.
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409 || s === 401)).toBe(true);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(SESSION_ALREADY_CHANGED);
    // The refused answers leave the browser's cookie alone.
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await sessionsOf(staff.id)).toBe(1);
    const started = (await auditOf(subscriber.id)).filter(
      (e) => e.action === 'impersonation.start',
    );
    expect(started).toHaveLength(1);
  });

  it('logging out of it twice at once gives back one staff session', async () => {
    const { staff, cookie } = await impersonation();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie } }),
      ),
    );
    // One gives back the staff session. The others are refused (409), or, arriving once the
    // impersonated session is gone, are a logout of nobody (200, giving back no one).
    const backTo = answers.filter((r) => r.statusCode === 200 && r.json().id === staff.id);
    expect(backTo).toHaveLength(1);
    for (const other of answers.filter((r) => !backTo.includes(r))) {
      if (other.statusCode === 200) expect(other.json().id).toBeUndefined();
      else expect(other.statusCode).toBe(409);
    }
    expect(await sessionsOf(staff.id)).toBe(1);
    const ended = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('actor_id', '=', staff.id)
      .where('action', '=', 'impersonation.end')
      .execute();
    expect(ended).toHaveLength(1);
  });
});

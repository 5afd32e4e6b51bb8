import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashCode, LOGIN_CODE_TTL_MS, VERIFY_CODE_TTL_MS } from '../src/modules/auth/auth-codes.ts';
import {
  sendMagicLink,
  sendMethodVerification,
  sendWelcome,
} from '../src/modules/auth/auth-mail.ts';
import { LOGIN_REQUESTED_MESSAGE } from '../src/modules/auth/auth.routes.ts';
import { INVALID_CREDENTIALS, INVALID_LINK, SPENT_LINK } from '../src/modules/auth/auth.service.ts';
import {
  DELAY_STEP_MS,
  FREE_FAILURES,
  recentStaffLoginFailures,
  recordStaffLoginFailure,
  staffLoginDelayMs,
} from '../src/modules/auth/staff-login-slowdown.ts';
import { upsertStaff } from '../src/modules/auth/staff.ts';
import { sessionCookieOf } from './helpers/cookies.ts';
import {
  addNotificationMethod,
  createStaff,
  createSubscriber,
  STAFF_PASSWORD,
  uniqueEmail,
} from './helpers/factories.ts';
import { codeFrom, countOutbox, waitForMail } from './helpers/mail.ts';
import { requestLoginCode, signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

const brandOf = (t: TestApp) => ({
  mailSender: t.mailSender,
  smsSender: t.smsSender,
  brand: {
    appUrl: t.config.appUrl,
    supportPhone: t.config.supportPhone,
    supportEmail: t.config.supportEmail,
  },
});

const redeem = (t: TestApp, code: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/auth/code?code=${encodeURIComponent(code)}`, headers });

const me = (t: TestApp, cookie: string | undefined) =>
  t.app.inject({ method: 'POST', url: '/api/auth/me', headers: cookie ? { cookie } : {} });

async function staffSignIn(t: TestApp, email: string, password = STAFF_PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { email, password },
  });
}

describe('magic links and codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
  });
  afterAll(() => t.close());

  it('a magic link signs the subscriber in and returns the session user', async () => {
    const user = await createSubscriber(t.db);
    const code = await requestLoginCode(t, user.email);
    const res = await redeem(t, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'subscriber',
      isImpersonated: false,
    });
    const cookie = sessionCookieOf(res);
    expect((await me(t, cookie)).json().id).toBe(user.id);
    const row = await t.db
      .selectFrom('users')
      .select('last_login_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.last_login_at).not.toBeNull();
  });

  it('codes carry 256 bits from the CSPRNG and only their hash is stored, nowhere in plain text', async () => {
    const user = await createSubscriber(t.db);
    const code = await requestLoginCode(t, user.email);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db
      .selectFrom('auth_codes')
      .select(['code_hash'])
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((r) => r.code_hash.toString('hex'))).toContain(hashCode(code).toString('hex'));
    // Not in any table: the queued job's payload is sealed.
    const { rows: hits } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pgboss.job WHERE data::text LIKE ${`%${code}%`}`.execute(t.db);
    expect(hits[0]!.n).toBe('0');
    const { rows: inCodes } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM auth_codes WHERE encode(code_hash, 'escape') LIKE ${`%${code}%`}`.execute(
      t.db,
    );
    expect(inCodes[0]!.n).toBe('0');
  });

  it('login codes expire after 10 minutes, verification codes after 24 hours', async () => {
    const user = await createSubscriber(t.db);
    // The expiry is the moment of issue plus the code's life: between these two, plus it.
    const before = Date.now();
    await requestLoginCode(t, user.email);
    await t.db.transaction().execute((trx) => sendWelcome(trx, brandOf(t), user, user.methodId));
    const after = Date.now();
    const rows = await t.db
      .selectFrom('auth_codes')
      .select(['purpose', 'expires_at'])
      .where('user_id', '=', user.id)
      .execute();
    const expiry = (purpose: string) =>
      rows.find((x) => x.purpose === purpose)!.expires_at.getTime();
    for (const [purpose, life] of [
      ['login', LOGIN_CODE_TTL_MS],
      ['verify_email', VERIFY_CODE_TTL_MS],
    ] as const) {
      expect(expiry(purpose), purpose).toBeGreaterThanOrEqual(before + life);
      expect(expiry(purpose), purpose).toBeLessThanOrEqual(after + life);
    }
    expect(LOGIN_CODE_TTL_MS).toBe(10 * 60 * 1000);
    expect(VERIFY_CODE_TTL_MS).toBe(24 * 60 * 60 * 1000);
  });

  it('forged, reused, expired, malformed and wrong-purpose codes all get the same 401', async () => {
    const user = await createSubscriber(t.db);
    const used = await requestLoginCode(t, user.email);
    expect((await redeem(t, used)).statusCode).toBe(200);
    const expired = await requestLoginCode(t, user.email);
    await t.db
      .updateTable('auth_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code_hash', '=', hashCode(expired))
      .execute();
    await t.db.transaction().execute((trx) => sendWelcome(trx, brandOf(t), user, user.methodId));
    const verifyCode = codeFrom(
      (await waitForMail(t.db, user.email, /verify your email/)).text_body,
      'verify-email',
    );

    const attempts = {
      forged: 'A'.repeat(43),
      reused: used,
      expired,
      malformed: '../../etc/passwd',
      empty: '',
      huge: 'x'.repeat(4000),
      'verification code at the login call': verifyCode,
    };
    for (const [what, code] of Object.entries(attempts)) {
      const res = await redeem(t, code);
      expect({ what, status: res.statusCode, body: res.json() }).toEqual({
        what,
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: INVALID_LINK },
      });
    }
  });

  it('a new login code voids the older ones', async () => {
    const user = await createSubscriber(t.db);
    const first = await requestLoginCode(t, user.email);
    const second = await requestLoginCode(t, user.email);
    expect((await redeem(t, first)).statusCode).toBe(401);
    expect((await redeem(t, second)).statusCode).toBe(200);
  });

  it('a link of another account never moves a signed-in browser to it: 409, its code unspent', async () => {
    const victim = await createSubscriber(t.db, { verified: true });
    const attacker = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, victim.email);
    // The attacker's own sign-in link, opened in the victim's browser (the page posts its code
    // from our own origin, so neither the Origin check nor SameSite stops it).
    const code = await requestLoginCode(t, attacker.email);

    const res = await redeem(t, code, { cookie, origin: t.config.appUrl });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This browser is signed in to another DeedWatch account. Sign out, then open the link again.',
    );
    expect(sessionCookieOf(res)).toBeUndefined();
    expect((await me(t, cookie)).json().email).toBe(victim.email);
    // The same for the welcome link of the attacker's own email.
    await t.db
      .transaction()
      .execute((trx) => sendWelcome(trx, brandOf(t), attacker, attacker.methodId));
    const mail = await waitForMail(t.db, attacker.email, /verify your email/);
    const verify = await t.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?code=${codeFrom(mail.text_body, 'verify-email')}`,
      headers: { cookie, origin: t.config.appUrl },
    });
    expect(verify.statusCode).toBe(409);
    expect((await me(t, cookie)).json().email).toBe(victim.email);

    // Signed out (a browser with no session), the same code still works: it was not spent.
    const again = await redeem(t, code);
    expect(again.statusCode).toBe(200);
    expect(again.json().email).toBe(attacker.email);
    // And the account's own browser signs in again by its link as before.
    expect((await redeem(t, await requestLoginCode(t, victim.email), { cookie })).statusCode).toBe(
      200,
    );
  });

  it('sign-in links asked for at once: one works, the others are void', async () => {
    const user = await createSubscriber(t.db);
    const asked = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/auth/login?email=${encodeURIComponent(user.email)}`,
        }),
      ),
    );
    expect(asked.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const live = await t.db
      .selectFrom('auth_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'login')
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(1);
  });

  it('50 parallel redemptions of one code: exactly one signs in', async () => {
    const user = await createSubscriber(t.db);
    const code = await requestLoginCode(t, user.email);
    const results = await Promise.all(Array.from({ length: 50 }, () => redeem(t, code)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(49);
  });

  it('10,000 forged codes sign nobody in', async () => {
    await createSubscriber(t.db);
    const user = await createSubscriber(t.db);
    await requestLoginCode(t, user.email);
    let signedIn = 0;
    for (let batch = 0; batch < 100; batch++) {
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: `/api/auth/code?code=${Buffer.from(`${batch}-${i}-${Math.random()}`.padEnd(32, '.')).toString('base64url').slice(0, 43)}`,
            remoteAddress: `10.${batch}.${i}.1`,
          }),
        ),
      );
      signedIn += results.filter((r) => r.statusCode !== 401).length;
    }
    expect(signedIn).toBe(0);
  });

  it('auth/login answers the same for known and unknown emails; an unknown email gets no mail', async () => {
    const user = await createSubscriber(t.db);
    const unknown = uniqueEmail('nobody');
    const known = await t.app.inject({
      method: 'POST',
      url: `/api/auth/login?email=${encodeURIComponent(user.email)}`,
    });
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/auth/login?email=${encodeURIComponent(unknown)}`,
    });
    expect(none.statusCode).toBe(known.statusCode);
    expect(none.body).toBe(known.body);
    expect(known.json()).toEqual({ message: LOGIN_REQUESTED_MESSAGE });
    // The known email's mail arrives; by then the unknown one would have too.
    await waitForMail(t.db, user.email, /sign-in link/);
    expect(await countOutbox(t.db, unknown)).toBe(0);
    const deliveries = await t.db
      .selectFrom('deliveries')
      .select('id')
      .where('recipient', '=', unknown)
      .execute();
    expect(deliveries).toEqual([]);
  });

  it('auth/login refuses a malformed email with a 400 a person can act on', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login?email=not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('query parameter email: Invalid email');
  });

  it('staff get no magic link: they sign in with a password', async () => {
    const staff = await createStaff(t.db, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/login?email=${encodeURIComponent(staff.email)}`,
    });
    expect(res.json()).toEqual({ message: LOGIN_REQUESTED_MESSAGE });
    const user = await createSubscriber(t.db);
    await requestLoginCode(t, user.email);
    expect(await countOutbox(t.db, staff.email)).toBe(0);
  });
});

describe('mail is queued in the transaction that creates the code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS, { workers: false });
  });
  afterAll(() => t.close());

  const jobsFor = async (userId: string) => {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pgboss.job j JOIN deliveries d ON d.id = (j.data->>'deliveryId')::uuid
      WHERE j.name = 'send-mail' AND d.user_id = ${userId}`.execute(t.db);
    return Number(rows[0]!.n);
  };

  it('nothing is queued or sent when the transaction rolls back', async () => {
    const user = await createSubscriber(t.db);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sendMagicLink(trx, brandOf(t), user);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobsFor(user.id)).toBe(0);
    expect(
      await t.db.selectFrom('auth_codes').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });

  it('the job is invisible until COMMIT, so no mail can go out during the transaction', async () => {
    const user = await createSubscriber(t.db);
    await t.db.transaction().execute(async (trx) => {
      await sendMagicLink(trx, brandOf(t), user);
      expect(await jobsFor(user.id)).toBe(0);
    });
    expect(await jobsFor(user.id)).toBe(1);
  });
});

describe('email and SMS verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...NO_RATE_LIMITS, SMS_TRANSPORT: 'outbox' });
  });
  afterAll(() => t.close());

  it('the welcome link verifies the account, activates its guarded items and signs in', async () => {
    const user = await createSubscriber(t.db);
    const county = await t.db
      .insertInto('counties')
      .values({
        name: 'Sacramento',
        code: 'SAC',
        ui_mask: '000',
        data_mask: '000',
        format: '012',
        link_url: 'https://x.org',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('name_subscriptions')
      .values({
        user_id: user.id,
        county_id: county.id,
        name: 'SMITH JOHN',
        name_key: 'SMITH JOHN',
        activated_at: null,
      })
      .execute();
    await t.db.transaction().execute((trx) => sendWelcome(trx, brandOf(t), user, user.methodId));
    const mail = await waitForMail(t.db, user.email, /verify your email/);
    expect(mail.text_body).toContain(`${t.config.appUrl}/verify-email/`);
    expect(mail.html_body).toContain(`href="${t.config.appUrl}/verify-email/`);

    const before = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?code=${codeFrom(mail.text_body, 'verify-email')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().emailNotificationMethods).toEqual([
      expect.objectContaining({
        id: user.methodId,
        email: user.email,
        verified: true,
        notificationMethodType: 'Email',
      }),
    ]);
    const row = await t.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const sub = await t.db
      .selectFrom('name_subscriptions')
      .select('activated_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(sub.activated_at).not.toBeNull();
    expect(sessionCookieOf(res)).toBeDefined();
  });

  /** An email added to `user`'s account, and the code of the link that verifies it. */
  async function addedEmail(user: { id: string }) {
    const other = uniqueEmail('second');
    const method = await addNotificationMethod(t.db, user.id, { type: 'Email', address: other });
    await t.db.transaction().execute((trx) =>
      sendMethodVerification(trx, brandOf(t), {
        id: method.id,
        userId: user.id,
        type: 'Email',
        address: other,
      }),
    );
    const mail = await waitForMail(t.db, other, /Confirm your DeedWatch alert email/);
    return { other, code: codeFrom(mail.text_body, 'verify-email') };
  }

  const verifiedAt = async (address: string) =>
    (
      await t.db
        .selectFrom('notification_methods')
        .select('verified_at')
        .where((eb) => eb.or([eb('email', '=', address), eb('phone', '=', address)]))
        .executeTakeFirstOrThrow()
    ).verified_at;

  it('verifying a second email verifies that method only, and signs nobody in', async () => {
    const user = await createSubscriber(t.db);
    const { other, code } = await addedEmail(user);

    // Whoever reads that mailbox (a relative the subscriber added) gets the alerts, not the
    // account.
    const res = await t.app.inject({ method: 'POST', url: `/api/auth/verify-email?code=${code}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verified: 'Email' });
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await verifiedAt(other)).not.toBeNull();
    const row = await t.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeNull();
  });

  it('answers the signed-in user when the account verifies its added email in its own browser', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const { other, code } = await addedEmail(user);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?code=${code}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const methods = res.json().emailNotificationMethods as { email: string; verified: boolean }[];
    expect(methods.find((m) => m.email === other)?.verified).toBe(true);
    expect((await me(t, cookie)).json().email).toBe(user.email);
  });

  it("verifies another account's added email in a browser signed in elsewhere, leaving its session be", async () => {
    const owner = await createSubscriber(t.db, { verified: true });
    const reader = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, reader.email);
    const { other, code } = await addedEmail(owner);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?code=${code}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verified: 'Email' });
    expect(await verifiedAt(other)).not.toBeNull();
    expect((await me(t, cookie)).json().email).toBe(reader.email);
  });

  it('an SMS method is verified through its own link, texted to the phone number via the outbox', async () => {
    const user = await createSubscriber(t.db);
    const phone = '+19165550100';
    const method = await addNotificationMethod(t.db, user.id, { type: 'SMS', address: phone });
    await t.db.transaction().execute((trx) =>
      sendMethodVerification(trx, brandOf(t), {
        id: method.id,
        userId: user.id,
        type: 'SMS',
        address: phone,
      }),
    );
    const sms = await waitForMail(t.db, phone, /^Text message$/);
    const code = codeFrom(sms.text_body, 'verify-sms');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/auth/verify-email?code=${code}` }))
        .statusCode,
    ).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: `/api/auth/verify-sms?code=${code}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verified: 'SMS' });
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await verifiedAt(phone)).not.toBeNull();
  });
});

describe('a spent or expired link opened in a signed-in browser', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...NO_RATE_LIMITS, SMS_TRANSPORT: 'outbox' });
  });
  afterAll(() => t.close());

  const open = (call: string, code: string, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/${call}?code=${encodeURIComponent(code)}`,
      headers: { cookie, origin: t.config.appUrl },
    });
  const sessionRows = (userId: string) =>
    t.db
      .selectFrom('sessions')
      .select(['sid', 'expires_at'])
      .where('user_id', '=', userId)
      .execute();

  let phones = 200;
  /** A signed-in subscriber and a link of each kind, each already used or expired. */
  async function signedInWithOldLinks() {
    const user = await createSubscriber(t.db);
    await t.db.transaction().execute((trx) => sendWelcome(trx, brandOf(t), user, user.methodId));
    const welcome = codeFrom(
      (await waitForMail(t.db, user.email, /verify your email/)).text_body,
      'verify-email',
    );
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/auth/verify-email?code=${welcome}` }))
        .statusCode,
    ).toBe(200);
    // A phone of its own each time: the mail found is this link's text.
    const phone = `+1916555${String(++phones).padStart(4, '0')}`;
    const method = await addNotificationMethod(t.db, user.id, { type: 'SMS', address: phone });
    await t.db.transaction().execute((trx) =>
      sendMethodVerification(trx, brandOf(t), {
        id: method.id,
        userId: user.id,
        type: 'SMS',
        address: phone,
      }),
    );
    const sms = codeFrom(
      (await waitForMail(t.db, phone, /^Text message$/)).text_body,
      'verify-sms',
    );
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/auth/verify-sms?code=${sms}` })).statusCode,
    ).toBe(200);
    const used = await requestLoginCode(t, user.email);
    const cookie = sessionCookieOf(await redeem(t, used))!;
    const expired = await requestLoginCode(t, user.email);
    await t.db
      .updateTable('auth_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code_hash', '=', hashCode(expired))
      .execute();
    const links = [
      ['code', used],
      ['code', expired],
      ['code', 'A'.repeat(43)],
      ['verify-email', welcome],
      ['verify-sms', sms],
    ] as const;
    return { user, cookie, links };
  }

  it('keeps the session as it was, neither ended nor extended, and says so', async () => {
    const { user, cookie, links } = await signedInWithOldLinks();
    // The welcome link signed a browser in too: each row is compared before and after.
    const before = await sessionRows(user.id);
    expect(before).toHaveLength(2);

    for (const [call, code] of links) {
      const res = await open(call, code, cookie);
      expect({ call, status: res.statusCode, body: res.json() }).toEqual({
        call,
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: SPENT_LINK },
      });
      // Neither cleared nor sent again with a new lifetime.
      expect(res.headers['set-cookie'], call).toBeUndefined();
    }
    const answer = await me(t, cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().id).toBe(user.id);
    expect(await sessionRows(user.id)).toEqual(before);
  });

  it('still ends a session that has ended on the server: its cookie is cleared', async () => {
    const { user, cookie, links } = await signedInWithOldLinks();
    await sql`UPDATE sessions SET data = jsonb_set(data, '{lastSeenAt}', to_jsonb(${Date.now() - 4 * 86_400_000}::bigint))
              WHERE user_id = ${user.id}`.execute(t.db);
    const res = await open('code', links[0][1], cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(INVALID_LINK);
    expect(String(res.headers['set-cookie'])).toMatch(/deedwatch\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await me(t, cookie)).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
  });
  afterAll(() => t.close());

  const sids = async (userId: string) =>
    (await t.db.selectFrom('sessions').select('sid').where('user_id', '=', userId).execute()).map(
      (r) => r.sid,
    );

  it('a sign-in starts a new session id and deletes the old row', async () => {
    const user = await createSubscriber(t.db);
    const first = sessionCookieOf(await redeem(t, await requestLoginCode(t, user.email)));
    const [firstSid] = await sids(user.id);
    const second = sessionCookieOf(
      await redeem(t, await requestLoginCode(t, user.email), { cookie: first! }),
    );
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const now = await sids(user.id);
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(firstSid);
    expect((await me(t, first)).statusCode).toBe(401);
    expect((await me(t, second)).statusCode).toBe(200);
  });

  it('ends an idle session on the server', async () => {
    const user = await createSubscriber(t.db);
    const cookie = sessionCookieOf(await redeem(t, await requestLoginCode(t, user.email)));
    await sql`UPDATE sessions SET data = jsonb_set(data, '{lastSeenAt}', to_jsonb(${Date.now() - 4 * 86_400_000}::bigint))
              WHERE user_id = ${user.id}`.execute(t.db);
    const res = await me(t, cookie);
    expect(res.statusCode).toBe(401);
    expect(await sids(user.id)).toEqual([]);
  });

  it('ends a session past its absolute lifetime however active it is', async () => {
    const user = await createSubscriber(t.db);
    const cookie = sessionCookieOf(await redeem(t, await requestLoginCode(t, user.email)));
    await sql`UPDATE sessions SET data = jsonb_set(data, '{signedInAt}', to_jsonb(${Date.now() - 15 * 86_400_000}::bigint))
              WHERE user_id = ${user.id}`.execute(t.db);
    expect((await me(t, cookie)).statusCode).toBe(401);
  });

  it('staff sessions go idle sooner than subscribers', async () => {
    const staff = await createStaff(t.db, 'customersupport');
    const subscriber = await createSubscriber(t.db);
    const staffCookie = sessionCookieOf(await staffSignIn(t, staff.email));
    const subscriberCookie = sessionCookieOf(
      await redeem(t, await requestLoginCode(t, subscriber.email)),
    );
    const nineHoursAgo = Date.now() - 9 * 3_600_000;
    await sql`UPDATE sessions SET data = jsonb_set(data, '{lastSeenAt}', to_jsonb(${nineHoursAgo}::bigint))
              WHERE user_id IN (${staff.id}, ${subscriber.id})`.execute(t.db);
    expect((await me(t, staffCookie)).statusCode).toBe(401);
    expect((await me(t, subscriberCookie)).statusCode).toBe(200);
  });

  it('ends an idle staff session before any role check: admin routes answer 401, not 200', async () => {
    const admin = await createStaff(t.db, 'admin');
    const cookie = sessionCookieOf(await staffSignIn(t, admin.email))!;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect((await get('/api/admin/audit')).statusCode).toBe(200);
    const nineHoursAgo = Date.now() - 9 * 3_600_000;
    await sql`UPDATE sessions SET data = jsonb_set(data, '{lastSeenAt}', to_jsonb(${nineHoursAgo}::bigint))
              WHERE user_id = ${admin.id}`.execute(t.db);
    // The audit log checks the role in a hook that runs before the handler.
    const audit = await get('/api/admin/audit');
    expect(audit.statusCode).toBe(401);
    expect(await sids(admin.id)).toEqual([]);
    expect((await get('/api/admin/users')).statusCode).toBe(401);
  });

  it("resetting a staff account's role or password ends its sessions and its impersonations", async () => {
    const admin = await createStaff(t.db, 'admin');
    const subscriber = await createSubscriber(t.db);
    const bystander = await createSubscriber(t.db);
    const own = sessionCookieOf(await staffSignIn(t, admin.email))!;
    const second = sessionCookieOf(await staffSignIn(t, admin.email))!;
    const impersonating = sessionCookieOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/impersonate',
        payload: { userId: subscriber.id },
        headers: { cookie: second },
      }),
    )!;
    const bystanderCookie = sessionCookieOf(
      await redeem(t, await requestLoginCode(t, bystander.email)),
    );
    expect((await me(t, own)).statusCode).toBe(200);
    expect((await me(t, impersonating)).json().id).toBe(subscriber.id);

    const reset = await upsertStaff(t.db, {
      email: admin.email,
      role: 'customersupport',
      password: 'a new password, long enough',
    });
    expect(reset).toMatchObject({ id: admin.id, created: false, sessionsEnded: 2 });
    expect((await me(t, own)).statusCode).toBe(401);
    expect((await me(t, impersonating)).statusCode).toBe(401);
    expect((await me(t, bystanderCookie)).statusCode).toBe(200);
  });
});

describe('requests from another site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
  });
  afterAll(() => t.close());

  const login = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login?email=a%40b.co', headers });

  it('refuses a state-changing call whose Origin is not APP_URL, or that a browser marks cross-site', async () => {
    expect((await login({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await login({ origin: 'https://evil.example' })).json().message).toBe(
      'Requests from another site are not allowed.',
    );
    expect((await login({ origin: 'null' })).statusCode).toBe(403);
    expect((await login({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await login({ origin: 'http://deedwatch.test' })).statusCode).toBe(200);
    expect((await login({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await login({})).statusCode).toBe(200);
  });

  it('lets safe methods through from anywhere', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('staff passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
  });
  afterAll(() => t.close());

  it('are stored as argon2id hashes', async () => {
    const staff = await createStaff(t.db, 'admin');
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(STAFF_PASSWORD);
  });

  it('sign staff in; an unknown email, a wrong password and a subscriber all get the same 401', async () => {
    const staff = await createStaff(t.db, 'admin');
    const ok = await staffSignIn(t, staff.email.toUpperCase());
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: staff.id, role: 'admin' });

    const subscriber = await createSubscriber(t.db);
    const failures = [
      await staffSignIn(t, staff.email, 'wrong password, long enough'),
      await staffSignIn(t, uniqueEmail('nobody')),
      await staffSignIn(t, subscriber.email),
    ];
    for (const res of failures) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: INVALID_CREDENTIALS,
      });
    }
  });
});

describe('impersonation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
  });
  afterAll(() => t.close());

  const impersonate = (cookie: string | undefined, userId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/impersonate',
      payload: { userId },
      headers: cookie ? { cookie } : {},
    });

  const audit = (targetId: string) =>
    t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'target_id'])
      .where('target_id', '=', targetId)
      .orderBy('id')
      .execute();

  it.each(['admin', 'customersupport'] as const)(
    '%s can act as a subscriber and logout returns to the staff account',
    async (role) => {
      const staff = await createStaff(t.db, role);
      const subscriber = await createSubscriber(t.db);
      const staffCookie = sessionCookieOf(await staffSignIn(t, staff.email))!;

      const started = await impersonate(staffCookie, subscriber.id);
      expect(started.statusCode).toBe(200);
      expect(started.json()).toMatchObject({
        id: subscriber.id,
        role: 'subscriber',
        isImpersonated: true,
      });
      const asSubscriber = sessionCookieOf(started)!;
      expect(asSubscriber).not.toBe(staffCookie);
      expect((await me(t, staffCookie)).statusCode).toBe(401);
      expect((await me(t, asSubscriber)).json()).toMatchObject({
        id: subscriber.id,
        isImpersonated: true,
      });

      const out = await t.app.inject({
        method: 'GET',
        url: '/api/auth/logout',
        headers: { cookie: asSubscriber },
      });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ id: staff.id });
      const restored = sessionCookieOf(out)!;
      expect(restored).not.toBe(asSubscriber);
      expect((await me(t, asSubscriber)).statusCode).toBe(401);
      expect((await me(t, restored)).json()).toMatchObject({
        id: staff.id,
        role,
        isImpersonated: false,
      });

      expect(await audit(subscriber.id)).toEqual([
        { actor_id: staff.id, action: 'impersonation.start', target_id: subscriber.id },
        { actor_id: staff.id, action: 'impersonation.end', target_id: subscriber.id },
      ]);

      const final = await t.app.inject({
        method: 'GET',
        url: '/api/auth/logout',
        headers: { cookie: restored },
      });
      expect(final.json()).toEqual({});
      expect((await me(t, restored)).statusCode).toBe(401);
    },
  );

  it('is refused to subscribers (403) and to nobody (401)', async () => {
    const subscriber = await createSubscriber(t.db);
    const victim = await createSubscriber(t.db);
    const cookie = sessionCookieOf(await redeem(t, await requestLoginCode(t, subscriber.email)));
    expect((await impersonate(cookie, victim.id)).statusCode).toBe(403);
    expect((await impersonate(undefined, victim.id)).statusCode).toBe(401);
    expect(await audit(victim.id)).toEqual([]);
  });

  it('never targets staff, never nests, and names an unknown or hidden user with a 404', async () => {
    const admin = await createStaff(t.db, 'admin');
    const otherStaff = await createStaff(t.db, 'customersupport');
    const a = await createSubscriber(t.db);
    const b = await createSubscriber(t.db);
    const cookie = sessionCookieOf(await staffSignIn(t, admin.email))!;

    const staffTarget = await impersonate(cookie, otherStaff.id);
    expect(staffTarget.statusCode).toBe(403);
    expect(staffTarget.json().message).toBe('Staff accounts cannot be impersonated.');
    const unknown = await impersonate(cookie, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    // An account the staff list hides from the caller is answered as an unknown one: an admin's
    // id, to an admin or to support, and support's colleague's id, to support.
    const support = sessionCookieOf(await staffSignIn(t, otherStaff.email))!;
    const colleague = await createStaff(t.db, 'customersupport');
    for (const [caller, target] of [
      [cookie, admin.id],
      [support, admin.id],
      [support, colleague.id],
    ] as const) {
      const hidden = await impersonate(caller, target);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe(`User '${target}' not found.`);
    }

    const asA = sessionCookieOf(await impersonate(cookie, a.id))!;
    const nested = await impersonate(asA, b.id);
    expect(nested.statusCode).toBe(409);
    expect((await me(t, asA)).json().id).toBe(a.id);
    expect(await audit(b.id)).toEqual([]);
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT_PER_IP: '4',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000',
      RATE_LIMIT_PER_MINUTE: '1000',
    });
  });
  afterAll(() => t.close());

  // The proxy at 10.9.0.1 appends the address it saw to whatever the client sent.
  const viaProxy = (clientWrote: string, clientAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/login?email=${encodeURIComponent(uniqueEmail('proxied'))}`,
      remoteAddress: '10.9.0.1',
      headers: { 'x-forwarded-for': `${clientWrote}, ${clientAddress}` },
    });

  it('counts the address the proxy saw: a client rotating X-Forwarded-For stays limited', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await viaProxy(`198.51.100.${i}`, '203.0.113.7')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // Another client behind the same proxy has its own count.
    expect((await viaProxy('198.51.100.1', '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('rate limits on sign-in and codes', () => {
  let t: TestApp;
  // The waits the app asks for, taken at once: what is waited is the app's decision, not the clock's.
  const delays: number[] = [];
  beforeAll(async () => {
    t = await startTestApp(
      {
        AUTH_RATE_LIMIT_PER_IP: '4',
        AUTH_RATE_LIMIT_PER_EMAIL: '2',
        RATE_LIMIT_PER_MINUTE: '1000',
      },
      { delay: async (ms) => void delays.push(ms) },
    );
  });
  afterAll(() => t.close());

  const login = (email: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/login?email=${encodeURIComponent(email)}`,
      remoteAddress: ip,
    });

  it('limits auth/login per email whatever the address, for unknown emails alike', async () => {
    for (const email of [(await createSubscriber(t.db)).email, uniqueEmail('nobody')]) {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await login(email, `10.1.0.${i + 1}`)).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    }
    const limited = await login(uniqueEmail('x'), '10.1.0.9');
    expect(limited.statusCode).toBe(200);
  });

  it('limits auth/login per address whatever the email, with a message', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await login(uniqueEmail('ip'), '10.2.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const res = await login(uniqueEmail('ip'), '10.2.0.1');
    // The window is 15 minutes: the wait is said in minutes.
    expect(res.json().message).toMatch(/^Too many requests\. Please try again in 1?\d minutes?\.$/);
  });

  const staffAttempt = (email: string, ip: string, password = 'wrong password!!') =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('limits staff sign-in per email from one address, and per address', async () => {
    const staff = await createStaff(t.db, 'admin');
    const statuses = async (email: string, ip: string, n: number) => {
      const out = [];
      for (let i = 0; i < n; i++) out.push((await staffAttempt(email, ip)).statusCode);
      return out;
    };
    expect(await statuses(staff.email, '10.3.0.1', 3)).toEqual([401, 401, 429]);
    // The same email from another address has a count of its own.
    expect(await statuses(staff.email, '10.3.0.2', 3)).toEqual([401, 401, 429]);
    const perAddress = [];
    for (let i = 0; i < 5; i++)
      perAddress.push((await staffAttempt(uniqueEmail('staff'), '10.3.0.3')).statusCode);
    expect(perAddress).toEqual([401, 401, 401, 401, 429]);
  });

  it('counts wrong staff passwords only: signing in right again and again is never stopped', async () => {
    const admin = await createStaff(t.db, 'admin');
    const rights = [];
    for (let i = 0; i < 6; i++)
      rights.push((await staffAttempt(admin.email, '10.3.3.1', STAFF_PASSWORD)).statusCode);
    expect(rights).toEqual([200, 200, 200, 200, 200, 200]);
    // Wrong ones still count, from the same address, as before the right ones.
    expect([
      (await staffAttempt(admin.email, '10.3.3.1')).statusCode,
      (await staffAttempt(admin.email, '10.3.3.1')).statusCode,
      (await staffAttempt(admin.email, '10.3.3.1')).statusCode,
    ]).toEqual([401, 401, 429]);
  });

  it('never locks a staff account: its owner signs in from another address while it is hammered', async () => {
    const admin = await createStaff(t.db, 'admin');
    const hammering = Array.from({ length: 12 }, () => staffAttempt(admin.email, '10.3.1.1'));
    const own = staffAttempt(admin.email, '10.3.1.2', STAFF_PASSWORD);
    const [ownResult, ...attacker] = await Promise.all([own, ...hammering]);
    expect(attacker.map((r) => r.statusCode)).toContain(429);
    expect(ownResult.statusCode).toBe(200);
    expect(ownResult.json()).toMatchObject({ id: admin.id, role: 'admin' });
    // And once the attacker is stopped, the owner still gets in from yet another address.
    expect((await staffAttempt(admin.email, '10.3.1.3', STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it('slows every staff sign-in down as failures pile up across accounts and addresses', async () => {
    const admin = await createStaff(t.db, 'admin');
    while ((await recentStaffLoginFailures(t.db)) < FREE_FAILURES + 6)
      await recordStaffLoginFailure(t.db);
    const failures = await recentStaffLoginFailures(t.db);
    delays.length = 0;
    const res = await staffAttempt(admin.email, '10.3.2.1', STAFF_PASSWORD);
    expect(res.statusCode).toBe(200);
    // One wait before the password is checked: at least 6 failures over the free ones, 250 ms each.
    expect(delays).toEqual([staffLoginDelayMs(failures)]);
    expect(delays[0]).toBeGreaterThanOrEqual(6 * DELAY_STEP_MS);
  });

  it('limits code redemptions per address across the code calls', async () => {
    const statuses = [];
    for (const url of [
      '/api/auth/code',
      '/api/auth/verify-email',
      '/api/auth/verify-sms',
      '/api/auth/code',
      '/api/auth/verify-email',
    ]) {
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: `${url}?code=${'B'.repeat(43)}`,
            remoteAddress: '10.4.0.1',
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});

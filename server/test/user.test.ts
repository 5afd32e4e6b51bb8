import { sql } from 'kysely';
import { MAX_NOTIFICATION_METHODS } from '@deedwatch/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN, INVALID_EMAIL, NO_ITEMS } from '../src/modules/user/user.service.ts';
import {
  addNotificationMethod,
  createCounty,
  createEvent,
  createSubscriber,
  createToken,
  type CountyRow,
  uniqueEmail,
} from './helpers/factories.ts';
import { registerMailWorker } from '../src/mail/mail.jobs.ts';
import { holding } from './helpers/locks.ts';
import { codeFrom, countOutbox, waitForMail } from './helpers/mail.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

type SessionUserBody = {
  id: string;
  apnSubscriptions: {
    id: string;
    county: string;
    apn: string;
    description: string;
    events: { id: string; isArchived: boolean }[];
  }[];
  nameSubscriptions: {
    id: string;
    county: string;
    name: string;
    events: { id: string; isArchived: boolean; createdAt: string }[];
  }[];
  emailNotificationMethods: {
    id: string;
    email: string;
    verified: boolean;
    notificationMethodType: string;
  }[];
};

let t: TestApp;
let sac: CountyRow;
let alameda: CountyRow;

beforeAll(async () => {
  t = await startTestApp({ ...NO_RATE_LIMITS, SMS_TRANSPORT: 'outbox' });
  sac = await createCounty(t.db, { name: 'Sacramento', code: 'SAC' });
  alameda = await createCounty(t.db, {
    name: 'Alameda',
    code: 'ALA',
    ui_mask: '000a-0000-000-00',
    data_mask: '000a000000000',
    format: '048A-7046-001-00',
  });
  await createCounty(t.db, { name: 'Closed', code: 'CLO', is_enabled: false });
  await t.db
    .insertInto('parcels')
    .values({
      county_id: sac.id,
      apn: '012-0345-006-0000',
      apn_key: '01203450060000',
      address: '123 MAIN ST',
      address_key: '123 MAIN ST',
      city: 'SACRAMENTO',
      state: 'CA',
      zip: '95814',
    })
    .execute();
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

const register = (payload: object) => post('/api/user/register', payload);

describe('POST /api/user/register', () => {
  it('creates the subscriber, its guarded items and an unverified email method, and mails the verify link', async () => {
    const email = uniqueEmail('Register').toUpperCase();
    const res = await register({
      email: `  ${email} `,
      apns: [{ county: 'sacramento', apn: '01203450060000', description: '' }],
      names: [
        { county: 'SACRAMENTO', name: '  smith,  john a ' },
        { county: 'Alameda', name: 'Acme Holdings LLC' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const lower = email.toLowerCase();
    expect(res.json()).toEqual({ id: expect.any(String), email: lower });
    const userId = res.json().id as string;

    const apns = await t.db
      .selectFrom('apn_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(apns).toEqual([
      expect.objectContaining({
        county_id: sac.id,
        apn: '012-0345-006-0000',
        apn_key: '01203450060000',
        address_key: '123 MAIN ST',
        activated_at: null,
      }),
    ]);
    const names = await t.db
      .selectFrom('name_subscriptions')
      .select(['county_id', 'name', 'name_key', 'activated_at'])
      .where('user_id', '=', userId)
      .orderBy('name')
      .execute();
    expect(names).toEqual([
      {
        county_id: alameda.id,
        name: 'ACME HOLDINGS LLC',
        name_key: 'ACME HOLDINGS LLC',
        activated_at: null,
      },
      { county_id: sac.id, name: 'SMITH, JOHN A', name_key: 'SMITH JOHN A', activated_at: null },
    ]);
    const methods = await t.db
      .selectFrom('notification_methods')
      .select(['type', 'email', 'verified_at'])
      .where('user_id', '=', userId)
      .execute();
    expect(methods).toEqual([{ type: 'Email', email: lower, verified_at: null }]);

    // The welcome mail verifies the account, which activates the items.
    const mail = await waitForMail(t.db, lower, /verify your email/);
    const verified = await post(
      `/api/auth/verify-email?code=${codeFrom(mail.text_body, 'verify-email')}`,
      {},
    );
    expect(verified.statusCode).toBe(200);
    const active = await t.db
      .selectFrom('name_subscriptions')
      .select('activated_at')
      .where('user_id', '=', userId)
      .execute();
    expect(active.every((s) => s.activated_at !== null)).toBe(true);
  });

  it('answers 409 for an email that exists, in any letter case', async () => {
    const user = await createSubscriber(t.db);
    const res = await register({
      email: user.email.toUpperCase(),
      names: [{ county: 'Sacramento', name: 'DOE JANE' }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: EMAIL_TAKEN });
  });

  it("answers 400 with the product's messages for no items and a bad email", async () => {
    const none = await register({ email: uniqueEmail(), apns: [], names: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(NO_ITEMS);
    const bad = await register({
      email: 'not an email',
      names: [{ county: 'Sacramento', name: 'DOE JANE' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(INVALID_EMAIL);
  });

  it('rejects an APN that does not fit the county mask, naming the APN and the format, and writes nothing', async () => {
    const email = uniqueEmail('badapn');
    const res = await register({
      email,
      names: [{ county: 'Sacramento', name: 'DOE JANE' }],
      apns: [{ county: 'Alameda', apn: '048-7046-001-00' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "APN '048-7046-001-00' does not fit the Alameda format 000a-0000-000-00 (for example 048A-7046-001-00).",
    );
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', email).execute(),
    ).toEqual([]);
  });

  it('formats a bare Alameda APN with its letter', async () => {
    const res = await register({
      email: uniqueEmail('ala'),
      apns: [{ county: 'alameda', apn: '048a704600100' }],
    });
    expect(res.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('apn_subscriptions')
      .select('apn')
      .where('user_id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.apn).toBe('048A-7046-001-00');
  });

  it('names an unknown or disabled county with a 400', async () => {
    for (const county of ['Atlantis', 'Closed']) {
      const res = await register({ email: uniqueEmail(), names: [{ county, name: 'DOE JANE' }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`County '${county}'`);
    }
  });

  it('allows 10 names and 10 APNs, ignores repeats, and refuses the 11th with a message that says why', async () => {
    const names = Array.from({ length: 10 }, (_, i) => ({
      county: 'Sacramento',
      name: `DOE JANE ${String.fromCharCode(65 + i)}`,
    }));
    const apns = Array.from({ length: 10 }, (_, i) => ({
      county: 'Sacramento',
      apn: `0120345006${String(i).padStart(4, '0')}`,
    }));
    const repeats = [
      { county: 'sacramento', name: 'doe jane a' },
      { county: 'Sacramento', name: 'DOE, JANE A' },
    ];
    const ok = await register({
      email: uniqueEmail('ten'),
      names: [...names, ...repeats],
      apns: [...apns, { county: 'Sacramento', apn: '012-0345-006-0000' }, apns[0]!],
    });
    expect(ok.statusCode).toBe(201);
    const counts = await t.db
      .selectFrom('name_subscriptions')
      .select('id')
      .where('user_id', '=', ok.json().id)
      .execute();
    expect(counts).toHaveLength(10);

    const eleven = await register({
      email: uniqueEmail('eleven'),
      names: [...names, { county: 'Sacramento', name: 'ROE RICHARD' }],
    });
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().message).toBe(
      "You can guard at most 10 names per account (the FAQ's limit): this request has 11.",
    );
    const elevenApns = await register({
      email: uniqueEmail('eleven'),
      apns: [...apns, { county: 'Sacramento', apn: '99999999999999' }],
    });
    expect(elevenApns.json().message).toBe(
      "You can guard at most 10 APNs per account (the FAQ's limit): this request has 11.",
    );
  });

  it('rejects unknown fields and wrong types with a 400 that names them', async () => {
    const extra = await register({
      email: uniqueEmail(),
      names: [{ county: 'Sacramento', name: 'X Y' }],
      role: 'admin',
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe("body field 'role' is not allowed");
    const wrongType = await register({ email: uniqueEmail(), names: 'SMITH' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('body names');
    const nested = await register({ email: uniqueEmail(), names: [{ county: 'Sacramento' }] });
    expect(nested.json().message).toBe('body names.0.name is required');
  });
});

describe('guarded items of a signed-in subscriber', () => {
  it('adds APNs and names: active at once for a verified account, repeats ignored', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const added = await post(
      '/api/user/subscriptions/apns/list/add',
      {
        guardApnSubscriptions: [
          { county: 'Sacramento', apn: '012-0345-006-0000', description: '123 Main Street' },
        ],
      },
      cookie,
    );
    expect(added.statusCode).toBe(200);
    const body = added.json() as SessionUserBody;
    expect(body.apnSubscriptions).toEqual([
      {
        id: expect.any(String),
        county: 'Sacramento',
        apn: '012-0345-006-0000',
        description: '123 Main Street',
        events: [],
      },
    ]);
    const again = await post(
      '/api/user/subscriptions/apns/list/add',
      { guardApnSubscriptions: [{ county: 'SACRAMENTO', apn: '01203450060000' }] },
      cookie,
    );
    expect((again.json() as SessionUserBody).apnSubscriptions).toHaveLength(1);

    const names = await post(
      '/api/user/subscriptions/names/list/add',
      { guardNameSubscriptions: [{ county: 'Alameda', name: 'the smith family trust' }] },
      cookie,
    );
    expect(
      (names.json() as SessionUserBody).nameSubscriptions.map((s) => [s.county, s.name]),
    ).toEqual([['Alameda', 'THE SMITH FAMILY TRUST']]);
    const rows = await t.db
      .selectFrom('apn_subscriptions')
      .select('activated_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows[0]!.activated_at).not.toBeNull();
  });

  it('counts existing items against the limit', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const nine = Array.from({ length: 9 }, (_, i) => ({
      county: 'Sacramento',
      name: `ROE ANN ${String.fromCharCode(65 + i)}`,
    }));
    expect(
      (
        await post(
          '/api/user/subscriptions/names/list/add',
          { guardNameSubscriptions: nine },
          cookie,
        )
      ).statusCode,
    ).toBe(200);
    const two = [
      { county: 'Sacramento', name: 'ROE BOB' },
      { county: 'Sacramento', name: 'ROE CAL' },
    ];
    const res = await post(
      '/api/user/subscriptions/names/list/add',
      { guardNameSubscriptions: two },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "You can guard at most 10 names per account (the FAQ's limit): you have 9 and asked for 2 more.",
    );
  });

  it('holds the limit when adds come at once: one gets the last place, the others a 400', async () => {
    // An app of its own without workers: nothing but these adds waits on the locks below.
    const quiet = await startTestApp(NO_RATE_LIMITS, { workers: false });
    try {
      await registerMailWorker(quiet.boss, quiet.db, quiet.mailSender);
      await createCounty(quiet.db, { name: 'Sacramento', code: 'SAC' });
      const user = await createSubscriber(quiet.db, { verified: true });
      const cookie = await signInSubscriber(quiet, user.email);
      const add = (names: string[]) =>
        quiet.app.inject({
          method: 'POST',
          url: '/api/user/subscriptions/names/list/add',
          payload: {
            guardNameSubscriptions: names.map((name) => ({ county: 'Sacramento', name })),
          },
          headers: { cookie },
        });
      const nine = Array.from({ length: 9 }, (_, i) => `POE ANN ${String.fromCharCode(65 + i)}`);
      expect((await add(nine)).statusCode).toBe(200);
      // The guards' table held against inserts, so that each add gets as far as it can on its
      // own before any of them writes: four adds at once, one name each.
      const release = await holding(
        quiet.config.databaseUrl,
        'LOCK TABLE name_subscriptions IN SHARE MODE',
      );
      let adds: Promise<{ statusCode: number }[]>;
      try {
        adds = Promise.all(['POE BOB', 'POE CAL', 'POE DAN', 'POE EVE'].map((n) => add([n])));
        await waitFor('the four adds to wait on a lock', async () => {
          const { rows } = await sql<{ n: number }>`
            SELECT count(DISTINCT l.pid)::int AS n
            FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE NOT l.granted AND a.datname = current_database()`.execute(quiet.db);
          return rows[0]!.n >= 4 || undefined;
        });
      } finally {
        await release();
      }
      const statuses = (await adds).map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 400, 400, 400]);
      const guarded = await quiet.db
        .selectFrom('name_subscriptions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(Number(guarded.n)).toBe(10);
    } finally {
      await quiet.close();
    }
  });

  it("removes one's own item by type in any case; another user's item is a 404", async () => {
    const owner = await createSubscriber(t.db, { verified: true });
    const other = await createSubscriber(t.db, { verified: true });
    const ownerCookie = await signInSubscriber(t, owner.email);
    const otherCookie = await signInSubscriber(t, other.email);
    const added = (
      await post(
        '/api/user/subscriptions/names/list/add',
        { guardNameSubscriptions: [{ county: 'Sacramento', name: 'POE EDGAR' }] },
        ownerCookie,
      )
    ).json() as SessionUserBody;
    const id = added.nameSubscriptions[0]!.id;

    const stolen = await post(
      '/api/user/subscriptions/remove',
      { guardRecordSubscriptionType: 'Name', guardSubscriptionId: id },
      otherCookie,
    );
    expect(stolen.statusCode).toBe(404);
    const wrongType = await post(
      '/api/user/subscriptions/remove',
      { guardRecordSubscriptionType: 'apn', guardSubscriptionId: id },
      ownerCookie,
    );
    expect(wrongType.statusCode).toBe(404);
    const badType = await post(
      '/api/user/subscriptions/remove',
      { guardRecordSubscriptionType: 'Address', guardSubscriptionId: id },
      ownerCookie,
    );
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe(
      "body guardRecordSubscriptionType: must be 'Apn' or 'Name'",
    );

    const removed = await post(
      '/api/user/subscriptions/remove',
      { guardRecordSubscriptionType: 'name', guardSubscriptionId: id },
      ownerCookie,
    );
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as SessionUserBody).nameSubscriptions).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await post('/api/user/subscriptions/names/list/add', {
      guardNameSubscriptions: [{ county: 'Sacramento', name: 'X' }],
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('notification methods', () => {
  it('adds an email method unverified and sends its verification link; a repeat is a 409', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const second = uniqueEmail('second');
    const res = await post(
      '/api/user/notifications/add',
      { email: second.toUpperCase(), notificationMethodType: 'email' },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect((res.json() as SessionUserBody).emailNotificationMethods).toContainEqual(
      expect.objectContaining({ email: second, verified: false, notificationMethodType: 'Email' }),
    );
    await waitForMail(t.db, second, /Confirm your DeedWatch alert email/);
    const repeat = await post(
      '/api/user/notifications/add',
      { email: second, notificationMethodType: 'Email' },
      cookie,
    );
    expect(repeat.statusCode).toBe(409);
    const invalid = await post(
      '/api/user/notifications/add',
      { email: 'nope', notificationMethodType: 'Email' },
      cookie,
    );
    expect(invalid.json()).toMatchObject({ statusCode: 400, message: INVALID_EMAIL });
  });

  it(`holds at most ${MAX_NOTIFICATION_METHODS} methods, also when adds come at once`, async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    // The account's own email is one; the rest are asked for at once, two more than there is room.
    const room = MAX_NOTIFICATION_METHODS - 1;
    const answers = await Promise.all(
      Array.from({ length: room + 2 }, (_, i) =>
        post(
          '/api/user/notifications/add',
          { email: uniqueEmail(`many-${i}`), notificationMethodType: 'Email' },
          cookie,
        ),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(room).fill(200), 409, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(
      `You can have at most ${MAX_NOTIFICATION_METHODS} notification methods: remove one before adding another.`,
    );
    const row = await t.db
      .selectFrom('notification_methods')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(MAX_NOTIFICATION_METHODS);
  });

  it('adds an SMS method from a phone number in the email field and texts its link', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const res = await post(
      '/api/user/notifications/add',
      { email: '(916) 555-0100', notificationMethodType: 'SMS' },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect((res.json() as SessionUserBody).emailNotificationMethods).toContainEqual(
      expect.objectContaining({
        email: '+19165550100',
        verified: false,
        notificationMethodType: 'SMS',
      }),
    );
    const sms = await waitForMail(t.db, '+19165550100', /^Text message$/);
    expect(sms.text_body).toContain('/verify-sms/');
    const bad = await post(
      '/api/user/notifications/add',
      { email: '555', notificationMethodType: 'SMS' },
      cookie,
    );
    expect(bad.statusCode).toBe(400);
  });

  it("refuses to remove the account's own email; removes another; another user's is a 404", async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const stranger = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const extra = await addNotificationMethod(t.db, user.id, {
      type: 'Email',
      address: uniqueEmail('extra'),
    });

    const own = await post(
      '/api/user/notifications/remove',
      { notificationMethodId: user.methodId, notificationMethodType: 'Email' },
      cookie,
    );
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(
      'The email of your account cannot be removed: it is where we reach you.',
    );
    const theirs = await post(
      '/api/user/notifications/remove',
      { notificationMethodId: stranger.methodId },
      cookie,
    );
    expect(theirs.statusCode).toBe(404);
    const removed = await post(
      '/api/user/notifications/remove',
      { notificationMethodId: extra.id, notificationMethodType: 'Email' },
      cookie,
    );
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as SessionUserBody).emailNotificationMethods.map((m) => m.id)).toEqual([
      user.methodId,
    ]);
  });

  it('resends the link of an unverified method, and refuses a verified one', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const address = uniqueEmail('resend');
    const method = await addNotificationMethod(t.db, user.id, { type: 'Email', address });
    const resent = await post(
      '/api/user/notifications/verify/resend',
      { notificationMethodId: method.id },
      cookie,
    );
    expect(resent.statusCode).toBe(200);
    await waitFor('the verification mail', async () => (await countOutbox(t.db, address)) === 1);
    const verified = await post(
      '/api/user/notifications/verify/resend',
      { notificationMethodId: user.methodId },
      cookie,
    );
    expect(verified.statusCode).toBe(400);
    expect(verified.json().message).toBe('This notification method is already verified.');
  });

  it("resends the welcome mail for an unverified account's own email", async () => {
    const user = await createSubscriber(t.db);
    const cookie = await signInSubscriber(t, user.email);
    const res = await post(
      '/api/user/notifications/verify/resend',
      { notificationMethodId: user.methodId },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    await waitForMail(t.db, user.email, /verify your email/);
  });
});

describe('alerts', () => {
  it('lists events newest first, archives one, and a stranger cannot archive it', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const stranger = await createSubscriber(t.db, { verified: true });
    const older = await createEvent(t.db, {
      userId: user.id,
      countyId: sac.id,
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await createEvent(t.db, { userId: user.id, countyId: sac.id });
    const cookie = await signInSubscriber(t, user.email);
    const strangerCookie = await signInSubscriber(t, stranger.email);

    const me = (await post('/api/auth/me', {}, cookie)).json() as SessionUserBody;
    expect(me.nameSubscriptions[0]!.events.map((e) => e.id)).toEqual([newer.id, older.id]);

    expect(
      (await post('/api/user/events/archive', { eventId: older.id }, strangerCookie)).statusCode,
    ).toBe(404);
    const archived = await post('/api/user/events/archive', { eventId: older.id }, cookie);
    expect(archived.statusCode).toBe(200);
    const events = (archived.json() as SessionUserBody).nameSubscriptions[0]!.events;
    expect(events.find((e) => e.id === older.id)?.isArchived).toBe(true);
    expect(events.find((e) => e.id === newer.id)?.isArchived).toBe(false);
    const notUuid = await post('/api/user/events/archive', { eventId: 'abc' }, cookie);
    expect(notUuid.statusCode).toBe(400);
  });
});

describe('a Spanish subscriber', () => {
  it('is told in Spanish that an item, method, alert or county is not theirs to use', async () => {
    const user = await createSubscriber(t.db, { verified: true, language: 'es' });
    const cookie = await signInSubscriber(t, user.email);
    const id = '00000000-0000-4000-8000-000000000001';
    const refusals: [url: string, payload: object, status: number, message: string][] = [
      [
        '/api/user/subscriptions/remove',
        { guardRecordSubscriptionType: 'Name', guardSubscriptionId: id },
        404,
        `No se encontró el nombre protegido '${id}'.`,
      ],
      [
        '/api/user/subscriptions/remove',
        { guardRecordSubscriptionType: 'Apn', guardSubscriptionId: id },
        404,
        `No se encontró la propiedad protegida '${id}'.`,
      ],
      [
        '/api/user/notifications/remove',
        { notificationMethodId: id },
        404,
        `No se encontró el método de notificación '${id}'.`,
      ],
      ['/api/user/events/archive', { eventId: id }, 404, `No se encontró la alerta '${id}'.`],
      [
        '/api/user/subscriptions/names/list/add',
        { guardNameSubscriptions: [{ county: 'Atlantis', name: 'DOE JANE' }] },
        400,
        "El condado 'Atlantis' no es uno de los que cubrimos. Elija uno de los que indica GET /api/config.",
      ],
    ];
    for (const [url, payload, status, message] of refusals) {
      const res = await post(url, payload, cookie);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('calls that mail an address the caller chooses are limited', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      AUTH_RATE_LIMIT_PER_IP: '2',
      AUTH_RATE_LIMIT_PER_EMAIL: '2',
      RATE_LIMIT_PER_MINUTE: '1000',
    });
    await createCounty(limited.db, { name: 'Sacramento', code: 'SAC' });
  });
  afterAll(() => limited.close());

  it('registrations per client address', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: {
          email: uniqueEmail('flood'),
          names: [{ county: 'Sacramento', name: 'DOE JANE' }],
        },
        remoteAddress: '10.9.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('verification mails per account', async () => {
    const user = await createSubscriber(limited.db, { verified: true });
    const cookie = await signInSubscriber(limited, user.email);
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/user/notifications/add',
        payload: { email: uniqueEmail('victim'), notificationMethodType: 'Email' },
        headers: { cookie },
        remoteAddress: `10.9.1.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("verification mails per account when a token sends them, whatever the token's address", async () => {
    const user = await createSubscriber(limited.db, { verified: true });
    const secret = await createToken(limited.db, user.id, ['write']);
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/user/notifications/add',
        payload: { email: uniqueEmail('victim'), notificationMethodType: 'Email' },
        headers: { authorization: `Bearer ${secret}` },
        remoteAddress: `10.9.2.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('counts only the calls that send one: a mistyped or repeated address uses up nothing', async () => {
    const user = await createSubscriber(limited.db, { verified: true });
    const cookie = await signInSubscriber(limited, user.email);
    const add = (email: string, notificationMethodType: 'Email' | 'SMS' = 'Email') =>
      limited.app.inject({
        method: 'POST',
        url: '/api/user/notifications/add',
        payload: { email, notificationMethodType },
        headers: { cookie },
      });
    // Refused: not an address, the account's own, and texts (this server sends none).
    const refused = [
      await add('not an address'),
      await add(user.email),
      await add('123', 'SMS'),
      await add('+44 20 7946 0958', 'SMS'),
    ].map((r) => r.statusCode);
    expect(refused).toEqual([400, 409, 400, 400]);
    // The allowance (2) is still whole.
    const sent = [await add(uniqueEmail('first')), await add(uniqueEmail('second'))];
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await add(uniqueEmail('third'))).statusCode).toBe(429);
  });
});

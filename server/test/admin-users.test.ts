import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import type { Role } from '../src/db/types.ts';
import {
  addNotificationMethod,
  createCounty,
  createStaff,
  createSubscriber,
  type CountyRow,
} from './helpers/factories.ts';
import { signInStaff, signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type UserRow = {
  userId: string;
  userEmail: string;
  role: string;
  createdAt: string;
  lastLogin: string | null;
  verified: boolean;
  guardedSubscriptions: number;
  emailNotificationMethods: number;
};
type UsersPage = { users: UserRow[]; totalUsers: number };

/** A user row as the test needs it: any role, any timestamps. */
async function insertUser(
  db: Database,
  input: {
    email: string;
    role?: Role;
    createdAt?: Date;
    lastLogin?: Date | null;
    verified?: boolean;
  },
) {
  return db
    .insertInto('users')
    .values({
      email: input.email,
      role: input.role ?? 'subscriber',
      password_hash: null,
      email_verified_at: input.verified ? new Date() : null,
      created_at: input.createdAt ?? new Date(),
      last_login_at: input.lastLogin ?? null,
    })
    .returning(['id', 'email', 'created_at'])
    .executeTakeFirstOrThrow();
}

async function guardApn(db: Database, userId: string, countyId: number, apn: string) {
  return db
    .insertInto('apn_subscriptions')
    .values({
      user_id: userId,
      county_id: countyId,
      apn,
      apn_key: apn,
      address_key: null,
      activated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function guardName(db: Database, userId: string, countyId: number, name: string) {
  return db
    .insertInto('name_subscriptions')
    .values({
      user_id: userId,
      county_id: countyId,
      name,
      name_key: name,
      activated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('GET /api/admin/users', () => {
  let t: TestApp;
  let adminCookie: string;
  let supportCookie: string;
  let subscriberCookie: string;
  let county: CountyRow;
  const staff: { id: string; email: string; role: Role }[] = [];

  const list = async (query: string, cookie = adminCookie) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users${query ? `?${query}` : ''}`,
      headers: { cookie },
    });
    return res;
  };
  const page = async (query: string, cookie = adminCookie): Promise<UsersPage> => {
    const res = await list(query, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
    county = await createCounty(t.db, { name: 'Sacramento', code: 'SAC' });
    for (const role of ['admin', 'admin', 'customersupport', 'customersupport'] as const) {
      const user = await createStaff(t.db, role);
      staff.push({ ...user, role });
    }
    adminCookie = await signInStaff(t, staff[0]!.email);
    supportCookie = await signInStaff(t, staff[2]!.email);
    const subscriber = await createSubscriber(t.db, { verified: true });
    subscriberCookie = await signInSubscriber(t, subscriber.email);
  });
  afterAll(() => t.close());

  describe('who may call it', () => {
    it('answers 401 to anonymous callers and 403 to subscribers, on both staff calls', async () => {
      for (const url of ['/api/admin/users', '/api/admin/metrics']) {
        const anonymous = await t.app.inject({ method: 'GET', url });
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
        const subscriber = await t.app.inject({
          method: 'GET',
          url,
          headers: { cookie: subscriberCookie },
        });
        expect(subscriber.statusCode).toBe(403);
        expect(subscriber.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      }
    });

    it('answers 200 to customersupport and admin, on both staff calls', async () => {
      for (const url of ['/api/admin/users', '/api/admin/metrics']) {
        for (const cookie of [adminCookie, supportCookie]) {
          const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
          expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        }
      }
    });
  });

  describe('visibility', () => {
    const all = async (cookie: string) => {
      const first = await page('count=100', cookie);
      expect(first.users.length).toBe(first.totalUsers);
      return first;
    };

    it('never lists an admin, even to admins; lists customersupport rows to admins only', async () => {
      const everyone = await t.db.selectFrom('users').select(['id', 'role']).execute();
      const ids = (roles: Role[]) =>
        everyone
          .filter((u) => roles.includes(u.role))
          .map((u) => u.id)
          .sort();

      const byAdmin = await all(adminCookie);
      expect(byAdmin.users.map((u) => u.userId).sort()).toEqual(
        ids(['subscriber', 'customersupport']),
      );
      expect(byAdmin.totalUsers).toBe(ids(['subscriber', 'customersupport']).length);
      expect(byAdmin.users.filter((u) => u.role === 'customersupport')).toHaveLength(2);

      const bySupport = await all(supportCookie);
      expect(bySupport.users.map((u) => u.userId).sort()).toEqual(ids(['subscriber']));
      expect(bySupport.totalUsers).toBe(ids(['subscriber']).length);
      expect(bySupport.users.every((u) => u.role === 'subscriber')).toBe(true);
    });

    it('hides the same rows from a search that names them', async () => {
      const admin = staff[1]!;
      const support = staff[3]!;
      expect(await page(`searchTerm=${admin.email}`)).toEqual({ users: [], totalUsers: 0 });
      const supportByAdmin = await page(`searchTerm=${support.email}`);
      expect(supportByAdmin.users.map((u) => u.userId)).toEqual([support.id]);
      expect(supportByAdmin.totalUsers).toBe(1);
      expect(await page(`searchTerm=${support.email}`, supportCookie)).toEqual({
        users: [],
        totalUsers: 0,
      });
    });
  });

  describe('rows', () => {
    it('describes a user: role, dates, verified, guarded items and notification methods', async () => {
      const createdAt = new Date(Date.now() - 3 * DAY);
      const lastLogin = new Date(Date.now() - HOUR);
      const user = await insertUser(t.db, {
        email: 'row-full@rows.test',
        createdAt,
        lastLogin,
        verified: true,
      });
      await guardApn(t.db, user.id, county.id, '01203450060000');
      await guardApn(t.db, user.id, county.id, '01203450060001');
      await guardName(t.db, user.id, county.id, 'DOE JANE');
      await addNotificationMethod(t.db, user.id, { type: 'Email', address: user.email });
      await addNotificationMethod(t.db, user.id, { type: 'SMS', address: '+19165550100' });
      const bare = await insertUser(t.db, { email: 'row-bare@rows.test', createdAt });

      const { users } = await page('searchTerm=@rows.test&sortTerm=email:desc');
      expect(users).toEqual([
        {
          userId: user.id,
          userEmail: 'row-full@rows.test',
          role: 'subscriber',
          createdAt: createdAt.toISOString(),
          lastLogin: lastLogin.toISOString(),
          verified: true,
          guardedSubscriptions: 3,
          emailNotificationMethods: 2,
        },
        {
          userId: bare.id,
          userEmail: 'row-bare@rows.test',
          role: 'subscriber',
          createdAt: createdAt.toISOString(),
          lastLogin: null,
          verified: false,
          guardedSubscriptions: 0,
          emailNotificationMethods: 0,
        },
      ]);
    });
  });

  describe('paging and sorting', () => {
    // 25 users, in groups of 3 sharing one created_at, so ties straddle the page boundaries:
    // they are broken by id. Emails run against the creation order, so the two sorts differ.
    let pager: { id: string; email: string; created_at: Date }[];
    const base = Date.now() - 30 * DAY;

    beforeAll(async () => {
      pager = [];
      for (let i = 0; i < 25; i++) {
        pager.push(
          await insertUser(t.db, {
            email: `pager-${String(24 - i).padStart(2, '0')}@paging.test`,
            createdAt: new Date(base + Math.floor(i / 3) * HOUR),
          }),
        );
      }
    });

    const byCreated = (dir: 1 | -1) =>
      [...pager].sort(
        (a, b) =>
          dir * (a.created_at.getTime() - b.created_at.getTime()) ||
          dir * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      );
    const byEmail = (dir: 1 | -1) =>
      [...pager].sort((a, b) => dir * (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    const userIds = (p: UsersPage) => p.users.map((u) => u.userId);

    it('gives page 2 of 10 as the 11th to 20th user, newest first by default', async () => {
      const second = await page('searchTerm=paging.test&count=10&page=2');
      expect(second.totalUsers).toBe(25);
      expect(userIds(second)).toEqual(ids(byCreated(-1).slice(10, 20)));
      const third = await page('searchTerm=paging.test&count=10&page=3');
      expect(userIds(third)).toEqual(ids(byCreated(-1).slice(20, 25)));
      const past = await page('searchTerm=paging.test&count=10&page=4');
      expect(past).toEqual({ users: [], totalUsers: 25 });
    });

    it('sorts by createdAt both ways, ties by id in the same direction, stable across pages', async () => {
      for (const [term, dir] of [
        ['createdAt:asc', 1],
        ['createdAt:desc', -1],
      ] as const) {
        const pages = [];
        for (const p of [1, 2, 3]) {
          pages.push(...userIds(await page(`searchTerm=paging.test&sortTerm=${term}&page=${p}`)));
        }
        expect(pages, term).toEqual(ids(byCreated(dir)));
      }
    });

    it('sorts by email both ways', async () => {
      const asc = await page('searchTerm=paging.test&sortTerm=email:asc&count=50');
      expect(userIds(asc)).toEqual(ids(byEmail(1)));
      const desc = await page('searchTerm=paging.test&sortTerm=email:desc&count=20&page=2');
      expect(userIds(desc)).toEqual(ids(byEmail(-1).slice(20)));
    });

    it('pages everyone the caller may see, without repeats or gaps', async () => {
      const { totalUsers } = await page('count=10');
      const seen: string[] = [];
      for (let p = 1; p <= Math.ceil(totalUsers / 10); p++) {
        seen.push(...userIds(await page(`count=10&page=${p}&sortTerm=email:asc`)));
      }
      expect(seen).toHaveLength(totalUsers);
      expect(new Set(seen).size).toBe(totalUsers);
    });
  });

  describe('searchTerm', () => {
    beforeAll(async () => {
      for (const email of [
        'percent%sign@search.test',
        'percentxsign@search.test',
        'under_score@search.test',
        'underxscore@search.test',
        'back\\slash@search.test',
        'backslash@search.test',
        'mixed.case@search.test',
      ]) {
        await insertUser(t.db, { email });
      }
    });

    const emails = async (term: string) => {
      const p = await page(`count=100&sortTerm=email:asc&searchTerm=${encodeURIComponent(term)}`);
      expect(p.totalUsers).toBe(p.users.length);
      return p.users.map((u) => u.userEmail);
    };

    it('matches part of the email in any letter case', async () => {
      expect(await emails('XED.CA')).toEqual(['mixed.case@search.test']);
      expect(await emails('  @Search.TEST ')).toHaveLength(7);
    });

    it('matches %, _ and \\ literally', async () => {
      expect(await emails('t%s')).toEqual(['percent%sign@search.test']);
      expect(await emails('r_s')).toEqual(['under_score@search.test']);
      expect(await emails('k\\s')).toEqual(['back\\slash@search.test']);
      // One character: a prefix, and still no wildcard.
      expect(await emails('%')).toEqual([]);
    });

    it('matches a 1 or 2 character term at the start of the email only', async () => {
      expect(await emails('un')).toEqual(['under_score@search.test', 'underxscore@search.test']);
      expect(await emails('RC')).toEqual([]);
      expect(await emails('rce')).toEqual(['percent%sign@search.test', 'percentxsign@search.test']);
    });

    it('lists everyone for an empty or blank term', async () => {
      const everyone = await page('count=10');
      expect((await page('count=10&searchTerm=')).totalUsers).toBe(everyone.totalUsers);
      expect((await page('count=10&searchTerm=%20%20')).totalUsers).toBe(everyone.totalUsers);
    });
  });

  describe('bad input', () => {
    it.each([
      ['sortTerm=role:asc', 'query parameter sortTerm: '],
      ['sortTerm=email:up', 'query parameter sortTerm: '],
      ['sortTerm=email', 'query parameter sortTerm: '],
      ['sortTerm=Email:ASC', 'query parameter sortTerm: '],
      ['count=15', 'query parameter count: must be 10, 20, 50 or 100'],
      ['page=0', 'query parameter page: must be a whole number from 1 to 100000'],
      ['page=abc', 'query parameter page: must be a whole number from 1 to 100000'],
      ['page=-1', 'query parameter page: must be a whole number from 1 to 100000'],
      ['page=100001', 'query parameter page: must be a whole number from 1 to 100000'],
      [`searchTerm=${'a'.repeat(321)}`, 'query parameter searchTerm: must be at most 320'],
      ['role=admin', "query parameter field 'role' is not allowed"],
    ])('answers 400 to %s, naming the parameter', async (query, message) => {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.json().message).toContain(message);
    });

    it('says what a sortTerm must be', async () => {
      const res = await list('sortTerm=role:asc');
      expect(res.json().message).toBe(
        "query parameter sortTerm: must be 'email' or 'createdAt', a colon, then 'asc' or 'desc' (createdAt:desc)",
      );
    });

    it('takes no query parameter on metrics', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/metrics?days=7',
        headers: { cookie: adminCookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("query parameter field 'days' is not allowed");
    });
  });
});

describe('GET /api/admin/metrics', () => {
  let t: TestApp;
  let adminCookie: string;
  let supportCookie: string;
  let sac: CountyRow;
  let pla: CountyRow;
  const now = Date.now();
  const todayStart = new Date(now - (now % DAY));
  const firstDayStart = new Date(todayStart.getTime() - 29 * DAY);
  const isoDay = (d: Date) => d.toISOString().slice(0, 10);
  const created: Date[] = [];

  const metrics = async (cookie = adminCookie) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/metrics',
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  async function recordEvent(input: {
    userId: string;
    countyId: number;
    subscription: { apn: string } | { name: string };
    createdAt: Date;
    delivery?: { status: 'sent' | 'failed' | 'ambiguous'; sentAt: Date | null };
  }) {
    const number = `D-${Math.random().toString(36).slice(2)}`;
    const document = await t.db
      .insertInto('recorded_documents')
      .values({
        county_id: input.countyId,
        document_number: number,
        document_type: 'GRANT DEED',
        recorded_at: input.createdAt,
        container: 'TEST',
        file_name: `${number}.pdf`,
        page_count: 2,
        pdf_error: null,
        text_search: null,
        matched_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('events')
      .values({
        user_id: input.userId,
        document_id: document.id,
        apn_subscription_id: 'apn' in input.subscription ? input.subscription.apn : null,
        name_subscription_id: 'name' in input.subscription ? input.subscription.name : null,
        match_kind: 'apn' in input.subscription ? 'apn' : 'name',
        matched_value: 'X',
        party_role: null,
        is_exact: true,
        tier: 'exact',
        confidence: 1,
        created_at: input.createdAt,
      })
      .execute();
    if (input.delivery) {
      await t.db
        .insertInto('deliveries')
        .values({
          kind: 'alert',
          user_id: input.userId,
          document_id: document.id,
          recipient: 'someone@metrics.test',
          status: input.delivery.status,
          provider_message_id: null,
          last_error: null,
          sent_at: input.delivery.sentAt,
        })
        .execute();
    }
  }

  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS, { workers: false });
    sac = await createCounty(t.db, { name: 'Sacramento', code: 'SAC' });
    pla = await createCounty(t.db, { name: 'Placer', code: 'PLA' });
    await createCounty(t.db, { name: 'Empty', code: 'EMP' });
    const admin = await createStaff(t.db, 'admin');
    const support = await createStaff(t.db, 'customersupport');
    adminCookie = await signInStaff(t, admin.email);
    supportCookie = await signInStaff(t, support.email);

    const subscriber = async (
      name: string,
      createdAt: Date,
      lastLogin: Date | null = null,
    ): Promise<string> => {
      created.push(createdAt);
      return (await insertUser(t.db, { email: `${name}@metrics.test`, createdAt, lastLogin })).id;
    };
    // Active: signed in within 30 × 24 h; registered: within 7 × 24 h, both from now.
    const s1 = await subscriber('s1', new Date(now - 10 * DAY), new Date(now - 30 * DAY + HOUR));
    await subscriber('s2', new Date(now - 7 * DAY + HOUR));
    const s3 = await subscriber('s3', new Date(now - 7 * DAY - HOUR), new Date(now - HOUR));
    const s4 = await subscriber('s4', new Date(now - 40 * DAY), new Date(now - 30 * DAY - HOUR));
    // The edges of the UTC days of `daily`.
    await subscriber('s5', todayStart);
    await subscriber('s6', new Date(todayStart.getTime() - 1));
    await subscriber('s7', firstDayStart);
    await subscriber('s8', new Date(firstDayStart.getTime() - 1));

    const s1Apn = await guardApn(t.db, s1, sac.id, 'A1');
    await guardApn(t.db, s1, sac.id, 'A2');
    const s1Name = await guardName(t.db, s1, pla.id, 'DOE JANE');
    const s3Name = await guardName(t.db, s3, sac.id, 'ROE RICHARD');
    const s4Apn = await guardApn(t.db, s4, pla.id, 'B1');
    await guardName(t.db, s4, pla.id, 'POE EDGAR');
    // Staff items, events and alerts are never counted.
    const supportApn = await guardApn(t.db, support.id, sac.id, 'S1');
    await guardName(t.db, admin.id, pla.id, 'STAFF NAME');

    const twoDaysAgo = new Date(now - 2 * DAY);
    await recordEvent({
      userId: s1,
      countyId: sac.id,
      subscription: { apn: s1Apn.id },
      createdAt: twoDaysAgo,
      delivery: { status: 'sent', sentAt: new Date(todayStart.getTime() - 1) },
    });
    await recordEvent({
      userId: s1,
      countyId: pla.id,
      subscription: { name: s1Name.id },
      createdAt: todayStart,
      delivery: { status: 'sent', sentAt: todayStart },
    });
    await recordEvent({
      userId: s3,
      countyId: sac.id,
      subscription: { name: s3Name.id },
      createdAt: new Date(firstDayStart.getTime() - 1),
      delivery: { status: 'failed', sentAt: null },
    });
    // Sent or not, nobody knows: not counted among alerts sent.
    await recordEvent({
      userId: s4,
      countyId: pla.id,
      subscription: { apn: s4Apn.id },
      createdAt: new Date(now - 3 * DAY),
      delivery: { status: 'ambiguous', sentAt: todayStart },
    });
    await recordEvent({
      userId: support.id,
      countyId: sac.id,
      subscription: { apn: supportApn.id },
      createdAt: new Date(now - DAY),
      delivery: { status: 'sent', sentAt: todayStart },
    });
    // Not an alert: not counted among alerts sent.
    await t.db
      .insertInto('deliveries')
      .values({
        kind: 'welcome',
        user_id: s1,
        recipient: 's1@metrics.test',
        status: 'sent',
        provider_message_id: null,
        last_error: null,
        sent_at: todayStart,
      })
      .execute();
  });
  afterAll(() => t.close());

  it('counts subscribers only, active within 30 days and registered within 7 days', async () => {
    const m = await metrics();
    expect(m.totalUsers).toBe(8);
    expect(m.activeUsersInLast30Days).toBe(2);
    // s2 (7 days less an hour ago), s5 (today) and s6 (yesterday); s3 (7 days and an hour) not.
    expect(m.totalRegisteredInLast7Days).toBe(3);
  });

  it("counts subscribers' guarded items, guarding users and events by county, every county listed", async () => {
    const m = await metrics(supportCookie);
    expect(m.subscriptionsApnByCounty).toEqual({ Empty: 0, Placer: 1, Sacramento: 2 });
    expect(m.subscriptionsNameByCounty).toEqual({ Empty: 0, Placer: 2, Sacramento: 1 });
    // s1 guards in both counties: counted in each, once in Sacramento for its two APNs.
    expect(m.usersByCounty).toEqual({ Empty: 0, Placer: 2, Sacramento: 2 });
    expect(m.eventsByCounty).toEqual({ Empty: 0, Placer: 2, Sacramento: 2 });
    expect(m.totalApnSubscriptions).toBe(3);
    expect(m.totalNameSubscriptions).toBe(3);
    expect(m.totalEvents).toBe(4);
  });

  it('gives 30 UTC days, oldest first, with registrations, events and alerts sent on their days', async () => {
    const m = await metrics();
    const days: { date: string; registrations: number; events: number; alertsSent: number }[] =
      m.daily;
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe(isoDay(firstDayStart));
    expect(days[29]!.date).toBe(isoDay(todayStart));
    for (let i = 1; i < 30; i++) {
      expect(Date.parse(days[i]!.date) - Date.parse(days[i - 1]!.date)).toBe(DAY);
    }

    const expected = new Map(
      days.map((d) => [d.date, { date: d.date, registrations: 0, events: 0, alertsSent: 0 }]),
    );
    for (const at of created) {
      const day = expected.get(isoDay(at));
      if (day) day.registrations++;
    }
    // s1's two events: two days ago and today; s4's three days ago; s3's fell just before the
    // first day.
    expected.get(isoDay(new Date(now - 2 * DAY)))!.events++;
    expected.get(isoDay(new Date(now - 3 * DAY)))!.events++;
    expected.get(isoDay(todayStart))!.events++;
    // Sent alerts by sent_at: yesterday's last millisecond and today's first.
    expected.get(isoDay(new Date(todayStart.getTime() - 1)))!.alertsSent++;
    expected.get(isoDay(todayStart))!.alertsSent++;
    expect(days).toEqual([...expected.values()]);

    // The edges: s5 today, s6 yesterday, s7 on the first day, s8 the day before it.
    expect(days[29]!.registrations).toBeGreaterThanOrEqual(1);
    expect(days[0]!.registrations).toBe(1);
    expect(days.reduce((sum, d) => sum + d.registrations, 0)).toBe(6);
    expect(days.reduce((sum, d) => sum + d.alertsSent, 0)).toBe(2);
  });
});

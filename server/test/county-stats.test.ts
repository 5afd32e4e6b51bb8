import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import {
  compactCountyFigures,
  countyFigures,
} from '../src/modules/admin/admin-metrics.repository.ts';
import { metrics } from '../src/modules/admin/admin-metrics.service.ts';
import {
  createCounty,
  createEvent,
  createStaff,
  createSubscriber,
  type CountyRow,
} from './helpers/factories.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

// The per-county counters of migrations 0009 and 0019 (events per tier) are checked against a
// recount from the tables after each kind of change that can move them.

type Figures = Record<number, { apn: number; names: number; users: number; events: number }>;
type Tiers = { exact: number; strong: number; possible: number };

async function current(db: Database): Promise<Figures> {
  const rows = await countyFigures(db);
  return Object.fromEntries(
    rows.map((r) => [
      r.county_id,
      {
        apn: Number(r.apn),
        names: Number(r.names),
        users: Number(r.users),
        events: Number(r.events),
      },
    ]),
  );
}

/** The events of each tier per county, as the counters of migration 0019 keep them. */
async function currentTiers(db: Database): Promise<Record<number, Tiers>> {
  const rows = await countyFigures(db);
  return Object.fromEntries(
    rows.map((r) => [
      r.county_id,
      { exact: Number(r.exact), strong: Number(r.strong), possible: Number(r.possible) },
    ]),
  );
}

/** The figures computed from scratch, in a transaction rolled back so the counters stay as kept. */
async function recounted<T>(db: Database, read: (db: Database) => Promise<T>): Promise<T> {
  let figures: T | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      await sql`SELECT county_stats_recount()`.execute(trx);
      figures = await read(trx);
      throw new RollBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RollBack)) throw err;
    });
  return figures!;
}
class RollBack extends Error {}

const guardApn = (db: Database, userId: string, countyId: number, apn: string) =>
  db
    .insertInto('apn_subscriptions')
    .values({ user_id: userId, county_id: countyId, apn, apn_key: apn, activated_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();

const guardName = (db: Database, userId: string, countyId: number, name: string) =>
  db
    .insertInto('name_subscriptions')
    .values({ user_id: userId, county_id: countyId, name, name_key: name, activated_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();

describe('county_stats counters', () => {
  let t: TestDatabase;
  let db: Database;
  let a: CountyRow;
  let b: CountyRow;

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.db;
    a = await createCounty(db, { code: 'CSA' });
    b = await createCounty(db, { code: 'CSB' });
  });
  afterAll(() => t.drop());

  const expectExact = async () => {
    expect(await current(db)).toEqual(await recounted(db, current));
    expect(await currentTiers(db)).toEqual(await recounted(db, currentTiers));
  };

  it('starts every new county at zero', async () => {
    const figures = await current(db);
    expect(figures[a.id]).toEqual({ apn: 0, names: 0, users: 0, events: 0 });
    expect(figures[b.id]).toEqual({ apn: 0, names: 0, users: 0, events: 0 });
  });

  it('counts items and each guarding subscriber once per county', async () => {
    const s1 = await createSubscriber(db);
    const s2 = await createSubscriber(db);
    await guardApn(db, s1.id, a.id, 'A1');
    await guardApn(db, s1.id, a.id, 'A2');
    await guardName(db, s1.id, a.id, 'DOE JANE');
    await guardName(db, s1.id, b.id, 'DOE JANE');
    // Several rows of several users in one statement.
    await db
      .insertInto('apn_subscriptions')
      .values(
        ['X1', 'X2'].flatMap((apn) =>
          [s1.id, s2.id].map((userId) => ({
            user_id: userId,
            county_id: b.id,
            apn: `${apn}${userId}`,
            apn_key: `${apn}${userId}`,
          })),
        ),
      )
      .execute();
    const figures = await current(db);
    expect(figures[a.id]).toEqual({ apn: 2, names: 1, users: 1, events: 0 });
    expect(figures[b.id]).toEqual({ apn: 4, names: 1, users: 2, events: 0 });
    await expectExact();
  });

  it('drops a subscriber from a county only with their last item there', async () => {
    const s = await createSubscriber(db);
    const apn = await guardApn(db, s.id, a.id, 'R1');
    const name = await guardName(db, s.id, a.id, 'ROE RICHARD');
    const before = (await current(db))[a.id]!;
    await db.deleteFrom('apn_subscriptions').where('id', '=', apn.id).execute();
    expect((await current(db))[a.id]!.users).toBe(before.users);
    await db.deleteFrom('name_subscriptions').where('id', '=', name.id).execute();
    expect((await current(db))[a.id]).toEqual({
      ...before,
      apn: before.apn - 1,
      names: before.names - 1,
      users: before.users - 1,
    });
    await expectExact();
  });

  it("counts subscribers' events, not staff's, and keeps them when their item is removed", async () => {
    const s = await createSubscriber(db);
    const staff = await createStaff(db, 'customersupport');
    const before = (await current(db))[b.id]!;
    await createEvent(db, { userId: s.id, countyId: b.id, name: 'POE EDGAR' });
    await createEvent(db, { userId: s.id, countyId: b.id, name: 'POE EDGAR' });
    await createEvent(db, { userId: staff.id, countyId: b.id, name: 'STAFF NAME' });
    expect((await current(db))[b.id]).toEqual({
      ...before,
      names: before.names + 1,
      users: before.users + 1,
      events: before.events + 2,
    });
    // The item goes; its events stay the subscriber's (a removed guard's).
    await db.deleteFrom('name_subscriptions').where('user_id', '=', s.id).execute();
    expect((await current(db))[b.id]).toEqual({ ...before, events: before.events + 2 });
    await expectExact();
  });

  it('takes out everything of a deleted subscriber, and moves a user whose role changes', async () => {
    const s = await createSubscriber(db);
    await guardApn(db, s.id, a.id, 'D1');
    await createEvent(db, { userId: s.id, countyId: a.id, name: 'DOE JOHN' });
    const other = await createSubscriber(db);
    await guardName(db, other.id, b.id, 'MOE MARY');
    await createEvent(db, { userId: other.id, countyId: b.id, name: 'MOE MARY' });
    await expectExact();

    await db.deleteFrom('users').where('id', '=', s.id).execute();
    await expectExact();
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', other.id).execute();
    await expectExact();
    await db.updateTable('users').set({ role: 'subscriber' }).where('id', '=', other.id).execute();
    await expectExact();
  });

  it("stays exact when one subscriber's first items in a county are added by two transactions at once", async () => {
    const s = await createSubscriber(db);
    const c = await createCounty(db, { code: 'CSC' });
    // The second inserts while the first is open: without the lock on the user, each would
    // see no other item of theirs there and count a new guarding subscriber.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
    const first = db.transaction().execute(async (trx) => {
      await guardApn(trx, s.id, c.id, 'P1');
      inserted();
      await gate;
    });
    await firstInserted;
    const second = db.transaction().execute(async (trx) => {
      await guardName(trx, s.id, c.id, 'PARALLEL NAME');
    });
    try {
      await waitForLockWaiters(db, 1);
    } finally {
      release();
    }
    await Promise.all([first, second]);
    expect((await current(db))[c.id]).toEqual({ apn: 1, names: 1, users: 1, events: 0 });
    await expectExact();
  });

  it('counts events per tier, moves one whose tier is rewritten, and reports them in the metrics', async () => {
    const s = await createSubscriber(db);
    const staff = await createStaff(db, 'customersupport');
    const before = (await currentTiers(db))[a.id]!;
    const exact = await createEvent(db, { userId: s.id, countyId: a.id, name: 'TIER EXACT' });
    const strong = await createEvent(db, { userId: s.id, countyId: a.id, name: 'TIER STRONG' });
    const possible = await createEvent(db, { userId: s.id, countyId: a.id, name: 'TIER MAYBE' });
    await createEvent(db, { userId: staff.id, countyId: a.id, name: 'TIER STAFF' });
    const setTier = (id: string, tier: 'exact' | 'strong' | 'possible') =>
      db.updateTable('events').set({ tier }).where('id', '=', id).execute();
    await setTier(strong.id, 'strong');
    await setTier(possible.id, 'possible');
    expect((await currentTiers(db))[a.id]).toEqual({
      exact: before.exact + 1,
      strong: before.strong + 1,
      possible: before.possible + 1,
    });
    // Archiving or digesting changes no tier and no figure.
    await db
      .updateTable('events')
      .set({ is_archived: true, digested_at: new Date() })
      .where('id', '=', possible.id)
      .execute();
    await db.deleteFrom('events').where('id', '=', exact.id).execute();
    expect((await currentTiers(db))[a.id]).toEqual({
      exact: before.exact,
      strong: before.strong + 1,
      possible: before.possible + 1,
    });
    await expectExact();

    const figures = await metrics(db);
    const tiers = await currentTiers(db);
    expect(figures.eventsByCountyAndTier[a.name]).toEqual(tiers[a.id]);
    expect(figures.eventsByCountyAndTier[b.name]).toEqual(tiers[b.id]);
    const sum = (k: keyof Tiers) => Object.values(tiers).reduce((n, x) => n + x[k], 0);
    expect(figures.eventsByTier).toEqual({
      exact: sum('exact'),
      strong: sum('strong'),
      possible: sum('possible'),
    });
    expect(
      figures.eventsByTier.exact + figures.eventsByTier.strong + figures.eventsByTier.possible,
    ).toBe(figures.totalEvents);
  });

  it("counts one statement's events of many users, documents and counties by looking each up, never reading every user or document", async () => {
    // As a matcher's batch: hundreds of events in one statement, many per user. Joined to
    // users, the planner would rather hash the whole table than look up each user.
    const users = [
      await createSubscriber(db),
      await createSubscriber(db),
      await createStaff(db, 'customersupport'),
    ];
    const documents = await db
      .insertInto('recorded_documents')
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          county_id: i % 3 === 0 ? b.id : a.id,
          document_number: `MANY-${i}`,
          document_type: 'GRANT DEED',
          recorded_at: new Date(),
          container: 'SAC',
          file_name: `MANY-${i}.pdf`,
          page_count: 2,
        })),
      )
      .returning(['id', 'county_id'])
      .execute();
    const guards = new Map<string, string>();
    for (const user of users) {
      for (const county of [a, b]) {
        guards.set(`${user.id}:${county.id}`, (await guardName(db, user.id, county.id, 'MANY')).id);
      }
    }
    const events = documents.flatMap((d) =>
      users.map((user) => ({
        user_id: user.id,
        document_id: d.id,
        name_subscription_id: guards.get(`${user.id}:${d.county_id}`)!,
        match_kind: 'name',
        matched_value: 'MANY',
        party_role: 'grantee' as const,
        is_exact: true,
        tier: 'exact' as const,
        confidence: 1,
      })),
    );
    // Tables large enough that their foreign keys' checks look rows up by key rather than
    // read them whole, with their statistics, as autovacuum keeps them.
    await sql`
      INSERT INTO users (email, language)
      SELECT 'filler-' || i || '@example.com', 'en' FROM generate_series(1, 3000) AS i`.execute(db);
    await sql`
      INSERT INTO recorded_documents (county_id, document_number, document_type, recorded_at,
                                      container, file_name, page_count)
      SELECT ${a.id}, 'FILLER-' || i, 'GRANT DEED', now(), 'SAC', 'FILLER-' || i || '.pdf', 2
      FROM generate_series(1, 3000) AS i`.execute(db);
    await sql`ANALYZE users, recorded_documents`.execute(db);
    const before = await current(db);

    // Each statement in a transaction whose own statistics say whether the trigger read all
    // of users or of recorded_documents.
    const seqScansOf = (change: (trx: Database) => Promise<unknown>) =>
      db.transaction().execute(async (trx) => {
        const read = async () =>
          (
            await sql<{ seq_scan: string }>`
              SELECT seq_scan FROM pg_stat_xact_user_tables
              WHERE relname IN ('users', 'recorded_documents') ORDER BY relname`.execute(trx)
          ).rows.map((r) => Number(r.seq_scan));
        const start = await read();
        await change(trx);
        return (await read()).map((n, k) => n - start[k]!);
      });

    expect(await seqScansOf((trx) => trx.insertInto('events').values(events).execute())).toEqual([
      0, 0,
    ]);
    // Only the subscribers' events count, in the county of their document: 2 of each 3.
    const inB = documents.filter((d) => d.county_id === b.id).length;
    const after = await current(db);
    expect(after[a.id]!.events).toBe(before[a.id]!.events + 2 * (documents.length - inB));
    expect(after[b.id]!.events).toBe(before[b.id]!.events + 2 * inB);
    await expectExact();

    const ids = documents.map((d) => d.id);
    expect(
      await seqScansOf((trx) => trx.deleteFrom('events').where('document_id', 'in', ids).execute()),
    ).toEqual([0, 0]);
    expect(await current(db)).toEqual({
      ...before,
      [a.id]: { ...after[a.id]!, events: before[a.id]!.events },
      [b.id]: { ...after[b.id]!, events: before[b.id]!.events },
    });
    await expectExact();
  });

  it('folds the pending changes into the counters without changing any figure', async () => {
    const before = await current(db);
    const tiersBefore = await currentTiers(db);
    const folded = await compactCountyFigures(db);
    expect(folded).toBeGreaterThan(0);
    expect(await compactCountyFigures(db)).toBe(0);
    expect(await current(db)).toEqual(before);
    expect(await currentTiers(db)).toEqual(tiersBefore);
    await expectExact();
  });
});

/** Polls until `waiters` sessions of this database wait on a lock. */
async function waitForLockWaiters(db: Database, waiters: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
    if (Number(rows[0]!.n) >= waiters) return;
    if (Date.now() > deadline) throw new Error(`no ${waiters} lock waiter(s) within 10 s`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

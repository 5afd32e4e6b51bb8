import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { DEMO_COUNTIES } from '../src/demo/demo-data.ts';
import { DEMO_SUBSCRIBER_EMAIL, ensureDemoSubscriber } from '../src/demo/demo-subscriber.ts';
import { seedDemo } from '../src/demo/seed-demo.ts';
import { storedName } from '../src/keys/match-keys.ts';
import { addressKey, apnKey, formatApn, nameKey } from '../src/keys/normalize.ts';
import { runScript } from './helpers/run-script.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

async function fingerprint(db: Database) {
  const { rows } = await sql<{ counties: string; parcels: string; names: string }>`
    SELECT
      (SELECT md5(string_agg(concat_ws('|', code, name, ui_mask, data_mask, format, link_url), ',' ORDER BY code)) FROM counties) AS counties,
      (SELECT md5(string_agg(concat_ws('|', c.code, p.apn, p.address, p.city, p.zip, array_to_string(p.owner_names, ';')), ',' ORDER BY c.code, p.apn_key))
         FROM parcels p JOIN counties c ON c.id = p.county_id) AS parcels,
      (SELECT md5(string_agg(concat_ws('|', c.code, n.name, n.document_count, n.last_recorded_at), ',' ORDER BY c.code, n.name_key))
         FROM index_names n JOIN counties c ON c.id = n.county_id) AS names`.execute(db);
  return rows[0];
}

describe('demo seed', () => {
  let a: TestDatabase;
  let b: TestDatabase;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([a.drop(), b.drop()]);
  });

  it('loads 4 counties with parcels and index names', async () => {
    const summary = await seedDemo(a.db, { parcelsPerCounty: 300, namesPerCounty: 400 });
    expect(summary).toEqual({ counties: 4, parcelsInserted: 1200, namesInserted: 1600 });
  });

  it('running it again changes nothing', async () => {
    const before = await fingerprint(a.db);
    const again = await seedDemo(a.db, { parcelsPerCounty: 300, namesPerCounty: 400 });
    expect(again).toEqual({ counties: 4, parcelsInserted: 0, namesInserted: 0 });
    expect(await fingerprint(a.db)).toEqual(before);
  });

  it('the same seed gives the same data in another database; another seed does not', async () => {
    await seedDemo(b.db, { parcelsPerCounty: 300, namesPerCounty: 400 });
    expect(await fingerprint(b.db)).toEqual(await fingerprint(a.db));

    const other = await createTestDatabase();
    try {
      await seedDemo(other.db, { seed: 7, parcelsPerCounty: 300, namesPerCounty: 400 });
      expect((await fingerprint(other.db))!.parcels).not.toEqual(
        (await fingerprint(a.db))!.parcels,
      );
    } finally {
      await other.drop();
    }
  });

  it('writes APNs in each county mask with keys computed by the normalisers', async () => {
    const rows = await a.db
      .selectFrom('parcels as p')
      .innerJoin('counties as c', 'c.id', 'p.county_id')
      .select([
        'c.code',
        'c.ui_mask',
        'p.apn',
        'p.apn_key',
        'p.address',
        'p.address_key',
        'p.zip',
        'p.owner_names',
      ])
      .execute();
    for (const r of rows) {
      expect(formatApn(r.apn_key, r.ui_mask)).toBe(r.apn);
      expect(apnKey(r.apn)).toBe(r.apn_key);
      expect(addressKey(r.address)).toBe(r.address_key);
      expect(r.zip).toMatch(/^9\d{4}$/);
      expect(r.owner_names.length).toBeGreaterThan(0);
    }
    expect(new Set(rows.map((r) => r.code))).toEqual(new Set(DEMO_COUNTIES.map((c) => c.code)));
  });

  it('index names include people, businesses and trusts, and common names carry more documents', async () => {
    const names = await a.db.selectFrom('index_names').select(['name', 'document_count']).execute();
    expect(names.some((n) => /\b(LLC|INC|CORP|LP)$/.test(n.name))).toBe(true);
    expect(names.some((n) => /\b(TRUST|TR)$/.test(n.name))).toBe(true);
    expect(names.some((n) => /^[A-Z]+ [A-Z]+ [A-Z]$/.test(n.name))).toBe(true);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const smiths = names.filter((n) => n.name.startsWith('SMITH ')).map((n) => n.document_count);
    const rare = names
      .filter((n) => /^(KOWALSKI|NAKAMURA|OKAFOR) /.test(n.name))
      .map((n) => n.document_count);
    expect(smiths.length).toBeGreaterThan(0);
    expect(mean(smiths)).toBeGreaterThan(mean(rare.length ? rare : [0]));
  });

  it('the demo subscriber is verified and guards the first 3 names and 2 parcels of SAC, stored as registration stores them; a second call changes nothing', async () => {
    expect(await ensureDemoSubscriber(a.db)).toBe(true);
    expect(await ensureDemoSubscriber(a.db)).toBe(false);
    const user = await a.db
      .selectFrom('users')
      .select(['id', 'email_verified_at'])
      .where('email', '=', DEMO_SUBSCRIBER_EMAIL)
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).not.toBeNull();
    const methods = await a.db
      .selectFrom('notification_methods')
      .select(['type', 'email', 'verified_at'])
      .where('user_id', '=', user.id)
      .execute();
    expect(methods).toEqual([
      { type: 'Email', email: DEMO_SUBSCRIBER_EMAIL, verified_at: expect.any(Date) },
    ]);

    const sac = a.db.selectFrom('counties').select('id').where('code', '=', 'SAC');
    const firstNames = await a.db
      .selectFrom('index_names')
      .select('name')
      .where('county_id', '=', sac)
      .orderBy('id')
      .limit(3)
      .execute();
    const names = await a.db
      .selectFrom('name_subscriptions')
      .select(['id', 'name', 'name_key', 'tokens', 'match_key', 'name_kind', 'activated_at'])
      .where('user_id', '=', user.id)
      .where('county_id', '=', sac)
      .execute();
    expect(names.map((n) => n.name).sort()).toEqual(firstNames.map((n) => n.name).sort());
    for (const n of names) {
      const stored = storedName(n.name);
      expect(n).toMatchObject({
        name_key: nameKey(n.name),
        tokens: nameKey(n.name).split(' '),
        match_key: stored.matchKey,
        name_kind: stored.nameKind,
        activated_at: expect.any(Date),
      });
      const readings = await a.db
        .selectFrom('name_subscription_readings')
        .select(['surname', 'first', 'middle'])
        .where('subscription_id', '=', n.id)
        .execute();
      expect(readings).toHaveLength(stored.readings.length);
      const typoKeys = await a.db
        .selectFrom('name_subscription_typo_keys')
        .select('deletion_key')
        .where('subscription_id', '=', n.id)
        .execute();
      expect(new Set(typoKeys.map((k) => k.deletion_key))).toEqual(
        new Set(stored.readings.flatMap((r) => r.deletionKeys)),
      );
    }

    const firstParcels = await a.db
      .selectFrom('parcels')
      .select(['apn', 'apn_key', 'address', 'address_key', 'city', 'state', 'zip'])
      .where('county_id', '=', sac)
      .orderBy('id')
      .limit(2)
      .execute();
    const apns = await a.db
      .selectFrom('apn_subscriptions')
      .select(['apn', 'apn_key', 'description', 'address_key', 'address_zip', 'activated_at'])
      .where('user_id', '=', user.id)
      .orderBy('apn_key')
      .execute();
    expect(apns).toEqual(
      firstParcels
        .sort((x, y) => (x.apn_key < y.apn_key ? -1 : 1))
        .map((p) => ({
          apn: p.apn,
          apn_key: p.apn_key,
          description: `${p.address}, ${p.city}, ${p.state} ${p.zip}`,
          address_key: p.address_key,
          address_zip: p.zip,
          activated_at: expect.any(Date),
        })),
    );
  });

  it('npm run seed:demo refuses a county it does not have, or a count that is not a number, writing nothing', async () => {
    const empty = await createTestDatabase();
    try {
      const env = {
        DATABASE_URL: empty.url,
        MAIL_TRANSPORT: 'outbox',
        SESSION_SECRET: 'x'.repeat(32),
      };
      const county = await runScript('seed-demo.ts', ['--county', 'XYZ'], env);
      expect(county.code).toBe(2);
      expect(county.stderr).toContain('--county XYZ: not a demo county (SAC, PLA, SDG, ALA)');
      const parcels = await runScript('seed-demo.ts', ['--parcels', 'abc'], env);
      expect(parcels.code).toBe(2);
      expect(parcels.stderr).toContain("--parcels must be a whole number, not 'abc'");
      expect(await empty.db.selectFrom('counties').select('id').execute()).toEqual([]);
    } finally {
      await empty.drop();
    }
  });
});

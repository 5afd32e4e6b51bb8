import { type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPool, type Database } from '../src/db/database.ts';
import { seedDemo } from '../src/demo/seed-demo.ts';
import type { DB } from '../src/db/types.ts';
import { addressKey, apnKey, nameKey } from '../src/keys/normalize.ts';
import { COUNTY_CACHE_TTL_MS } from '../src/modules/counties/counties.service.ts';
import * as repo from '../src/modules/search/search.repository.ts';
import * as service from '../src/modules/search/search.service.ts';
import { streetKeyOf } from '../src/modules/search/search.terms.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

type Kind = 'name' | 'street' | 'address' | 'apn';

async function addCounty(db: Database, name: string, code: string, enabled = true) {
  const row = await db
    .insertInto('counties')
    .values({
      name,
      code,
      ui_mask: '000-0000-000-0000',
      data_mask: '00000000000000',
      format: '012-0345-006-0000',
      link_url: `https://${code.toLowerCase()}.example.org`,
      is_enabled: enabled,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addParcels(
  db: Database,
  countyId: number,
  parcels: { apn: string; address: string; city?: string; zip?: string }[],
) {
  await db
    .insertInto('parcels')
    .values(
      parcels.map((p) => ({
        county_id: countyId,
        apn: p.apn,
        apn_key: apnKey(p.apn),
        address: p.address,
        address_key: addressKey(p.address),
        city: p.city ?? 'SACRAMENTO',
        state: 'CA',
        zip: p.zip ?? '95814',
      })),
    )
    .execute();
}

async function addNames(db: Database, countyId: number, names: [name: string, count: number][]) {
  await db
    .insertInto('index_names')
    .values(
      names.map(([name, count]) => ({
        county_id: countyId,
        name,
        name_key: nameKey(name),
        document_count: count,
        last_recorded_at: null,
      })),
    )
    .execute();
}

describe('GET /api/search/*', () => {
  let t: TestApp;
  let sacramento: number;
  let alameda: number;

  const search = (kind: Kind, SearchTerm: string, County = 'Sacramento') =>
    t.app.inject({ method: 'GET', url: `/api/search/${kind}`, query: { SearchTerm, County } });
  const results = async (kind: Kind, term: string, county?: string) => {
    const res = await search(kind, term, county);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown>[];
  };
  const addresses = async (kind: Kind, term: string, county?: string) =>
    (await results(kind, term, county)).map((r) => r.address);
  const names = async (term: string, county?: string) =>
    (await results('name', term, county)).map((r) => r.name);

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' }, { workers: false });
    sacramento = await addCounty(t.db, 'Sacramento', 'SAC');
    alameda = await addCounty(t.db, 'Alameda', 'ALA');
    await addCounty(t.db, 'Closed', 'CLO', false);
    // A county of generated demo data beside the precise rows.
    await seedDemo(t.db, { counties: ['PLA'], parcelsPerCounty: 300, namesPerCounty: 300 });

    await addParcels(t.db, sacramento, [
      { apn: '012-0345-006-0000', address: '123 MAIN ST' },
      { apn: '012-0345-007-0000', address: '1234 MAIN ST', zip: '95816' },
      { apn: '012-0345-008-0000', address: '123 N MAIN ST APT 4' },
      { apn: '012-0346-001-0000', address: '123 MAPLE ST' },
      { apn: '015-0001-001-0000', address: '55 OAK AVE', city: 'FOLSOM', zip: '95630' },
      { apn: '015-0001-002-0000', address: '57 N OAK AVE', city: 'FOLSOM', zip: '95630' },
      { apn: '015-0001-003-0000', address: '9 S OAK AVE', city: 'FOLSOM', zip: '95630' },
      { apn: '015-0001-004-0000', address: '20 OAKMONT DR', city: 'FOLSOM', zip: '95630' },
      // 25 parcels on one street, for the limit of 10.
      ...Array.from({ length: 25 }, (_, i) => ({
        apn: `013-0000-000-${String(i).padStart(4, '0')}`,
        address: `${700 + i} PINE ST`,
      })),
    ]);
    await addNames(t.db, sacramento, [
      ['SMITH JOHN A', 42],
      ['SMITH JOHN', 3],
      ['SMITH JANE', 5],
      ['SMITHSON MARY', 1],
      ['JONES MARY', 2],
      ...Array.from({ length: 25 }, (_, i): [string, number] => [`BROWN PAT ${i}`, 1]),
    ]);
    // The same address and name in another county.
    await addParcels(t.db, alameda, [
      { apn: '048-7046-001-0000', address: '123 MAIN ST', city: 'OAKLAND', zip: '94601' },
    ]);
    await addNames(t.db, alameda, [
      ['SMITH JOHN A', 7],
      ['ZED ALAMEDA', 1],
    ]);
  });
  afterAll(() => t.close());

  describe('shapes', () => {
    it('address, street and APN searches return apn, address, cityStateZip and county', async () => {
      const expected = {
        apn: '012-0345-006-0000',
        address: '123 MAIN ST',
        cityStateZip: 'SACRAMENTO, CA 95814',
        county: 'Sacramento',
      };
      expect((await results('address', '123 MAIN ST '))[0]).toEqual(expected);
      expect((await results('apn', '012-0345-006-0000'))[0]).toEqual(expected);
      expect(await results('street', 'MAIN ST')).toContainEqual(expected);
    });

    it("runs on search's own connections, those that plan each statement once", async () => {
      const searchConnections = () =>
        sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'deedwatch-search'`
          .execute(t.db)
          .then(({ rows }) => rows[0]!.n);
      expect(await results('apn', '012-0345')).not.toEqual([]);
      expect(await searchConnections()).toBeGreaterThan(0);
    });

    it('name search returns name, county and how many documents carry the name', async () => {
      expect(await results('name', 'SMITH JOHN ')).toEqual([
        { name: 'SMITH JOHN', county: 'Sacramento', documentCount: 3 },
        { name: 'SMITH JOHN A', county: 'Sacramento', documentCount: 42 },
      ]);
    });

    it('each route serves demo data too', async () => {
      const parcel = await t.db
        .selectFrom('parcels as p')
        .innerJoin('counties as c', 'c.id', 'p.county_id')
        .select(['p.apn', 'p.address', 'p.city', 'p.zip', 'p.street_key'])
        .where('c.code', '=', 'PLA')
        .orderBy('p.id')
        .executeTakeFirstOrThrow();
      const expected = {
        apn: parcel.apn,
        address: parcel.address,
        cityStateZip: `${parcel.city}, CA ${parcel.zip}`,
        county: 'Placer',
      };
      expect(await results('apn', parcel.apn, 'Placer')).toEqual([expected]);
      expect(await results('address', `${parcel.address} `, 'Placer')).toContainEqual(expected);
      const onStreet = await results('street', parcel.street_key, 'Placer');
      expect(onStreet.length).toBeGreaterThan(0);
      expect(onStreet.every((r) => String(r.address).includes(parcel.street_key))).toBe(true);
      const name = await t.db
        .selectFrom('index_names')
        .select(['name', 'document_count'])
        .where('county_id', '!=', sacramento)
        .where('county_id', '!=', alameda)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      expect(await results('name', `${name.name} `, 'Placer')).toContainEqual({
        name: name.name,
        county: 'Placer',
        documentCount: name.document_count,
      });
    });
  });

  describe('counties', () => {
    it('are named as GET /api/config names them, in any case', async () => {
      for (const county of ['sacramento', 'SACRAMENTO', 'sAcRaMeNtO']) {
        const found = await results('address', '123 MAIN ST ', county);
        expect(found[0]).toMatchObject({ address: '123 MAIN ST', county: 'Sacramento' });
      }
    });

    it('an unknown or disabled county is a 400 that names it, on every route', async () => {
      for (const kind of ['name', 'street', 'address', 'apn'] as const) {
        for (const county of ['Nowhere', 'Closed']) {
          const res = await search(kind, 'SMITH', county);
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toContain(`County '${county}'`);
        }
      }
    });

    it('a county disabled or renamed elsewhere is refused once COUNTY_CACHE_TTL_MS has passed', async () => {
      // Changed in the database directly, as an admin's request served by another process would.
      // The clock is moved by hand: the bound is the property.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const id = await addCounty(t.db, 'Yolo', 'YOL');
        await addParcels(t.db, id, [{ apn: '040-0001-001-0000', address: '10 ELM ST' }]);
        const elm = () => search('address', '10 ELM', 'Yolo');
        expect((await elm()).statusCode).toBe(200);
        await t.db
          .updateTable('counties')
          .set({ is_enabled: false })
          .where('id', '=', id)
          .execute();
        vi.setSystemTime(Date.now() + COUNTY_CACHE_TTL_MS);
        expect((await elm()).statusCode).toBe(400);

        // Enabled again: found at once, since a refused name is never remembered.
        await t.db.updateTable('counties').set({ is_enabled: true }).where('id', '=', id).execute();
        expect((await elm()).statusCode).toBe(200);
        await t.db.updateTable('counties').set({ name: 'Yolo Two' }).where('id', '=', id).execute();
        vi.setSystemTime(Date.now() + COUNTY_CACHE_TTL_MS);
        expect((await elm()).statusCode).toBe(400);
        expect((await search('address', '10 ELM', 'yolo two')).json()).toEqual([
          {
            apn: '040-0001-001-0000',
            address: '10 ELM ST',
            cityStateZip: 'SACRAMENTO, CA 95814',
            county: 'Yolo Two',
          },
        ]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('an answer is given again for SEARCH_CACHE_TTL_MS, and a parcel import is seen everywhere within COUNTY_CACHE_TTL_MS', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const id = await addCounty(t.db, 'Napa', 'NAP');
        await addParcels(t.db, id, [{ apn: '041-0001-001-0000', address: '10 ELM ST' }]);
        const tens = async () => (await addresses('address', '10 E', 'Napa')).sort();
        expect(await tens()).toEqual(['10 ELM ST']);
        // Written by another tool: the answer given a moment ago stands for the cache's time.
        await addParcels(t.db, id, [{ apn: '041-0001-002-0000', address: '10 EAST ST' }]);
        expect(await tens()).toEqual(['10 ELM ST']);
        vi.setSystemTime(Date.now() + t.config.searchCacheTtlMs);
        expect(await tens()).toEqual(['10 EAST ST', '10 ELM ST']);

        // A parcel import, in whichever process, counts itself on the county's row: every
        // process reads it with the county within COUNTY_CACHE_TTL_MS, and asks again.
        await addParcels(t.db, id, [{ apn: '041-0001-003-0000', address: '10 EBONY ST' }]);
        await t.db
          .updateTable('counties')
          .set((eb) => ({ parcel_imports: eb('parcel_imports', '+', 1) }))
          .where('id', '=', id)
          .execute();
        vi.setSystemTime(Date.now() + COUNTY_CACHE_TTL_MS);
        expect(await tens()).toEqual(['10 EAST ST', '10 EBONY ST', '10 ELM ST']);
      } finally {
        vi.useRealTimers();
      }
    });

    it('never return rows of another county', async () => {
      expect(await results('address', '123 MAIN ST ', 'Alameda')).toEqual([
        {
          apn: '048-7046-001-0000',
          address: '123 MAIN ST',
          cityStateZip: 'OAKLAND, CA 94601',
          county: 'Alameda',
        },
      ]);
      expect(await results('name', 'SMITH JOHN A', 'Alameda')).toEqual([
        { name: 'SMITH JOHN A', county: 'Alameda', documentCount: 7 },
      ]);
      expect(await names('ZED')).toEqual([]);
      expect(await results('apn', '048-7046')).toEqual([]);
    });
  });

  describe('input', () => {
    it('a term shorter than 2 characters after trimming finds nothing', async () => {
      for (const kind of ['name', 'street', 'address', 'apn'] as const) {
        for (const term of ['', ' ', '1', 'S', '  S  ']) {
          expect(await results(kind, term), `${kind} '${term}'`).toEqual([]);
        }
      }
    });

    it('at most 10 results', async () => {
      expect(await addresses('street', 'PINE')).toHaveLength(10);
      expect(await addresses('address', '7')).toHaveLength(0);
      expect(await addresses('address', '70')).toEqual(
        Array.from({ length: 10 }, (_, i) => `${700 + i} PINE ST`),
      );
      expect(await addresses('apn', '013')).toHaveLength(10);
      expect(await names('BROWN PAT')).toHaveLength(10);
    });

    it('an unknown query parameter is a 400 naming it', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/search/name',
        query: { SearchTerm: 'SMITH', County: 'Sacramento', searchTerm: 'x' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("'searchTerm' is not allowed");
    });

    it('a missing County or SearchTerm is a 400 naming it', async () => {
      const noCounty = await t.app.inject({
        method: 'GET',
        url: '/api/search/apn',
        query: { SearchTerm: '012' },
      });
      expect(noCounty.statusCode).toBe(400);
      expect(noCounty.json().message).toContain('County is required');
      const noTerm = await t.app.inject({
        method: 'GET',
        url: '/api/search/apn',
        query: { County: 'Sacramento' },
      });
      expect(noTerm.statusCode).toBe(400);
      expect(noTerm.json().message).toContain('SearchTerm is required');
    });

    it('a SearchTerm over 200 characters is a 400 that says so', async () => {
      expect(await results('name', 'A'.repeat(200))).toEqual([]);
      const res = await search('name', 'A'.repeat(201));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('query parameter SearchTerm: must be at most 200 characters');
    });

    it('SQL wildcards, quotes and backslashes in the term are never wildcards', async () => {
      for (const kind of ['name', 'street', 'address', 'apn'] as const) {
        for (const term of ['%', '_', '%%', '__', '%_%', "''", '\\\\', "%' OR '1'='1"]) {
          expect(await results(kind, term), `${kind} ${term}`).toEqual([]);
        }
      }
      // Each of these, as a LIKE pattern, would match 123 MAIN ST.
      for (const term of ['1%3', '1_3', '1%', '12_ ', '%MAIN', '_23']) {
        expect(await addresses('address', term), term).not.toContain('123 MAIN ST');
      }
      expect(await names('SMI_H')).toEqual([]);
    });

    it('the SQL itself matches the prefix literally, % and _ included', async () => {
      await addNames(t.db, alameda, [['PCT', 1]]);
      await t.db
        .insertInto('index_names')
        .values([
          { county_id: alameda, name: 'A%B', name_key: 'A%B', last_recorded_at: null },
          { county_id: alameda, name: 'AXB', name_key: 'AXB', last_recorded_at: null },
          { county_id: alameda, name: 'A_C', name_key: 'A_C', last_recorded_at: null },
          { county_id: alameda, name: 'A\\D', name_key: 'A\\D', last_recorded_at: null },
        ])
        .execute();
      const keys = async (prefix: string) =>
        (await repo.namesByPrefix(t.db, alameda, [prefix], 10)).map((r) => r.name);
      expect(await keys('A%')).toEqual(['A%B']);
      expect(await keys('A_')).toEqual(['A_C']);
      expect(await keys('A\\')).toEqual(['A\\D']);
      expect(await keys('%')).toEqual([]);
      expect(await keys('_')).toEqual([]);
      expect(await repo.parcelsByPrefix(t.db, alameda, 'address_key', ['_23'], 10)).toEqual([]);
    });
  });

  describe('APN search', () => {
    it('formatted and bare input find the same parcels', async () => {
      const formatted = await results('apn', '012-0345');
      expect(formatted.map((r) => r.apn)).toEqual([
        '012-0345-006-0000',
        '012-0345-007-0000',
        '012-0345-008-0000',
      ]);
      expect(await results('apn', '0120345')).toEqual(formatted);
      expect(await results('apn', ' 012 0345 ')).toEqual(formatted);
      expect((await results('apn', '01203450070000'))[0]?.address).toBe('1234 MAIN ST');
    });
  });

  describe('address search', () => {
    it('"123 MAIN" finds 123 MAIN ST first, prefix hits before similar addresses', async () => {
      const found = await addresses('address', '123 MAIN');
      expect(found[0]).toBe('123 MAIN ST');
      expect(found.filter((a) => a === '123 MAIN ST')).toHaveLength(1);
    });

    it('suffix forms: "123 MAIN STREET" and "123 main st." find 123 MAIN ST', async () => {
      expect((await addresses('address', '123 MAIN STREET'))[0]).toBe('123 MAIN ST');
      expect((await addresses('address', '123 main st.'))[0]).toBe('123 MAIN ST');
      expect((await addresses('address', '55 Oak Avenue'))[0]).toBe('55 OAK AVE');
    });

    it('a trailing space ends the house number', async () => {
      expect(await addresses('address', '123 ')).toEqual([
        '123 MAIN ST',
        '123 MAPLE ST',
        '123 N MAIN ST APT 4',
      ]);
    });

    it('one typo in the street name still finds it, through the fallback', async () => {
      // The prefix alone finds nothing for the typo.
      expect(
        await repo.parcelsByPrefix(t.db, sacramento, 'address_key', ['123 MIAN ST'], 10),
      ).toEqual([]);
      expect((await addresses('address', '123 MIAN ST'))[0]).toBe('123 MAIN ST');
      expect((await addresses('address', '123 MAPEL ST'))[0]).toBe('123 MAPLE ST');
      expect((await addresses('address', '55 OKA AVE'))[0]).toBe('55 OAK AVE');
    });

    it('similar addresses fill the rest: a missing direction, a partly typed word', async () => {
      expect(await addresses('address', '123 MAIN ST APT 4')).toContain('123 N MAIN ST APT 4');
      expect((await addresses('address', '1234 MAIN STRE'))[0]).toBe('1234 MAIN ST');
    });

    it('similar addresses are those of the house number typed and its neighbours on the street', async () => {
      const found = await addresses('address', '123 MAIN ST APT 4');
      expect(found).toEqual(['123 N MAIN ST APT 4', '123 MAIN ST']);
      expect(found).not.toContain('1234 MAIN ST');
      expect(await addresses('address', '1235 MAIN ST')).toEqual(['123 MAIN ST', '1234 MAIN ST']);
    });
  });

  describe('street search', () => {
    it('finds the parcels of a street by its name, with or without the suffix', async () => {
      const mainSt = await addresses('street', 'MAIN ST');
      expect(mainSt).toEqual(
        expect.arrayContaining(['123 MAIN ST', '1234 MAIN ST', '123 N MAIN ST APT 4']),
      );
      expect(mainSt).not.toContain('123 MAPLE ST');
      expect(await addresses('street', 'MAIN STREET')).toEqual(mainSt);
      expect(await addresses('street', 'OAK')).toEqual([
        '55 OAK AVE',
        '20 OAKMONT DR',
        '57 N OAK AVE',
        '9 S OAK AVE',
      ]);
    });

    it('ignores a house number and keeps a direction the person typed', async () => {
      expect(await addresses('street', '999 OAK AVE')).toEqual([
        '55 OAK AVE',
        '57 N OAK AVE',
        '9 S OAK AVE',
      ]);
      expect(await addresses('street', 'N OAK')).toEqual(['57 N OAK AVE']);
      expect(await addresses('street', 'North Oak Avenue')).toEqual(['57 N OAK AVE']);
      expect(await addresses('street', 'OAK ')).toEqual([
        '55 OAK AVE',
        '57 N OAK AVE',
        '9 S OAK AVE',
      ]);
    });

    it('one typo in the street name still finds it', async () => {
      expect(await addresses('street', 'OKA AVE')).toEqual([
        '55 OAK AVE',
        '57 N OAK AVE',
        '9 S OAK AVE',
      ]);
    });
  });

  describe('name search', () => {
    it('a prefix "SMITH JO" finds SMITH JOHN A with its documentCount', async () => {
      const found = await results('name', 'SMITH JO');
      expect(found).toContainEqual({
        name: 'SMITH JOHN A',
        county: 'Sacramento',
        documentCount: 42,
      });
      expect(found.map((r) => r.name)).toEqual(['SMITH JOHN', 'SMITH JOHN A']);
    });

    it('upper-cases and normalises the input like stored names', async () => {
      expect(await names('smith, jo')).toEqual(['SMITH JOHN', 'SMITH JOHN A']);
      expect(await names('SMITH')).toEqual([
        'SMITH JANE',
        'SMITH JOHN',
        'SMITH JOHN A',
        'SMITHSON MARY',
      ]);
      expect(await names('SMITH ')).toEqual(['SMITH JANE', 'SMITH JOHN', 'SMITH JOHN A']);
    });

    it('a surname typo ("SMTIH JOHN") finds SMITH JOHN…', async () => {
      expect(await repo.namesByPrefix(t.db, sacramento, ['SMTIH JOHN'], 10)).toEqual([]);
      expect(await names('SMTIH JOHN')).toEqual(['SMITH JOHN', 'SMITH JOHN A']);
      expect(await names('SMIHT JOHN A')).toEqual(['SMITH JOHN A']);
      expect(await names('JOENS')).toEqual(['JONES MARY']);
      expect(await names('SMTIH JOHN', 'Alameda')).toEqual(['SMITH JOHN A']);
    });

    it('a name added later is searchable at once, typo fallback included', async () => {
      await addNames(t.db, sacramento, [['KOWALCZYK ANNA', 1]]);
      expect(await names('KOWALCZYK')).toEqual(['KOWALCZYK ANNA']);
      expect(await names('KOWALZCYK ANNA')).toEqual(['KOWALCZYK ANNA']);
    });
  });
});

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/**
 * The query plans behind each search, on tables big enough for the planner to choose between a
 * scan and an index: every query of a keystroke is captured as the app runs it (same SQL, same
 * parameters) and explained.
 */
describe('search query plans on 50,000 parcels and names', () => {
  let big: TestDatabase;
  let pool: pg.Pool;
  let logged: CompiledQuery[];
  let db: Database;

  beforeAll(async () => {
    big = await createTestDatabase();
    await seedDemo(big.db, {
      counties: ['SAC'],
      parcelsPerCounty: 50_000,
      namesPerCounty: 50_000,
    });
    await seedDemo(big.db, { counties: ['PLA'], parcelsPerCounty: 5_000, namesPerCounty: 5_000 });
    await sql`ANALYZE`.execute(big.db);
    // createPool's error listeners: a connection the database's drop ends is not a crash.
    pool = createPool(big.url, 2, pino({ level: 'silent' }));
    logged = [];
    db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.level === 'query') logged.push(event.query);
      },
    });
  });
  afterAll(async () => {
    await db.destroy();
    await big.drop();
  });

  const BIG_TABLES = ['parcels', 'index_names', 'search_tokens'];

  /** Runs a search as the route does; returns what it found and each query's plan. */
  async function explainSearch(run: (db: Database) => Promise<unknown[]>) {
    logged = [];
    const found = await run(db);
    const plans: { sql: string; nodes: PlanNode[] }[] = [];
    for (const query of logged) {
      if (!BIG_TABLES.some((table) => query.sql.includes(table))) continue;
      const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${query.sql}`,
        query.parameters as unknown[],
      );
      plans.push({ sql: query.sql, nodes: nodesOf(rows[0]!['QUERY PLAN'][0].Plan) });
    }
    // parcels is partitioned by county (migration 0014): a plan names the partition and its
    // index, named here as the table and index of parcels they belong to.
    const partitions = await pool.query<{ name: string; parent: string }>(`
      SELECT c.relname AS name, p.relname AS parent
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent`);
    const parents = new Map(partitions.rows.map((r) => [r.name, r.parent]));
    for (const node of plans.flatMap((p) => p.nodes)) {
      for (const key of ['Relation Name', 'Index Name'] as const) {
        const parent = parents.get(node[key] ?? '');
        if (parent) node[key] = parent;
      }
    }
    return { found, plans };
  }

  /** The scans of big tables that ran (a fallback in the same statement may not). */
  const onBigTables = (nodes: PlanNode[]) =>
    nodes.filter(
      (n) =>
        n['Relation Name'] && BIG_TABLES.includes(n['Relation Name']) && n['Actual Loops'] !== 0,
    );
  const scansOf = (nodes: PlanNode[]) =>
    onBigTables(nodes).map((n) => `${n['Node Type']} ${n['Index Name']}`);

  /** A prefix scan: the key's btree, walked in order, stopping at 10 rows per branch. */
  function expectPrefixScan(nodes: PlanNode[], index: string) {
    const scans = onBigTables(nodes);
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(scan['Node Type']).toBe('Index Scan');
      expect(scan['Index Name']).toBe(index);
      expect(scan['Actual Rows']).toBeLessThanOrEqual(10);
    }
  }

  it('the generated street_key is the street key the code computes', async () => {
    const rows = await big.db.selectFrom('parcels').select(['address_key', 'street_key']).execute();
    expect(rows.length).toBe(55_000);
    const mismatched = rows.filter((r) => streetKeyOf(r.address_key) !== r.street_key);
    expect(mismatched).toEqual([]);
  });

  it('a name prefix walks index_names_name_key and stops at 10, with no fallback', async () => {
    for (const term of ['SM', 'SMITH JO', 'GOLDEN STATE']) {
      const { found, plans } = await explainSearch((d) =>
        service.searchNames(d, 'Sacramento', term),
      );
      expect(found).toHaveLength(10);
      expect(plans).toHaveLength(1);
      expectPrefixScan(plans[0]!.nodes, 'index_names_name_key');
    }
  });

  it('an address, street or APN prefix walks its btree and stops at 10', async () => {
    const cases = [
      ['address', '12', 'parcels_address_key_idx', service.searchAddresses],
      ['street', 'MA', 'parcels_street_key_idx', service.searchStreets],
      ['street', 'OAK', 'parcels_street_key_idx', service.searchStreets],
      ['apn', '00', 'parcels_apn_key', service.searchApns],
    ] as const;
    for (const [kind, term, index, run] of cases) {
      const { found, plans } = await explainSearch((d) => run(d, 'Sacramento', term));
      expect(found, `${kind} ${term}`).toHaveLength(10);
      expect(plans, `${kind} ${term}`).toHaveLength(1);
      expectPrefixScan(plans[0]!.nodes, index);
    }
  });

  it('the surname typo fallback: the dictionary with the prefix scan, then a prefix again', async () => {
    const { found, plans } = await explainSearch((d) =>
      service.searchNames(d, 'Sacramento', 'SMTIH JOHN'),
    );
    expect(found.length).toBeGreaterThan(0);
    expect((found as { name: string }[]).every((r) => r.name.startsWith('SMITH JOHN'))).toBe(true);
    expect(plans).toHaveLength(2);
    // The prefix, the dictionary by its keys, and each candidate's name count, capped.
    expect(new Set(scansOf(plans[0]!.nodes))).toEqual(
      new Set([
        'Index Scan index_names_name_key',
        'Index Only Scan search_tokens_pkey',
        'Index Only Scan index_names_name_key',
      ]),
    );
    expectPrefixScan(plans[1]!.nodes, 'index_names_name_key');
  });

  it('the address fallbacks use the dictionary, then the parcels of its house number', async () => {
    const { plans } = await explainSearch((d) =>
      service.searchAddresses(d, 'Sacramento', '123 MIAN ST'),
    );
    expect(plans).toHaveLength(2);
    expect(new Set(scansOf(plans[0]!.nodes))).toEqual(
      new Set(['Index Scan parcels_address_key_idx', 'Index Only Scan search_tokens_pkey']),
    );
    // The corrected prefix, then similarity over the house number's range of the address btree
    // and the term's place on its street in the street btree: never the trigram index.
    const scans = onBigTables(plans[1]!.nodes);
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(['parcels_address_key_idx', 'parcels_street_key_idx']).toContain(scan['Index Name']);
      expect(['Index Scan', 'Index Only Scan']).toContain(scan['Node Type']);
      expect(scan['Actual Rows']).toBeLessThanOrEqual(repo.SIMILAR_CANDIDATES);
    }
  });

  it('without a house number, the similarity fallback uses the trigram index', async () => {
    const { plans } = await explainSearch((d) =>
      service.searchAddresses(d, 'Sacramento', 'NOWHERE LANE'),
    );
    const similar = plans.at(-1)!.nodes;
    const indexScans = similar.filter((n) => n['Node Type'] === 'Bitmap Index Scan');
    expect(indexScans.map((n) => n['Index Name'])).toEqual(['parcels_address_key_trgm_idx']);
  });

  it('no search plan scans a whole table', async () => {
    const runs: ((d: Database) => Promise<unknown[]>)[] = [
      (d) => service.searchNames(d, 'Sacramento', 'ZZ'),
      (d) => service.searchNames(d, 'Sacramento', 'JONS MARY'),
      (d) => service.searchStreets(d, 'Sacramento', 'MIAN ST'),
      (d) => service.searchStreets(d, 'Sacramento', 'ZZZ'),
      (d) => service.searchAddresses(d, 'Sacramento', '99999 NOWHERE LN'),
      (d) => service.searchApns(d, 'Sacramento', '999-9999'),
    ];
    for (const run of runs) {
      const { plans } = await explainSearch(run);
      for (const plan of plans) {
        const seqScans = plan.nodes.filter((n) => n['Node Type'] === 'Seq Scan');
        expect(
          seqScans.map((n) => n['Relation Name']),
          plan.sql,
        ).toEqual([]);
      }
    }
  });
});

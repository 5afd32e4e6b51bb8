import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { createPool, type Database } from '../src/db/database.ts';
import {
  ImportError,
  importParcels,
  type ImportSummary,
} from '../src/engine/parcels/import-parcels.ts';
import { whileNoImportReplaces } from '../src/engine/parcels/import-parcels.repository.ts';
import { addressKey, nameKey } from '../src/keys/normalize.ts';
import { searchNames, searchStreets } from '../src/modules/search/search.service.ts';
import { findCounty } from '../src/modules/admin/admin-counties.repository.ts';
import { createCounty, type CountyRow } from './helpers/factories.ts';
import { holding, waitsOn, waitsOnAdvisoryLock } from './helpers/locks.ts';
import { TEST_SESSION_SECRET } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { waitFor } from './helpers/wait.ts';

const HEADER = 'apn,situs_address,city,state,zip,owner_names';

let t: TestDatabase;
let pool: pg.Pool;
let dir: string;
let fileCount = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  pool = createPool(t.url, 3, pino({ level: 'silent' }));
  dir = await mkdtemp(path.join(os.tmpdir(), 'import-parcels-'));
});
afterAll(async () => {
  await pool.end();
  await t.drop();
  await rm(dir, { recursive: true, force: true });
});

async function csvFile(lines: string[], eol = '\r\n') {
  const file = path.join(dir, `roll-${++fileCount}.csv`);
  await writeFile(file, lines.join(eol) + eol);
  return file;
}

/** A roll of `n` parcels, APNs 900-0000-000-0000 on, owners named after `owner`. */
function roll(n: number, owner: string, start = 0) {
  return [
    HEADER,
    ...Array.from({ length: n }, (_, i) => {
      const k = String(start + i).padStart(4, '0');
      return `900-0000-000-${k},${i + 1} OAK AVENUE,SACRAMENTO,CA,95814,${owner} ${k}`;
    }),
  ];
}

async function parcelsOf(db: Database, countyId: number) {
  return db
    .selectFrom('parcels')
    .select(['apn', 'apn_key', 'address', 'address_key', 'city', 'state', 'zip', 'owner_names'])
    .where('county_id', '=', countyId)
    .orderBy('apn_key')
    .execute();
}

async function namesOf(db: Database, countyId: number) {
  return db
    .selectFrom('index_names')
    .select(['name', 'name_key', 'document_count'])
    .where('county_id', '=', countyId)
    .orderBy('name_key')
    .execute();
}

/** The tables that hold the county's parcels (partitions of parcels). */
async function tablesOf(countyId: number) {
  const { rows } = await sql<{ table: string }>`
    SELECT DISTINCT tableoid::regclass::text AS table FROM parcels WHERE county_id = ${countyId}
    ORDER BY 1`.execute(t.db);
  return rows.map((r) => r.table);
}

/** The tables that hold the county's owner names (partitions of index_names). */
async function nameTablesOf(countyId: number) {
  const { rows } = await sql<{ table: string }>`
    SELECT DISTINCT tableoid::regclass::text AS table FROM index_names WHERE county_id = ${countyId}
    ORDER BY 1`.execute(t.db);
  return rows.map((r) => r.table);
}

/**
 * Every table whose name starts with parcels or index_names: partitions, and any left behind
 * by an import.
 */
async function parcelTables() {
  const { rows } = await sql<{ name: string }>`
    SELECT relname AS name FROM pg_class
    WHERE relkind IN ('r', 'p') AND (relname LIKE 'parcels%' OR relname LIKE 'index_names%')
    ORDER BY 1`.execute(t.db);
  return rows.map((r) => r.name);
}

/** Everything an import may touch in a county. */
async function snapshot(countyId: number) {
  return { parcels: await parcelsOf(t.db, countyId), names: await namesOf(t.db, countyId) };
}

async function rejection(promise: Promise<unknown>): Promise<ImportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

/**
 * Runs `work` while a deferred constraint trigger refuses, at COMMIT (after every statement of
 * an import), a row of `table` whose `column` is `value`, raising `message`.
 */
async function refusedAtCommit(
  refuse: { table: string; column: string; value: string; message: string },
  work: () => Promise<void>,
) {
  await sql`
    CREATE FUNCTION refuse_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF to_jsonb(NEW) ->> ${sql.lit(refuse.column)} = ${sql.lit(refuse.value)} THEN
        RAISE EXCEPTION ${sql.lit(refuse.message)};
      END IF;
      RETURN NULL;
    END $$`.execute(t.db);
  await sql`CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER INSERT ON ${sql.table(refuse.table)}
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_at_commit()`.execute(t.db);
  try {
    await work();
  } finally {
    await sql`DROP TRIGGER refuse_at_commit ON ${sql.table(refuse.table)}`.execute(t.db);
    await sql`DROP FUNCTION refuse_at_commit()`.execute(t.db);
  }
}

describe('importParcels', () => {
  let county: CountyRow;
  let summary: ImportSummary;

  beforeAll(async () => {
    county = await createCounty(t.db, { name: 'Importville', code: 'IMP' });
    // A name the recorder index already knows: the import must leave it as it is.
    await t.db
      .insertInto('index_names')
      .values({
        county_id: county.id,
        name: 'Smith, John A.',
        name_key: nameKey('Smith, John A.'),
        document_count: 7,
        last_recorded_at: new Date('2026-01-02T03:04:05Z'),
      })
      .execute();
    const file = await csvFile([
      // Columns in another order than the usual, with stray spaces and capitals in the header.
      'APN, owner_names ,situs_address,city,state,zip',
      '012-0345-006-0000,"Smith, John A.;Doe ""JJ"" Jane","123 North Main Street, Apt. 4",SACRAMENTO,CA,95814',
      // A quoted line break: this record takes lines 3 and 4.
      '01203450070000,GARCIA ROSA,"9 Elm\r\nBoulevard",ELK GROVE,CA,95624',
      '012-0345-008-0000,"A ""B"" C\\D",55 Oak Avenue #2,FOLSOM,CA,95630',
      '12-34,NOBODY,1 BAD ST,X,CA,1',
      ',NOBODY,2 EMPTY ST,X,CA,1',
      '012-0345-009-0000,TOO,FEW',
      '012-0345-006-0000,"SMITH JOHN A; NEW OWNER ;",123 N MAIN ST APT 4,SACRAMENTO,CA,95814-0001',
      '"012-0345-011-0000"x,NOBODY,3 QUOTE ST,X,CA,1',
      '012 0345 012 0000,李小龍;Ødegård Åse,7 Unicode Way,OAKLAND,CA,94601',
      '',
      '012-0345-013-0000,NOBODY,"4 NUL\u0000 ST",X,CA,1',
      '012-0345-014-0000,,14 Vacant Lot Road,X,CA,1',
    ]);
    summary = await importParcels(pool, { county: 'IMP', source: file });
  });

  it('imports the good rows, keeps the last of a repeated APN, skips and reports bad ones', () => {
    expect(summary).toEqual({
      county: 'IMP',
      rows: 11,
      imported: 5,
      duplicates: 1,
      skipped: 5,
      skippedReasons: [
        { line: 6, reason: "APN '12-34' does not fit the IMP APN format 000-0000-000-0000" },
        { line: 7, reason: 'the APN is empty' },
        { line: 8, reason: 'expected 6 fields, found 3' },
        { line: 10, reason: 'a quoted field must end at a comma or at the end of the line' },
        { line: 13, reason: 'situs_address holds a control character' },
      ],
      namesAdded: 4,
      seconds: expect.any(Number),
      phases: { read: expect.any(Number), replace: expect.any(Number) },
    });
  });

  it('stores APNs in the county format with keys computed by the normalisers', async () => {
    expect(await parcelsOf(t.db, county.id)).toEqual([
      {
        apn: '012-0345-006-0000',
        apn_key: '01203450060000',
        address: '123 N MAIN ST APT 4',
        address_key: '123 N MAIN ST APT 4',
        city: 'SACRAMENTO',
        state: 'CA',
        zip: '95814-0001',
        owner_names: ['SMITH JOHN A', 'NEW OWNER'],
      },
      {
        apn: '012-0345-007-0000',
        apn_key: '01203450070000',
        address: '9 Elm Boulevard',
        address_key: addressKey('9 Elm Boulevard'),
        city: 'ELK GROVE',
        state: 'CA',
        zip: '95624',
        owner_names: ['GARCIA ROSA'],
      },
      {
        apn: '012-0345-008-0000',
        apn_key: '01203450080000',
        address: '55 Oak Avenue #2',
        address_key: '55 OAK AVE UNIT 2',
        city: 'FOLSOM',
        state: 'CA',
        zip: '95630',
        owner_names: ['A "B" C\\D'],
      },
      {
        apn: '012-0345-012-0000',
        apn_key: '01203450120000',
        address: '7 Unicode Way',
        address_key: '7 UNICODE WAY',
        city: 'OAKLAND',
        state: 'CA',
        zip: '94601',
        owner_names: ['李小龍', 'Ødegård Åse'],
      },
      {
        apn: '012-0345-014-0000',
        apn_key: '01203450140000',
        address: '14 Vacant Lot Road',
        address_key: '14 VACANT LOT RD',
        city: 'X',
        state: 'CA',
        zip: '1',
        owner_names: [],
      },
    ]);
  });

  it('adds the owners index_names lacked, with no documents, and leaves known names alone', async () => {
    expect(await namesOf(t.db, county.id)).toEqual([
      // nameKey folds accents and keeps only A-Z letters: "Ødegård Åse" is keyed "ODEGARD ASE";
      // 李小龍 has no key and is not indexed (it stays among the parcel's owners).
      { name: 'A "B" C\\D', name_key: 'A B C D', document_count: 0 },
      { name: 'GARCIA ROSA', name_key: 'GARCIA ROSA', document_count: 0 },
      { name: 'NEW OWNER', name_key: 'NEW OWNER', document_count: 0 },
      { name: 'Ødegård Åse', name_key: 'ODEGARD ASE', document_count: 0 },
      { name: 'Smith, John A.', name_key: 'SMITH JOHN A', document_count: 7 },
    ]);
  });

  it('makes the owners findable by the name search, typos included', async () => {
    const found = await searchNames(t.db, 'Importville', 'garci');
    expect(found).toEqual([{ name: 'GARCIA ROSA', county: 'Importville', documentCount: 0 }]);
    // The surname dictionary (kept by the index_names triggers) corrects one typo.
    const typo = await searchNames(t.db, 'Importville', 'GRACIA ROSA');
    expect(typo.map((n) => n.name)).toEqual(['GARCIA ROSA']);
  });

  it('replaces the county on a second import: parcels missing from the file are gone', async () => {
    const before = await namesOf(t.db, county.id);
    const imports = () =>
      t.db
        .selectFrom('counties')
        .select('parcel_imports')
        .where('id', '=', county.id)
        .executeTakeFirstOrThrow();
    const { parcel_imports: importsBefore } = await imports();
    const file = await csvFile(roll(3, 'HOLDER'), '\n');
    const second = await importParcels(pool, { county: 'IMP', source: file });
    // Counted with the swap, for the search caches of every process (search.cache.ts).
    expect((await imports()).parcel_imports).toBe(importsBefore + 1);
    expect(second).toMatchObject({ rows: 3, imported: 3, duplicates: 0, skipped: 0 });
    expect((await parcelsOf(t.db, county.id)).map((p) => p.apn)).toEqual([
      '900-0000-000-0000',
      '900-0000-000-0001',
      '900-0000-000-0002',
    ]);
    // Names stay: they are the recorder index's, not the roll's.
    const after = await namesOf(t.db, county.id);
    expect(after.filter((n) => !n.name.startsWith('HOLDER'))).toEqual(before);
  });

  it('leaves other counties alone', async () => {
    const other = await createCounty(t.db, { code: 'OTH' });
    await importParcels(pool, { county: 'OTH', source: await csvFile(roll(2, 'OTHER')) });
    const mine = await parcelsOf(t.db, county.id);
    await importParcels(pool, { county: 'OTH', source: await csvFile(roll(1, 'OTHER')) });
    expect(await parcelsOf(t.db, county.id)).toEqual(mine);
    expect(await parcelsOf(t.db, other.id)).toHaveLength(1);
  });

  it('reads a file that arrives in pieces as it reads it whole', async () => {
    // Rows are read a chunk of the file at a time: a header, records and a quoted line break
    // cut across chunks, and chunks that end no record, must change nothing.
    const lines = [
      ...roll(40, 'PIECE'),
      '900-0000-000-0100,"7 QUOTED\nWAY",X,CA,1,PIECE MULTI',
      '12-34,NOBODY,1 BAD ST,X,CA,1',
      '900-0000-000-0005,5 OAK AVENUE,SACRAMENTO,CA,95814,PIECE AGAIN',
      '900-0000-000-0101,TOO,FEW',
      ...roll(30, 'LATER', 200).slice(1),
    ];
    const text = lines.join('\n') + '\n';
    async function* pieces(size: number) {
      for (let i = 0; i < text.length; i += size) yield Buffer.from(text.slice(i, i + size));
    }
    const results = [];
    for (const code of ['WHOLE', 'PIECES']) {
      const county = await createCounty(t.db, { code });
      const source = code === 'WHOLE' ? await csvFile(lines, '\n') : pieces(7);
      const summary = await importParcels(pool, { county: code, source });
      results.push({
        summary: { ...summary, county: '', seconds: 0, phases: {} },
        parcels: await parcelsOf(t.db, county.id),
        names: await namesOf(t.db, county.id),
      });
    }
    // The reasons name the county, the one thing the two imports differ in.
    const skippedReasons = (code: string) => [
      { line: 44, reason: `APN '12-34' does not fit the ${code} APN format 000-0000-000-0000` },
      { line: 46, reason: 'expected 6 fields, found 3' },
    ];
    const [whole, inPieces] = results;
    expect(whole!.summary).toMatchObject({
      rows: 74,
      imported: 71,
      duplicates: 1,
      skipped: 2,
      skippedReasons: skippedReasons('WHOLE'),
    });
    expect(inPieces).toEqual({
      ...whole,
      summary: { ...whole!.summary, skippedReasons: skippedReasons('PIECES') },
    });
  });
});

describe('importParcels changes nothing when it cannot import', () => {
  let county: CountyRow;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let tablesBefore: string[];

  beforeAll(async () => {
    county = await createCounty(t.db, { code: 'KEEP' });
    await importParcels(pool, { county: 'KEEP', source: await csvFile(roll(5, 'KEEPER')) });
    before = await snapshot(county.id);
    expect(before.parcels).toHaveLength(5);
    tablesBefore = await parcelTables();
    expect(tablesBefore).toContain(`parcels_county_${county.id}`);
  });

  it('for an unknown county', async () => {
    const error = await rejection(
      importParcels(pool, { county: 'NOPE', source: await csvFile(roll(2, 'X')) }),
    );
    expect(error.message).toBe("County 'NOPE' not found");
    expect(await snapshot(county.id)).toEqual(before);
  });

  it('for a missing file, a wrong header, an empty file or a file without a good row', async () => {
    const cases: [string | string[], string | RegExp][] = [
      [path.join(dir, 'missing.csv'), /^Cannot read '.*missing\.csv': ENOENT/],
      [
        ['apn,address,city,state,zip,owner_names,extra', '1,2,3,4,5,6,7'],
        "The header row must name the columns apn,situs_address,city,state,zip,owner_names (in any order): unknown 'address', 'extra'; missing situs_address",
      ],
      [
        [],
        'The file is empty: the first line must be apn,situs_address,city,state,zip,owner_names',
      ],
      [
        [HEADER, '1,A,B,C,D,E'],
        // And why, in the rows' own words.
        /^No row of the file could be imported \(1 rows, 1 skipped\); the parcels of KEEP were left as they were\. line 2: APN '1' does not fit/,
      ],
    ];
    for (const [content, message] of cases) {
      const source = typeof content === 'string' ? content : await csvFile(content);
      const error = await rejection(importParcels(pool, { county: 'KEEP', source }));
      expect(error.message).toMatch(message);
    }
    expect(await snapshot(county.id)).toEqual(before);
    // No staging table left either.
    expect(await parcelTables()).toEqual(tablesBefore);
  });

  it('for a file that is not UTF-8', async () => {
    const file = path.join(dir, 'latin1.csv');
    await writeFile(file, Buffer.from(`${roll(3, 'NUÑEZ').join('\n')}\n`, 'latin1'));
    const error = await rejection(importParcels(pool, { county: 'KEEP', source: file }));
    expect(error.message).toBe(
      'Cannot import: the file is not UTF-8 text (near line 2); save it as UTF-8 and try again',
    );
    expect(await snapshot(county.id)).toEqual(before);
  });

  it('when reading fails mid-file', async () => {
    async function* brokenRead() {
      yield `${roll(500, 'HALF').join('\n')}\n`;
      throw new Error('EIO: i/o error, read');
    }
    const error = await rejection(importParcels(pool, { county: 'KEEP', source: brokenRead() }));
    expect(error.message).toBe(
      'The import stopped while reading the file; nothing was changed: EIO: i/o error, read',
    );
    expect(await snapshot(county.id)).toEqual(before);
    // The staging table of the session cut short mid-COPY is dropped as well.
    expect(await parcelTables()).toEqual(tablesBefore);
  });

  it('when the database refuses a row inside the replacing transaction', async () => {
    // Stands for any failure after the county's new parcels were written: a constraint, a full
    // disk, a lost connection.
    await sql`
      CREATE FUNCTION refuse_name() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name_key = 'NEWCOMER 0299' THEN RAISE EXCEPTION 'name refused'; END IF;
        RETURN NEW;
      END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_name BEFORE INSERT ON index_names
      FOR EACH ROW EXECUTE FUNCTION refuse_name()`.execute(t.db);
    try {
      const file = await csvFile(roll(400, 'NEWCOMER'));
      const error = await rejection(importParcels(pool, { county: 'KEEP', source: file }));
      expect(error.message).toBe(
        'The import failed and the parcels of KEEP were left as they were: name refused',
      );
      expect(await snapshot(county.id)).toEqual(before);
      expect(await parcelTables()).toEqual(tablesBefore);
    } finally {
      await sql`DROP TRIGGER refuse_name ON index_names`.execute(t.db);
      await sql`DROP FUNCTION refuse_name()`.execute(t.db);
    }
    // The failed session was discarded with its staging table; the next import works.
    const again = await importParcels(pool, {
      county: 'KEEP',
      source: await csvFile(roll(5, 'KEEPER')),
    });
    expect(again.imported).toBe(5);
    expect(await snapshot(county.id)).toEqual(before);
  });

  it('when the commit fails, after the new parcels took the place of the old', async () => {
    await refusedAtCommit(
      {
        table: 'index_names',
        column: 'name_key',
        value: 'LATECOMER 0003',
        message: 'refused at commit',
      },
      async () => {
        const file = await csvFile(roll(9, 'LATECOMER'));
        const error = await rejection(importParcels(pool, { county: 'KEEP', source: file }));
        expect(error.message).toBe(
          'The import failed and the parcels of KEEP were left as they were: refused at commit',
        );
        expect(await snapshot(county.id)).toEqual(before);
        expect(await parcelTables()).toEqual(tablesBefore);
      },
    );
  });
});

describe('parcels partitioned by county', () => {
  it('a county imported gets its own partition; a failed import keeps it and its rows', async () => {
    const county = await createCounty(t.db, { code: 'PART' });
    await importParcels(pool, { county: 'PART', source: await csvFile(roll(4, 'OWNER')) });
    expect(await tablesOf(county.id)).toEqual([`parcels_county_${county.id}`]);
    // Its indexes are the partitioned ones of parcels, under the partition's name.
    const { rows } = await sql<{ index: string }>`
      SELECT indexrelid::regclass::text AS index FROM pg_index
      WHERE indrelid = ${`parcels_county_${county.id}`}::regclass ORDER BY 1`.execute(t.db);
    expect(rows.map((r) => r.index)).toEqual(
      ['address_key_idx', 'address_key_trgm_idx', 'apn_key', 'pkey', 'street_key_idx'].map(
        (suffix) => `parcels_county_${county.id}_${suffix}`,
      ),
    );
  });

  it('a county whose parcels were written by another tool (the default partition) imports', async () => {
    // The demo seed and tests insert into parcels: counties never imported share the default
    // partition.
    const seeded = await createCounty(t.db, { code: 'SEED' });
    const neighbour = await createCounty(t.db, { code: 'NEXT' });
    for (const c of [seeded, neighbour]) {
      await t.db
        .insertInto('parcels')
        .values(
          ['001', '002', '003'].map((n) => ({
            county_id: c.id,
            apn: `${n}-0000-000-0000`,
            apn_key: `${n}00000000000`,
            address: `${n} PINE ST`,
            address_key: `${n} PINE ST`,
          })),
        )
        .execute();
    }
    expect(await tablesOf(seeded.id)).toEqual(['parcels_default']);
    const neighbourBefore = await parcelsOf(t.db, neighbour.id);

    await importParcels(pool, { county: 'SEED', source: await csvFile(roll(2, 'FRESH')) });
    expect((await parcelsOf(t.db, seeded.id)).map((p) => p.apn)).toEqual([
      '900-0000-000-0000',
      '900-0000-000-0001',
    ]);
    expect(await tablesOf(seeded.id)).toEqual([`parcels_county_${seeded.id}`]);
    expect(await parcelsOf(t.db, neighbour.id)).toEqual(neighbourBefore);
    expect(await tablesOf(neighbour.id)).toEqual(['parcels_default']);

    // Writers that know nothing of partitions still write to an imported county.
    await t.db
      .insertInto('parcels')
      .values({ county_id: seeded.id, apn: 'X', apn_key: 'X', address: '1 ELM ST' })
      .execute();
    expect(await tablesOf(seeded.id)).toEqual([`parcels_county_${seeded.id}`]);
    await expect(
      t.db.insertInto('parcels').values({ county_id: seeded.id, apn: 'X', apn_key: 'X' }).execute(),
    ).rejects.toThrow(/parcels_county_\d+_apn_key/);
  });

  it('makes the street words of the roll correctable by the street search', async () => {
    await createCounty(t.db, { name: 'Streetville', code: 'STR' });
    await importParcels(pool, { county: 'STR', source: await csvFile(roll(3, 'WALKER')) });
    const found = await searchStreets(t.db, 'Streetville', 'OKA AVE');
    expect(found.map((p) => p.apn)).toEqual([
      '900-0000-000-0000',
      '900-0000-000-0001',
      '900-0000-000-0002',
    ]);
  });

  it('deleting a county deletes its parcels and owner names', async () => {
    const county = await createCounty(t.db, { code: 'GONE' });
    await importParcels(pool, { county: 'GONE', source: await csvFile(roll(3, 'GONER')) });
    expect(await namesOf(t.db, county.id)).toHaveLength(3);
    await t.db.deleteFrom('counties').where('id', '=', county.id).execute();
    expect(await parcelsOf(t.db, county.id)).toEqual([]);
    expect(await namesOf(t.db, county.id)).toEqual([]);
  });

  it("a county's first import builds its names partition; names recorded before keep their ids and counts", async () => {
    const county = await createCounty(t.db, { name: 'Firstville', code: 'FIRST' });
    // Names of documents recorded before the county's roll came in, in the default partition.
    const recorded = await t.db
      .insertInto('index_names')
      .values([
        {
          county_id: county.id,
          name: 'Known, 0001',
          name_key: 'KNOWN 0001',
          document_count: 3,
          last_recorded_at: new Date('2026-03-04T05:06:07Z'),
        },
        {
          county_id: county.id,
          name: 'RECORDED ONLY',
          name_key: 'RECORDED ONLY',
          document_count: 2,
        },
      ])
      .returning(['id', 'name_key'])
      .execute();
    expect(await nameTablesOf(county.id)).toEqual(['index_names_default']);

    const summary = await importParcels(pool, {
      county: 'FIRST',
      source: await csvFile(roll(3, 'KNOWN')),
    });
    expect(summary.namesAdded).toBe(2);
    expect(await nameTablesOf(county.id)).toEqual([`index_names_county_${county.id}`]);
    const { rows: indexes } = await sql<{ index: string }>`
      SELECT indexrelid::regclass::text AS index FROM pg_index
      WHERE indrelid = ${`index_names_county_${county.id}`}::regclass ORDER BY 1`.execute(t.db);
    expect(indexes.map((r) => r.index)).toEqual(
      ['name_key', 'pkey'].map((suffix) => `index_names_county_${county.id}_${suffix}`),
    );
    const names = await t.db
      .selectFrom('index_names')
      .select(['id', 'name', 'name_key', 'document_count', 'last_recorded_at'])
      .where('county_id', '=', county.id)
      .orderBy('name_key')
      .execute();
    const idOf = (key: string) => recorded.find((r) => r.name_key === key)!.id;
    expect(names).toEqual([
      {
        id: expect.any(String),
        name: 'KNOWN 0000',
        name_key: 'KNOWN 0000',
        document_count: 0,
        last_recorded_at: null,
      },
      {
        id: idOf('KNOWN 0001'),
        name: 'Known, 0001',
        name_key: 'KNOWN 0001',
        document_count: 3,
        last_recorded_at: new Date('2026-03-04T05:06:07Z'),
      },
      {
        id: expect.any(String),
        name: 'KNOWN 0002',
        name_key: 'KNOWN 0002',
        document_count: 0,
        last_recorded_at: null,
      },
      {
        id: idOf('RECORDED ONLY'),
        name: 'RECORDED ONLY',
        name_key: 'RECORDED ONLY',
        document_count: 2,
        last_recorded_at: null,
      },
    ]);
    // The new names' ids come from the one sequence, after the names written before.
    const newIds = names.filter((n) => n.document_count === 0).map((n) => BigInt(n.id));
    expect(newIds.every((id) => id > BigInt(idOf('RECORDED ONLY')))).toBe(true);

    // Writers that know nothing of partitions count documents in the new partition, and its
    // new surnames are correctable by the name search.
    await sql`
      INSERT INTO index_names (county_id, name, name_key, document_count)
      VALUES (${county.id}, 'KNOWN 0002', 'KNOWN 0002', 1), (${county.id}, 'NEWCOMB ANN', 'NEWCOMB ANN', 1)
      ON CONFLICT (county_id, name_key)
      DO UPDATE SET document_count = index_names.document_count + excluded.document_count`.execute(
      t.db,
    );
    expect((await namesOf(t.db, county.id)).map((n) => [n.name_key, n.document_count])).toEqual([
      ['KNOWN 0000', 0],
      ['KNOWN 0001', 3],
      ['KNOWN 0002', 1],
      ['NEWCOMB ANN', 1],
      ['RECORDED ONLY', 2],
    ]);
    expect((await searchNames(t.db, 'Firstville', 'KNOWM 0000')).map((n) => n.name)).toEqual([
      'KNOWN 0000',
    ]);
    expect((await searchNames(t.db, 'Firstville', 'NEWCOMBE ANN')).map((n) => n.name)).toEqual([
      'NEWCOMB ANN',
    ]);
  });
});

describe("a county's first import, its names built on a second connection", () => {
  it.each([
    {
      // Refused at the commit of the names' own connection, before the swap.
      at: "the names connection's commit",
      code: 'FAIL1',
      refuse: { table: 'search_tokens', column: 'token', value: 'DOOMED', message: 'refused' },
      owner: 'DOOMED',
    },
    {
      // A street word of the import's own transaction, refused at its commit: the names table
      // the other connection committed had already taken its place as the county's partition.
      at: "the import's commit",
      code: 'FAIL2',
      refuse: { table: 'search_tokens', column: 'token', value: 'OAK', message: 'refused' },
      owner: 'SOONGONE',
    },
  ])(
    'a failure at $at leaves no table behind, and the names recorded before as they were',
    async ({ code, refuse, owner }) => {
      const county = await createCounty(t.db, { code });
      await t.db
        .insertInto('index_names')
        .values({
          county_id: county.id,
          name: 'EARLY BIRD',
          name_key: 'EARLY BIRD',
          document_count: 4,
        })
        .execute();
      const before = await snapshot(county.id);
      const tablesBefore = await parcelTables();
      await refusedAtCommit(refuse, async () => {
        const error = await rejection(
          importParcels(pool, { county: code, source: await csvFile(roll(4, owner)) }),
        );
        expect(error.message).toBe(
          `The import failed and the parcels of ${code} were left as they were: refused`,
        );
      });
      expect(await snapshot(county.id)).toEqual(before);
      expect(await nameTablesOf(county.id)).toEqual(['index_names_default']);
      expect(await parcelTables()).toEqual(tablesBefore);
      // The county's next import builds its names afresh.
      const summary = await importParcels(pool, {
        county: code,
        source: await csvFile(roll(2, 'STAYER')),
      });
      expect(summary.namesAdded).toBe(2);
      expect((await namesOf(t.db, county.id)).map((n) => n.name_key)).toEqual([
        'EARLY BIRD',
        'STAYER 0000',
        'STAYER 0001',
      ]);
    },
  );

  it('drops what an import whose process died left: its staging table and its built names', async () => {
    const county = await createCounty(t.db, { code: 'DIED' });
    const tablesBefore = await parcelTables();
    // The dead import's session: its staging table is named after its backend, which is gone.
    const dead = new pg.Client({ connectionString: t.url });
    await dead.connect();
    const { rows } = await dead.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const deadPid = rows[0]!.pid;
    await dead.query(`CREATE UNLOGGED TABLE parcels_staging_${deadPid} (line integer)`);
    await dead.query(
      `CREATE TABLE index_names_county_${county.id}_import (LIKE index_names INCLUDING DEFAULTS)`,
    );
    await dead.query(
      `INSERT INTO index_names_county_${county.id}_import (county_id, name, name_key)
       VALUES (${county.id}, 'GHOST', 'GHOST')`,
    );
    await dead.end();
    await waitFor('the dead session to be gone', async () => {
      const { rows: alive } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ${deadPid}`.execute(t.db);
      return alive[0]!.n === 0;
    });

    const summary = await importParcels(pool, {
      county: 'DIED',
      source: await csvFile(roll(2, 'HEIR')),
    });
    expect(summary.namesAdded).toBe(2);
    expect((await namesOf(t.db, county.id)).map((n) => n.name_key)).toEqual([
      'HEIR 0000',
      'HEIR 0001',
    ]);
    expect(new Set(await parcelTables())).toEqual(
      new Set([...tablesBefore, `index_names_county_${county.id}`, `parcels_county_${county.id}`]),
    );
  });
});

describe('importParcels of one county at the same time', () => {
  it('runs one after the other: the county ends up as one file says, whole', async () => {
    const county = await createCounty(t.db, { code: 'BOTH' });
    const a = await csvFile(roll(300, 'ALPHA', 0));
    const b = await csvFile(roll(200, 'BRAVO', 1000));
    const results = await Promise.all([
      importParcels(pool, { county: 'BOTH', source: a }),
      importParcels(pool, { county: 'BOTH', source: b }),
    ]);
    expect(results.map((r) => r.imported)).toEqual([300, 200]);
    const owners = new Set(
      (await parcelsOf(t.db, county.id)).map((p) => p.owner_names[0]!.split(' ')[0]),
    );
    expect(owners.size).toBe(1);
  });
});

describe('importParcels of two counties at the same time', () => {
  it('both end up whole, each with its own file', async () => {
    const east = await createCounty(t.db, { code: 'EAST' });
    const west = await createCounty(t.db, { code: 'WEST' });
    const results = await Promise.all([
      importParcels(pool, { county: 'EAST', source: await csvFile(roll(300, 'EASTERN', 0)) }),
      importParcels(pool, { county: 'WEST', source: await csvFile(roll(200, 'WESTERN', 500)) }),
    ]);
    expect(results.map((r) => r.imported)).toEqual([300, 200]);
    const owners = async (countyId: number) =>
      new Set((await parcelsOf(t.db, countyId)).map((p) => p.owner_names[0]!.split(' ')[0]));
    expect(await owners(east.id)).toEqual(new Set(['EASTERN']));
    expect(await owners(west.id)).toEqual(new Set(['WESTERN']));
    expect(await parcelsOf(t.db, west.id)).toHaveLength(200);
  });
});

describe('importParcels beside the readers and writers of the county', () => {
  const holdingLock = (lockSql: string) => holding(t.url, lockSql);
  const waitsOnTable = (table: string, mode?: string) => waitsOn(t.db, table, mode);

  it('lets an admin edit the county while its owners are added (the edit neither waits nor deadlocks)', async () => {
    const county = await createCounty(t.db, { code: 'EDIT' });
    // Imported before: the new owners of the next roll are inserted into index_names (a first
    // import builds them in a table of its own, which no other session holds).
    await importParcels(pool, { county: 'EDIT', source: await csvFile(roll(5, 'FIRST')) });
    // The import stops at its names insert while another session holds index_names.
    const release = await holdingLock('LOCK TABLE index_names IN SHARE MODE');
    const imported = importParcels(pool, {
      county: 'EDIT',
      source: await csvFile(roll(50, 'EDITED')),
    });
    try {
      await waitFor('the import to wait for index_names', () => waitsOnTable('index_names'));
      // An admin's edit, as the county settings do it (the row locked, then updated), with no
      // patience for locks: the import must hold nothing that it needs.
      await t.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL lock_timeout = '2s'`.execute(trx);
        expect(await findCounty(trx, county.id, true)).toBeDefined();
        await trx
          .updateTable('counties')
          .set({ name: 'Edited County' })
          .where('id', '=', county.id)
          .execute();
      });
    } finally {
      await release();
    }
    expect((await imported).imported).toBe(50);
    expect(await parcelsOf(t.db, county.id)).toHaveLength(50);
  });

  it('waits for a long reader of parcels in short attempts, so other readers are not held behind it', async () => {
    const county = await createCounty(t.db, { code: 'SWAP' });
    // A long query on parcels (a dump, a report): the swap cannot lock parcels until it ends.
    const release = await holdingLock('SELECT count(*) FROM parcels');
    const imported = importParcels(pool, {
      county: 'SWAP',
      source: await csvFile(roll(40, 'SWAPPED')),
    });
    try {
      await waitFor('the swap to ask for parcels', () =>
        waitsOnTable('parcels', 'AccessExclusiveLock'),
      );
      // A search meanwhile waits at most one attempt (200 ms), not for the long query.
      for (let i = 0; i < 5; i++) {
        await t.db.transaction().execute(async (trx) => {
          await sql`SET LOCAL lock_timeout = '1s'`.execute(trx);
          await trx.selectFrom('parcels').select('id').where('county_id', '=', county.id).execute();
        });
      }
    } finally {
      await release();
    }
    expect((await imported).imported).toBe(40);
  });

  it("replaces the county only after a backup's dump has ended, rather than failing its swap behind it", async () => {
    const county = await createCounty(t.db, { code: 'DUMP' });
    let started!: () => void;
    const dumpStarted = new Promise<void>((resolve) => (started = resolve));
    let end!: () => void;
    const dumpEnds = new Promise<void>((resolve) => (end = resolve));
    const dump = whileNoImportReplaces(t.db, async () => {
      started();
      await dumpEnds;
    });
    await dumpStarted;
    let printed = '';
    const imported = importParcels(pool, {
      county: 'DUMP',
      source: await csvFile(roll(30, 'DUMPED')),
      progress: { write: (chunk: string) => (printed += chunk) },
    });
    try {
      await waitFor('the import to wait for the dump', () => waitsOnAdvisoryLock(t.db));
      expect(await tablesOf(county.id)).toEqual([]);
      // The operator running it is told why it stands still.
      expect(printed).toMatch(
        /Replacing the parcels of DUMP \(30 rows\)…\nWaiting for a backup to finish its dump…\n$/,
      );
    } finally {
      end();
    }
    await dump;
    expect((await imported).imported).toBe(30);
    expect(await parcelsOf(t.db, county.id)).toHaveLength(30);
  });

  it("holds a dump that starts while an import replaces the county until the import's commit", async () => {
    const county = await createCounty(t.db, { code: 'DUMQ' });
    await importParcels(pool, { county: 'DUMQ', source: await csvFile(roll(5, 'FIRST')) });
    // The import stops at its names insert, inside its replacing transaction.
    const release = await holdingLock('LOCK TABLE index_names IN SHARE MODE');
    const imported = importParcels(pool, {
      county: 'DUMQ',
      source: await csvFile(roll(20, 'SECOND')),
    });
    let dumpedAfter: number | undefined;
    let dump: Promise<void> | undefined;
    try {
      await waitFor('the import to wait for index_names', () => waitsOnTable('index_names'));
      dump = whileNoImportReplaces(t.db, async () => {
        dumpedAfter = (await parcelsOf(t.db, county.id)).length;
      });
      await waitFor('the dump to wait for the import', () => waitsOnAdvisoryLock(t.db));
      expect(dumpedAfter).toBeUndefined();
    } finally {
      await release();
    }
    await dump;
    expect((await imported).imported).toBe(20);
    // The dump ran once the import had committed: it saw the new roll, whole.
    expect(dumpedAfter).toBe(20);
  });
});

function runScript(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'scripts/import-parcels.ts'), ...args],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run import:parcels', () => {
  it('imports, prints the summary as JSON and a progress line per 10 %', async () => {
    const county = await createCounty(t.db, { code: 'CLI' });
    const env = {
      DATABASE_URL: t.url,
      SESSION_SECRET: TEST_SESSION_SECRET,
      MAIL_TRANSPORT: 'outbox',
    };
    const file = await csvFile(roll(2000, 'CLIENT'));
    const run = await runScript(['--county', 'cli', file], env);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      county: 'CLI',
      rows: 2000,
      imported: 2000,
      skipped: 0,
    });
    expect(run.stderr).toMatch(/^Reading CLI \[#+\.*\] \d+% [\d,]+\/[\d,]+ [\d.]+s$/m);
    const [reading, replacing] = run.stderr.trim().split('\n').slice(-2);
    expect(reading).toMatch(/^Reading CLI \[#{20}\] 100% /);
    expect(replacing).toBe('Replacing the parcels of CLI (2000 rows)…');
    expect(await parcelsOf(t.db, county.id)).toHaveLength(2000);

    const unknown = await runScript(['--county', 'NOPE', file], env);
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: "County 'NOPE' not found\n" });

    const usage = await runScript([file], env);
    expect(usage).toMatchObject({
      code: 2,
      stderr: 'Usage: npm run import:parcels -- --county CODE parcels.csv\n',
    });
  });
});

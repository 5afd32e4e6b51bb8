// The benchmarks' data: one county at a chosen scale, as a real recorder's would look.
//
// The demo generator (server/src/demo/demo-data.ts) draws from ~100 surnames and ~70 given
// names: right for a demo, wrong for a benchmark, where a county's index holds millions of
// names, most of them rare. Here surnames and given names follow a Zipf law over 150,000 and
// 5,000 names (the commonest surname on ~0.7 % of people, as SMITH is in the US), so a name's
// commonness, and so the matcher's namesakes, behave as in a real index.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pino } from 'pino';
import { createDatabase, createPool, type Database } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import {
  BUSINESS_FORMS,
  BUSINESS_KINDS,
  DEMO_COUNTIES,
  demoApn,
  type DemoCounty,
  GIVEN_NAMES,
  LENDERS,
  STREET_SUFFIXES,
  STREETS,
  SURNAMES,
} from '../../server/src/demo/demo-data.ts';
import { createRandom, type Random } from '../../server/src/lib/random.ts';
import { storedName } from '../../server/src/keys/match-keys.ts';
import { nameKey } from '../../server/src/keys/normalize.ts';
import { insertNameMatchKeys } from '../../server/src/modules/user/user.repository.ts';

export type Scale = {
  /** Rows of the parcel roll imported (the import benchmark). */
  parcels: number;
  /** Index rows (documents × parties) summarised into index_names, besides the owners. */
  indexRows: number;
  subscriptions: number;
  /** New documents of 4 parties, 1 APN and 1 address, for the matcher. */
  documents: number;
  /** Documents through the ingest command whose alerts are timed. */
  latencyDocuments: number;
  searchRate: number;
  searchSeconds: number;
  /** Search rates tried after searchRate, 10 s each, until one misses (search.ts sweep). */
  searchSweep: number[];
  peerQueries: number;
  staffUsers: number;
};

export const SCALES: Record<'small' | 'full', Scale> = {
  small: {
    parcels: 20_000,
    indexRows: 50_000,
    subscriptions: 10_000,
    documents: 1_000,
    latencyDocuments: 100,
    searchRate: 200,
    searchSeconds: 5,
    searchSweep: [],
    peerQueries: 200,
    staffUsers: 20_000,
  },
  full: {
    parcels: 2_000_000,
    indexRows: 5_000_000,
    subscriptions: 500_000,
    documents: 10_000,
    latencyDocuments: 1_000,
    searchRate: 1_000,
    searchSeconds: 30,
    searchSweep: [250, 500, 750, 1_000, 1_500, 2_000, 3_000],
    peerQueries: 2_000,
    staffUsers: 1_000_000,
  },
};

export const BENCH_COUNTY: DemoCounty = DEMO_COUNTIES.find((c) => c.code === 'SAC')!;

export const log = (message: string) =>
  process.stderr.write(`${new Date().toISOString()} ${message}\n`);

/** A TCP port free on 127.0.0.1 a moment ago. */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export const secondsSince = (since: number) => Math.round((performance.now() - since) / 10) / 100;

/**
 * What a bulk load is followed by before anything is timed: VACUUM (ANALYZE) of `tables` (all
 * when none), so the planner knows the new rows and autovacuum has nothing left to do on
 * them: its first pass over millions of new rows otherwise runs during the first measurement
 * (it did during the history check, whose slowest guard took 1.4 s then and 0.5 s without
 * it). Then a CHECKPOINT, so the load's gigabytes are written back before rather than during
 * a benchmark (the search's HTTP minute once ran during a 270 s one). `query` runs one
 * statement.
 */
export async function settleAfterLoad(
  query: (statement: string) => Promise<unknown>,
  tables: string[] = [],
): Promise<void> {
  await query(`VACUUM (ANALYZE) ${tables.join(', ')}`);
  const started = performance.now();
  await query('CHECKPOINT').then(
    () => log(`checkpoint after the load: ${secondsSince(started)} s`),
    (err: Error) => log(`no checkpoint after the load (${err.message}): figures may include it`),
  );
}

export type Percentiles = { n: number; p50: number; p90: number; p99: number; max: number };

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    n: sorted.length,
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

export type ScratchDatabase = {
  url: string;
  db: Database;
  pool: pg.Pool;
  drop: () => Promise<void>;
};

/** A database of an earlier run (kept with --keep), migrated to the latest; drop() keeps it. */
export async function existingScratchDatabase(
  serverUrl: string,
  name: string,
): Promise<ScratchDatabase> {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), 6, pino({ level: 'silent' }));
  const db = createDatabase(pool);
  await migrateToLatest(db);
  return { url: url.toString(), db, pool, drop: () => db.destroy() };
}

/** A new, migrated database on the server of `serverUrl`; drop() removes it. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), 6, pino({ level: 'silent' }));
  const db = createDatabase(pool);
  await migrateToLatest(db);
  return {
    url: url.toString(),
    db,
    pool,
    drop: async () => {
      await db.destroy();
      await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Draws ranks 0..n-1 with weight 1 / (rank + offset): a Zipf law with a flattened head. */
function zipf(n: number, offset: number, r: Random): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cdf[i] = sum += 1 / (i + offset);
  return () => {
    const x = r.next() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const ONSETS = [
  'AB',
  'AL',
  'AN',
  'AR',
  'BA',
  'BE',
  'BRA',
  'CA',
  'CAR',
  'DA',
  'DE',
  'DO',
  'EL',
  'FA',
  'FER',
  'GA',
  'GO',
  'HA',
  'HAR',
  'KA',
  'KE',
  'LA',
  'LE',
  'LO',
  'MA',
  'ME',
  'MO',
  'NA',
  'NO',
  'PA',
  'PE',
  'RA',
  'RE',
  'RO',
  'SA',
  'SE',
  'TA',
  'TE',
  'VA',
  'WA',
];
const MIDDLES = [
  'BER',
  'DER',
  'GAN',
  'KIN',
  'LAN',
  'LEN',
  'LER',
  'LIN',
  'MAN',
  'MER',
  'NER',
  'RAN',
  'REN',
  'RIN',
  'SEN',
  'TER',
  'TON',
  'VEL',
  'WEL',
  'ZAR',
  'BRO',
  'CHI',
  'DRI',
  'GRE',
  'STO',
];
const ENDINGS = [
  'SON',
  'SKI',
  'EZ',
  'ER',
  'ES',
  'OV',
  'IS',
  'A',
  'O',
  'EN',
  'ETT',
  'ING',
  'INGS',
  'ELL',
  'ARD',
  'OWSKI',
  'STEIN',
  'BERG',
  'TON',
  'LEY',
];
const GIVEN_ENDINGS = [
  'NA',
  'RA',
  'LIE',
  'NE',
  'RY',
  'TON',
  'VIN',
  'LA',
  'RIS',
  'DON',
  'LEY',
  'SHA',
  'NDA',
  'RON',
  'BEL',
  'TH',
  'RICK',
  'NY',
  'ANNE',
  'ISA',
  'ELLA',
  'IO',
  'AM',
  'EN',
  'ORA',
];

const SURNAME_COUNT = 150_000;
const GIVEN_COUNT = 5_000;
const STREET_COUNT = 8_000;

/** The surname of rank i: the demo's real surnames first, then made-up ones, all distinct enough. */
function surnameOf(i: number): string {
  if (i < SURNAMES.length) return SURNAMES[i]!;
  const n = i - SURNAMES.length;
  const extra = Math.floor(n / 20_000);
  return (
    ONSETS[n % 40]! +
    (extra > 0 ? MIDDLES[(extra - 1) % 25]! : '') +
    MIDDLES[Math.floor(n / 40) % 25]! +
    ENDINGS[Math.floor(n / 1000) % 20]!
  );
}

function givenOf(i: number): string {
  if (i < GIVEN_NAMES.length) return GIVEN_NAMES[i]!;
  const n = i - GIVEN_NAMES.length;
  const extra = Math.floor(n / 1000);
  return (
    ONSETS[n % 40]! +
    (extra > 0 ? MIDDLES[(extra - 1) % 25]! : '') +
    GIVEN_ENDINGS[Math.floor(n / 40) % 25]!
  );
}

export type NameSource = {
  /** A person, last name first, as the index writes them. */
  person: () => string;
  /** A party as the recorder's index mixes them: people, businesses, trusts, lenders. */
  party: () => string;
  /** A street address without city and zip: "1234 BALDERSON WAY". */
  street: () => string;
  random: Random;
};

export function createNameSource(seed: number): NameSource {
  const r = createRandom(seed);
  const surname = zipf(SURNAME_COUNT, 15, r);
  const given = zipf(GIVEN_COUNT, 5, r);
  const streetRank = zipf(STREET_COUNT, 10, r);
  const person = () => {
    const parts = [surnameOf(surname()), givenOf(given())];
    const middle = r.next();
    if (middle < 0.55) parts.push(String.fromCharCode(65 + r.int(0, 25)));
    else if (middle < 0.7) parts.push(givenOf(given()));
    if (r.chance(0.03)) parts.push(r.pick(['JR', 'SR', 'II', 'III']));
    return parts.join(' ');
  };
  const trust = () => {
    const s = surnameOf(surname());
    switch (r.int(0, 3)) {
      case 0:
        return `THE ${s} FAMILY TRUST`;
      case 1:
        return `${s} FAMILY TRUST`;
      case 2:
        return `${s} ${givenOf(given())} ${String.fromCharCode(65 + r.int(0, 25))} TR`;
      default:
        return `${s} LIVING TRUST`;
    }
  };
  const business = () =>
    `${surnameOf(r.int(0, SURNAME_COUNT - 1))} ${r.pick(BUSINESS_KINDS)} ${r.pick(BUSINESS_FORMS)}`;
  const party = () => {
    const roll = r.next();
    if (roll < 0.75) return person();
    if (roll < 0.85) return business();
    if (roll < 0.95) return trust();
    return r.pick(LENDERS);
  };
  const street = () => {
    const rank = streetRank();
    const name = rank < STREETS.length ? STREETS[rank]! : surnameOf(rank * 7 + 3);
    return `${r.int(1, 19999)} ${r.chance(0.1) ? `${r.pick(['N', 'S', 'E', 'W'])} ` : ''}${name} ${STREET_SUFFIXES[rank % STREET_SUFFIXES.length]}`;
  };
  return { person, party, street, random: r };
}

const csvField = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

/**
 * Writes a parcel roll in the format `npm run import:parcels` reads
 * (apn,situs_address,city,state,zip,owner_names), parcels numbered 1..count.
 */
export async function writeParcelRoll(file: string, count: number, seed: number): Promise<void> {
  const names = createNameSource(seed);
  const r = names.random;
  const out = createWriteStream(file);
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write('apn,situs_address,city,state,zip,owner_names\n');
  let chunk = '';
  for (let n = 1; n <= count; n++) {
    const { apn } = demoApn(BENCH_COUNTY, n, r);
    const [city, zips] = r.pick(BENCH_COUNTY.cities);
    const owners = [r.chance(0.88) ? names.person() : names.party()];
    if (r.chance(0.45)) owners.push(names.person());
    chunk += `${apn},${csvField(names.street())},${city},CA,${r.pick(zips)},${csvField(owners.join(';'))}\n`;
    if (n % 5000 === 0) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  out.end();
  await once(out, 'finish');
}

/**
 * Adds `rows` index rows (one party of one document each) to index_names, summarised per name
 * with their document counts, by COPY into a staging table and one grouped insert.
 */
export async function loadIndexNames(
  url: string,
  countyId: number,
  rows: number,
  seed: number,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TEMP TABLE index_rows (name text, name_key text COLLATE "C")');
    const names = createNameSource(seed);
    async function* lines() {
      let chunk = '';
      for (let i = 1; i <= rows; i++) {
        const name = names.party();
        chunk += `${name}\t${nameKey(name)}\n`;
        if (i % 5000 === 0) {
          yield chunk;
          chunk = '';
        }
      }
      yield chunk;
    }
    await pipeline(Readable.from(lines()), client.query(copyFrom('COPY index_rows FROM STDIN')));
    await client.query(
      `INSERT INTO index_names (county_id, name, name_key, document_count, last_recorded_at)
       SELECT $1, min(name), name_key, count(*), now() - random() * interval '3650 days'
       FROM index_rows WHERE name_key <> '' GROUP BY name_key
       ON CONFLICT (county_id, name_key)
       DO UPDATE SET document_count = index_names.document_count + excluded.document_count`,
      [countyId],
    );
  } finally {
    await client.end();
  }
}

export type GuardedSample = {
  names: string[];
  parcels: { apn: string; apnKey: string; address: string; zip: string }[];
};

/** A sample of what a loaded database's subscriptions guard (as loadSubscriptions returns). */
export async function guardedSample(db: Database, countyId: number): Promise<GuardedSample> {
  const names = await sql<{ name: string }>`
    SELECT name FROM name_subscriptions WHERE county_id = ${countyId}
    ORDER BY md5(id::text) LIMIT 50000`.execute(db);
  const parcels = await sql<{ apn: string; apn_key: string; address: string; zip: string }>`
    SELECT apn, apn_key, description AS address, address_zip AS zip FROM apn_subscriptions
    WHERE county_id = ${countyId} ORDER BY md5(id::text) LIMIT 50000`.execute(db);
  return {
    names: names.rows.map((r) => r.name),
    parcels: parcels.rows.map((r) => ({
      apn: r.apn,
      apnKey: r.apn_key,
      address: r.address,
      zip: r.zip,
    })),
  };
}

/**
 * `count` guarded items over subscribers with 1.5 each, activated yesterday: 60 % names drawn
 * like the index's people, 40 % parcels of the roll (APN and situs address). Each subscriber
 * has a verified email. Returns a sample of what is guarded, for documents that hit them.
 */
export async function loadSubscriptions(
  db: Database,
  countyId: number,
  count: number,
  seed: number,
): Promise<GuardedSample> {
  const names = createNameSource(seed);
  const r = names.random;
  const users = Math.ceil(count / 1.5);
  await sql`
    INSERT INTO users (email, email_verified_at)
    SELECT 'bench' || i || '@example.com', now() FROM generate_series(1, ${users}) AS i`.execute(
    db,
  );
  await sql`
    INSERT INTO notification_methods (user_id, type, email, verified_at)
    SELECT id, 'Email', email, now() FROM users`.execute(db);
  const userIds = (await db.selectFrom('users').select('id').orderBy('id').execute()).map(
    (u) => u.id,
  );
  const ids = (
    await sql<{ lo: string; hi: string }>`
      SELECT min(id) AS lo, max(id) AS hi FROM parcels WHERE county_id = ${countyId}`.execute(db)
  ).rows[0]!;
  const [firstParcel, lastParcel] = [Number(ids.lo), Number(ids.hi)];
  const activatedAt = new Date(Date.now() - 86_400_000);
  const sample: GuardedSample = { names: [], parcels: [] };
  const CHUNK = 5000;
  for (let done = 0; done < count; done += CHUNK) {
    const nameRows: { user: string; name: string }[] = [];
    const parcelOffsets: { user: string; offset: number }[] = [];
    for (let i = done; i < Math.min(count, done + CHUNK); i++) {
      const user = userIds[Math.floor(i / 1.5)]!;
      if (r.next() < 0.6) nameRows.push({ user, name: names.person() });
      else parcelOffsets.push({ user, offset: r.int(firstParcel, lastParcel) });
    }
    const unique = [...new Map(nameRows.map((n) => [`${n.user}|${nameKey(n.name)}`, n])).values()];
    const stored = new Map(unique.map((n) => [`${n.user}|${nameKey(n.name)}`, storedName(n.name)]));
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('name_subscriptions')
        .values(
          unique.map((n) => {
            const s = stored.get(`${n.user}|${nameKey(n.name)}`)!;
            return {
              user_id: n.user,
              county_id: countyId,
              name: n.name,
              name_key: nameKey(n.name),
              match_key: s.matchKey,
              name_kind: s.nameKind,
              suffix: s.suffix,
              activated_at: activatedAt,
            };
          }),
        )
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'user_id', 'name_key', 'name'])
        .execute();
      await insertNameMatchKeys(
        trx,
        inserted.map((row) => ({
          subscriptionId: row.id,
          countyId,
          name: stored.get(`${row.user_id}|${row.name_key}`)!,
        })),
      );
      if (parcelOffsets.length > 0) {
        const { rows } = await sql<{
          user_id: string;
          apn: string;
          apn_key: string;
          address: string;
          zip: string;
        }>`
          WITH picks AS (
            SELECT * FROM unnest(${parcelOffsets.map((p) => p.user)}::uuid[],
                                 ${parcelOffsets.map((p) => p.offset)}::bigint[]) AS t (user_id, id))
          INSERT INTO apn_subscriptions (user_id, county_id, apn, apn_key, description,
                                         address_key, address_zip, activated_at)
          SELECT k.user_id, ${countyId}, p.apn, p.apn_key,
                 p.address || ', ' || p.city || ', ' || p.state || ' ' || p.zip,
                 p.address_key, p.zip, ${activatedAt}
          FROM picks k
          JOIN parcels p ON p.county_id = ${countyId} AND p.id = k.id
          ON CONFLICT DO NOTHING
          RETURNING user_id, apn, apn_key, description AS address, address_zip AS zip`.execute(trx);
        for (const row of rows) {
          if (sample.parcels.length < 50_000)
            sample.parcels.push({
              apn: row.apn,
              apnKey: row.apn_key,
              address: row.address,
              zip: row.zip,
            });
        }
      }
      for (const row of inserted) if (sample.names.length < 50_000) sample.names.push(row.name);
    });
    if ((done / CHUNK) % 20 === 0) log(`  subscriptions: ${Math.min(count, done + CHUNK)}`);
  }
  await sql`ANALYZE`.execute(db);
  return sample;
}

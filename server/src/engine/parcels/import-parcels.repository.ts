import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Kysely, PostgresDialect, type PostgresPoolClient, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Executor } from '../../db/database.ts';
import type { DB } from '../../db/types.ts';

export type ImportCounty = {
  id: number;
  code: string;
  name: string;
  dataMask: string;
  uiMask: string;
};

export async function findCountyByCode(
  db: Executor,
  code: string,
): Promise<ImportCounty | undefined> {
  const row = await db
    .selectFrom('counties')
    .select(['id', 'code', 'name', 'data_mask', 'ui_mask'])
    .where('code', '=', code)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      code: row.code,
      name: row.name,
      dataMask: row.data_mask,
      uiMask: row.ui_mask,
    }
  );
}

/**
 * A Kysely that runs every query on one client. The staging table is TEMP, so it exists only
 * in the session that made it: the COPY into it and the transaction reading it share a client.
 * Queries must not overlap (the import runs them one after another).
 */
export function sessionDatabase(client: pg.PoolClient): Kysely<DB> {
  const session: PostgresPoolClient = {
    query: client.query.bind(client) as PostgresPoolClient['query'],
    release: () => {},
  };
  return new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: { connect: async () => session, end: async () => {}, options: {} },
    }),
  });
}

/** A parcel of a county's roll with its keys, as the parcels table keeps it. */
export type ParcelFields = {
  apn: string;
  apnKey: string;
  address: string;
  addressKey: string;
  city: string;
  state: string;
  zip: string;
  ownerNames: string[];
};

export type StagedParcel = ParcelFields & {
  line: number;
  /** nameKey of each owner name, same order; '' where a name has no key. */
  ownerKeys: string[];
};

const STAGING_COLUMNS =
  'line, apn, apn_key, address, address_key, city, state, zip, owner_names, owner_keys';

// A pooled client may come back from an earlier import that failed before dropping its table.
export async function createStaging(db: Kysely<DB>): Promise<void> {
  await sql`DROP TABLE IF EXISTS pg_temp.parcel_import`.execute(db);
  await sql`
    CREATE TEMP TABLE parcel_import (
      line        integer NOT NULL,
      apn         text NOT NULL,
      apn_key     text COLLATE "C" NOT NULL,
      address     text NOT NULL,
      address_key text COLLATE "C" NOT NULL,
      city        text NOT NULL,
      state       text NOT NULL,
      zip         text NOT NULL,
      owner_names text[] NOT NULL,
      owner_keys  text[] NOT NULL
    )`.execute(db);
}

export async function dropStaging(db: Kysely<DB>): Promise<void> {
  await sql`DROP TABLE IF EXISTS pg_temp.parcel_import`.execute(db);
}

// COPY text format: backslash, and the characters that would end a field or a row, escaped.
// Callers never pass NUL (Postgres text cannot hold it).
const COPY_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};
const ESCAPED = /[\\\n\r\t]/;
const ESCAPED_ALL = /[\\\n\r\t]/g;
// Most fields need no escape: tested first, which allocates nothing (2M rows: 1.6 s → ~0.5 s).
const copyText = (s: string) =>
  ESCAPED.test(s) ? s.replace(ESCAPED_ALL, (c) => COPY_ESCAPES[c]!) : s;

// An array literal, every element quoted: inside quotes only " and \ need a backslash.
const arrayLiteral = (items: string[]) =>
  `{${items.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

function copyLine(p: StagedParcel): string {
  return `${[
    String(p.line),
    p.apn,
    p.apnKey,
    p.address,
    p.addressKey,
    p.city,
    p.state,
    p.zip,
    arrayLiteral(p.ownerNames),
    arrayLiteral(p.ownerKeys),
  ]
    .map(copyText)
    .join('\t')}\n`;
}

const COPY_BATCH = 1000;

/**
 * Streams the rows into the staging table with one COPY. An error thrown by `rows` aborts the
 * COPY (nothing is kept) and is rethrown as it was.
 */
export async function copyIntoStaging(
  client: pg.PoolClient,
  rows: AsyncIterable<StagedParcel>,
): Promise<number> {
  async function* lines() {
    let batch = '';
    let n = 0;
    for await (const row of rows) {
      batch += copyLine(row);
      if (++n === COPY_BATCH) {
        yield batch;
        batch = '';
        n = 0;
      }
    }
    if (batch) yield batch;
  }
  const copy = client.query(
    copyFrom(`COPY pg_temp.parcel_import (${STAGING_COLUMNS}) FROM STDIN (FORMAT text)`),
  );
  await pipeline(Readable.from(lines()), copy);
  return copy.rowCount;
}

/** Keeps the last row of each APN (by line); returns how many earlier rows were dropped. */
export async function dropDuplicateApns(db: Executor): Promise<number> {
  const result = await sql`
    DELETE FROM pg_temp.parcel_import a
    USING pg_temp.parcel_import b
    WHERE a.apn_key = b.apn_key AND a.line < b.line`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

// Each imported county's parcels are a partition of `parcels` (migration 0014): the import
// builds the county's next partition beside the current one and swaps them. Counties never
// imported keep their rows in the DEFAULT partition.
const partitionName = (countyId: number) => {
  if (!Number.isSafeInteger(countyId) || countyId <= 0)
    throw new Error(`bad county id ${countyId}`);
  return `parcels_county_${countyId}`;
};

// The indexes of a partition, each matching one of the partitioned indexes of `parcels`, so
// ATTACH PARTITION adopts them instead of building its own.
const PARTITION_INDEXES = [
  ['apn_key', 'UNIQUE', 'btree (county_id, apn_key)'],
  ['address_key_idx', '', 'btree (county_id, address_key)'],
  ['street_key_idx', '', 'btree (county_id, street_key, address_key)'],
  ['address_key_trgm_idx', '', 'gin (address_key gin_trgm_ops)'],
] as const;

/** How long the swap waits, in all, for the queries holding `parcels` to finish. */
export const SWAP_WAIT_MS = 60_000;
/** How long one attempt at the swap's lock may wait: readers queue behind it that long at most. */
export const SWAP_LOCK_TIMEOUT_MS = 200;

/**
 * The exclusive lock on `parcels` the swap needs, taken in short attempts: while a lock request
 * waits, every new reader of parcels queues behind it, so an attempt gives up after
 * SWAP_LOCK_TIMEOUT_MS (behind a long query: a dump, a report), lets the readers through, and
 * tries again, for SWAP_WAIT_MS in all.
 */
async function lockParcelsForSwap(trx: Transaction<DB>): Promise<void> {
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    await sql`SAVEPOINT parcels_swap`.execute(trx);
    try {
      await sql`SET LOCAL lock_timeout = ${sql.lit(`${SWAP_LOCK_TIMEOUT_MS}ms`)}`.execute(trx);
      await sql`LOCK TABLE parcels IN ACCESS EXCLUSIVE MODE`.execute(trx);
      await sql`RELEASE SAVEPOINT parcels_swap`.execute(trx);
      await sql`SET LOCAL lock_timeout TO DEFAULT`.execute(trx);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55P03') throw err;
      await sql`ROLLBACK TO SAVEPOINT parcels_swap`.execute(trx);
      if (performance.now() - started > SWAP_WAIT_MS) {
        throw new Error(
          `other queries held the parcels table for more than ${SWAP_WAIT_MS / 1000} s; try the import again`,
          { cause: err },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(50 * attempt, 1000)));
    }
  }
}

/**
 * Replaces the county's parcels by the staged ones and adds the owner names index_names lacks
 * (document_count 0; existing names untouched). Run it in a transaction: the county is never
 * seen half-replaced. Imports wait for each other rather than interleave, whatever their county.
 *
 * The staged rows go into a new table with no index; its indexes are built once the rows are
 * in, and it takes the place of the county's partition at the very end. Readers of `parcels`
 * wait only for that swap (a few catalog changes under an exclusive lock on `parcels`), and see
 * the old parcels until the transaction commits.
 */
export async function replaceCountyParcels(
  trx: Transaction<DB>,
  countyId: number,
  staged: number,
): Promise<{ imported: number; duplicates: number; namesAdded: number }> {
  const current = partitionName(countyId);
  const next = `${current}_import`;
  const table = sql.table(next);
  // One import at a time, of any county: the new table is made LIKE parcels, which holds a
  // share lock on parcels to the end; another import's swap would wait for it, and every reader
  // of parcels would queue behind that swap for the rest of this import.
  await sql`SELECT pg_advisory_xact_lock(hashtext('import-parcels'))`.execute(trx);
  // For the index builds and the sorts below; this transaction only.
  await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(trx);
  await sql`SET LOCAL work_mem = '64MB'`.execute(trx);

  // The CHECK lets ATTACH PARTITION trust the rows without scanning them.
  await sql`
    CREATE TABLE ${table} (
      LIKE parcels INCLUDING DEFAULTS INCLUDING GENERATED,
      CONSTRAINT parcels_county_check CHECK (county_id = ${sql.lit(countyId)})
    )`.execute(trx);
  // The last row of a repeated APN is kept, within the sort by APN the rows get anyway.
  const parcels = await sql`
    INSERT INTO ${table} (county_id, apn, apn_key, address, address_key, city, state, zip, owner_names)
    SELECT DISTINCT ON (apn_key)
      ${countyId}, apn, apn_key, address, address_key, city, state, zip, owner_names
    FROM pg_temp.parcel_import
    ORDER BY apn_key, line DESC`.execute(trx);
  const imported = Number(parcels.numAffectedRows ?? 0);
  // The owners of the rows left out are not the county's: out of the staging table before
  // the names are read from it. Rare, so not paid for when there are none (2M rows: 2.3 s).
  const duplicates = imported < staged ? await dropDuplicateApns(trx) : 0;
  await sql`ALTER TABLE ${table} ADD CONSTRAINT ${sql.raw(`${next}_pkey`)} PRIMARY KEY (county_id, id)`.execute(
    trx,
  );
  for (const [suffix, unique, definition] of PARTITION_INDEXES) {
    await sql`CREATE ${sql.raw(unique)} INDEX ${sql.raw(`${next}_${suffix}`)} ON ${table} USING ${sql.raw(definition)}`.execute(
      trx,
    );
  }
  await sql`ANALYZE ${table}`.execute(trx);
  // Rows inserted into this table do not fire the triggers of `parcels`: the street words its
  // insert trigger would add (search_tokens_from_parcels, migration 0006), added the same way.
  await sql`
    SELECT search_tokens_insert('street', array_agg(t.token), array_agg(${countyId}::integer))
    FROM (
      SELECT DISTINCT w.token
      FROM (SELECT DISTINCT street_key FROM ${table}) AS s
      CROSS JOIN LATERAL regexp_split_to_table(s.street_key, ' ') AS w (token)
      WHERE w.token ~ '[A-Z]'
    ) AS t`.execute(trx);

  // The spelling of a name's first appearance in the file stands for all its spellings. A
  // roll imported again holds mostly known names: they are left out by one anti-join before
  // the sort (2.6M known names: 13.5 s through ON CONFLICT alone, 5.6 s so), and ON CONFLICT
  // still skips a name another writer added meanwhile.
  const names = await sql`
    INSERT INTO index_names (county_id, name, name_key, document_count)
    SELECT DISTINCT ON (o.name_key) ${countyId}, o.name, o.name_key, 0
    FROM pg_temp.parcel_import p
    CROSS JOIN LATERAL unnest(p.owner_names, p.owner_keys) AS o (name, name_key)
    WHERE o.name_key <> ''
      AND NOT EXISTS (
        SELECT 1 FROM index_names n WHERE n.county_id = ${countyId} AND n.name_key = o.name_key)
    ORDER BY o.name_key, p.line
    ON CONFLICT (county_id, name_key) DO NOTHING`.execute(trx);

  // Validated here, on this table alone, under the name the foreign key of `parcels` has on
  // every partition: ATTACH PARTITION adopts it rather than adding and validating its own.
  // Adding it locks `counties` against writes to the commit, so it comes last: an admin's edit
  // of a county waits a moment, instead of from here through the names insert above (whose
  // foreign-key checks lock the county's row: with the table lock held, a deadlock).
  await sql`
    ALTER TABLE ${table} ADD CONSTRAINT parcels_county_id_fkey
      FOREIGN KEY (county_id) REFERENCES counties (id) ON DELETE CASCADE`.execute(trx);

  // Every process's search cache forgets the county's answers once this commits
  // (search.cache.ts). The foreign key above already holds counties against writes to the commit.
  await sql`UPDATE counties SET parcel_imports = parcel_imports + 1 WHERE id = ${countyId}`.execute(
    trx,
  );

  // The swap: readers of parcels wait from here to the commit (milliseconds).
  await lockParcelsForSwap(trx);
  const partition = await sql<{ name: string }>`
    SELECT c.relname AS name
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'parcels'::regclass
      AND pg_get_expr(c.relpartbound, c.oid) = ${`FOR VALUES IN (${countyId})`}`.execute(trx);
  const old = partition.rows[0]?.name;
  if (old) {
    await sql`ALTER TABLE parcels DETACH PARTITION ${sql.table(old)}`.execute(trx);
    await sql`DROP TABLE ${sql.table(old)}`.execute(trx);
  } else {
    // The county's rows are in the default partition (seeded, or written by another tool).
    await trx.deleteFrom('parcels').where('county_id', '=', countyId).execute();
  }
  await sql`ALTER TABLE parcels ATTACH PARTITION ${table} FOR VALUES IN (${sql.lit(countyId)})`.execute(
    trx,
  );
  await sql`ALTER TABLE ${table} RENAME TO ${sql.table(current)}`.execute(trx);
  for (const suffix of ['pkey', ...PARTITION_INDEXES.map(([name]) => name)]) {
    await sql`ALTER INDEX ${sql.raw(`${next}_${suffix}`)} RENAME TO ${sql.raw(`${current}_${suffix}`)}`.execute(
      trx,
    );
  }
  return { imported, duplicates, namesAdded: Number(names.numAffectedRows ?? 0) };
}

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Kysely, PostgresDialect, type PostgresPoolClient, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type ImportCounty = {
  id: number;
  code: string;
  name: string;
  dataMask: string;
  uiMask: string;
};

export async function findCountyByCode(db: Db, code: string): Promise<ImportCounty | undefined> {
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

export type StagedParcel = {
  line: number;
  apn: string;
  apnKey: string;
  address: string;
  addressKey: string;
  city: string;
  state: string;
  zip: string;
  ownerNames: string[];
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
const copyText = (s: string) => s.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]!);

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
export async function dropDuplicateApns(db: Kysely<DB>): Promise<number> {
  const result = await sql`
    DELETE FROM pg_temp.parcel_import a
    USING pg_temp.parcel_import b
    WHERE a.apn_key = b.apn_key AND a.line < b.line`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Replaces the county's parcels by the staged ones and adds the owner names index_names lacks
 * (document_count 0; existing names untouched). Run it in a transaction: the county is never
 * seen half-replaced. Imports of one county wait for each other rather than interleave.
 */
export async function replaceCountyParcels(
  trx: Transaction<DB>,
  countyId: number,
): Promise<{ imported: number; namesAdded: number }> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('import-parcels'), ${countyId})`.execute(trx);
  await trx.deleteFrom('parcels').where('county_id', '=', countyId).execute();
  const parcels = await sql`
    INSERT INTO parcels (county_id, apn, apn_key, address, address_key, city, state, zip, owner_names)
    SELECT ${countyId}, apn, apn_key, address, address_key, city, state, zip, owner_names
    FROM pg_temp.parcel_import
    ORDER BY apn_key`.execute(trx);
  // The spelling of a name's first appearance in the file stands for all its spellings.
  const names = await sql`
    INSERT INTO index_names (county_id, name, name_key, document_count)
    SELECT DISTINCT ON (o.name_key) ${countyId}, o.name, o.name_key, 0
    FROM pg_temp.parcel_import p
    CROSS JOIN LATERAL unnest(p.owner_names, p.owner_keys) AS o (name, name_key)
    WHERE o.name_key <> ''
    ORDER BY o.name_key, p.line
    ON CONFLICT (county_id, name_key) DO NOTHING`.execute(trx);
  return {
    imported: Number(parcels.numAffectedRows ?? 0),
    namesAdded: Number(names.numAffectedRows ?? 0),
  };
}

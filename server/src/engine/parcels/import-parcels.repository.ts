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
 * A Kysely that runs every query on one client: the COPY into the staging table and the
 * statements after it share their session (its settings, its transaction). Queries must not
 * overlap (the import runs them one after another).
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

/**
 * The staging table of one import: an ordinary table rather than a TEMP one, because the
 * county's owner names are built from it on a second connection while the parcels are built on
 * the first. UNLOGGED: it is thrown away after the import, and a crash empties it anyway.
 * Named after the backend that filled it, so a table whose backend is gone (its import's
 * process died) is recognisably left over.
 */
export type Staging = { table: string };

const STAGING_PREFIX = 'parcels_staging_';

/** Staging tables whose import's backend is gone: left by a process that died mid-import. */
async function dropAbandonedStaging(db: Executor): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name
    FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
      AND c.relname LIKE ${`${STAGING_PREFIX}%`}
      AND NOT EXISTS (
        SELECT 1 FROM pg_stat_activity a WHERE c.relname = ${STAGING_PREFIX} || a.pid)`.execute(db);
  for (const { name } of rows) {
    await sql`DROP TABLE IF EXISTS ${sql.table(name)}`.execute(db);
  }
}

export async function createStaging(db: Kysely<DB>): Promise<Staging> {
  await dropAbandonedStaging(db);
  const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
  const table = `${STAGING_PREFIX}${rows[0]!.pid}`;
  // This session's own, if an earlier import on it stopped before dropping it.
  await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  await sql`
    CREATE UNLOGGED TABLE ${sql.table(table)} (
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
  return { table };
}

export async function dropStaging(db: Executor, staging: Staging): Promise<void> {
  await sql`DROP TABLE IF EXISTS ${sql.table(staging.table)}`.execute(db);
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

/**
 * Streams the rows, given a batch at a time, into the staging table with one COPY (a write to
 * the server per batch). An error thrown by `batches` aborts the COPY (nothing is kept) and is
 * rethrown as it was.
 */
export async function copyIntoStaging(
  client: pg.PoolClient,
  staging: Staging,
  batches: AsyncIterable<Iterable<StagedParcel>>,
): Promise<number> {
  async function* lines() {
    for await (const rows of batches) {
      let text = '';
      for (const row of rows) text += copyLine(row);
      // A chunk of only skipped rows has nothing to send.
      if (text !== '') yield text;
    }
  }
  const copy = client.query(
    copyFrom(`COPY "${staging.table}" (${STAGING_COLUMNS}) FROM STDIN (FORMAT text)`),
  );
  await pipeline(Readable.from(lines()), copy);
  return copy.rowCount;
}

/**
 * Keeps the last row of each APN (by line); returns the name keys of the owners of the rows
 * dropped.
 */
async function dropDuplicateApns(db: Executor, staging: Staging): Promise<string[]> {
  const { rows } = await sql<{ keys: string[] }>`
    WITH dropped AS (
      DELETE FROM ${sql.table(staging.table)} a
      USING ${sql.table(staging.table)} b
      WHERE a.apn_key = b.apn_key AND a.line < b.line
      RETURNING a.owner_keys
    )
    SELECT array(
      SELECT DISTINCT k.key FROM dropped CROSS JOIN LATERAL unnest(dropped.owner_keys) AS k (key)
      WHERE k.key <> '') AS keys`.execute(db);
  return rows[0]!.keys;
}

// Each imported county's parcels and owner names are a partition of `parcels` and of
// `index_names` (migrations 0014 and 0029): the import builds the county's next parcels
// partition beside the current one and swaps them, and at the county's first import builds its
// names partition the same way. Counties never imported keep their rows in the DEFAULT
// partitions.
const partitionName = (table: 'parcels' | 'index_names', countyId: number) => {
  if (!Number.isSafeInteger(countyId) || countyId <= 0)
    throw new Error(`bad county id ${countyId}`);
  return `${table}_county_${countyId}`;
};

/** The advisory lock that runs imports one at a time. */
const IMPORT_LOCK = sql`hashtext('import-parcels')`;

/**
 * The advisory lock that keeps a backup's dump and an import's replacing transaction apart.
 * The dump reads `parcels` and `index_names` from its start to its end, and the swap at the
 * end of the transaction needs them to itself: behind a long dump it would give up (SWAP_WAIT_MS)
 * and the import's work would be lost. A backup holds the lock shared while pg_dump runs
 * (backups do not wait for each other); the transaction takes it exclusively before anything
 * else, so it waits for a running dump before building, and a dump started meanwhile waits for
 * its commit (a minute at most for a 2M-row roll). The transaction holds no lock a dump needs
 * while it waits, so the two cannot deadlock.
 */
const BACKUP_LOCK = sql`hashtext('backup-or-import-swap')`;

/**
 * BACKUP_LOCK by `lock` (shared for the session, or exclusive to the transaction), calling
 * `onWait` first if it must wait.
 */
async function takeBackupLock(
  db: Executor,
  lock: 'pg_advisory_lock_shared' | 'pg_advisory_xact_lock',
  onWait?: () => void,
): Promise<void> {
  const attempt = lock.replace(/^pg_/, 'pg_try_');
  const { rows } = await sql<{ locked: boolean }>`
    SELECT ${sql.raw(attempt)}(${BACKUP_LOCK}) AS locked`.execute(db);
  if (rows[0]!.locked) return;
  onWait?.();
  await sql`SELECT ${sql.raw(lock)}(${BACKUP_LOCK})`.execute(db);
}

/**
 * `dump()` while holding the backup lock (shared): no import replaces a county's parcels
 * meanwhile. `onWait` is called first if an import is replacing one now (the dump waits for it).
 */
export async function whileNoImportReplaces<T>(
  db: Kysely<DB>,
  dump: () => Promise<T>,
  onWait?: () => void,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    await takeBackupLock(conn, 'pg_advisory_lock_shared', onWait);
    try {
      return await dump();
    } finally {
      await sql`SELECT pg_advisory_unlock_shared(${BACKUP_LOCK})`.execute(conn);
    }
  });
}

/** The partition of `table` holding the county's rows alone, if it has one. */
async function partitionOf(
  trx: Transaction<DB>,
  table: 'parcels' | 'index_names',
  countyId: number,
): Promise<string | undefined> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = ${table}::regclass
      AND pg_get_expr(c.relpartbound, c.oid) = ${`FOR VALUES IN (${countyId})`}`.execute(trx);
  return rows[0]?.name;
}

// The indexes of a partition, each matching one of the partitioned indexes of its table, so
// ATTACH PARTITION adopts them instead of building its own.
const PARTITION_INDEXES = [
  ['apn_key', 'UNIQUE', 'btree (county_id, apn_key)'],
  ['address_key_idx', '', 'btree (county_id, address_key)'],
  ['street_key_idx', '', 'btree (county_id, street_key, address_key)'],
  ['address_key_trgm_idx', '', 'gin (address_key gin_trgm_ops)'],
] as const;
const NAMES_PARTITION_INDEXES = [['name_key', 'UNIQUE', 'btree (county_id, name_key)']] as const;

async function createIndexes(
  trx: Transaction<DB>,
  table: string,
  indexes: readonly (readonly [string, string, string])[],
): Promise<void> {
  await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.raw(`${table}_pkey`)} PRIMARY KEY (county_id, id)`.execute(
    trx,
  );
  for (const [suffix, unique, definition] of indexes) {
    await sql`CREATE ${sql.raw(unique)} INDEX ${sql.raw(`${table}_${suffix}`)} ON ${sql.table(table)} USING ${sql.raw(definition)}`.execute(
      trx,
    );
  }
  await sql`ANALYZE ${sql.table(table)}`.execute(trx);
}

/** The built table takes its partition's name, and its indexes the names that go with it. */
async function renameBuilt(
  trx: Transaction<DB>,
  built: string,
  as: string,
  indexes: readonly (readonly [string, string, string])[],
): Promise<void> {
  await sql`ALTER TABLE ${sql.table(built)} RENAME TO ${sql.table(as)}`.execute(trx);
  for (const suffix of ['pkey', ...indexes.map(([name]) => name)]) {
    await sql`ALTER INDEX ${sql.raw(`${built}_${suffix}`)} RENAME TO ${sql.raw(`${as}_${suffix}`)}`.execute(
      trx,
    );
  }
}

// Validated on the built table alone, under the name the foreign key of its partitioned table
// has on every partition: ATTACH PARTITION adopts it rather than adding and validating its own.
// Adding it locks `counties` against writes to the commit, so it is added last: an admin's edit
// of a county waits a moment, instead of through the inserts before it (whose foreign-key
// checks lock the county's row: with the table lock held, a deadlock).
const addCountyForeignKey = (trx: Transaction<DB>, table: string, constraint: string) =>
  sql`
    ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.raw(constraint)}
      FOREIGN KEY (county_id) REFERENCES counties (id) ON DELETE CASCADE`.execute(trx);

/** How long the swap waits, in all, for the queries holding `parcels` to finish. */
export const SWAP_WAIT_MS = 60_000;
/** How long one attempt at the swap's lock may wait: readers queue behind it that long at most. */
export const SWAP_LOCK_TIMEOUT_MS = 200;

/**
 * The exclusive locks the swap needs, on `parcels` (and on `index_names` when its partition is
 * attached too), taken in short attempts: while a lock request waits, every new reader of the
 * table queues behind it, so an attempt gives up after SWAP_LOCK_TIMEOUT_MS (behind a long
 * query: a dump, a report), lets the readers through, and tries again, for SWAP_WAIT_MS in all.
 * Both tables are taken in one attempt or neither: a writer holding one while it waits for the
 * other cannot deadlock with the swap.
 */
async function lockForSwap(trx: Transaction<DB>, tables: readonly string[]): Promise<void> {
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    await sql`SAVEPOINT parcels_swap`.execute(trx);
    try {
      await sql`SET LOCAL lock_timeout = ${sql.lit(`${SWAP_LOCK_TIMEOUT_MS}ms`)}`.execute(trx);
      await sql`LOCK TABLE ${sql.join(tables.map((t) => sql.table(t)))} IN ACCESS EXCLUSIVE MODE`.execute(
        trx,
      );
      await sql`RELEASE SAVEPOINT parcels_swap`.execute(trx);
      await sql`SET LOCAL lock_timeout TO DEFAULT`.execute(trx);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55P03') throw err;
      await sql`ROLLBACK TO SAVEPOINT parcels_swap`.execute(trx);
      if (performance.now() - started > SWAP_WAIT_MS) {
        throw new Error(
          `other queries held the ${tables.join(' or ')} table for more than ${SWAP_WAIT_MS / 1000} s; try the import again`,
          { cause: err },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(50 * attempt, 1000)));
    }
  }
}

/**
 * The owners of the staged parcels that index_names lacks, added to a county that has its own
 * names partition (imported before): one insert, the surname words added by its trigger.
 */
async function addNewOwnerNames(
  trx: Transaction<DB>,
  countyId: number,
  staging: Staging,
): Promise<number> {
  // The spelling of a name's first appearance in the file stands for all its spellings. A
  // roll imported again holds mostly known names: they are left out by one anti-join before
  // the sort (2.6M known names: 13.5 s through ON CONFLICT alone, 5.6 s so), and ON CONFLICT
  // still skips a name another writer added meanwhile.
  const names = await sql`
    INSERT INTO index_names (county_id, name, name_key, document_count)
    SELECT DISTINCT ON (o.name_key) ${countyId}, o.name, o.name_key, 0
    FROM ${sql.table(staging.table)} p
    CROSS JOIN LATERAL unnest(p.owner_names, p.owner_keys) AS o (name, name_key)
    WHERE o.name_key <> ''
      AND NOT EXISTS (
        SELECT 1 FROM index_names n WHERE n.county_id = ${countyId} AND n.name_key = o.name_key)
    ORDER BY o.name_key, p.line
    ON CONFLICT (county_id, name_key) DO NOTHING`.execute(trx);
  return Number(names.numAffectedRows ?? 0);
}

/**
 * For this transaction only, and never below the server's own: the memory of the index builds
 * and the sorts of an import.
 */
async function raiseWorkMemory(trx: Transaction<DB>): Promise<void> {
  for (const [setting, floor] of [
    ['maintenance_work_mem', '256MB'],
    ['work_mem', '64MB'],
  ] as const) {
    await sql`
      SELECT set_config(${setting},
        greatest(pg_size_bytes(current_setting(${setting})), pg_size_bytes(${floor})) / 1024 || 'kB',
        true)`.execute(trx);
  }
}

const BUILT_SUFFIX = '_import';

/** The table a county's first import builds its names partition in. */
export const builtNamesTable = (countyId: number) =>
  `${partitionName('index_names', countyId)}${BUILT_SUFFIX}`;

/** The table an import builds the county's next parcels partition in. */
export const builtParcelsTable = (countyId: number) =>
  `${partitionName('parcels', countyId)}${BUILT_SUFFIX}`;

/**
 * The tables an import fills and drops again, as pg_dump patterns (`*`: any characters). A
 * backup taken during an import leaves them out: the staging table and a first import's names
 * table are committed while it runs, hold the whole roll (millions of rows), and would come
 * back from a restore as leftovers no one reads.
 */
export const IMPORT_WORK_TABLES = [
  `${STAGING_PREFIX}*`,
  `parcels_county_*${BUILT_SUFFIX}`,
  `index_names_county_*${BUILT_SUFFIX}`,
] as const;

/**
 * A county's first import: every owner of the staged parcels into a new table, made to become
 * the county's names partition, with its surname words. Run on a connection of its own, while
 * the import's transaction builds the parcels: it commits a table nothing reads until that
 * transaction attaches it, and the import drops it if its transaction does not commit.
 *
 * No per-row index upkeep, foreign-key check or trigger: the indexes are built after the load
 * and the surname words added in one statement (2.6M names: 39 s into the shared table, ~20 s
 * so). Every staged row's owners go in, those of a row whose APN a later row repeats too: the
 * import takes them out again if no other row names them (reviseOwnersOfDroppedRows). The names
 * already in the default partition (from documents recorded before the roll) join it
 * at the swap, under its lock.
 *
 * The surname words are committed with the table, ahead of the import: the dictionary only ever
 * gains words (a word with no name behind it costs the typo search a lookup that finds
 * nothing), so a failed import leaves nothing anyone sees.
 */
export async function buildOwnerNames(
  trx: Transaction<DB>,
  countyId: number,
  staging: Staging,
): Promise<number> {
  await raiseWorkMemory(trx);
  const table = builtNamesTable(countyId);
  // Left by an import whose process died after building it: imports run one at a time, and
  // this one's transaction (holding their lock) is open.
  await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(trx);
  await sql`
    CREATE TABLE ${sql.table(table)} (
      LIKE index_names INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
      CONSTRAINT index_names_county_check CHECK (county_id = ${sql.lit(countyId)})
    )`.execute(trx);
  // Ids from the index_names sequence (the column default), drawn for each name kept. The
  // spelling of a name's first appearance in the file stands for all its spellings.
  const names = await sql`
    INSERT INTO ${sql.table(table)} (county_id, name, name_key)
    SELECT ${countyId}, n.name, n.name_key
    FROM (
      SELECT DISTINCT ON (o.name_key) o.name, o.name_key
      FROM ${sql.table(staging.table)} p
      CROSS JOIN LATERAL unnest(p.owner_names, p.owner_keys) AS o (name, name_key)
      WHERE o.name_key <> ''
      ORDER BY o.name_key, p.line
    ) AS n`.execute(trx);
  await createIndexes(trx, table, NAMES_PARTITION_INDEXES);
  // What the surname trigger of index_names (migration 0006) does for its inserts.
  await sql`
    SELECT search_tokens_insert('surname', array_agg(t.token), array_agg(${countyId}::integer))
    FROM (SELECT DISTINCT split_part(name_key, ' ', 1) AS token FROM ${sql.table(table)}) AS t`.execute(
    trx,
  );
  return Number(names.numAffectedRows ?? 0);
}

/**
 * The owners of the staged rows dropped for a repeated APN, in the names a first import built
 * from every staged row: each is taken out, and put back (with the spelling of its first
 * appearance) if a row kept names it too. Returns the change in the number of names.
 */
async function reviseOwnersOfDroppedRows(
  trx: Transaction<DB>,
  table: string,
  countyId: number,
  staging: Staging,
  keys: string[],
): Promise<number> {
  if (keys.length === 0) return 0;
  const removed = await sql`
    DELETE FROM ${sql.table(table)} WHERE name_key = ANY (${keys}::text[])`.execute(trx);
  const added = await sql`
    INSERT INTO ${sql.table(table)} (county_id, name, name_key)
    SELECT DISTINCT ON (o.name_key) ${countyId}, o.name, o.name_key
    FROM ${sql.table(staging.table)} p
    CROSS JOIN LATERAL unnest(p.owner_names, p.owner_keys) AS o (name, name_key)
    WHERE o.name_key = ANY (${keys}::text[])
    ORDER BY o.name_key, p.line`.execute(trx);
  return Number(added.numAffectedRows ?? 0) - Number(removed.numAffectedRows ?? 0);
}

/**
 * Drops the names table of a first import that did not commit, once no import runs (the next
 * one of the county would drop it too, before building its own).
 */
export async function dropBuiltNames(db: Executor, countyId: number): Promise<void> {
  await sql`SELECT pg_advisory_lock(${IMPORT_LOCK})`.execute(db);
  try {
    await sql`DROP TABLE IF EXISTS ${sql.table(builtNamesTable(countyId))}`.execute(db);
  } finally {
    await sql`SELECT pg_advisory_unlock(${IMPORT_LOCK})`.execute(db);
  }
}

/**
 * Under the swap's lock: the county's names in the default partition move into the built
 * table, each keeping its id, spelling and counts over the roll's row of the same key. Returns
 * how many of the roll's names were new to the county.
 */
async function moveDefaultNames(
  trx: Transaction<DB>,
  table: string,
  countyId: number,
  built: number,
): Promise<number> {
  const { rows } = await sql<{ known: string }>`
    WITH moved AS (
      DELETE FROM index_names WHERE county_id = ${countyId}
      RETURNING id, county_id, name, name_key, document_count, last_recorded_at
    ), put AS (
      INSERT INTO ${sql.table(table)} (id, county_id, name, name_key, document_count, last_recorded_at)
      SELECT * FROM moved
      ON CONFLICT (county_id, name_key) DO UPDATE SET
        id = excluded.id, name = excluded.name, document_count = excluded.document_count,
        last_recorded_at = excluded.last_recorded_at
    )
    -- The statement's snapshot holds the built rows alone: these are the roll's known names.
    SELECT count(*) AS known FROM moved m
    WHERE EXISTS (
      SELECT 1 FROM ${sql.table(table)} n WHERE n.county_id = ${countyId} AND n.name_key = m.name_key)`.execute(
    trx,
  );
  return built - Number(rows[0]!.known);
}

/**
 * Replaces the county's parcels by the staged ones and adds the owner names index_names lacks
 * (document_count 0; existing names untouched). Run it in a transaction: the county is never
 * seen half-replaced. Imports wait for each other rather than interleave, whatever their county.
 *
 * The staged rows go into a new table with no index; its indexes are built once the rows are
 * in, and it takes the place of the county's partition at the very end. Readers of `parcels`
 * wait only for that swap (a few catalog changes under an exclusive lock on `parcels`), and see
 * the old parcels until the transaction commits. A county's first import builds its names
 * partition the same way, by `buildNames` (buildOwnerNames on a second connection) while this
 * transaction builds the parcels; later imports add the few names they bring to it. It begins
 * after any backup's dump has ended (BACKUP_LOCK), calling `onWaitForBackup` if it must wait.
 */
export async function replaceCountyParcels(
  trx: Transaction<DB>,
  countyId: number,
  staging: Staging,
  staged: number,
  buildNames: () => Promise<number>,
  onWaitForBackup?: () => void,
): Promise<{ imported: number; duplicates: number; namesAdded: number }> {
  const current = partitionName('parcels', countyId);
  const next = builtParcelsTable(countyId);
  const table = sql.table(next);
  // One import at a time, of any county: the new table is made LIKE parcels, which holds a
  // share lock on parcels to the end; another import's swap would wait for it, and every reader
  // of parcels would queue behind that swap for the rest of this import.
  await sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`.execute(trx);
  // After any backup's dump, and before it when it starts meanwhile (BACKUP_LOCK).
  await takeBackupLock(trx, 'pg_advisory_xact_lock', onWaitForBackup);
  await raiseWorkMemory(trx);

  const namesPartition = partitionName('index_names', countyId);
  const namesNext = builtNamesTable(countyId);
  const firstImport = (await partitionOf(trx, 'index_names', countyId)) === undefined;
  // Started now, on its own connection: the other core builds the names while this one builds
  // the parcels (2M rows: ~30 s each). Its failure is this transaction's, when it is awaited.
  const namesBuild = firstImport ? buildNames() : undefined;
  namesBuild?.catch(() => {});
  try {
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
      FROM ${sql.table(staging.table)}
      ORDER BY apn_key, line DESC`.execute(trx);
    const imported = Number(parcels.numAffectedRows ?? 0);
    const duplicates = staged - imported;
    // The owners of the rows left out are not the county's: out of the staging table (as this
    // transaction sees it) before its names are read from it. Rare, so not paid for when there
    // are none (2M rows: 2.3 s).
    const ownersDropped = duplicates > 0 ? await dropDuplicateApns(trx, staging) : [];
    await createIndexes(trx, next, PARTITION_INDEXES);
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

    const namesBuilt = namesBuild
      ? (await namesBuild) +
        (await reviseOwnersOfDroppedRows(trx, namesNext, countyId, staging, ownersDropped))
      : await addNewOwnerNames(trx, countyId, staging);

    await addCountyForeignKey(trx, next, 'parcels_county_id_fkey');
    if (firstImport) await addCountyForeignKey(trx, namesNext, 'index_names_county_id_fkey');

    // Every process's search cache forgets the county's answers once this commits
    // (search.cache.ts). The foreign key above already holds counties against writes to the commit.
    await sql`UPDATE counties SET parcel_imports = parcel_imports + 1 WHERE id = ${countyId}`.execute(
      trx,
    );

    // The swap: readers of parcels (and of index_names, at a first import) wait from here to
    // the commit (milliseconds).
    await lockForSwap(trx, firstImport ? ['index_names', 'parcels'] : ['parcels']);
    const old = await partitionOf(trx, 'parcels', countyId);
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
    await renameBuilt(trx, next, current, PARTITION_INDEXES);

    let namesAdded = namesBuilt;
    if (firstImport) {
      namesAdded = await moveDefaultNames(trx, namesNext, countyId, namesBuilt);
      await sql`ALTER TABLE index_names ATTACH PARTITION ${sql.table(namesNext)} FOR VALUES IN (${sql.lit(countyId)})`.execute(
        trx,
      );
      await renameBuilt(trx, namesNext, namesPartition, NAMES_PARTITION_INDEXES);
    }
    return { imported, duplicates, namesAdded };
  } catch (err) {
    // The names' connection is done before this transaction ends, so that what it committed
    // is there for the import to drop.
    await namesBuild?.catch(() => {});
    throw err;
  }
}

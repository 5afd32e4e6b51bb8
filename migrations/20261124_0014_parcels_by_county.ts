import { type Kysely, sql } from 'kysely';

// parcels partitioned by county. The parcel import replaced a county's rows
// inside one table that every county shares: 2M deletes, then 2M inserts each maintaining five
// indexes (a GIN trigram among them) on 128 MB of shared buffers, 109 s. With a partition per
// imported county the import loads a fresh table, builds its indexes after the load and swaps it
// for the county's partition in the same transaction (server/src/engine/parcels).
//
// A county gets its own partition at its first import; the rows of every other county (the
// demo seed, tests, counties created later) live in the DEFAULT partition, so whoever creates
// a county or inserts parcels needs to know nothing about partitions.
//
// A unique index of a partitioned table must include the partition key: the primary key becomes
// (county_id, id); ids still come from one sequence, so they stay unique across counties. An
// identity column needs Postgres 17 on a partitioned table, hence a plain sequence default.

const STREET_KEY = sql`regexp_replace(address_key, '^[0-9]+[A-Z]? ', '')`;

const COLUMNS = sql.raw(
  'id, county_id, apn, apn_key, address, address_key, city, state, zip, owner_names',
);

async function createIndexes(db: Kysely<unknown>, primaryKey: string) {
  await sql`ALTER TABLE parcels ADD PRIMARY KEY (${sql.raw(primaryKey)})`.execute(db);
  await sql`CREATE UNIQUE INDEX parcels_apn_key ON parcels (county_id, apn_key)`.execute(db);
  await sql`CREATE INDEX parcels_address_key_idx ON parcels (county_id, address_key)`.execute(db);
  await sql`CREATE INDEX parcels_address_key_trgm_idx ON parcels USING gin (address_key gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX parcels_street_key_idx ON parcels (county_id, street_key, address_key)`.execute(
    db,
  );
  await sql`
    ALTER TABLE parcels ADD CONSTRAINT parcels_county_id_fkey
      FOREIGN KEY (county_id) REFERENCES counties (id) ON DELETE CASCADE`.execute(db);
  // Migration 0006's street words, for every writer of parcels.
  for (const event of ['insert', 'update'] as const) {
    await sql`
      CREATE TRIGGER ${sql.raw(`parcels_search_tokens_${event}`)}
      AFTER ${sql.raw(event.toUpperCase())} ON parcels
      REFERENCING NEW TABLE AS changed
      FOR EACH STATEMENT EXECUTE FUNCTION search_tokens_from_parcels()`.execute(db);
  }
}

/** The old table keeps its rows under another name; its indexes, triggers and key go. */
async function setAside(db: Kysely<unknown>, as: string) {
  await sql`ALTER TABLE parcels RENAME TO ${sql.raw(as)}`.execute(db);
  for (const index of [
    'parcels_apn_key',
    'parcels_address_key_idx',
    'parcels_address_key_trgm_idx',
    'parcels_street_key_idx',
  ]) {
    await sql`DROP INDEX ${sql.raw(index)}`.execute(db);
  }
  await sql`ALTER TABLE ${sql.raw(as)} DROP CONSTRAINT parcels_pkey`.execute(db);
  await sql`ALTER TABLE ${sql.raw(as)} DROP CONSTRAINT parcels_county_id_fkey`.execute(db);
  for (const event of ['insert', 'update']) {
    await sql`DROP TRIGGER ${sql.raw(`parcels_search_tokens_${event}`)} ON ${sql.raw(as)}`.execute(
      db,
    );
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setAside(db, 'parcels_unpartitioned');
  await sql`ALTER TABLE parcels_unpartitioned ALTER COLUMN id DROP IDENTITY`.execute(db);
  await sql`CREATE SEQUENCE parcels_id_seq`.execute(db);
  await sql`
    CREATE TABLE parcels (
      id          bigint NOT NULL DEFAULT nextval('parcels_id_seq'),
      county_id   integer NOT NULL,
      apn         text NOT NULL,
      apn_key     text COLLATE "C" NOT NULL,
      address     text NOT NULL DEFAULT '',
      address_key text COLLATE "C" NOT NULL DEFAULT '',
      city        text NOT NULL DEFAULT '',
      state       text NOT NULL DEFAULT '',
      zip         text NOT NULL DEFAULT '',
      owner_names text[] NOT NULL DEFAULT '{}',
      street_key  text COLLATE "C" NOT NULL GENERATED ALWAYS AS (${STREET_KEY}) STORED
    ) PARTITION BY LIST (county_id)`.execute(db);
  await sql`ALTER SEQUENCE parcels_id_seq OWNED BY parcels.id`.execute(db);
  await sql`CREATE TABLE parcels_default PARTITION OF parcels DEFAULT`.execute(db);

  // Counties that already have parcels get their partition (named as the import names them);
  // rows are copied before any index exists, and the indexes built once.
  const counties = await sql<{ county_id: number }>`
    SELECT DISTINCT county_id FROM parcels_unpartitioned ORDER BY 1`.execute(db);
  for (const { county_id: id } of counties.rows) {
    await sql`
      CREATE TABLE ${sql.raw(`parcels_county_${Number(id)}`)}
      PARTITION OF parcels FOR VALUES IN (${sql.lit(Number(id))})`.execute(db);
  }
  await sql`
    INSERT INTO parcels (${COLUMNS})
    SELECT ${COLUMNS} FROM parcels_unpartitioned ORDER BY county_id, apn_key`.execute(db);
  await sql`
    SELECT setval('parcels_id_seq', greatest((SELECT max(id) FROM parcels_unpartitioned), 1),
                  (SELECT max(id) FROM parcels_unpartitioned) IS NOT NULL)`.execute(db);
  await sql`DROP TABLE parcels_unpartitioned`.execute(db);
  await createIndexes(db, 'county_id, id');
  // A partition's indexes are named as the import names them: the index of `parcels` with the
  // partition's name in place of "parcels" (parcels_county_7_apn_key for parcels_apn_key).
  const indexes = await sql<{ index: string; name: string }>`
    SELECT i.relname AS index, t.relname || substr(parent.relname, length('parcels') + 1) AS name
    FROM pg_inherits h
    JOIN pg_class i ON i.oid = h.inhrelid
    JOIN pg_class parent ON parent.oid = h.inhparent
    JOIN pg_index x ON x.indexrelid = i.oid
    JOIN pg_class t ON t.oid = x.indrelid
    WHERE parent.relkind = 'I' AND x.indrelid IN (
      SELECT inhrelid FROM pg_inherits WHERE inhparent = 'parcels'::regclass)`.execute(db);
  // In two steps: a name Postgres chose may be the name another index is to take.
  for (const [i, { index }] of indexes.rows.entries()) {
    await sql`ALTER INDEX ${sql.table(index)} RENAME TO ${sql.table(`parcels_index_${i}`)}`.execute(
      db,
    );
  }
  for (const [i, { name }] of indexes.rows.entries()) {
    await sql`ALTER INDEX ${sql.table(`parcels_index_${i}`)} RENAME TO ${sql.table(name)}`.execute(
      db,
    );
  }
  await sql`ANALYZE parcels`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setAside(db, 'parcels_partitioned');
  await sql`ALTER SEQUENCE parcels_id_seq RENAME TO parcels_partitioned_id_seq`.execute(db);
  await sql`
    CREATE TABLE parcels (
      id          bigint GENERATED ALWAYS AS IDENTITY,
      county_id   integer NOT NULL,
      apn         text NOT NULL,
      apn_key     text COLLATE "C" NOT NULL,
      address     text NOT NULL DEFAULT '',
      address_key text COLLATE "C" NOT NULL DEFAULT '',
      city        text NOT NULL DEFAULT '',
      state       text NOT NULL DEFAULT '',
      zip         text NOT NULL DEFAULT '',
      owner_names text[] NOT NULL DEFAULT '{}',
      street_key  text COLLATE "C" NOT NULL GENERATED ALWAYS AS (${STREET_KEY}) STORED
    )`.execute(db);
  await sql`
    INSERT INTO parcels (${COLUMNS}) OVERRIDING SYSTEM VALUE
    SELECT ${COLUMNS} FROM parcels_partitioned ORDER BY county_id, apn_key`.execute(db);
  await sql`
    SELECT setval(pg_get_serial_sequence('parcels', 'id'),
                  greatest((SELECT max(id) FROM parcels), 1),
                  (SELECT max(id) FROM parcels) IS NOT NULL)`.execute(db);
  // Its partitions and the id sequence go with it.
  await sql`DROP TABLE parcels_partitioned`.execute(db);
  await createIndexes(db, 'id');
  await sql`ANALYZE parcels`.execute(db);
}

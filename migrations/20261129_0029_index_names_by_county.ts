import { type Kysely, sql } from 'kysely';

// index_names partitioned by county, as parcels is (migration 0014). A county's first parcel
// roll adds every owner name of the county: 2.6M names for a roll of 2M parcels. Into one table
// that all counties share, each row paid a foreign-key check, two index insertions and its place
// in the transition table of the surname trigger: 39 s of a 77 s import. With a partition per
// imported county, the first import loads the names into a fresh table, builds its indexes and
// checks its foreign key once, after the load, and attaches it (server/src/engine/parcels).
//
// The names of every county without a partition of its own (never imported: the demo seed,
// tests, counties created later) live in the DEFAULT partition; writers insert through
// index_names and need to know nothing about partitions. Counties that already have a parcels
// partition get a names partition here, so "has its own partition" means the same for both.
//
// The primary key becomes (county_id, id), ids from one sequence as before (a plain default:
// an identity column on a partitioned table needs Postgres 17).

const COLUMNS = sql.raw('id, county_id, name, name_key, document_count, last_recorded_at');

/** The columns of migration 0003 after `id`, and its check. */
const OTHER_COLUMNS = sql.raw(`
  county_id        integer NOT NULL,
  name             text NOT NULL,
  name_key         text COLLATE "C" NOT NULL,
  document_count   integer NOT NULL DEFAULT 0,
  last_recorded_at timestamptz,
  CONSTRAINT index_names_document_count_check CHECK (document_count >= 0)`);

async function createIndexes(db: Kysely<unknown>, primaryKey: string) {
  await sql`ALTER TABLE index_names ADD PRIMARY KEY (${sql.raw(primaryKey)})`.execute(db);
  await sql`CREATE UNIQUE INDEX index_names_name_key ON index_names (county_id, name_key)`.execute(
    db,
  );
  await sql`
    ALTER TABLE index_names ADD CONSTRAINT index_names_county_id_fkey
      FOREIGN KEY (county_id) REFERENCES counties (id) ON DELETE CASCADE`.execute(db);
  // Migration 0006's surname words, for every writer of index_names.
  for (const event of ['insert', 'update'] as const) {
    await sql`
      CREATE TRIGGER ${sql.raw(`index_names_search_tokens_${event}`)}
      AFTER ${sql.raw(event.toUpperCase())} ON index_names
      REFERENCING NEW TABLE AS changed
      FOR EACH STATEMENT EXECUTE FUNCTION search_tokens_from_index_names()`.execute(db);
  }
}

/** The old table keeps its rows under another name; its indexes, triggers and key go. */
async function setAside(db: Kysely<unknown>, as: string) {
  await sql`ALTER TABLE index_names RENAME TO ${sql.raw(as)}`.execute(db);
  await sql`DROP INDEX index_names_name_key`.execute(db);
  await sql`ALTER TABLE ${sql.raw(as)} DROP CONSTRAINT index_names_pkey`.execute(db);
  await sql`ALTER TABLE ${sql.raw(as)} DROP CONSTRAINT index_names_county_id_fkey`.execute(db);
  for (const event of ['insert', 'update']) {
    await sql`DROP TRIGGER ${sql.raw(`index_names_search_tokens_${event}`)} ON ${sql.raw(as)}`.execute(
      db,
    );
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setAside(db, 'index_names_unpartitioned');
  await sql`ALTER TABLE index_names_unpartitioned ALTER COLUMN id DROP IDENTITY`.execute(db);
  await sql`CREATE SEQUENCE index_names_id_seq`.execute(db);
  await sql`
    CREATE TABLE index_names (
      id bigint NOT NULL DEFAULT nextval('index_names_id_seq'),
      ${OTHER_COLUMNS}
    ) PARTITION BY LIST (county_id)`.execute(db);
  await sql`ALTER SEQUENCE index_names_id_seq OWNED BY index_names.id`.execute(db);
  await sql`CREATE TABLE index_names_default PARTITION OF index_names DEFAULT`.execute(db);

  // The counties whose parcels have a partition of their own (named parcels_county_<id>).
  const counties = await sql<{ county_id: number }>`
    SELECT substr(c.relname, length('parcels_county_') + 1)::integer AS county_id
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'parcels'::regclass AND c.relname ~ '^parcels_county_[0-9]+$'
    ORDER BY 1`.execute(db);
  for (const { county_id: id } of counties.rows) {
    await sql`
      CREATE TABLE ${sql.raw(`index_names_county_${Number(id)}`)}
      PARTITION OF index_names FOR VALUES IN (${sql.lit(Number(id))})`.execute(db);
  }
  await sql`
    INSERT INTO index_names (${COLUMNS})
    SELECT ${COLUMNS} FROM index_names_unpartitioned ORDER BY county_id, name_key`.execute(db);
  await sql`
    SELECT setval('index_names_id_seq',
                  greatest((SELECT max(id) FROM index_names_unpartitioned), 1),
                  (SELECT max(id) FROM index_names_unpartitioned) IS NOT NULL)`.execute(db);
  await sql`DROP TABLE index_names_unpartitioned`.execute(db);
  await createIndexes(db, 'county_id, id');
  // A partition's indexes are named as the import names them: index_names_county_7_pkey and
  // index_names_county_7_name_key.
  const indexes = await sql<{ index: string; name: string }>`
    SELECT i.relname AS index, t.relname || substr(parent.relname, length('index_names') + 1) AS name
    FROM pg_inherits h
    JOIN pg_class i ON i.oid = h.inhrelid
    JOIN pg_class parent ON parent.oid = h.inhparent
    JOIN pg_index x ON x.indexrelid = i.oid
    JOIN pg_class t ON t.oid = x.indrelid
    WHERE parent.relkind = 'I' AND x.indrelid IN (
      SELECT inhrelid FROM pg_inherits WHERE inhparent = 'index_names'::regclass)`.execute(db);
  // In two steps: a name Postgres chose may be the name another index is to take.
  for (const [i, { index }] of indexes.rows.entries()) {
    await sql`ALTER INDEX ${sql.table(index)} RENAME TO ${sql.table(`index_names_index_${i}`)}`.execute(
      db,
    );
  }
  for (const [i, { name }] of indexes.rows.entries()) {
    await sql`ALTER INDEX ${sql.table(`index_names_index_${i}`)} RENAME TO ${sql.table(name)}`.execute(
      db,
    );
  }
  await sql`ANALYZE index_names`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setAside(db, 'index_names_partitioned');
  await sql`ALTER SEQUENCE index_names_id_seq RENAME TO index_names_partitioned_id_seq`.execute(db);
  await sql`
    CREATE TABLE index_names (
      id bigint GENERATED ALWAYS AS IDENTITY,
      ${OTHER_COLUMNS}
    )`.execute(db);
  await sql`
    INSERT INTO index_names (${COLUMNS}) OVERRIDING SYSTEM VALUE
    SELECT ${COLUMNS} FROM index_names_partitioned ORDER BY county_id, name_key`.execute(db);
  await sql`
    SELECT setval(pg_get_serial_sequence('index_names', 'id'),
                  greatest((SELECT max(id) FROM index_names), 1),
                  (SELECT max(id) FROM index_names) IS NOT NULL)`.execute(db);
  // Its partitions and the id sequence go with it.
  await sql`DROP TABLE index_names_partitioned`.execute(db);
  await createIndexes(db, 'id');
  await sql`ANALYZE index_names`.execute(db);
}

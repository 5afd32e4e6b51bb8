import { type Kysely, sql } from 'kysely';

// Search-as-you-type: prefix scans on C-collation btrees first, typo fallbacks
// through a small token dictionary, trigram similarity last.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The street part of an address key: the key after its house number (digits, optionally one
  // letter: "123", "123A"). "123 N MAIN ST APT 4" → "N MAIN ST APT 4". Derived from the stored
  // key, so every writer of parcels gets it; the search computes the same from its input.
  await sql`
    ALTER TABLE parcels
      ADD COLUMN street_key text COLLATE "C" NOT NULL
        GENERATED ALWAYS AS (regexp_replace(address_key, '^[0-9]+[A-Z]? ', '')) STORED`.execute(db);
  // address_key last: parcels of one street come back in key order straight from the index.
  await sql`CREATE INDEX parcels_street_key_idx ON parcels (county_id, street_key, address_key)`.execute(
    db,
  );

  // The token dictionary of the typo fallbacks: each surname (first word of an index name) and
  // each street word of a county, stored under itself and under every one-letter deletion of
  // itself (SymSpell). A word typed with one typo — a letter missing, extra, wrong, or two
  // neighbours swapped — shares a key with the word it meant, found by btree equality.
  await sql`
    CREATE TABLE search_tokens (
      county_id  integer NOT NULL REFERENCES counties (id) ON DELETE CASCADE,
      kind       text NOT NULL CHECK (kind IN ('surname', 'street')),
      delete_key text COLLATE "C" NOT NULL,
      token      text COLLATE "C" NOT NULL,
      PRIMARY KEY (county_id, kind, delete_key, token)
    )`.execute(db);

  // Kept by statement-level triggers, so every writer (seed, importers, tests) fills it with
  // one set-based insert per statement. Tokens are only added: a token whose names or parcels
  // are gone costs a lookup that finds nothing. A token already present is skipped before its
  // keys are built, so re-importing known words writes nothing.
  await sql`
    CREATE FUNCTION search_tokens_insert(p_kind text, p_tokens text[], p_counties integer[])
    RETURNS void LANGUAGE sql AS $$
      INSERT INTO search_tokens (county_id, kind, delete_key, token)
      SELECT DISTINCT t.county_id, p_kind, k.delete_key, t.token
      FROM (SELECT DISTINCT * FROM unnest(p_counties, p_tokens) AS u (county_id, token)) AS t
      CROSS JOIN LATERAL (
        SELECT t.token AS delete_key
        UNION ALL
        SELECT overlay(t.token PLACING '' FROM i FOR 1)
        FROM generate_series(1, length(t.token)) AS i
        WHERE length(t.token) >= 3
      ) AS k
      WHERE length(t.token) >= 2
        AND NOT EXISTS (
          SELECT 1 FROM search_tokens s
          WHERE s.county_id = t.county_id AND s.kind = p_kind
            AND s.delete_key = t.token AND s.token = t.token)
      ON CONFLICT DO NOTHING
    $$`.execute(db);

  await sql`
    CREATE FUNCTION search_tokens_from_index_names() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM search_tokens_insert('surname', array_agg(t.token), array_agg(t.county_id))
      FROM (SELECT DISTINCT county_id, split_part(name_key, ' ', 1) AS token FROM changed) AS t;
      RETURN NULL;
    END $$`.execute(db);

  // Street words: the words of the street key with a letter in them (not unit numbers).
  await sql`
    CREATE FUNCTION search_tokens_from_parcels() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM search_tokens_insert('street', array_agg(t.token), array_agg(t.county_id))
      FROM (
        SELECT DISTINCT s.county_id, w.token
        FROM (SELECT DISTINCT county_id, street_key FROM changed) AS s
        CROSS JOIN LATERAL regexp_split_to_table(s.street_key, ' ') AS w (token)
        WHERE w.token ~ '[A-Z]'
      ) AS t;
      RETURN NULL;
    END $$`.execute(db);

  // A trigger with a transition table serves one event, hence one trigger per event.
  for (const [table, fn] of [
    ['index_names', 'search_tokens_from_index_names'],
    ['parcels', 'search_tokens_from_parcels'],
  ] as const) {
    for (const event of ['insert', 'update'] as const) {
      await sql`
        CREATE TRIGGER ${sql.raw(`${table}_search_tokens_${event}`)}
        AFTER ${sql.raw(event.toUpperCase())} ON ${sql.table(table)}
        REFERENCING NEW TABLE AS changed
        FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(fn)}()`.execute(db);
    }
  }

  // Rows written before this migration.
  await sql`
    SELECT search_tokens_insert('surname', array_agg(token), array_agg(county_id))
    FROM (SELECT DISTINCT county_id, split_part(name_key, ' ', 1) AS token FROM index_names) AS t
    `.execute(db);
  await sql`
    SELECT search_tokens_insert('street', array_agg(token), array_agg(county_id))
    FROM (
      SELECT DISTINCT p.county_id, w.token
      FROM parcels p CROSS JOIN LATERAL regexp_split_to_table(p.street_key, ' ') AS w (token)
      WHERE w.token ~ '[A-Z]'
    ) AS t`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['index_names', 'parcels']) {
    for (const event of ['insert', 'update']) {
      await sql`DROP TRIGGER ${sql.raw(`${table}_search_tokens_${event}`)} ON ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  await sql`DROP FUNCTION search_tokens_from_parcels(), search_tokens_from_index_names()`.execute(
    db,
  );
  await sql`DROP FUNCTION search_tokens_insert(text, text[], integer[])`.execute(db);
  await sql`DROP TABLE search_tokens`.execute(db);
  await sql`DROP INDEX parcels_street_key_idx`.execute(db);
  await sql`ALTER TABLE parcels DROP COLUMN street_key`.execute(db);
}

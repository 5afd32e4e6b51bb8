import { type Kysely, sql } from 'kysely';

// search_tokens is derived data: every row is written by search_tokens_insert from a row of
// index_names or parcels (their triggers, the parcel import), and those rows have their
// foreign key to counties. Its own foreign key added a check per dictionary key: 4.2 s of the
// 1.63M surname keys a county's first parcel import adds (2.6M owner names), for nothing the
// writers' keys do not already ensure. The key goes; a county's deletion still takes its
// dictionary with it, through a statement trigger on counties.
//
// search_tokens_insert also loses its DISTINCT: the keys come sorted for the btree already, and
// ON CONFLICT DO NOTHING skips a key repeated within the statement (a word whose deletions
// coincide: ALLEN gives ALEN twice) as it skips one already stored. A hash of every key before
// the sort cost 1.5 s of the same import.

const insertSorted = (distinct: boolean) => sql`
  CREATE OR REPLACE FUNCTION search_tokens_insert(p_kind text, p_tokens text[], p_counties integer[])
  RETURNS void LANGUAGE sql AS $$
    INSERT INTO search_tokens (county_id, kind, delete_key, token)
    SELECT ${sql.raw(distinct ? 'DISTINCT ' : '')}t.county_id, p_kind, k.delete_key, t.token
    FROM (SELECT DISTINCT * FROM unnest(p_counties, p_tokens) AS u (county_id, token)) AS t
    CROSS JOIN LATERAL (
      SELECT t.token AS delete_key
      UNION ALL
      SELECT overlay(t.token PLACING '' FROM i FOR 1)
      FROM generate_series(1, length(t.token)) AS i
      WHERE length(t.token) >= 3
    ) AS k
    WHERE length(t.token) >= 2
    ORDER BY ${sql.raw(distinct ? '1, 2, 3, 4' : '1, 3, 4')}
    ON CONFLICT DO NOTHING
  $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE search_tokens DROP CONSTRAINT search_tokens_county_id_fkey`.execute(db);
  await sql`
    CREATE FUNCTION search_tokens_of_deleted_counties() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM search_tokens WHERE county_id IN (SELECT id FROM gone);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER counties_search_tokens_delete
    AFTER DELETE ON counties REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION search_tokens_of_deleted_counties()`.execute(db);
  await insertSorted(false).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await insertSorted(true).execute(db);
  await sql`DROP TRIGGER counties_search_tokens_delete ON counties`.execute(db);
  await sql`DROP FUNCTION search_tokens_of_deleted_counties()`.execute(db);
  await sql`
    DELETE FROM search_tokens s
    WHERE NOT EXISTS (SELECT 1 FROM counties c WHERE c.id = s.county_id)`.execute(db);
  await sql`
    ALTER TABLE search_tokens ADD CONSTRAINT search_tokens_county_id_fkey
      FOREIGN KEY (county_id) REFERENCES counties (id) ON DELETE CASCADE`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// search_tokens_insert (migration 0006) skipped known tokens with a NOT EXISTS lookup before
// building their deletion keys. Right after a bulk load, before autovacuum has analysed the
// table, the planner took search_tokens for empty and ran that lookup as an index scan over the
// whole county with `kind` as a filter: 2.3 ms a token, 14 s for 6,000 surnames, and a parcel
// roll of 20,000 rows took 32 s to import. ON CONFLICT DO NOTHING already skips known keys
// through the full primary key whatever the statistics say, so the lookup goes. The keys are
// inserted in primary-key order: the btree then fills page by page instead of at random
// (715,000 surname keys: 11.5 s in hash order, 5.6 s sorted).
const withoutLookup = sql`
  CREATE OR REPLACE FUNCTION search_tokens_insert(p_kind text, p_tokens text[], p_counties integer[])
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
    ORDER BY 1, 2, 3, 4
    ON CONFLICT DO NOTHING
  $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await withoutLookup.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION search_tokens_insert(p_kind text, p_tokens text[], p_counties integer[])
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
}

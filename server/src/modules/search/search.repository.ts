import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { prefixBounds } from './search.terms.ts';

/**
 * Search SQL (DESIGN.md §5). Prefix scans are `LIKE 'prefix%'` on C-collation key columns, so a
 * btree range serves them and stops after `limit` rows; several prefixes are separate
 * index scans glued by UNION ALL, never an OR the planner would answer with a bitmap and a sort.
 */

export type ParcelHit = {
  id: string;
  apn: string;
  address: string;
  city: string;
  state: string;
  zip: string;
};

export type NameHit = { id: string; name: string; document_count: number };

export type ParcelKey = 'apn_key' | 'address_key' | 'street_key';

const ORDER: Record<ParcelKey, RawBuilder<unknown>> = {
  apn_key: sql`apn_key`,
  address_key: sql`address_key`,
  street_key: sql`street_key, address_key`,
};

/** `column` starts with `prefix`, as a btree range: LIKE with every character literal. */
function startsWith(column: string, prefix: string) {
  const { like, below } = prefixBounds(prefix);
  const ref = sql.ref(column);
  return below === undefined
    ? sql`${ref} LIKE ${like}`
    : sql`${ref} LIKE ${like} AND ${ref} < ${below}`;
}

/**
 * One parenthesised, limited index scan per prefix, merged in the order the prefixes are given
 * (the term as typed before its variants, the best correction first), then in key order.
 */
function unionOfPrefixes(
  prefixes: string[],
  limit: number,
  order: RawBuilder<unknown>,
  branch: (startsWith: RawBuilder<unknown>) => RawBuilder<unknown>,
  column: string,
) {
  const branches = prefixes.map(
    (prefix, rank) =>
      sql`(SELECT ${rank}::int AS rank, b.* FROM (${branch(startsWith(column, prefix))}) AS b)`,
  );
  return sql`
    SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) AS hits
    ORDER BY rank, ${order}
    LIMIT ${limit}`;
}

export async function parcelsByPrefix(
  db: Database,
  countyId: number,
  column: ParcelKey,
  prefixes: string[],
  limit: number,
): Promise<ParcelHit[]> {
  if (prefixes.length === 0) return [];
  const order = ORDER[column];
  const query = unionOfPrefixes(
    prefixes,
    limit,
    order,
    (condition) => sql`
      SELECT id, apn, address, city, state, zip, apn_key, address_key, street_key
      FROM parcels
      WHERE county_id = ${countyId} AND ${condition}
      ORDER BY ${order}
      LIMIT ${limit}`,
    column,
  );
  const { rows } = await sql<ParcelHit>`${query}`.execute(db);
  return rows;
}

export async function namesByPrefix(
  db: Database,
  countyId: number,
  prefixes: string[],
  limit: number,
): Promise<NameHit[]> {
  if (prefixes.length === 0) return [];
  const query = unionOfPrefixes(
    prefixes,
    limit,
    sql`name_key`,
    (condition) => sql`
      SELECT id, name, name_key, document_count
      FROM index_names
      WHERE county_id = ${countyId} AND ${condition}
      ORDER BY name_key
      LIMIT ${limit}`,
    'name_key',
  );
  const { rows } = await sql<NameHit>`${query}`.execute(db);
  return rows;
}

/** At most this many parcels of one house number are compared by similarity. */
export const SIMILAR_CANDIDATES = 2000;

/**
 * Parcels whose address has an extent similar to the term (`<%`, pg_trgm's word_similarity at
 * its threshold), most similar first. With a house number, only the parcels with that number
 * are compared (a range of the address_key btree, a few hundred rows even in a county of
 * millions); without one, the GIN trigram index over every parcel answers, which costs
 * hundreds of milliseconds in a large county.
 */
export async function parcelsBySimilarity(
  db: Database,
  countyId: number,
  term: string,
  houseNumber: string | undefined,
  excludeIds: string[],
  limit: number,
): Promise<ParcelHit[]> {
  // Materialised, so the planner cannot answer the house-number range with the GIN index,
  // whose posting lists for common trigrams ("  1", " ST") span the whole table.
  const candidates =
    houseNumber === undefined
      ? sql`SELECT id, apn, address, city, state, zip, address_key FROM parcels
            WHERE county_id = ${countyId} AND ${term} <% address_key`
      : sql`SELECT id, apn, address, city, state, zip, address_key FROM parcels
            WHERE county_id = ${countyId} AND ${startsWith('address_key', `${houseNumber} `)}
            ORDER BY address_key
            LIMIT ${SIMILAR_CANDIDATES}`;
  const { rows } = await sql<ParcelHit>`
    WITH candidates AS MATERIALIZED (${candidates})
    SELECT id, apn, address, city, state, zip
    FROM candidates
    WHERE ${term} <% address_key
      AND id <> ALL (${excludeIds}::bigint[])
    ORDER BY word_similarity(${term}, address_key) DESC, address_key
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** Street words of the county's dictionary stored under any of these keys. */
export async function streetTokens(
  db: Database,
  countyId: number,
  keys: string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('search_tokens')
    .select('token')
    .distinct()
    .where('county_id', '=', countyId)
    .where('kind', '=', 'street')
    .where('delete_key', '=', sql<string>`ANY (${keys}::text[])`)
    .execute();
  return rows.map((r) => r.token);
}

/**
 * Surnames of the county's dictionary stored under any of these keys, each with how many index
 * names start with it — counted up to `cap` only, which is enough to rank corrections.
 */
export async function surnameTokens(
  db: Database,
  countyId: number,
  keys: string[],
  cap = 100,
): Promise<{ token: string; names: number }[]> {
  const { rows } = await sql<{ token: string; names: number }>`
    SELECT t.token,
           (SELECT count(*)::int FROM (
              SELECT 1 FROM index_names n
              WHERE n.county_id = ${countyId}
                AND n.name_key >= t.token AND n.name_key < t.token || '!'
              LIMIT ${cap}) AS capped) AS names
    FROM (
      SELECT DISTINCT token FROM search_tokens
      WHERE county_id = ${countyId} AND kind = 'surname' AND delete_key = ANY (${keys}::text[])
    ) AS t`.execute(db);
  return rows;
}

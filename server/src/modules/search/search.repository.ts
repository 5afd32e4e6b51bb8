import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { prefixBounds, prefixRange } from './search.terms.ts';

/**
 * Search SQL (DESIGN.md §5). A prefix scan is a range of a C-collation key btree that stops
 * after `limit` rows. Several prefixes are one statement: a lateral scan per prefix, in the
 * order the prefixes are given; the same short statement whatever their number, so planning
 * costs the same for one prefix or eighteen (a UNION ALL of eighteen branches took 0.5 ms to
 * plan, ten times its execution).
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

const ORDER: Record<ParcelKey, string[]> = {
  apn_key: ['apn_key'],
  address_key: ['address_key'],
  street_key: ['street_key', 'address_key'],
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
 * The rows of `table` in the county whose `column` starts with one of the prefixes: at most
 * `limit` per prefix, in the order the prefixes are given (the term as typed before its
 * variants, the best correction first), then in key order; `limit` in all.
 */
async function byPrefixes<T>(
  db: Database,
  table: 'parcels' | 'index_names',
  columns: string[],
  countyId: number,
  column: string,
  order: string[],
  prefixes: string[],
  limit: number,
): Promise<T[]> {
  if (prefixes.length === 0) return [];
  const ranges = prefixes.map(prefixRange);
  const key = sql.ref(`t.${column}`);
  const inner = sql.join(order.map((c) => sql.ref(`t.${c}`)));
  const outer = sql.join(order.map((c) => sql.ref(`h.${c}`)));
  const { rows } = await sql<T>`
    SELECT h.* FROM unnest(
        ${ranges.map((r) => r.from)}::text[], ${ranges.map((r) => r.below)}::text[]
      ) WITH ORDINALITY AS p (from_key, below_key, rank)
    CROSS JOIN LATERAL (
      SELECT ${sql.join(columns.map((c) => sql.ref(`t.${c}`)))}
      FROM ${sql.table(table)} AS t
      WHERE t.county_id = ${countyId}
        AND ${key} >= p.from_key COLLATE "C" AND ${key} < p.below_key COLLATE "C"
      ORDER BY ${inner}
      LIMIT ${limit}) AS h
    ORDER BY p.rank, ${outer}
    LIMIT ${limit}`.execute(db);
  return rows;
}

const PARCEL_COLUMNS = ['id', 'apn', 'address', 'city', 'state', 'zip'];

export function parcelsByPrefix(
  db: Database,
  countyId: number,
  column: ParcelKey,
  prefixes: string[],
  limit: number,
): Promise<ParcelHit[]> {
  const order = ORDER[column];
  const columns = [...PARCEL_COLUMNS, ...order];
  return byPrefixes(db, 'parcels', columns, countyId, column, order, prefixes, limit);
}

export function namesByPrefix(
  db: Database,
  countyId: number,
  prefixes: string[],
  limit: number,
): Promise<NameHit[]> {
  const columns = ['id', 'name', 'document_count', 'name_key'];
  return byPrefixes(
    db,
    'index_names',
    columns,
    countyId,
    'name_key',
    ['name_key'],
    prefixes,
    limit,
  );
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

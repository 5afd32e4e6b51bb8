import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import {
  type Bound,
  type Params,
  type PrepareOptions,
  prepareStatement,
  type Statement,
} from '../../db/prepared.ts';
import { prefixRange, streetKeyOf } from './search.terms.ts';

/**
 * Search SQL. A prefix scan is a range of a C-collation key btree that stops
 * after `limit` rows. Several prefixes are one statement: a lateral scan per prefix, in the
 * order the prefixes are given; the same short statement whatever their number, so planning
 * costs the same for one prefix or eighteen (a UNION ALL of eighteen branches took 0.5 ms to
 * plan, ten times its execution). Each runs as a named prepared statement (db/prepared.ts): its
 * text depends only on the kind of search and which fallbacks it carries, never on the term.
 * Each is compiled once (prepareStatement) and bound per run: a prefix scan, with or without
 * its dictionary lookup, and the corrected-and-similar fallback in each of its shapes.
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

type Scan = {
  table: 'parcels' | 'index_names';
  /** The key column the prefixes are matched against. */
  column: string;
  /** The columns returned, `id` first. */
  columns: string[];
  order: string[];
};

const NAMES: Scan = {
  table: 'index_names',
  column: 'name_key',
  columns: ['id', 'name', 'document_count', 'name_key'],
  order: ['name_key'],
};

const PARCEL_COLUMNS = ['id', 'apn', 'address', 'city', 'state', 'zip'];
const parcelScan = (column: ParcelKey): Scan => ({
  table: 'parcels',
  column,
  columns: [...PARCEL_COLUMNS, ...ORDER[column]],
  order: ORDER[column],
});
const PARCEL_SCANS: Record<ParcelKey, Scan> = {
  apn_key: parcelScan('apn_key'),
  address_key: parcelScan('address_key'),
  street_key: parcelScan('street_key'),
};

/** A prefix scan's input: the county, each prefix as a key range, and the most rows wanted. */
type PrefixInput = { countyId: number; from: string[]; below: string[]; limit: number };

function prefixInput(countyId: number, prefixes: string[], limit: number): PrefixInput {
  const ranges = prefixes.map(prefixRange);
  return { countyId, from: ranges.map((r) => r.from), below: ranges.map((r) => r.below), limit };
}

/**
 * The rows of the county whose key starts with one of the prefixes: at most `limit` per
 * prefix, in the order the prefixes are given (the term as typed before its variants, the best
 * correction first), then in key order; `limit` in all. Each row has its prefix's `rank`; ids
 * are text, as pg gives a bigint.
 */
function prefixScan(scan: Scan, { countyId, from, below, limit }: Bound<PrefixInput>) {
  const key = sql.ref(`t.${scan.column}`);
  const inner = sql.join(scan.order.map((c) => sql.ref(`t.${c}`)));
  const outer = sql.join(scan.order.map((c) => sql.ref(`h.${c}`)));
  const [, ...rest] = scan.columns;
  return sql`
    SELECT p.rank, h.id::text AS id, ${sql.join(rest.map((c) => sql.ref(`h.${c}`)))}
    FROM unnest(${from}::text[], ${below}::text[]) WITH ORDINALITY AS p (from_key, below_key, rank)
    CROSS JOIN LATERAL (
      SELECT ${sql.join(scan.columns.map((c) => sql.ref(`t.${c}`)))}
      FROM ${sql.table(scan.table)} AS t
      WHERE t.county_id = ${countyId}
        AND ${key} >= p.from_key COLLATE "C" AND ${key} < p.below_key COLLATE "C"
      ORDER BY ${inner}
      LIMIT ${limit}) AS h
    ORDER BY p.rank, ${outer}
    LIMIT ${limit}`;
}

/** The rows of a prefixScan CTE as one JSON array, in their order. */
function jsonRows(cte: string, scan: Scan) {
  const order = sql.join(scan.order.map((c) => sql.ref(`x.${c}`)));
  return sql`(SELECT coalesce(json_agg(x ORDER BY x.rank, ${order}), '[]') FROM ${sql.table(cte)} AS x)`;
}

/** Compiled once per scan and kind of lookup: the statements of every keystroke. */
const statements = new Map<string, Statement<never, never>>();
function statementOf<A extends Record<string, unknown>, R>(
  key: string,
  template: (input: Params<A>) => RawBuilder<R>,
  options?: PrepareOptions,
): Statement<A, R> {
  let statement = statements.get(key) as Statement<A, R> | undefined;
  if (statement === undefined) {
    statement = prepareStatement(template, options);
    statements.set(key, statement as unknown as Statement<never, never>);
  }
  return statement;
}

async function byPrefixes<T>(
  db: Executor,
  scan: Scan,
  countyId: number,
  prefixes: string[],
  limit: number,
): Promise<T[]> {
  if (prefixes.length === 0) return [];
  const statement = statementOf(
    `${scan.table}.${scan.column}`,
    (input: Params<PrefixInput>) => sql<T>`${prefixScan(scan, input)}`,
  );
  const { rows } = await statement.run(db, prefixInput(countyId, prefixes, limit));
  return rows;
}

export function parcelsByPrefix(
  db: Executor,
  countyId: number,
  column: ParcelKey,
  prefixes: string[],
  limit: number,
): Promise<ParcelHit[]> {
  return byPrefixes(db, PARCEL_SCANS[column], countyId, prefixes, limit);
}

export function namesByPrefix(
  db: Executor,
  countyId: number,
  prefixes: string[],
  limit: number,
): Promise<NameHit[]> {
  return byPrefixes(db, NAMES, countyId, prefixes, limit);
}

/** A dictionary lookup run beside a prefix scan: its name, its template and its input. */
type Lookup<L> = {
  kind: string;
  template: (input: Params<PrefixInput & L>) => RawBuilder<unknown>;
  input: L;
};

/**
 * A prefix scan and, in the same round trip, the dictionary tokens `lookup` finds, looked up
 * only when the scan found fewer than `limit` (the typo fallback needs them then).
 */
async function byPrefixesWithTokens<T, K, L extends Record<string, unknown>>(
  db: Executor,
  scan: Scan,
  countyId: number,
  prefixes: string[],
  limit: number,
  lookup: Lookup<L> | undefined,
): Promise<{ rows: T[]; tokens?: K[] }> {
  if (!lookup) return { rows: await byPrefixes<T>(db, scan, countyId, prefixes, limit) };
  const statement = statementOf(
    `${scan.table}.${scan.column}+${lookup.kind}`,
    (input: Params<PrefixInput & L>) => sql<{ rows: T[]; tokens: K[] | null }>`
    WITH hits AS MATERIALIZED (${prefixScan(scan, input)})
    SELECT ${jsonRows('hits', scan)} AS rows,
      CASE WHEN (SELECT count(*) FROM hits) < ${input.limit}
        THEN (SELECT coalesce(json_agg(t), '[]') FROM (${lookup.template(input)}) AS t)
      END AS tokens`,
  );
  const { rows } = await statement.run(db, {
    ...prefixInput(countyId, prefixes, limit),
    ...lookup.input,
  });
  return { rows: rows[0]!.rows, tokens: rows[0]!.tokens ?? undefined };
}

/** Street words of the county's dictionary stored under any of these keys. */
const streetTokenLookup = (keys: string[]): Lookup<{ keys: string[] }> => ({
  kind: 'street words',
  input: { keys },
  template: ({ countyId, keys }) => sql`
    SELECT DISTINCT token FROM search_tokens
    WHERE county_id = ${countyId} AND kind = 'street' AND delete_key = ANY (${keys}::text[])`,
});

/**
 * Surnames of the county's dictionary stored under any of these keys, each with how many index
 * names start with it — counted up to `cap` only, which is enough to rank corrections.
 */
const surnameTokenLookup = (
  keys: string[],
  cap: number,
): Lookup<{ keys: string[]; cap: number }> => ({
  kind: 'surnames',
  input: { keys, cap },
  template: ({ countyId, keys, cap }) => sql`
    SELECT t.token,
           (SELECT count(*)::int FROM (
              SELECT 1 FROM index_names n
              WHERE n.county_id = ${countyId}
                AND n.name_key >= t.token AND n.name_key < t.token || '!'
              LIMIT ${cap}) AS capped) AS names
    FROM (
      SELECT DISTINCT token FROM search_tokens
      WHERE county_id = ${countyId} AND kind = 'surname' AND delete_key = ANY (${keys}::text[])
    ) AS t`,
});

/**
 * namesByPrefix, with the surnames of the dictionary under `surnameKeys` when it finds fewer
 * than `limit` (and `surnameKeys` is not empty).
 */
export function namesByPrefixWithSurnames(
  db: Executor,
  countyId: number,
  prefixes: string[],
  limit: number,
  surnameKeys: string[],
  cap = 100,
) {
  const lookup = surnameKeys.length > 0 ? surnameTokenLookup(surnameKeys, cap) : undefined;
  return byPrefixesWithTokens<
    NameHit,
    { token: string; names: number },
    { keys: string[]; cap: number }
  >(db, NAMES, countyId, prefixes, limit, lookup);
}

/**
 * parcelsByPrefix, with the street words of the dictionary under `streetKeys` when it finds
 * fewer than `limit` (and `streetKeys` is not empty).
 */
export async function parcelsByPrefixWithStreetWords(
  db: Executor,
  countyId: number,
  column: ParcelKey,
  prefixes: string[],
  limit: number,
  streetKeys: string[],
): Promise<{ rows: ParcelHit[]; tokens?: string[] }> {
  const lookup = streetKeys.length > 0 ? streetTokenLookup(streetKeys) : undefined;
  const found = await byPrefixesWithTokens<ParcelHit, { token: string }, { keys: string[] }>(
    db,
    PARCEL_SCANS[column],
    countyId,
    prefixes,
    limit,
    lookup,
  );
  return { rows: found.rows, tokens: found.tokens?.map((t) => t.token) };
}

/** At most this many parcels of one house number are compared by similarity. */
export const SIMILAR_CANDIDATES = 2000;
/** And this many parcels each side of the term's place on its street. */
export const STREET_NEIGHBOURS = 50;

/** The similarity fill of an address search (see parcelsCorrectedAndSimilar). */
export type SimilarTo = {
  term: string;
  houseNumber: string | undefined;
  /** Parcels already found, never repeated. */
  excludeIds: string[];
};

/**
 * The corrected prefixes' parcels (parcelsByPrefix) and, in the same round trip when those and
 * `similar.excludeIds` together are fewer than `limit`, the parcels whose address has an extent
 * similar to the term (`<%`, pg_trgm's word_similarity at its threshold), most similar first,
 * none of either list. With a house number, the parcels compared are those with that number
 * and the STREET_NEIGHBOURS each side of the term's place on its street (ranges of the
 * address_key and street_key btrees: a few hundred rows even in a county of millions; the
 * whole street would be thousands). Without one, the GIN trigram index over every parcel
 * answers, which costs hundreds of milliseconds in a large county.
 */
export async function parcelsCorrectedAndSimilar(
  db: Executor,
  countyId: number,
  column: ParcelKey,
  prefixes: string[],
  limit: number,
  similar: SimilarTo | undefined,
): Promise<{ rows: ParcelHit[]; similar: ParcelHit[] }> {
  if (!similar)
    return { rows: await parcelsByPrefix(db, countyId, column, prefixes, limit), similar: [] };
  const { term, houseNumber, excludeIds } = similar;
  const street = houseNumber === undefined ? '' : streetKeyOf(term);
  const shape: SimilarShape =
    houseNumber === undefined ? 'anywhere' : street !== '' && street !== term ? 'street' : 'number';
  const house = prefixRange(`${houseNumber ?? ''} `);
  const streetRange = prefixRange(street);
  // Without a house number, the trigram index over the whole county answers: a slow statement.
  const statement = statementOf(
    `similar.${column}.${shape}`,
    (input: Params<SimilarInput>) => correctedAndSimilar(PARCEL_SCANS[column], shape, input),
    { slow: shape === 'anywhere' },
  );
  const { rows } = await statement.run(db, {
    ...prefixInput(countyId, prefixes, limit),
    term,
    excludeIds,
    houseFrom: house.from,
    houseBelow: house.below,
    street,
    streetFrom: streetRange.from,
    streetBelow: streetRange.below,
  });
  return { rows: rows[0]!.rows, similar: rows[0]!.similar ?? [] };
}

/**
 * Which parcels the similarity fill compares: every parcel (no house number), those of the
 * house number, or those and the term's neighbours on its street. Each is a statement of its own.
 */
type SimilarShape = 'anywhere' | 'number' | 'street';

type SimilarInput = PrefixInput & {
  term: string;
  excludeIds: string[];
  /** The house number followed by a space, as a key range. */
  houseFrom: string;
  houseBelow: string;
  /** The term's street key, and the range of keys starting with it. */
  street: string;
  streetFrom: string;
  streetBelow: string;
};

/** The statement of parcelsCorrectedAndSimilar, for one scan and shape. */
function correctedAndSimilar(scan: Scan, shape: SimilarShape, input: Params<SimilarInput>) {
  const { countyId, term, excludeIds, limit } = input;
  const similarity = sql`word_similarity(${term}, address_key)`;
  let candidates = sql`
    SELECT id, apn, address, city, state, zip, address_key, ${similarity} AS similarity
    FROM parcels
    WHERE county_id = ${countyId} AND ${term} <% address_key`;
  if (shape !== 'anywhere') {
    // Address keys only, from the btrees themselves (index-only scans), so a few hundred
    // candidates cost no heap page each; the parcels of the best keys are fetched after.
    let keys = sql`(SELECT address_key FROM parcels
      WHERE county_id = ${countyId}
        AND address_key >= ${input.houseFrom} COLLATE "C"
        AND address_key < ${input.houseBelow} COLLATE "C"
      ORDER BY address_key
      LIMIT ${sql.lit(SIMILAR_CANDIDATES)})`;
    if (shape === 'street') {
      // And the parcels around the term's place on its street, both ways, in address order.
      const onStreet = sql`county_id = ${countyId}
        AND street_key >= ${input.streetFrom} COLLATE "C"
        AND street_key < ${input.streetBelow} COLLATE "C"`;
      const here = sql`(${input.street} COLLATE "C", ${term} COLLATE "C")`;
      keys = sql`${keys}
        UNION (SELECT address_key FROM parcels
          WHERE ${onStreet} AND (street_key, address_key) >= ${here}
          ORDER BY street_key, address_key
          LIMIT ${sql.lit(STREET_NEIGHBOURS)})
        UNION (SELECT address_key FROM parcels
          WHERE ${onStreet} AND (street_key, address_key) < ${here}
          ORDER BY street_key DESC, address_key DESC
          LIMIT ${sql.lit(STREET_NEIGHBOURS)})`;
    }
    // Enough keys that `limit` parcels remain once those already found are left out.
    const best = sql`
      SELECT address_key, ${similarity} AS similarity FROM (${keys}) AS k
      WHERE ${term} <% address_key
      ORDER BY similarity DESC, address_key
      LIMIT 3 * ${limit}`;
    candidates = sql`
      SELECT p.id, p.apn, p.address, p.city, p.state, p.zip, p.address_key, best.similarity
      FROM (${best}) AS best
      JOIN parcels AS p ON p.county_id = ${countyId} AND p.address_key = best.address_key`;
  }
  // Materialised, so the planner cannot answer the btree ranges with the GIN index, whose
  // posting lists for common trigrams ("  1", " ST") span the whole table.
  return sql<{ rows: ParcelHit[]; similar: ParcelHit[] | null }>`
    WITH corrected AS MATERIALIZED (${prefixScan(scan, input)}),
    candidates AS MATERIALIZED (${candidates})
    SELECT ${jsonRows('corrected', scan)} AS rows,
      CASE WHEN (SELECT count(DISTINCT id) FROM corrected WHERE id <> ALL (${excludeIds}::text[]))
                + cardinality(${excludeIds}::text[]) < ${limit}
        THEN (SELECT coalesce(json_agg(s ORDER BY s.similarity DESC, s.address_key), '[]') FROM (
          SELECT id::text AS id, apn, address, city, state, zip, address_key, similarity
          FROM candidates
          WHERE id::text <> ALL (${excludeIds}::text[])
            AND id::text NOT IN (SELECT id FROM corrected)
          ORDER BY similarity DESC, address_key
          LIMIT ${limit}) AS s)
      END AS similar`;
}

import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { matchConfidence } from '../../keys/names.ts';

/** Similarity of two street keys, with the same house number and zip, to count as one address. */
export const ADDRESS_SIMILARITY = 0.6;
/** Confidence of an address match by equal street keys; a similar one is this times similarity. */
export const ADDRESS_CONFIDENCE = 0.9;
/**
 * A name matched by a variant (same surname and first name, compatible middle) or a surname typo
 * alerts only at this confidence or above (matchConfidence of names.ts, which counts the
 * namesakes of the guarded and of the recorded name in the county's index): with 0.6, a variant
 * alerts while the commoner of the two has at most 40 documents under its surname and first
 * name, a typo at most 11. Above that the rule cannot tell the subscriber from namesakes, and
 * would mail them about strangers' deeds. Equal keys, APNs and addresses always alert.
 */
export const MIN_VARIANT_CONFIDENCE = 0.6;

/**
 * matchConfidence of names.ts in SQL, over two column expressions of the query below: in double
 * precision like Math.log10 (a numeric log cost 8 µs a row, 60 ms a batch), rounded to 3 places.
 */
const confidence = (base: string, documents: string) =>
  sql.raw(`round((${base}::float8 / (1 + log(1 + ${documents}::float8 / 25)))::numeric, 3)`);

/**
 * The most namesakes a variant can have and still alert (40 documents with a floor of 0.6); a
 * typo allows fewer. Counting stops past it: the commonest names have hundreds of index rows.
 */
export const MAX_VARIANT_NAMESAKES = (() => {
  let n = 0;
  while (matchConfidence('variant', n + 1) >= MIN_VARIANT_CONFIDENCE) n++;
  return n;
})();

/**
 * The county's index documents under a namesake prefix (names.ts namesakePrefixes): names whose
 * C-collated key is the prefix, or the prefix, a space and more. Only up to
 * MAX_VARIANT_NAMESAKES + 1 rows, each counting at least 1, are read: above that the exact
 * figure decides nothing.
 */
const namesakeDocumentsSql = (county: string, prefix: string) =>
  `(SELECT coalesce(sum(c.document_count), 0) FROM (
      SELECT n.document_count FROM index_names n
      WHERE n.county_id = ${county} AND n.document_count > 0
        AND n.name_key >= ${prefix} AND n.name_key < ${prefix} || '!'
      LIMIT ${MAX_VARIANT_NAMESAKES + 1}) AS c)`;
const namesakeDocuments = (county: string, prefix: string) =>
  sql.raw(namesakeDocumentsSql(county, prefix));

/**
 * One name's namesake documents, summed over its readings (a party's, or a guarded name's),
 * each counted by namesakeDocuments under its surname and first name, in the county of the
 * candidate `v` (the document's, which is the subscription's).
 */
const readingsNamesakes = (
  readings: 'document_party_readings' | 'name_subscription_readings',
  owner: 'party_id' | 'subscription_id',
  ownerValue: 'v.party_id' | 'v.subscription_id',
) =>
  sql.raw(`(
        SELECT coalesce(sum(c.documents), 0) AS documents
        FROM ${readings} x
        CROSS JOIN LATERAL (
          SELECT ${namesakeDocumentsSql('v.county_id', `rtrim(x.surname || ' ' || x.first) COLLATE "C"`)} AS documents
        ) AS c
        WHERE x.${owner} = ${ownerValue}
      )`);

/**
 * Locks the documents of `ids` not matched yet, skipping any another matcher holds: each
 * document is matched once, by whichever transaction claims it. Documents of a disabled county
 * are left unmatched, for the sweep to match once the county is enabled again.
 */
export async function claimUnmatched(trx: Executor, ids: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT d.id FROM recorded_documents d
    WHERE d.id = ANY (${ids}::bigint[]) AND d.matched_at IS NULL
      AND EXISTS (SELECT 1 FROM counties c WHERE c.id = d.county_id AND c.is_enabled)
    ORDER BY d.id
    FOR UPDATE OF d SKIP LOCKED`.execute(trx);
  return rows.map((r) => r.id);
}

export type NewEvent = { user_id: string; document_id: string };

/**
 * Every subscription the claimed documents hit, as events: one per (subscription, document),
 * the strongest reason kept, an existing one never repeated. Set-based over the whole batch,
 * joining keys computed at write time (migration 0010):
 * - APN: equal keys in the county;
 * - address: equal street keys (unless both sides give a zip and the zips differ), or the same
 *   house number and zip with similar street keys;
 * - name: equal canonical keys (any kind); for people, a reading with the same surname and
 *   first name and a compatible middle; or a surname one edit away (a shared deletion key) with
 *   the same first name and a compatible middle.
 * Only enabled counties, and only subscriptions activated at or before the recording.
 * Confidence of a name match falls with how common the name is in the county's index: for equal
 * keys, the documents carrying the guarded name; for a variant or typo, the documents under the
 * surname and first name of either name (any middle), whichever is larger. The SQL twin of
 * matchConfidence in matching/names.ts. A variant or typo under MIN_VARIANT_CONFIDENCE writes
 * no event.
 */
export async function insertEvents(trx: Executor, ids: readonly string[]): Promise<NewEvent[]> {
  if (ids.length === 0) return [];
  // Compiling this plan took 115 ms of JIT for a query of index probes (the planner's row
  // estimates of the CTEs run far above the batch's).
  await sql`SET LOCAL jit = off`.execute(trx);
  const { rows } = await sql<NewEvent>`
    WITH docs AS MATERIALIZED (
      SELECT d.id, d.county_id, d.recorded_at
      FROM recorded_documents d
      JOIN counties c ON c.id = d.county_id AND c.is_enabled
      WHERE d.id = ANY (${ids}::bigint[])
    ),
    parties AS MATERIALIZED (
      SELECT p.id, p.document_id, p.role, p.name, p.match_key, d.county_id, d.recorded_at
      FROM docs d JOIN document_parties p ON p.document_id = d.id
    ),
    parcels AS MATERIALIZED (
      SELECT p.document_id, p.apn, p.apn_key, p.address, p.address_key, p.zip,
             d.county_id, d.recorded_at
      FROM docs d JOIN document_parcels p ON p.document_id = d.id
    ),
    apn_hits AS (
      SELECT s.id AS apn_subscription_id, NULL::uuid AS name_subscription_id, s.user_id,
             p.document_id, 'apn' AS match_kind, p.apn AS matched_value,
             NULL AS party_role, true AS is_exact, 1.0 AS confidence
      FROM parcels p
      -- Every join to a subscription table is a probe of its index per row of the batch
      -- (OFFSET 0 keeps it one): the planner cannot size these CTEs, and with more work_mem
      -- it hashed all 200,000 APN subscriptions, twice.
      CROSS JOIN LATERAL (
        SELECT s.id, s.user_id FROM apn_subscriptions s
        WHERE s.county_id = p.county_id AND s.apn_key = p.apn_key
          AND s.activated_at <= p.recorded_at
        OFFSET 0
      ) AS s
    ),
    address_hits AS (
      SELECT s.id, NULL::uuid, s.user_id, p.document_id, 'address', p.address, NULL,
             true, ${ADDRESS_CONFIDENCE}::numeric
      FROM parcels p
      CROSS JOIN LATERAL (
        SELECT s.id, s.user_id FROM apn_subscriptions s
        WHERE s.county_id = p.county_id AND s.address_key = p.address_key
          AND s.activated_at <= p.recorded_at
          AND (s.address_zip IS NULL OR p.zip IS NULL OR left(s.address_zip, 5) = left(p.zip, 5))
        OFFSET 0
      ) AS s
      WHERE p.address_key <> ''
      UNION ALL
      SELECT s.id, NULL::uuid, s.user_id, p.document_id, 'address', p.address, NULL,
             false, s.confidence
      FROM parcels p
      -- apn_subscriptions_address_number_idx (migration 0013: zip and house number); without
      -- OFFSET 0 the planner merged the whole index with the batch.
      CROSS JOIN LATERAL (
        SELECT s.id, s.user_id,
               round(${ADDRESS_CONFIDENCE} * similarity(s.address_key, p.address_key)::numeric, 3) AS confidence
        FROM apn_subscriptions s
        WHERE s.county_id = p.county_id AND s.address_zip = p.zip
          AND split_part(s.address_key, ' ', 1) = split_part(p.address_key, ' ', 1)
          AND s.address_key <> p.address_key
          AND similarity(s.address_key, p.address_key) >= ${ADDRESS_SIMILARITY}
          AND s.activated_at <= p.recorded_at
        OFFSET 0
      ) AS s
      WHERE p.zip IS NOT NULL AND p.address_key <> ''
    ),
    -- Each party's readings, and each reading's deletion keys, one row each: joined to the
    -- subscription side by plain btree equality (a lateral unnest inside the join made the
    -- planner join on the first name alone and filter a million rows).
    readings AS MATERIALIZED (
      SELECT p.id AS party_id, p.document_id, p.role, p.name, p.county_id, p.recorded_at,
             r.surname, r.first, r.middle, r.deletion_keys,
             rtrim(r.surname || ' ' || r.first) COLLATE "C" AS prefix
      FROM parties p JOIN document_party_readings r ON r.party_id = p.id
    ),
    party_typo_keys AS MATERIALIZED (
      SELECT r.party_id, r.document_id, r.role, r.name, r.county_id, r.recorded_at,
             r.surname, r.first, r.middle, r.prefix, k.deletion_key
      FROM readings r CROSS JOIN LATERAL unnest(r.deletion_keys) AS k (deletion_key)
      -- In index order: the probes below then walk name_subscription_typo_keys_key_idx from
      -- one end to the other instead of at random (37,000 probes a 1,000 documents).
      ORDER BY k.deletion_key, r.first
    ),
    -- Variants and typos of people's names.
    variant_candidates AS MATERIALIZED (
      SELECT s.subscription_id, r.party_id, r.document_id, r.name, r.role, r.recorded_at,
             r.county_id, r.prefix, 0.85 AS base
      FROM readings r
      JOIN name_subscription_readings s
        ON s.county_id = r.county_id AND s.surname = r.surname AND s.first = r.first
      WHERE names_middle_compatible(s.middle, r.middle)
      UNION ALL
      SELECT t.subscription_id, k.party_id, k.document_id, k.name, k.role, k.recorded_at,
             k.county_id, k.prefix, 0.7
      FROM party_typo_keys k
      JOIN name_subscription_typo_keys t
        ON t.county_id = k.county_id AND t.deletion_key = k.deletion_key AND t.first = k.first
      WHERE t.surname <> k.surname AND names_middle_compatible(t.middle, k.middle)
    ),
    -- Namesakes, whom a variant or a typo cannot tell from the subscriber: the county's index
    -- documents under a name's readings' surname and first name, any middle (SMITH JOHN,
    -- SMITH JOHN A, SMITH JOHN ALLEN TR ...: names.ts namesakePrefixes), through a range of the
    -- C-collated key; the more common of the guarded and the recorded name counts. First the
    -- matched reading's own, once per batch: a candidate already under the floor with it goes
    -- before the other readings of both names are counted.
    matched_prefix_documents AS MATERIALIZED (
      SELECT k.county_id, k.prefix,
             ${namesakeDocuments('k.county_id', 'k.prefix')} AS documents
      FROM (SELECT DISTINCT county_id, prefix FROM variant_candidates) AS k
    ),
    plausible AS MATERIALIZED (
      SELECT v.*
      FROM variant_candidates v
      JOIN matched_prefix_documents d ON d.county_id = v.county_id AND d.prefix = v.prefix
      WHERE ${confidence('v.base', 'd.documents')} >= ${MIN_VARIANT_CONFIDENCE}
    ),
    -- Then, for the candidates left, every reading of the recorded name and, for those still
    -- left, of the guarded one, row by row through the indexes (joins between these CTEs, whose
    -- sizes the planner cannot estimate, ran as nested loops over each other).
    recorded_namesakes AS MATERIALIZED (
      SELECT v.*, r.documents
      FROM plausible v
      CROSS JOIN LATERAL ${readingsNamesakes('document_party_readings', 'party_id', 'v.party_id')} AS r
      WHERE ${confidence('v.base', 'r.documents')} >= ${MIN_VARIANT_CONFIDENCE}
    ),
    namesakes AS (
      SELECT v.subscription_id, v.document_id, v.name, v.role, v.recorded_at, v.base,
             greatest(v.documents, g.documents) AS documents
      FROM recorded_namesakes v
      CROSS JOIN LATERAL ${readingsNamesakes('name_subscription_readings', 'subscription_id', 'v.subscription_id')} AS g
    ),
    name_candidates AS (
      SELECT s.id AS subscription_id, p.document_id, p.name, p.role, p.recorded_at,
             true AS is_exact, NULL::numeric AS confidence
      FROM parties p
      -- name_subscriptions_match_key_idx (without OFFSET 0, a hash of every subscription);
      -- its predicate repeated so that the partial index qualifies.
      CROSS JOIN LATERAL (
        SELECT s.id FROM name_subscriptions s
        WHERE s.county_id = p.county_id AND s.match_key = p.match_key AND s.match_key <> ''
        OFFSET 0
      ) AS s
      WHERE p.match_key <> ''
      UNION ALL
      SELECT v.subscription_id, v.document_id, v.name, v.role, v.recorded_at, false, c.confidence
      FROM namesakes v
      CROSS JOIN LATERAL (
        SELECT ${confidence('v.base', 'v.documents')} AS confidence
      ) AS c
      WHERE c.confidence >= ${MIN_VARIANT_CONFIDENCE}
    ),
    name_hits AS (
      SELECT NULL::uuid, s.id, s.user_id, c.document_id, 'name', c.name, c.role, c.is_exact,
             coalesce(c.confidence,
                      ${confidence('1.0', 'coalesce(n.document_count, 0)')})
      FROM name_candidates c
      JOIN name_subscriptions s ON s.id = c.subscription_id
      LEFT JOIN index_names n
        ON c.is_exact AND n.county_id = s.county_id AND n.name_key = s.name_key
      WHERE s.activated_at <= c.recorded_at
    ),
    hits AS (
      SELECT * FROM apn_hits
      UNION ALL SELECT * FROM address_hits
      UNION ALL SELECT * FROM name_hits
    ),
    best AS (
      SELECT DISTINCT ON (coalesce(apn_subscription_id, name_subscription_id), document_id) *
      FROM hits
      ORDER BY coalesce(apn_subscription_id, name_subscription_id), document_id,
               confidence DESC, is_exact DESC, match_kind, matched_value
    )
    INSERT INTO events (user_id, document_id, apn_subscription_id, name_subscription_id,
                        match_kind, matched_value, party_role, is_exact, confidence)
    SELECT user_id, document_id, apn_subscription_id, name_subscription_id, match_kind,
           matched_value, party_role, is_exact, confidence
    FROM best
    ON CONFLICT DO NOTHING
    RETURNING user_id, document_id`.execute(trx);
  return rows;
}

/**
 * The county's index documents under the namesake prefixes of one name (names.ts
 * namesakePrefixes), summed over them as insertEvents sums a name's readings: what the explain
 * endpoint needs to give the job's verdict on a variant or typo.
 */
export async function namesakeCount(
  db: Executor,
  countyId: number,
  prefixes: readonly string[],
): Promise<number> {
  if (prefixes.length === 0) return 0;
  const { rows } = await sql<{ documents: number }>`
    SELECT coalesce(sum(c.documents), 0)::int AS documents
    FROM (SELECT ${countyId}::int AS county_id, unnest(${prefixes}::text[]) AS prefix) AS p
    CROSS JOIN LATERAL (
      SELECT ${namesakeDocuments('p.county_id', 'p.prefix COLLATE "C"')} AS documents
    ) AS c`.execute(db);
  return rows[0]!.documents;
}

export async function markMatched(trx: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE recorded_documents SET matched_at = now() WHERE id = ANY (${ids}::bigint[])`.execute(
    trx,
  );
}

/**
 * The events of the documents, and the alerts they make (one per user and document), once
 * whichever matcher holds the documents now has committed: the match-documents job may have
 * claimed them before the caller could.
 */
export async function matchedCounts(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return { events: 0, alerts: 0 };
  return db.transaction().execute(async (trx) => {
    await sql`SELECT id FROM recorded_documents WHERE id = ANY (${ids}::bigint[]) FOR SHARE`.execute(
      trx,
    );
    const { rows } = await sql<{ events: number; alerts: number }>`
      SELECT count(*)::int AS events, count(DISTINCT (user_id, document_id))::int AS alerts
      FROM events WHERE document_id = ANY (${ids}::bigint[])`.execute(trx);
    return rows[0]!;
  });
}

/**
 * Documents ingested but never matched (a lost job, a crash, a county enabled again): the
 * sweep's work. A disabled county's documents wait, and do not crowd out the others.
 */
export async function unmatchedIds(db: Executor, olderThan: Date, limit: number) {
  const { rows } = await sql<{ id: string }>`
    SELECT d.id FROM recorded_documents d
    JOIN counties c ON c.id = d.county_id AND c.is_enabled
    WHERE d.matched_at IS NULL AND d.ingested_at < ${olderThan}
    ORDER BY d.id LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

import { sql } from 'kysely';
import { type Executor, withoutJit } from '../../db/database.ts';
import type { MatchTier } from '../../db/types.ts';
import {
  MATCH_BASE_CONFIDENCE,
  matchConfidence,
  type NameRule,
  STRONG_CONFIDENCE,
} from '../../keys/names.ts';

/** Similarity of two street keys, with the same house number and zip, to count as one address. */
export const ADDRESS_SIMILARITY = 0.6;
/** Confidence of an address match by equal street keys; a similar one is this times similarity. */
export const ADDRESS_CONFIDENCE = 0.9;
/**
 * The most a similar address is worth when one side gives a unit and the other none (a building
 * and one of its units): under STRONG_CONFIDENCE, a possible match however similar the streets.
 */
export const ADDRESS_ONE_UNIT_CONFIDENCE = 0.5;

/**
 * SQL over two street-key expressions: no part given on both sides differs — the direction, the
 * street type, the unit (address_parts, migration 0035; match-keys.ts conflictingAddressPart).
 */
export const addressPartsAgree = (a: string, b: string) =>
  sql.raw(`NOT EXISTS (
    SELECT 1 FROM unnest(address_parts(${a}), address_parts(${b})) AS x (a, b)
    WHERE x.a <> '' AND x.b <> '' AND x.a <> x.b)`);

/**
 * SQL: the confidence of a similar address, ADDRESS_CONFIDENCE times the streets' similarity,
 * at most ADDRESS_ONE_UNIT_CONFIDENCE when one side only gives a unit (match-keys.ts
 * unitOnOneSide). The tier follows from it as a name's does: strong at STRONG_CONFIDENCE.
 */
export const similarAddressConfidence = (a: string, b: string) =>
  sql.raw(`CASE WHEN ((address_parts(${a}))[3] = '') <> ((address_parts(${b}))[3] = '')
    THEN least(round(${ADDRESS_CONFIDENCE} * similarity(${a}, ${b})::numeric, 3), ${ADDRESS_ONE_UNIT_CONFIDENCE})
    ELSE round(${ADDRESS_CONFIDENCE} * similarity(${a}, ${b})::numeric, 3) END`);

/** SQL: the tier of a match that is not exact, from its confidence expression. */
export const tierOf = (confidence: string) =>
  sql.raw(`CASE WHEN ${confidence} >= ${STRONG_CONFIDENCE} THEN 'strong' ELSE 'possible' END`);
/**
 * matchConfidence of names.ts in SQL, over two column expressions of the query below: in double
 * precision like Math.log10 (a numeric log cost 8 µs a row, 60 ms a batch), rounded to 3 places.
 */
const confidence = (base: string, documents: string) =>
  sql.raw(`round((${base}::float8 / (1 + log(1 + ${documents}::float8 / 25)))::numeric, 3)`);

/**
 * Namesakes are counted up to the figure past which no match but an exact one can be strong (a
 * variant of a name with more than 40 documents under its surname and first name is possible;
 * every other rule starts lower): the commonest names have hundreds of index rows, and past
 * this figure the exact count decides nothing.
 */
export const MAX_VARIANT_NAMESAKES = (() => {
  let n = 0;
  while (matchConfidence('variant', n + 1) >= STRONG_CONFIDENCE) n++;
  return n;
})();

/**
 * The county's index documents under a namesake prefix (names.ts namesakePrefixes): names whose
 * C-collated key is the prefix, or the prefix, a space and more. Only up to
 * MAX_VARIANT_NAMESAKES + 1 rows, each counting at least 1, are read.
 */
const namesakeDocuments = (county: string, prefix: string) =>
  sql.raw(`(SELECT coalesce(sum(c.document_count), 0) FROM (
      SELECT n.document_count FROM index_names n
      WHERE n.county_id = ${county} AND n.document_count > 0
        AND n.name_key >= ${prefix} AND n.name_key < ${prefix} || '!'
      LIMIT ${MAX_VARIANT_NAMESAKES + 1}) AS c)`);

const base = (rule: NameRule) => sql.raw(String(MATCH_BASE_CONFIDENCE[rule]));

/** How far back the history check looks: documents recorded in the ten years before a guard. */
export const HISTORY_YEARS = 10;

/**
 * Whether a subscription `s` (activated) is matched against a document `d`: one recorded since
 * its activation, live; or one recorded in the HISTORY_YEARS before it, which the history check
 * looks at once, shortly after activation. A county that delivers a document after that check
 * (a late batch, a back-load) would leave such a document unseen by both, so the matcher takes
 * it too, as the history check would have: on record (`onRecord`), listed with the guard's
 * history and alerted to nobody. A document the check also found keeps the check's one event.
 */
const inReach = (s: string, d: string) =>
  sql.raw(`${s}.activated_at <= ${d}.recorded_at + make_interval(years => ${HISTORY_YEARS})`);
const onRecord = (s: string, d: string) => sql.raw(`${s}.activated_at > ${d}.recorded_at`);

/**
 * Locks the documents of `ids` not matched yet, skipping any another transaction holds: each
 * document is matched once, by whichever matcher claims it. FOR NO KEY UPDATE, the lock the
 * matched mark's update needs, so a transaction that only inserts rows referring to a document
 * (an alert's delivery, a fraud report) holds nothing the claim must skip. Documents of a
 * disabled county are left unmatched, for the sweep to match once the county is enabled again.
 */
export async function claimUnmatched(
  trx: Executor,
  ids: readonly string[],
): Promise<{ id: string; county_id: number }[]> {
  const { rows } = await sql<{ id: string; county_id: number }>`
    SELECT d.id, d.county_id FROM recorded_documents d
    WHERE d.id = ANY (${ids}::bigint[]) AND d.matched_at IS NULL
      AND EXISTS (SELECT 1 FROM counties c WHERE c.id = d.county_id AND c.is_enabled)
    ORDER BY d.id
    FOR NO KEY UPDATE OF d SKIP LOCKED`.execute(trx);
  return rows;
}

export type NewEvent = {
  user_id: string;
  document_id: string;
  match_kind: string;
  tier: MatchTier;
  /** Whether the event alerts at once: exact and strong do, possible only when its guarded name asks for it. */
  alert: boolean;
};

/**
 * Every subscription the claimed documents hit, as events: one per (subscription, document),
 * an exact one kept before any other, else the most confident, an existing one never repeated. Set-based over the whole batch,
 * joining keys computed at write time (migrations 0010 and 0018):
 * - APN: equal keys in the county (tier exact);
 * - address: equal street keys, unless both sides give a zip and the zips differ (exact), or
 *   the same house number and zip with similar street keys whose unit, direction and street
 *   type do not differ (strong at STRONG_CONFIDENCE, else possible);
 * - name: equal canonical keys, any kind (exact); for people, a reading with the same surname
 *   and first name, or a nickname of it, or its initial; or a surname one edit away (a shared
 *   deletion key) with the same first name, unless both readings are first-last — always with
 *   a compatible middle name and suffix, and never one part of a two-part surname against
 *   another part.
 *   Each rule has names.ts's base confidence (a part reading's is the part rule's), divided by
 *   how common the name is in the county: the documents of the county's index under the
 *   surname and first name of each reading of either name, whichever name has more. At
 *   STRONG_CONFIDENCE or more the match is strong, under it possible. The SQL twin of
 *   matchName and matchConfidence in keys/names.ts.
 * Only enabled counties, and only subscriptions activated at or before the recording.
 */
export async function insertEvents(trx: Executor, ids: readonly string[]): Promise<NewEvent[]> {
  if (ids.length === 0) return [];
  // Compiling this plan took 115 ms of JIT for a query of index probes (the planner's row
  // estimates of the CTEs run far above the batch's).
  await withoutJit(trx);
  const { rows } = await sql<NewEvent>`
    WITH docs AS MATERIALIZED (
      SELECT d.id, d.county_id, d.recorded_at, d.document_type
      FROM recorded_documents d
      JOIN counties c ON c.id = d.county_id AND c.is_enabled
      WHERE d.id = ANY (${ids}::bigint[])
    ),
    parties AS MATERIALIZED (
      SELECT p.id, p.document_id, p.role, p.name, p.match_key, p.suffix, d.county_id, d.recorded_at
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
             NULL AS party_role, true AS is_exact, 1.0 AS confidence, 'exact' AS tier,
             NULL::integer AS namesakes, s.on_record
      FROM parcels p
      -- Every join to a subscription table is a probe of its index per row of the batch
      -- (OFFSET 0 keeps it one): the planner cannot size these CTEs, and with more work_mem
      -- it hashed all 200,000 APN subscriptions, twice.
      CROSS JOIN LATERAL (
        SELECT s.id, s.user_id, ${onRecord('s', 'p')} AS on_record FROM apn_subscriptions s
        WHERE s.county_id = p.county_id AND s.apn_key = p.apn_key
          AND ${inReach('s', 'p')}
        OFFSET 0
      ) AS s
    ),
    address_hits AS (
      SELECT s.id, NULL::uuid, s.user_id, p.document_id, 'address', p.address, NULL,
             true, ${ADDRESS_CONFIDENCE}::numeric, 'exact', NULL::integer, s.on_record
      FROM parcels p
      CROSS JOIN LATERAL (
        SELECT s.id, s.user_id, ${onRecord('s', 'p')} AS on_record FROM apn_subscriptions s
        WHERE s.county_id = p.county_id AND s.address_key = p.address_key
          AND ${inReach('s', 'p')}
          AND (s.address_zip IS NULL OR p.zip IS NULL OR left(s.address_zip, 5) = left(p.zip, 5))
        OFFSET 0
      ) AS s
      WHERE p.address_key <> ''
      UNION ALL
      SELECT s.id, NULL::uuid, s.user_id, p.document_id, 'address', p.address, NULL,
             false, s.confidence, ${tierOf('s.confidence')}, NULL::integer, s.on_record
      FROM parcels p
      -- apn_subscriptions_address_number_idx (migration 0013: zip and house number); without
      -- OFFSET 0 the planner merged the whole index with the batch.
      CROSS JOIN LATERAL (
        SELECT s.id, s.user_id,
               ${similarAddressConfidence('s.address_key', 'p.address_key')} AS confidence,
               ${onRecord('s', 'p')} AS on_record
        FROM apn_subscriptions s
        WHERE s.county_id = p.county_id AND s.address_zip = p.zip
          AND split_part(s.address_key, ' ', 1) = split_part(p.address_key, ' ', 1)
          AND s.address_key <> p.address_key
          AND similarity(s.address_key, p.address_key) >= ${ADDRESS_SIMILARITY}
          AND ${addressPartsAgree('s.address_key', 'p.address_key')}
          AND ${inReach('s', 'p')}
        OFFSET 0
      ) AS s
      WHERE p.zip IS NOT NULL AND p.address_key <> ''
    ),
    -- Each party's readings, and each base reading's deletion keys, one row each: joined to the
    -- subscription side by plain btree equality (a lateral unnest inside the join made the
    -- planner join on the first name alone and filter a million rows).
    readings AS MATERIALIZED (
      SELECT p.id AS party_id, p.document_id, p.county_id, p.suffix,
             r.surname, r.first, r.middle, r.is_part, r.is_reversed, r.deletion_keys
      FROM parties p JOIN document_party_readings r ON r.party_id = p.id
    ),
    party_typo_keys AS MATERIALIZED (
      SELECT r.party_id, r.document_id, r.county_id, r.suffix, r.surname, r.first, r.middle,
             r.is_reversed, k.deletion_key
      FROM readings r CROSS JOIN LATERAL unnest(r.deletion_keys) AS k (deletion_key)
      -- In index order: the probes below then walk name_subscription_typo_keys_key_idx from
      -- one end to the other instead of at random (37,000 probes a 1,000 documents).
      ORDER BY k.deletion_key, r.first
    ),
    -- The subscriptions' typo keys the batch's keys meet, each (key, first name) probed once:
    -- common surnames repeat within a batch, and each of their readings has the same keys.
    typo_found AS MATERIALIZED (
      SELECT k.county_id, k.deletion_key, k.first, t.subscription_id, t.surname, t.is_reversed,
             t.middle, t.suffix
      FROM (SELECT DISTINCT county_id, deletion_key, first FROM party_typo_keys
            ORDER BY deletion_key, first) AS k
      CROSS JOIN LATERAL (
        SELECT t.subscription_id, t.surname, t.is_reversed, t.middle, t.suffix
        FROM name_subscription_typo_keys t
        WHERE t.county_id = k.county_id AND t.deletion_key = k.deletion_key AND t.first = k.first
        OFFSET 0
      ) AS t
    ),
    -- People's names matched by a rule other than equal keys, with the rule's base confidence.
    -- Each join to a subscription table is a probe of its index per reading or key (OFFSET 0
    -- keeps it one): estimated from these CTEs, the planner merged the batch's 37,000 typo keys
    -- with all 3.6M of the subscriptions', 9 s a batch.
    rule_candidates AS (
      SELECT s.subscription_id, r.party_id, r.document_id, r.county_id,
             CASE WHEN r.is_part OR s.is_part THEN ${base('part')} ELSE ${base('variant')} END AS base
      FROM readings r
      CROSS JOIN LATERAL (
        SELECT s.subscription_id, s.is_part FROM name_subscription_readings s
        WHERE s.county_id = r.county_id AND s.surname = r.surname AND s.first = r.first
          AND NOT (r.is_part AND s.is_part)
          AND names_middle_compatible(s.middle, r.middle) AND names_suffix_compatible(s.suffix, r.suffix)
        OFFSET 0
      ) AS s
      UNION ALL
      SELECT n.subscription_id, r.party_id, r.document_id, r.county_id,
             CASE WHEN r.is_part OR n.is_part THEN ${base('part')} ELSE ${base('nickname')} END
      FROM readings r
      CROSS JOIN LATERAL (
        SELECT n.subscription_id, n.is_part FROM name_subscription_nicknames n
        WHERE n.county_id = r.county_id AND n.surname = r.surname AND n.nickname = r.first
          AND NOT (r.is_part AND n.is_part)
          AND names_middle_compatible(n.middle, r.middle) AND names_suffix_compatible(n.suffix, r.suffix)
        OFFSET 0
      ) AS n
      UNION ALL
      -- A first initial on either side: J for JOHN in the document, or in the guarded name.
      SELECT s.subscription_id, r.party_id, r.document_id, r.county_id, ${base('initial')}
      FROM readings r
      CROSS JOIN LATERAL (
        SELECT s.subscription_id FROM name_subscription_readings s
        WHERE s.county_id = r.county_id AND s.surname = r.surname
          AND length(s.first) > 1 AND left(s.first, 1) = r.first
          AND NOT (r.is_part AND s.is_part)
          AND names_middle_compatible(s.middle, r.middle) AND names_suffix_compatible(s.suffix, r.suffix)
        OFFSET 0
      ) AS s
      WHERE length(r.first) = 1
      UNION ALL
      SELECT s.subscription_id, r.party_id, r.document_id, r.county_id, ${base('initial')}
      FROM readings r
      CROSS JOIN LATERAL (
        SELECT s.subscription_id FROM name_subscription_readings s
        WHERE s.county_id = r.county_id AND s.surname = r.surname AND s.first = left(r.first, 1)
          AND NOT (r.is_part AND s.is_part)
          AND names_middle_compatible(s.middle, r.middle) AND names_suffix_compatible(s.suffix, r.suffix)
        OFFSET 0
      ) AS s
      WHERE length(r.first) > 1
      UNION ALL
      SELECT t.subscription_id, k.party_id, k.document_id, k.county_id, ${base('typo')}
      FROM party_typo_keys k
      JOIN typo_found t
        ON t.county_id = k.county_id AND t.deletion_key = k.deletion_key AND t.first = k.first
      WHERE t.surname <> k.surname AND NOT (t.is_reversed AND k.is_reversed)
        AND names_middle_compatible(t.middle, k.middle) AND names_suffix_compatible(t.suffix, k.suffix)
    ),
    candidates AS MATERIALIZED (
      SELECT subscription_id, party_id, document_id, county_id, max(base) AS base
      FROM rule_candidates GROUP BY subscription_id, party_id, document_id, county_id
    ),
    -- Namesakes, whom such a match cannot tell from the subscriber: the county's index
    -- documents under the surname and first name of each reading (not part readings) of a
    -- name (SMITH JOHN, SMITH JOHN A, SMITH JOHN ALLEN TR ...: names.ts namesakePrefixes),
    -- through a range of the C-collated key, each prefix counted once per batch.
    party_prefixes AS MATERIALIZED (
      SELECT DISTINCT c.party_id, c.county_id, rtrim(x.surname || ' ' || x.first) COLLATE "C" AS prefix
      FROM (SELECT DISTINCT party_id, county_id FROM candidates) AS c
      JOIN document_party_readings x ON x.party_id = c.party_id AND NOT x.is_part
    ),
    subscription_prefixes AS MATERIALIZED (
      SELECT DISTINCT c.subscription_id, c.county_id,
             rtrim(x.surname || ' ' || x.first) COLLATE "C" AS prefix
      FROM (SELECT DISTINCT subscription_id, county_id FROM candidates) AS c
      JOIN name_subscription_readings x ON x.subscription_id = c.subscription_id AND NOT x.is_part
    ),
    prefix_documents AS MATERIALIZED (
      SELECT k.county_id, k.prefix, ${namesakeDocuments('k.county_id', 'k.prefix')} AS documents
      FROM (SELECT county_id, prefix FROM party_prefixes
            UNION SELECT county_id, prefix FROM subscription_prefixes) AS k
    ),
    -- Each name's namesakes once, then joined to the candidates by hash: looked up per
    -- candidate, they rescanned the batch's prefixes for each (47 s a batch).
    party_namesakes AS MATERIALIZED (
      SELECT p.party_id, sum(d.documents) AS documents
      FROM party_prefixes p JOIN prefix_documents d USING (county_id, prefix)
      GROUP BY p.party_id
    ),
    subscription_namesakes AS MATERIALIZED (
      SELECT s.subscription_id, sum(d.documents) AS documents
      FROM subscription_prefixes s JOIN prefix_documents d USING (county_id, prefix)
      GROUP BY s.subscription_id
    ),
    rule_matches AS (
      SELECT c.subscription_id, c.party_id, c.base,
             greatest(coalesce(p.documents, 0), coalesce(s.documents, 0))::integer AS namesakes
      FROM candidates c
      LEFT JOIN party_namesakes p ON p.party_id = c.party_id
      LEFT JOIN subscription_namesakes s ON s.subscription_id = c.subscription_id
    ),
    name_candidates AS (
      SELECT s.id AS subscription_id, p.id AS party_id, true AS is_exact,
             NULL::numeric AS confidence, NULL::integer AS namesakes
      FROM parties p
      -- name_subscriptions_match_key_idx (without OFFSET 0, a hash of every subscription);
      -- its predicate repeated so that the partial index qualifies.
      CROSS JOIN LATERAL (
        SELECT s.id FROM name_subscriptions s
        WHERE s.county_id = p.county_id AND s.match_key = p.match_key AND s.match_key <> ''
          AND names_suffix_compatible(s.suffix, p.suffix)
        OFFSET 0
      ) AS s
      WHERE p.match_key <> ''
      UNION ALL
      SELECT subscription_id, party_id, false, ${confidence('base', 'namesakes')}, namesakes
      FROM rule_matches
    ),
    name_hits AS (
      SELECT NULL::uuid, s.id, s.user_id, p.document_id, 'name', p.name, p.role, c.is_exact,
             coalesce(c.confidence, ${confidence('1.0', 'coalesce(n.document_count, 0)')}),
             CASE WHEN c.is_exact THEN 'exact'
                  WHEN c.confidence >= ${STRONG_CONFIDENCE} THEN 'strong'
                  ELSE 'possible' END,
             coalesce(c.namesakes, n.document_count, 0), s.on_record
      FROM name_candidates c
      JOIN parties p ON p.id = c.party_id
      -- A primary-key probe per candidate: joined, the planner hashed all 300,000 name
      -- subscriptions for a batch's 7,000 candidates (86 ms a batch).
      CROSS JOIN LATERAL (
        SELECT s.id, s.user_id, s.county_id, s.name_key, ${onRecord('s', 'p')} AS on_record
        FROM name_subscriptions s
        WHERE s.id = c.subscription_id AND ${inReach('s', 'p')}
        OFFSET 0
      ) AS s
      LEFT JOIN index_names n
        ON c.is_exact AND n.county_id = s.county_id AND n.name_key = s.name_key
    ),
    hits AS (
      SELECT * FROM apn_hits
      UNION ALL SELECT * FROM address_hits
      UNION ALL SELECT * FROM name_hits
    ),
    -- An exact match first, however common the name: a variant's namesakes are counted only up
    -- to MAX_VARIANT_NAMESAKES index names, so its confidence may exceed the exact one's.
    best AS (
      SELECT DISTINCT ON (coalesce(apn_subscription_id, name_subscription_id), document_id) *
      FROM hits
      ORDER BY coalesce(apn_subscription_id, name_subscription_id), document_id,
               is_exact DESC, confidence DESC, match_kind, matched_value
    ),
    -- The level here, set-based: left to the events trigger it cost 0.8 ms an event, and
    -- event_level per event 58 µs (0.4 s of a batch's 1.2 s); it depends only on the county,
    -- the document type, the kind of match and the party's role, a few dozen of each batch.
    levels AS MATERIALIZED (
      SELECT k.county_id, k.document_type, k.match_kind, k.party_role,
             event_level(k.county_id, k.document_type, k.match_kind, k.party_role) AS level
      FROM (SELECT DISTINCT d.county_id, d.document_type, b.match_kind, b.party_role
            FROM best b JOIN docs d ON d.id = b.document_id) AS k
    ),
    inserted AS (
      INSERT INTO events (user_id, document_id, apn_subscription_id, name_subscription_id,
                          match_kind, matched_value, party_role, is_exact, confidence, tier,
                          namesakes, level, on_record)
      SELECT b.user_id, b.document_id, b.apn_subscription_id, b.name_subscription_id,
             b.match_kind, b.matched_value, b.party_role, b.is_exact, b.confidence, b.tier,
             b.namesakes, l.level, b.on_record
      FROM best b
      JOIN docs d ON d.id = b.document_id
      -- An address or APN match has no party role. Left joined, so that no event could be
      -- lost here: one without a level would get it from the events trigger.
      LEFT JOIN levels l
        ON l.county_id = d.county_id AND l.document_type = d.document_type
       AND l.match_kind = b.match_kind AND l.party_role IS NOT DISTINCT FROM b.party_role
      ON CONFLICT DO NOTHING
      RETURNING user_id, document_id, name_subscription_id, match_kind, tier, on_record
    )
    SELECT i.user_id, i.document_id, i.match_kind, i.tier,
           NOT i.on_record AND (i.tier <> 'possible' OR s.possible_matches = 'immediately') AS alert
    FROM inserted i
    -- Probed per event, as above (hashed: 63 ms a batch).
    LEFT JOIN LATERAL (
      SELECT s.possible_matches FROM name_subscriptions s
      WHERE s.id = i.name_subscription_id
      OFFSET 0
    ) AS s ON true`.execute(trx);
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

/**
 * namesakeCount for many prefixes at once, each counted on its own: one query where a history
 * check meets hundreds of names.
 */
export async function namesakeCountsByPrefix(
  db: Executor,
  countyId: number,
  prefixes: readonly string[],
): Promise<Map<string, number>> {
  if (prefixes.length === 0) return new Map();
  const { rows } = await sql<{ prefix: string; documents: number }>`
    SELECT p.prefix, c.documents::int AS documents
    FROM (SELECT DISTINCT ${countyId}::int AS county_id, unnest(${[...prefixes]}::text[]) AS prefix) AS p
    CROSS JOIN LATERAL (
      SELECT ${namesakeDocuments('p.county_id', 'p.prefix COLLATE "C"')} AS documents
    ) AS c`.execute(db);
  return new Map(rows.map((r) => [r.prefix, r.documents]));
}

export async function markMatched(trx: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE recorded_documents SET matched_at = now() WHERE id = ANY (${ids}::bigint[])`.execute(
    trx,
  );
}

/**
 * The events of the documents, and the alerts they make (one per user and document with an
 * event that alerts at once), once whichever matcher holds the documents now has committed: the
 * match-documents job may have claimed them before the caller could. With `since`, only the
 * events made after that time (a document matched again).
 */
export async function matchedCounts(db: Executor, ids: readonly string[], since?: Date) {
  if (ids.length === 0) return { events: 0, alerts: 0 };
  return db.transaction().execute(async (trx) => {
    await sql`SELECT id FROM recorded_documents WHERE id = ANY (${ids}::bigint[]) FOR SHARE`.execute(
      trx,
    );
    // An alert is a user and document with an event that alerts at once (matchDocuments): not
    // a possible match waiting for the digest, nor one found on record by a history check.
    const { rows } = await sql<{ events: number; alerts: number }>`
      SELECT count(*)::int AS events,
             count(DISTINCT (e.user_id, e.document_id))
               FILTER (WHERE NOT e.on_record
                         AND (e.tier <> 'possible' OR s.possible_matches = 'immediately'))::int AS alerts
      FROM events e
      LEFT JOIN name_subscriptions s ON s.id = e.name_subscription_id
      WHERE e.document_id = ANY (${ids}::bigint[])
        AND e.created_at > ${since ?? new Date(0)}::timestamptz`.execute(trx);
    return rows[0]!;
  });
}

/**
 * Documents ingested but never matched (a lost job, a crash, a county enabled again): the
 * sweep's work. A disabled county's documents wait, and do not crowd out the others.
 */
/**
 * Which of `ids` are still unmatched in an enabled county, as committed now: after a claim,
 * the ones another transaction held.
 */
export async function stillUnmatched(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    SELECT d.id FROM recorded_documents d
    JOIN counties c ON c.id = d.county_id AND c.is_enabled
    WHERE d.id = ANY (${ids}::bigint[]) AND d.matched_at IS NULL
    ORDER BY d.id`.execute(db);
  return rows.map((r) => r.id);
}

export async function unmatchedIds(db: Executor, olderThan: Date, limit: number) {
  const { rows } = await sql<{ id: string }>`
    SELECT d.id FROM recorded_documents d
    JOIN counties c ON c.id = d.county_id AND c.is_enabled
    WHERE d.matched_at IS NULL AND d.ingested_at < ${olderThan}
    ORDER BY d.id LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

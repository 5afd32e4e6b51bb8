import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { MatchTier, NameSuffix, PossibleMatches } from '../../db/types.ts';
import {
  ADDRESS_CONFIDENCE,
  ADDRESS_SIMILARITY,
  addressPartsAgree,
  similarAddressConfidence,
  tierOf,
} from '../matching/match.repository.ts';

/**
 * The end of a guard's history: its activation, from which on the live matcher takes its
 * documents; for a guard not active yet (its account's email not verified), the check's own
 * time. The start is `years` before it.
 */
const until = (alias: string) => sql.raw(`coalesce(${alias}.activated_at, now())`);

export type ApnGuard = {
  id: string;
  county_id: number;
  county_name: string;
  apn: string;
  description: string;
  created_at: Date;
  active: boolean;
};

export type NameGuard = {
  id: string;
  county_id: number;
  county_name: string;
  name: string;
  name_key: string;
  suffix: NameSuffix;
  possible_matches: PossibleMatches;
  created_at: Date;
  active: boolean;
};

/**
 * The user's guards whose history has not been checked, locked until the caller's transaction
 * ends: a second check of the same user waits, then finds them checked (READ COMMITTED
 * re-reads a row it waited for) and does nothing twice.
 */
export async function lockUncheckedGuards(trx: Executor, userId: string) {
  const { rows: apns } = await sql<ApnGuard>`
    SELECT s.id, s.county_id, c.name AS county_name, s.apn, s.description, s.created_at,
           s.activated_at IS NOT NULL AS active
    FROM apn_subscriptions s JOIN counties c ON c.id = s.county_id
    WHERE s.user_id = ${userId} AND s.history_checked_at IS NULL
    ORDER BY s.created_at, s.id
    FOR UPDATE OF s`.execute(trx);
  const { rows: names } = await sql<NameGuard>`
    SELECT s.id, s.county_id, c.name AS county_name, s.name, s.name_key, s.suffix,
           s.possible_matches, s.created_at, s.activated_at IS NOT NULL AS active
    FROM name_subscriptions s JOIN counties c ON c.id = s.county_id
    WHERE s.user_id = ${userId} AND s.history_checked_at IS NULL
    ORDER BY s.created_at, s.id
    FOR UPDATE OF s`.execute(trx);
  return { apns, names };
}

/**
 * The events of APN guards on the documents recorded in their history, written as the matcher
 * writes them (match.repository.ts insertEvents: apn_hits and address_hits), on record: the
 * APN's key (exact); the address's street key, unless both zips are known and differ (exact);
 * the same house number and zip with a similar street key whose unit, direction and street
 * type do not differ (strong or possible by its confidence). One event per guard and
 * document, the most confident kept; one already there is left alone. Returns how many.
 */
export async function insertApnHistoryEvents(
  trx: Executor,
  guardIds: readonly string[],
  years: number,
): Promise<number> {
  if (guardIds.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    WITH guards AS MATERIALIZED (
      SELECT s.id, s.user_id, s.county_id, s.apn_key, s.address_key, s.address_zip,
             ${until('s')} AS until, ${until('s')} - make_interval(years => ${years}) AS since,
             split_part(s.address_key, ' ', 1) COLLATE "C" AS house
      FROM apn_subscriptions s WHERE s.id = ANY (${guardIds}::uuid[])
    ),
    parcels AS MATERIALIZED (
      -- document_parcels_apn_key_idx and document_parcels_address_key_idx: the house number
      -- is the street key's first word, so a range of the key finds every street at it.
      SELECT DISTINCT g.id AS guard_id, p.document_id, p.apn, p.apn_key, p.address,
             p.address_key, p.zip
      FROM guards g
      JOIN document_parcels p
        ON p.apn_key = g.apn_key
        OR (g.address_key <> '' AND p.address_key >= g.house AND p.address_key < g.house || '!')
    ),
    in_reach AS MATERIALIZED (
      -- Each document by its key, whatever the planner guesses of the parcels found.
      SELECT p.*
      FROM parcels p
      JOIN guards g ON g.id = p.guard_id
      CROSS JOIN LATERAL (
        SELECT d.county_id, d.recorded_at FROM recorded_documents d
        WHERE d.id = p.document_id OFFSET 0
      ) AS d
      WHERE d.county_id = g.county_id AND d.recorded_at >= g.since AND d.recorded_at < g.until
    ),
    hits AS (
      SELECT g.id, g.user_id, p.document_id, 'apn' AS match_kind, p.apn AS matched_value,
             true AS is_exact, 1.0 AS confidence, 'exact' AS tier
      FROM in_reach p JOIN guards g ON g.id = p.guard_id
      WHERE p.apn_key = g.apn_key
      UNION ALL
      SELECT g.id, g.user_id, p.document_id, 'address', p.address, true,
             ${ADDRESS_CONFIDENCE}::numeric, 'exact'
      FROM in_reach p JOIN guards g ON g.id = p.guard_id
      WHERE p.address_key = g.address_key AND p.address_key <> ''
        AND (g.address_zip IS NULL OR p.zip IS NULL OR left(g.address_zip, 5) = left(p.zip, 5))
      UNION ALL
      SELECT id, user_id, document_id, 'address', address, false, confidence,
             ${tierOf('confidence')}
      FROM (
        SELECT g.id, g.user_id, p.document_id, p.address,
               ${similarAddressConfidence('g.address_key', 'p.address_key')} AS confidence
        FROM in_reach p JOIN guards g ON g.id = p.guard_id
        WHERE p.zip IS NOT NULL AND p.address_key <> '' AND g.address_zip = p.zip
          AND split_part(p.address_key, ' ', 1) = g.house
          AND p.address_key <> g.address_key
          AND similarity(g.address_key, p.address_key) >= ${ADDRESS_SIMILARITY}
          AND ${addressPartsAgree('g.address_key', 'p.address_key')}
      ) AS similar_streets
    ),
    best AS (
      SELECT DISTINCT ON (id, document_id) * FROM hits
      ORDER BY id, document_id, confidence DESC, is_exact DESC, match_kind, matched_value
    ),
    inserted AS (
      INSERT INTO events (user_id, document_id, apn_subscription_id, match_kind, matched_value,
                          is_exact, confidence, tier, on_record)
      SELECT user_id, document_id, id, match_kind, matched_value, is_exact, confidence, tier, true
      FROM best
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM inserted`.execute(trx);
  return rows[0]!.n;
}

export type PartyCandidate = {
  party_id: string;
  document_id: string;
  role: 'grantor' | 'grantee';
  name: string;
};

/**
 * Parties of the county's documents recorded in a name guard's history that may be the guarded
 * name: an equal match key, or a reading with one of the (surname, first name) pairs, or with
 * the surname and a first name of `initial` and more letters. A superset: the caller decides
 * each with the name rules.
 */
export async function nameCandidates(
  db: Executor,
  q: {
    guardId: string;
    years: number;
    matchKey: string;
    pairs: readonly (readonly [string, string])[];
    initials: readonly (readonly [string, string])[];
  },
): Promise<PartyCandidate[]> {
  const { rows } = await sql<PartyCandidate>`
    WITH guard AS MATERIALIZED (
      SELECT s.county_id, ${until('s')} AS until,
             ${until('s')} - make_interval(years => ${q.years}) AS since
      FROM name_subscriptions s WHERE s.id = ${q.guardId}
    ),
    found AS MATERIALIZED (
      SELECT p.id AS party_id FROM document_parties p
      WHERE p.match_key = ${q.matchKey} AND p.match_key <> ''
      UNION
      -- document_party_readings_name_idx, one probe per pair.
      SELECT r.party_id
      FROM unnest(${q.pairs.map((p) => p[0])}::text[], ${q.pairs.map((p) => p[1])}::text[])
        AS x (surname, first)
      CROSS JOIN LATERAL (
        SELECT r.party_id FROM document_party_readings r
        WHERE r.surname = x.surname COLLATE "C" AND r.first = x.first COLLATE "C"
        OFFSET 0
      ) AS r
      UNION
      -- A guarded first initial: every longer first name with that letter.
      SELECT r.party_id
      FROM unnest(${q.initials.map((p) => p[0])}::text[], ${q.initials.map((p) => p[1])}::text[])
        AS x (surname, initial)
      CROSS JOIN LATERAL (
        SELECT r.party_id FROM document_party_readings r
        WHERE r.surname = x.surname COLLATE "C"
          AND r.first > x.initial COLLATE "C" AND r.first < chr(ascii(x.initial) + 1) COLLATE "C"
        OFFSET 0
      ) AS r
    )
    -- From the few parties found to their documents, each by its key: left to itself the
    -- planner started from every document of the county's ten years.
    SELECT p.id AS party_id, p.document_id, p.role, p.name
    FROM found f
    CROSS JOIN guard g
    CROSS JOIN LATERAL (
      SELECT p.id, p.document_id, p.role, p.name FROM document_parties p
      WHERE p.id = f.party_id OFFSET 0
    ) AS p
    CROSS JOIN LATERAL (
      SELECT d.county_id, d.recorded_at FROM recorded_documents d
      WHERE d.id = p.document_id OFFSET 0
    ) AS d
    WHERE d.county_id = g.county_id AND d.recorded_at >= g.since AND d.recorded_at < g.until
    ORDER BY p.document_id, p.id`.execute(db);
  return rows;
}

/**
 * The county's index documents under exactly this name key (an exact match's namesakes, which
 * the history check and the explain endpoint count alike).
 */
export async function indexNameDocuments(
  db: Executor,
  countyId: number,
  nameKey: string,
): Promise<number> {
  const row = await db
    .selectFrom('index_names')
    .select('document_count')
    .where('county_id', '=', countyId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
  return row?.document_count ?? 0;
}

export type NewHistoryNameEvent = {
  user_id: string;
  document_id: string;
  name_subscription_id: string;
  matched_value: string;
  party_role: 'grantor' | 'grantee';
  is_exact: boolean;
  confidence: number;
  tier: MatchTier;
  namesakes: number;
};

/**
 * Writes name events on record; one already there for the guard and document is left alone.
 * The level is computed here, set-based, as the matcher does: once per document type and party
 * role, not per event (the events trigger would cost 0.8 ms an event, event_level per event
 * 0.2–0.3 ms, and a first-initial guard finds thousands).
 */
export async function insertNameHistoryEvents(
  trx: Executor,
  events: readonly NewHistoryNameEvent[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < events.length; i += 2000) {
    const chunk = events.slice(i, i + 2000);
    const column = <K extends keyof NewHistoryNameEvent>(key: K) => chunk.map((e) => e[key]);
    const { rows } = await sql<{ n: number }>`
      WITH v AS (
        SELECT * FROM unnest(
          ${column('user_id')}::uuid[], ${column('document_id')}::bigint[],
          ${column('name_subscription_id')}::uuid[], ${column('matched_value')}::text[],
          ${column('party_role')}::text[], ${column('is_exact')}::boolean[],
          ${column('confidence')}::numeric[], ${column('tier')}::text[],
          ${column('namesakes')}::integer[]
        ) AS v (user_id, document_id, name_subscription_id, matched_value, party_role, is_exact,
                confidence, tier, namesakes)
      ),
      docs AS MATERIALIZED (
        SELECT v.*, d.county_id, d.document_type
        FROM v JOIN recorded_documents d ON d.id = v.document_id
      ),
      levels AS MATERIALIZED (
        SELECT k.county_id, k.document_type, k.party_role,
               event_level(k.county_id, k.document_type, 'name', k.party_role) AS level
        FROM (SELECT DISTINCT county_id, document_type, party_role FROM docs) AS k
      ),
      inserted AS (
        INSERT INTO events (user_id, document_id, name_subscription_id, match_kind,
                            matched_value, party_role, is_exact, confidence, tier, namesakes,
                            on_record, level)
        SELECT v.user_id, v.document_id, v.name_subscription_id, 'name', v.matched_value,
               v.party_role, v.is_exact, v.confidence, v.tier, v.namesakes, true, l.level
        FROM docs v
        JOIN levels l USING (county_id, document_type, party_role)
        ON CONFLICT DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM inserted`.execute(trx);
    inserted += rows[0]!.n;
  }
  return inserted;
}

/** Marks the guards' history checked: no later check of the user looks at them again. */
export async function markChecked(
  trx: Executor,
  apnIds: readonly string[],
  nameIds: readonly string[],
): Promise<void> {
  if (apnIds.length > 0)
    await trx
      .updateTable('apn_subscriptions')
      .set({ history_checked_at: sql`now()` })
      .where('id', 'in', apnIds)
      .execute();
  if (nameIds.length > 0)
    await trx
      .updateTable('name_subscriptions')
      .set({ history_checked_at: sql`now()` })
      .where('id', 'in', nameIds)
      .execute();
}

/** The on-record events of each guard, per tier. */
export async function onRecordCounts(
  db: Executor,
  apnIds: readonly string[],
  nameIds: readonly string[],
) {
  if (apnIds.length + nameIds.length === 0) return [];
  const { rows } = await sql<{ guard_id: string; tier: MatchTier; events: number }>`
    SELECT coalesce(apn_subscription_id, name_subscription_id) AS guard_id, tier,
           count(*)::int AS events
    FROM events
    WHERE on_record
      AND (apn_subscription_id = ANY (${apnIds}::uuid[])
           OR name_subscription_id = ANY (${nameIds}::uuid[]))
    GROUP BY 1, 2`.execute(db);
  return rows;
}

/**
 * How many documents the guards' on-record events are about, each once: a document that names
 * a guarded name and a guarded property is one document. The possible matches of `hiddenNameIds`
 * (names whose subscriber hides them) are left out.
 */
export async function onRecordDocuments(
  db: Executor,
  apnIds: readonly string[],
  nameIds: readonly string[],
  hiddenNameIds: readonly string[],
): Promise<number> {
  if (apnIds.length + nameIds.length === 0) return 0;
  const { rows } = await sql<{ documents: number }>`
    SELECT count(DISTINCT document_id)::int AS documents
    FROM events
    WHERE on_record
      AND (apn_subscription_id = ANY (${apnIds}::uuid[])
           OR (name_subscription_id = ANY (${nameIds}::uuid[])
               AND NOT (tier = 'possible' AND name_subscription_id = ANY (${hiddenNameIds}::uuid[]))))`.execute(
    db,
  );
  return rows[0]?.documents ?? 0;
}

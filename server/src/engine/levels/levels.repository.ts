import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { EventLevel, LevelSubject } from '../../db/types.ts';

export type LevelRow = { document_type: string; subject: LevelSubject; level: EventLevel };

/** The default level table (migration 0023), by document type and subject. */
export function listDefaults(db: Executor): Promise<LevelRow[]> {
  return db
    .selectFrom('level_defaults')
    .select(['document_type', 'subject', 'level'])
    .orderBy('document_type')
    .orderBy('subject')
    .execute();
}

/** A county's own rows, which win over the defaults. */
export function listOverrides(db: Executor, countyId: number): Promise<LevelRow[]> {
  return db
    .selectFrom('county_level_overrides')
    .select(['document_type', 'subject', 'level'])
    .where('county_id', '=', countyId)
    .orderBy('document_type')
    .orderBy('subject')
    .execute();
}

/** Every county's own rows, for the list of counties. */
export function listAllOverrides(db: Executor) {
  return db
    .selectFrom('county_level_overrides')
    .select(['county_id', 'document_type', 'subject', 'level'])
    .orderBy('county_id')
    .orderBy('document_type')
    .orderBy('subject')
    .execute();
}

/** Replaces a county's rows with `rows` (document types already in their level form). */
export async function replaceOverrides(
  db: Executor,
  countyId: number,
  rows: readonly LevelRow[],
): Promise<void> {
  await db.deleteFrom('county_level_overrides').where('county_id', '=', countyId).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('county_level_overrides')
    .values(rows.map((r) => ({ county_id: countyId, ...r })))
    .execute();
}

/** The first key of the county-levels locks (pg_advisory_lock's two-key form); the county id is the second. */
const LEVELS_LOCK = sql`hashtext('deedwatch:county-levels')`;

/**
 * Taken, shared, by whatever writes events with the levels of the moment (a matcher batch, a
 * history check), for each county it writes in, before it computes them: an edit of a county's
 * level rows (below) waits for those in flight and then recomputes their events too; one that
 * starts during an edit waits for it, and reads the new rows.
 */
export async function shareCountyLevels(trx: Executor, countyIds: readonly number[]) {
  for (const countyId of [...new Set(countyIds)].sort((a, b) => a - b))
    await sql`SELECT pg_advisory_xact_lock_shared(${LEVELS_LOCK}, ${countyId})`.execute(trx);
}

/** Taken by an edit of a county's level rows, exclusively, until its transaction ends. */
export async function lockCountyLevels(trx: Executor, countyId: number) {
  await sql`SELECT pg_advisory_xact_lock(${LEVELS_LOCK}, ${countyId})`.execute(trx);
}

/** An event whose level changed, as told to a subscriber who asked to hear of it. */
export type LevelChange = { eventId: string; previousLevel: EventLevel };

/**
 * Sets the level of the county's events on documents of `documentTypes` (in their level form)
 * to what event_level() gives now; only rows whose level changes are written, so the per-level
 * counters move by exactly those. Returns how many changed, and which of them are events of
 * `reportFor` (the users who asked to hear of level changes: usually none or few, however many
 * events change).
 */
export async function recomputeLevels(
  db: Executor,
  countyId: number,
  documentTypes: readonly string[],
  reportFor: readonly string[] = [],
): Promise<{ count: number; changes: LevelChange[] }> {
  if (documentTypes.length === 0) return { count: 0, changes: [] };
  const { rows } = await sql<{ count: number; changes: LevelChange[] }>`
    WITH changed AS (
      UPDATE events e
      SET level = x.level
      FROM (
        SELECT e2.id, e2.level AS previous_level,
               event_level(d.county_id, d.document_type, e2.match_kind, e2.party_role) AS level
        FROM recorded_documents d
        JOIN events e2 ON e2.document_id = d.id
        WHERE d.county_id = ${countyId}
          AND level_document_type(d.document_type) = ANY (${documentTypes}::text[])
      ) AS x
      WHERE e.id = x.id AND e.level IS DISTINCT FROM x.level
      RETURNING e.id, e.user_id, x.previous_level
    )
    SELECT
      (SELECT count(*) FROM changed)::int AS count,
      (SELECT coalesce(
         json_agg(json_build_object('eventId', c.id, 'previousLevel', c.previous_level)
                  ORDER BY c.id),
         '[]')
       FROM changed c WHERE c.user_id = ANY (${reportFor}::uuid[])) AS changes`.execute(db);
  return rows[0]!;
}

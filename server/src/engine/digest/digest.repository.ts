import { sql } from 'kysely';
import { DOCUMENT_COLUMNS, EVENT_MATCH_COLUMNS } from '../../db/columns.ts';
import type { Executor } from '../../db/database.ts';

/**
 * Whether an undigested possible event of name `n` is due in a digest whose hour is `cutoff`:
 * its name is set to 'digest'; or it is set to 'immediately' now but the event was never mailed
 * (it waited for a digest before the subscriber changed the choice), and it is more than an
 * hour older than the digest, so an alert going out for it at this moment cannot mail it too.
 * Never when the name hides them.
 */
const dueByChoice = (cutoff: Date) => sql<boolean>`(
  n.possible_matches = 'digest'
  OR (n.possible_matches = 'immediately' AND e.created_at < ${cutoff}::timestamptz - interval '1 hour'))`;

/**
 * Users due a digest on the county day `day`: with a possible event due by its name's choice
 * (dueByChoice), created before `cutoff`, not mailed, not found on record, not dismissed; a
 * verified, deliverable email; and no digest that day yet. By id after `after`, `limit` at a
 * time; the partial index of migration 0018 (events_possible_undigested_idx) walks them in
 * that order.
 */
export async function usersDue(
  db: Executor,
  input: { day: string; cutoff: Date; after: string; limit: number },
): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    SELECT DISTINCT e.user_id
    FROM events e
    JOIN name_subscriptions n ON n.id = e.name_subscription_id AND ${dueByChoice(input.cutoff)}
    WHERE e.tier = 'possible' AND e.digested_at IS NULL AND NOT e.on_record
      AND NOT e.is_archived AND e.created_at < ${input.cutoff}
      AND e.user_id > ${input.after}::uuid
      AND NOT EXISTS (
        SELECT 1 FROM digests g WHERE g.user_id = e.user_id AND g.digest_day = ${input.day}::date)
      AND EXISTS (
        SELECT 1 FROM notification_methods m
        WHERE m.user_id = e.user_id AND m.type = 'Email' AND m.email IS NOT NULL
          AND m.verified_at IS NOT NULL AND m.undeliverable_at IS NULL)
    ORDER BY e.user_id
    LIMIT ${input.limit}`.execute(db);
  return rows.map((r) => r.user_id);
}

/**
 * The user's possible events due in a digest (as usersDue counts them), oldest recording
 * first, locked until the transaction ends: a second run waits, then finds them digested.
 */
export function dueEvents(trx: Executor, userId: string, cutoff: Date) {
  return trx
    .selectFrom('events as e')
    .innerJoin('name_subscriptions as n', 'n.id', 'e.name_subscription_id')
    .innerJoin('recorded_documents as d', 'd.id', 'e.document_id')
    .innerJoin('counties as c', 'c.id', 'd.county_id')
    .select([
      'e.id',
      ...EVENT_MATCH_COLUMNS,
      'e.namesakes',
      'n.name',
      ...DOCUMENT_COLUMNS,
      'c.name as county',
    ])
    .where('e.user_id', '=', userId)
    .where('e.tier', '=', 'possible')
    .where('e.digested_at', 'is', null)
    .where('e.on_record', '=', false)
    .where('e.is_archived', '=', false)
    .where('e.created_at', '<', cutoff)
    .where(dueByChoice(cutoff))
    .orderBy('d.recorded_at')
    .orderBy('e.id')
    .forUpdate('e')
    .execute();
}

/** Records the user's digest of `day`; false when that day's was recorded already. */
export async function claimDay(
  trx: Executor,
  input: { userId: string; day: string; events: number },
): Promise<boolean> {
  const { rows } = await sql<{ user_id: string }>`
    INSERT INTO digests (user_id, digest_day, events)
    VALUES (${input.userId}, ${input.day}::date, ${input.events})
    ON CONFLICT DO NOTHING
    RETURNING user_id`.execute(trx);
  return rows.length > 0;
}

export async function markDigested(trx: Executor, eventIds: readonly string[]) {
  if (eventIds.length === 0) return;
  await trx
    .updateTable('events')
    .set({ digested_at: sql`now()` })
    .where('id', 'in', eventIds)
    .execute();
}

/** Forgets the digests of days before `day`: only today's keep a second one from going out. */
export async function pruneDays(db: Executor, day: string) {
  await sql`DELETE FROM digests WHERE digest_day < ${day}::date`.execute(db);
}

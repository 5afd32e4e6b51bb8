import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/**
 * Takes the session-level lock that makes one inbox poll run at a time across all processes;
 * false when another session holds it. `conn` must be one connection, held until the release.
 */
export async function tryPollLock(conn: Executor): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    SELECT pg_try_advisory_lock(hashtext('deedwatch:poll-inboxes')) AS locked`.execute(conn);
  return rows[0]!.locked;
}

export async function releasePollLock(conn: Executor): Promise<void> {
  await sql`SELECT pg_advisory_unlock(hashtext('deedwatch:poll-inboxes'))`.execute(conn);
}

export function countiesWithInbox(db: Executor) {
  return db
    .selectFrom('counties')
    .select(['code', 'inbox_path'])
    .where('inbox_path', '<>', '')
    .orderBy('id')
    .execute();
}

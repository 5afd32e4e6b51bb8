import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** The first key of the inbox locks (pg_advisory_lock's two-key form); the county id is the second. */
const INBOX_LOCK = sql`hashtext('deedwatch:poll-inbox')`;

/**
 * Takes the session-level lock that makes one process at a time poll the county's inbox;
 * false when another session holds it. `conn` must be one connection, held until the release.
 */
export async function tryInboxLock(conn: Executor, countyId: number): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    SELECT pg_try_advisory_lock(${INBOX_LOCK}, ${countyId}) AS locked`.execute(conn);
  return rows[0]!.locked;
}

export async function releaseInboxLock(conn: Executor, countyId: number): Promise<void> {
  await sql`SELECT pg_advisory_unlock(${INBOX_LOCK}, ${countyId})`.execute(conn);
}

export function countiesWithInbox(db: Executor) {
  return db
    .selectFrom('counties')
    .select(['id', 'code', 'inbox_path'])
    .where('inbox_path', '<>', '')
    .orderBy('id')
    .execute();
}

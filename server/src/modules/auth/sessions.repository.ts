import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** Sessions are stored under the hash of their id (plugins/session.ts): `sid` here is that hash. */
export type StoredSession = { sid: string; data: string; userId: string | null; expiresAt: Date };

export async function upsertSession(db: Executor, row: StoredSession): Promise<void> {
  const values = { data: row.data, user_id: row.userId, expires_at: row.expiresAt };
  await db
    .insertInto('sessions')
    .values({ sid: row.sid, ...values })
    .onConflict((oc) => oc.column('sid').doUpdateSet(values))
    .execute();
}

/** The session's row, unless it has expired. */
export function findSession(db: Executor, sid: string) {
  return db
    .selectFrom('sessions')
    .select('data')
    .where('sid', '=', sid)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Deletes the sessions of these ids; returns how many there were. */
export async function deleteSessions(db: Executor, sids: string[]): Promise<number> {
  const result = await db.deleteFrom('sessions').where('sid', 'in', sids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Ends every session of a user, and every impersonation by them: for a changed role or
 * password, which must not leave a session opened under the old ones.
 */
export async function deleteSessionsOf(db: Executor, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('user_id', '=', userId), eb(sql<string>`data->>'impersonatorId'`, '=', userId)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the sessions expired by `now`; returns how many. */
export async function pruneExpiredSessions(db: Executor, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

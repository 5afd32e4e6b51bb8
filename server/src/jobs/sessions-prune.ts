import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/database.ts';
import { SESSIONS_PRUNE } from './queues.ts';

export async function pruneExpiredSessions(db: Database, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Expired sessions are never read (the store filters them); this cron keeps the table small. */
export async function registerSessionsPrune(boss: PgBoss, db: Database): Promise<void> {
  await boss.schedule(SESSIONS_PRUNE, '*/15 * * * *');
  await boss.work(SESSIONS_PRUNE, async () => {
    await pruneExpiredSessions(db);
  });
}

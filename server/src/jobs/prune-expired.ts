import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/database.ts';
import { compactCountyFigures } from '../modules/admin/admin-metrics.repository.ts';
import { pruneRateLimits } from '../plugins/attempt-limits.ts';
import { PRUNE_EXPIRED } from './queues.ts';

export async function pruneExpiredSessions(db: Database, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Expired sessions are never read (the store filters them) and finished rate-limit windows never
 * count again; this cron deletes both to keep the tables small, and folds the metrics counters'
 * pending changes into them so reading them stays a few rows.
 */
export async function registerPruneExpired(boss: PgBoss, db: Database): Promise<void> {
  await boss.schedule(PRUNE_EXPIRED, '*/15 * * * *');
  await boss.work(PRUNE_EXPIRED, async () => {
    await pruneExpiredSessions(db);
    await pruneRateLimits(db, 24 * 60 * 60 * 1000);
    await compactCountyFigures(db);
  });
}

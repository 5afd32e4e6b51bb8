import type { PgBoss } from 'pg-boss';
import type { Database } from '../../db/database.ts';
import { PRUNE_EXPIRED } from '../../jobs/queues.ts';
import { compactCountyFigures } from '../admin/admin-metrics.repository.ts';
import { pruneRateLimits } from './rate-limits.repository.ts';
import { pruneExpiredSessions } from './sessions.repository.ts';

/**
 * Expired sessions are never read (the store filters them) and finished rate-limit windows never
 * count again; this cron deletes both to keep the tables small. It also folds the admin metrics
 * counters' pending changes into them, so reading them stays a few rows: the same housekeeping
 * schedule, rather than a queue of its own.
 */
export async function registerPruneExpired(boss: PgBoss, db: Database): Promise<void> {
  await boss.schedule(PRUNE_EXPIRED, '*/15 * * * *');
  await boss.work(PRUNE_EXPIRED, async () => {
    await pruneExpiredSessions(db);
    await pruneRateLimits(db, 24 * 60 * 60 * 1000);
    await compactCountyFigures(db);
  });
}

import type { Database } from '../../db/database.ts';
import * as repo from './admin-jobs.repository.ts';
import type { QueueSummary } from './admin-jobs.schemas.ts';

export async function queueSummary(db: Database): Promise<QueueSummary> {
  const rows = await repo.queueSummary(db);
  return {
    queues: rows.map((r) => ({
      name: r.name,
      queued: r.queued,
      active: r.active,
      failed: r.failed,
      completed: r.completed,
      oldestQueuedAgeSeconds: r.oldest_queued_seconds,
    })),
  };
}

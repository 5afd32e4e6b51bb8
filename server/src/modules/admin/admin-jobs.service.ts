import type { PgBoss } from 'pg-boss';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/route.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import * as repo from './admin-jobs.repository.ts';
import type { QueueSummary, RetriedJobs } from './admin-jobs.schemas.ts';

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

/**
 * Runs again the queue's jobs that failed for good in the last 24 hours (the summary's Failed
 * column), each with one more attempt, as pg-boss's own retry would: every handler is written
 * to be run again (a mail or text sent once, a batch's matched documents found done). Written
 * to the audit log with the count.
 */
export async function retryFailed(
  db: Database,
  boss: PgBoss,
  caller: Caller,
  queue: string,
): Promise<RetriedJobs> {
  if (!(await repo.queueExists(db, queue))) throw notFound(`There is no job queue named ${queue}.`);
  const ids = await repo.recentlyFailedJobIds(db, queue);
  // pg-boss answers { jobs, requested, affected }; its typings declare an empty interface.
  const retried =
    ids.length === 0 ? 0 : ((await boss.retry(queue, ids)) as { affected: number }).affected;
  await writeAudit(db, {
    actorId: caller.userId,
    impersonatorId: caller.impersonatorId,
    action: 'jobs.retry_failed',
    details: { queue, retried },
  });
  return { queue, retried };
}

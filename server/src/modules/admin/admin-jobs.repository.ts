import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type QueueSummaryRow = {
  name: string;
  queued: number;
  active: number;
  failed: number;
  completed: number;
  oldest_queued_seconds: number | null;
};

/** Per queue of the app: waiting and running now; failed and completed in the last 24 hours. */
export async function queueSummary(db: Executor): Promise<QueueSummaryRow[]> {
  const { rows } = await sql<QueueSummaryRow>`
    SELECT q.name,
           count(j.id) FILTER (WHERE j.state IN ('created', 'retry'))::int AS queued,
           count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
           count(j.id) FILTER (WHERE j.state = 'failed' AND j.completed_on > now() - interval '24 hours')::int AS failed,
           count(j.id) FILTER (WHERE j.state = 'completed' AND j.completed_on > now() - interval '24 hours')::int AS completed,
           floor(extract(epoch FROM now() - min(j.created_on) FILTER (WHERE j.state IN ('created', 'retry'))))::int
             AS oldest_queued_seconds
    FROM pgboss.queue q
    LEFT JOIN pgboss.job j ON j.name = q.name
    -- pg-boss's own queues (__pgboss__send-it, its schedules) are not ours to watch.
    WHERE q.name NOT LIKE '\_\_pgboss\_\_%'
    GROUP BY q.name
    ORDER BY q.name`.execute(db);
  return rows;
}

/** Whether pg-boss has a queue of this name. */
export async function queueExists(db: Executor, name: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM pgboss.queue WHERE name = ${name}`.execute(db);
  return rows.length > 0;
}

/** The queue's jobs that failed for good in the last 24 hours: those the summary counts. */
export async function recentlyFailedJobIds(db: Executor, name: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM pgboss.job
    WHERE name = ${name} AND state = 'failed' AND completed_on > now() - interval '24 hours'
    ORDER BY completed_on`.execute(db);
  return rows.map((r) => r.id);
}

import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type QueueCounts = {
  name: string;
  ready: number;
  deferred: number;
  active: number;
  failed: number;
};

/**
 * Each pg-boss queue's counts as pg-boss's monitor last wrote them into its queue table (every
 * 10 s, by whichever process supervises): one small table, never a scan of the jobs.
 */
export async function queueCounts(db: Executor): Promise<QueueCounts[]> {
  const { rows } = await sql<QueueCounts>`
    SELECT name, ready_count AS ready, deferred_count AS deferred, active_count AS active,
           failed_count AS failed
    FROM pgboss.queue
    ORDER BY name`.execute(db);
  return rows;
}

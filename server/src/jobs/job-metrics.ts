import type { Job, PgBoss, WorkOptions } from 'pg-boss';
import { recordJob } from '../lib/metrics.ts';

type Handler = (jobs: Job[]) => Promise<unknown>;

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * Counts and times, per queue, every job this boss's workers take, whoever registers them.
 * A handler that settles each job of its batch on its own (`perJobResults`: jobs/batch.ts's
 * eachJob) records each job there, with its own time; any other handler is timed here, the
 * jobs it was handed sharing its time and its outcome.
 */
export function instrumentWorkers(boss: PgBoss): void {
  const work = boss.work.bind(boss) as (name: string, ...rest: unknown[]) => Promise<string>;
  boss.work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as Handler;
    const options = rest[0] as WorkOptions | undefined;
    if (options?.perJobResults) return work(name, ...rest, handler);
    return work(name, ...rest, async (jobs: Job[]) => {
      const started = performance.now();
      try {
        const result = await handler(jobs);
        for (const job of jobs) recordJob(job.name, 'completed', seconds(started));
        return result;
      } catch (err) {
        for (const job of jobs) recordJob(job.name, 'failed', seconds(started));
        throw err;
      }
    });
  }) as PgBoss['work'];
}

/** Records one job a per-job handler settled. */
export function recordSettledJob(job: { name: string }, failed: boolean, started: number): void {
  recordJob(job.name, failed ? 'failed' : 'completed', seconds(started));
}

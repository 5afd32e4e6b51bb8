import type { JobResult } from 'pg-boss';
import { recordSettledJob } from './job-metrics.ts';

/**
 * Work options and a handler for queues of many small jobs (one mail, one alert): up to
 * `BATCH_SIZE` jobs per fetch, run at once, each settled on its own (a failed one is retried
 * alone), fetching again at once while batches come back full. One job per poll would cap a
 * queue at a few jobs a second whatever the backlog.
 */
export const BATCH_SIZE = 20;

export const batchOptions = {
  batchSize: BATCH_SIZE,
  perJobResults: true,
  burstWhenBatchFull: true,
} as const;

export function eachJob<J extends { id: string; name: string }>(
  handle: (job: J) => Promise<unknown>,
) {
  return async (jobs: J[]): Promise<JobResult[]> =>
    Promise.all(
      jobs.map(async (job): Promise<JobResult> => {
        const started = performance.now();
        try {
          await handle(job);
          recordSettledJob(job, false, started);
          return { id: job.id, status: 'completed' };
        } catch (err) {
          recordSettledJob(job, true, started);
          return {
            id: job.id,
            status: 'failed',
            output: { message: err instanceof Error ? err.message : String(err) },
          };
        }
      }),
    );
}

import type { JobResult } from 'pg-boss';

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

export function eachJob<J extends { id: string }>(handle: (job: J) => Promise<unknown>) {
  return async (jobs: J[]): Promise<JobResult[]> =>
    Promise.all(
      jobs.map(async (job): Promise<JobResult> => {
        try {
          await handle(job);
          return { id: job.id, status: 'completed' };
        } catch (err) {
          return {
            id: job.id,
            status: 'failed',
            output: { message: err instanceof Error ? err.message : String(err) },
          };
        }
      }),
    );
}

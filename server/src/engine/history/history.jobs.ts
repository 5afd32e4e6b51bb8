import type { Job } from 'pg-boss';
import { CHECK_HISTORY, FAST_POLLING } from '../../jobs/queues.ts';
import type { Engine } from '../engine.ts';
import { type CheckHistoryJob, checkHistory } from './history.service.ts';

/**
 * The history check of new guards (check-history), one user at a time: sent in the transaction
 * that adds the guards, so the subscriber's summary follows within seconds.
 */
export async function registerHistoryWorkers(engine: Engine): Promise<void> {
  await engine.boss.work<CheckHistoryJob>(
    CHECK_HISTORY,
    FAST_POLLING,
    async ([job]: Job<CheckHistoryJob>[]) => {
      if (job) await checkHistory(engine, job.data.userId);
    },
  );
}

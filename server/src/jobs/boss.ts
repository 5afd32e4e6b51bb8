import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { instrumentWorkers } from './job-metrics.ts';

export type BossOptions = {
  schema?: string;
  /** While the process stops, the database may go first: errors then are expected, not alarming. */
  isStopping?: () => boolean;
  /** false for a command that only sends jobs: no maintenance or cron scheduling of its own. */
  supervise?: boolean;
};

export function createBoss(connectionString: string, log: Logger, options: BossOptions = {}) {
  const supervise = options.supervise ?? true;
  const boss = new PgBoss({
    connectionString,
    schema: options.schema ?? 'pgboss',
    max: 4,
    supervise,
    schedule: supervise,
    // How soon the jobs of a worker that died (no heartbeat, or past expiry) go back to the
    // queue: every 10 s rather than pg-boss's 60, so a crash delays alerts by seconds.
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
  });
  boss.on('error', (err) => {
    if (options.isStopping?.()) log.debug({ err: err.message }, 'job queue error while stopping');
    else log.error({ err }, 'job queue error');
  });
  instrumentWorkers(boss);
  return boss;
}

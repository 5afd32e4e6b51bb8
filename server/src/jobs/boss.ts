import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { instrumentWorkers } from './job-metrics.ts';
import { rollBackNewerPgBossSchema } from './pgboss-schema.repository.ts';

export type BossOptions = {
  schema?: string;
  /** While the process stops, the database may go first: errors then are expected, not alarming. */
  isStopping?: () => boolean;
  /**
   * false for a command that only sends jobs: no maintenance or cron scheduling of its own, and
   * no LISTEN connection (its sends still NOTIFY the processes that work the queues).
   */
  supervise?: boolean;
};

export function createBoss(connectionString: string, log: Logger, options: BossOptions = {}) {
  const supervise = options.supervise ?? true;
  const schema = options.schema ?? 'pgboss';
  const boss = new PgBoss({
    connectionString,
    schema,
    max: 4,
    supervise,
    schedule: supervise,
    // How soon the jobs of a worker that died (no heartbeat, or past expiry) go back to the
    // queue: every 10 s rather than pg-boss's 60, so a crash delays alerts by seconds.
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
    // A process that works queues listens for the NOTIFY of a queue created with `notify`
    // (queues.ts), on a connection of its own that reconnects by itself after Postgres restarts.
    useListenNotify: supervise,
  });
  boss.on('error', (err) => {
    if (options.isStopping?.()) log.debug({ err: err.message }, 'job queue error while stopping');
    else log.error({ err }, 'job queue error');
  });
  // Such as the listener failing to start: the workers then only poll, and say so.
  boss.on('warning', (warning) => log.warn({ warning: warning.message }, 'job queue warning'));
  instrumentWorkers(boss);
  // A database an earlier checkout's pg-boss migrated past the schema this one runs on is rolled
  // back first (pgboss-schema.repository.ts), whoever starts the boss.
  const start = boss.start.bind(boss);
  boss.start = async () => {
    await rollBackNewerPgBossSchema(connectionString, schema, log);
    return start();
  };
  return boss;
}

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

const stopping = new WeakMap<PgBoss, AbortSignal>();
const NEVER = new AbortController().signal;

/**
 * Aborted as soon as `boss` begins to stop: a long job (the inbox poll) checks it between its
 * steps and returns, done for now, so that a planned shutdown leaves it completed rather than
 * failed "while active". Never aborted for a boss createBoss did not make.
 */
export function stopSignal(boss: PgBoss): AbortSignal {
  return stopping.get(boss) ?? NEVER;
}

/**
 * Stopping a boss: the stop signal is raised, pg-boss stops fetching and waits up to `timeout`
 * for the running jobs (and fails those still running then), and stop() returns only once every
 * handler has returned, at most `timeout` more: whoever closes the database after it does not
 * pull it from under a job still at work.
 */
function stopAfterRunningWork(boss: PgBoss, log: Logger) {
  const controller = new AbortController();
  stopping.set(boss, controller.signal);
  const running = new Set<Promise<unknown>>();
  const work = boss.work.bind(boss) as (name: string, ...rest: unknown[]) => Promise<string>;
  boss.work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as (...args: unknown[]) => Promise<unknown>;
    return work(name, ...rest, (...args: unknown[]) => {
      const result = handler(...args);
      running.add(result);
      const settled = () => running.delete(result);
      result.then(settled, settled);
      return result;
    });
  }) as PgBoss['work'];
  const stop = boss.stop.bind(boss);
  boss.stop = async (options = {}) => {
    controller.abort();
    await stop({ ...options, close: false });
    if (running.size > 0) {
      const left = running.size;
      const timeout = options.timeout ?? 30_000;
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        Promise.allSettled([...running]).then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeout))),
      ]);
      clearTimeout(timer);
      if (finished) log.info({ jobs: left }, 'stopping: waited for running jobs');
      else log.warn({ jobs: running.size }, 'stopping: jobs still running after the wait');
    }
    if (options.close ?? true) await stop({ ...options, close: true });
  };
}

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
  stopAfterRunningWork(boss, log);
  // A database an earlier checkout's pg-boss migrated past the schema this one runs on is rolled
  // back first (pgboss-schema.repository.ts), whoever starts the boss.
  const start = boss.start.bind(boss);
  boss.start = async () => {
    await rollBackNewerPgBossSchema(connectionString, schema, log);
    return start();
  };
  return boss;
}

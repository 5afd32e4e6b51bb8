import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';

export type BossOptions = {
  schema?: string;
  /** While the process stops, the database may go first: errors then are expected, not alarming. */
  isStopping?: () => boolean;
};

export function createBoss(connectionString: string, log: Logger, options: BossOptions = {}) {
  const boss = new PgBoss({ connectionString, schema: options.schema ?? 'pgboss', max: 4 });
  boss.on('error', (err) => {
    if (options.isStopping?.()) log.debug({ err: err.message }, 'job queue error while stopping');
    else log.error({ err }, 'job queue error');
  });
  return boss;
}

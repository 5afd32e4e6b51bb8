import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';

export function createBoss(
  connectionString: string,
  log: Logger,
  options: { schema?: string } = {},
) {
  const boss = new PgBoss({ connectionString, schema: options.schema ?? 'pgboss', max: 4 });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  return boss;
}

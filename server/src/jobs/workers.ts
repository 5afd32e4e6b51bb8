import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/database.ts';
import { registerSessionsPrune } from './sessions-prune.ts';

/** Every queue this process works when it runs as a worker. */
export async function registerWorkers(boss: PgBoss, db: Database): Promise<void> {
  await registerSessionsPrune(boss, db);
}

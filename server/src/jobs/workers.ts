import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/database.ts';
import { registerMailWorker } from '../mail/mail.jobs.ts';
import type { Mailer } from '../mail/mailer.ts';
import { registerPruneExpired } from './prune-expired.ts';

/** Every queue this process works when it runs as a worker. */
export async function registerWorkers(boss: PgBoss, db: Database, mailer: Mailer): Promise<void> {
  await registerPruneExpired(boss, db);
  await registerMailWorker(boss, db, mailer);
}

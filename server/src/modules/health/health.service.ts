import type { Database } from '../../db/database.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { ping } from './health.repository.ts';

export type Readiness = { ready: true } | { ready: false; reason: string; err?: unknown };

/** Ready when the database answers and every migration is applied. */
export async function readiness(db: Database): Promise<Readiness> {
  try {
    await ping(db);
    const pending = await pendingMigrations(db);
    if (pending.length > 0) {
      return { ready: false, reason: `Database migrations are pending: ${pending.join(', ')}` };
    }
    return { ready: true };
  } catch (err) {
    return { ready: false, reason: 'The database is not reachable.', err };
  }
}

import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../src/db/database.ts';
import { waitFor } from './wait.ts';

/**
 * Another session of the database at `url`, holding `lockSql` in an open transaction until the
 * returned release.
 */
export async function holding(url: string, lockSql: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query(lockSql);
  return async () => {
    await client.query('COMMIT');
    await client.end();
  };
}

/** Whether a session waits for a lock on `table` (in `mode`, if given). */
export async function waitsOn(db: Database, table: string, mode?: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_locks
    WHERE relation = ${table}::regclass AND NOT granted
      AND (${mode ?? null}::text IS NULL OR mode = ${mode ?? null})`.execute(db);
  return rows[0]!.n > 0;
}

/** Whether a session of this database waits for an advisory lock. */
export async function waitsOnAdvisoryLock(db: Database): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_locks
    WHERE locktype = 'advisory' AND NOT granted
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(db);
  return rows[0]!.n > 0;
}

/**
 * Waits until the alert job of `userId` either waits for a row lock in a statement naming
 * `table` (held by a test's open transaction), or has queued its alert without waiting.
 */
export async function alertWaitsOnRowOf(db: Database, table: string, userId: string) {
  await waitFor(`the alert to wait on ${table}, or be queued without waiting`, async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'
        AND wait_event IN ('transactionid', 'tuple') AND query LIKE ${`%"${table}"%`}`.execute(db);
    if (rows[0]!.n > 0) return true;
    const queued = await db
      .selectFrom('deliveries')
      .select('id')
      .where('kind', '=', 'alert')
      .where('channel', '=', 'email')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return queued !== undefined;
  });
}

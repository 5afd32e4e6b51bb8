import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** Counts one hit of `key` in a fixed window; returns the count and the ms left in the window. */
export async function countHit(db: Executor, key: string, windowMs: number) {
  const { rows } = await sql<{ hits: number; ttl_ms: number }>`
    INSERT INTO rate_limits AS r (key, window_started_at, hits) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.window_started_at <= now() - make_interval(secs => ${windowMs / 1000}) THEN 1 ELSE r.hits + 1 END,
      window_started_at = CASE WHEN r.window_started_at <= now() - make_interval(secs => ${windowMs / 1000})
                               THEN now() ELSE r.window_started_at END
    RETURNING hits,
      (extract(epoch FROM r.window_started_at + make_interval(secs => ${windowMs / 1000}) - now()) * 1000)::int AS ttl_ms`.execute(
    db,
  );
  return rows[0]!;
}

/** One hit of `key` taken back (never below 0), in whatever window it is. */
export async function takeBackHit(db: Executor, key: string): Promise<void> {
  await sql`UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = ${key}`.execute(db);
}

/** The hits of `key` in its current window, 0 once the window is over. */
export async function hitsInWindow(db: Executor, key: string, windowMs: number): Promise<number> {
  const { rows } = await sql<{ hits: number }>`
    SELECT hits FROM rate_limits
    WHERE key = ${key}
      AND window_started_at > now() - make_interval(secs => ${windowMs / 1000})`.execute(db);
  return rows[0]?.hits ?? 0;
}

export async function pruneRateLimits(db: Executor, olderThanMs: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('window_started_at', '<', new Date(Date.now() - olderThanMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

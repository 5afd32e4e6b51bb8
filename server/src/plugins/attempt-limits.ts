import { createHash } from 'node:crypto';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { HttpError } from '../lib/errors.ts';

export type AttemptLimit = {
  /** The bucket: limits with the same name share counts across routes. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: the client address, an email, … */
  key: (request: FastifyRequest) => string;
};

const digest = (s: string) => createHash('sha256').update(s).digest('base64url');

/** Counts one attempt in a fixed window; returns the count and the ms left in the window. */
export async function countAttempt(db: Database, key: string, windowMs: number) {
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

/**
 * Limits on sign-in attempts, kept in Postgres so they hold across every API process and
 * restarts. Unlike @fastify/rate-limit (one limiter per request, one store per route), several
 * limits apply to one call and a bucket can span calls.
 */
export function limitAttempts(db: Database, limits: AttemptLimit[]): preHandlerAsyncHookHandler {
  return async (request) => {
    for (const limit of limits) {
      const { hits, ttl_ms } = await countAttempt(
        db,
        `${limit.name}:${digest(limit.key(request))}`,
        limit.windowMs,
      );
      if (hits > limit.max) {
        throw new HttpError(
          429,
          `Too many requests. Please try again in ${Math.max(1, Math.ceil(ttl_ms / 1000))} seconds.`,
        );
      }
    }
  };
}

export async function pruneRateLimits(db: Database, olderThanMs: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('window_started_at', '<', new Date(Date.now() - olderThanMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { HttpError } from '../lib/errors.ts';
import { countHit } from '../modules/auth/rate-limits.repository.ts';

export type AttemptLimit<R extends FastifyRequest = FastifyRequest> = {
  /** The bucket: limits with the same name share counts across routes. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: the client address, an email, … */
  key: (request: R) => string;
};

const digest = (s: string) => createHash('sha256').update(s).digest('base64url');

/**
 * Limits on sign-in attempts, kept in Postgres so they hold across every API process and
 * restarts. Unlike @fastify/rate-limit (one limiter per request, one store per route), several
 * limits apply to one call and a bucket can span calls. A preHandler: a limit keyed by a field
 * reads it validated.
 */
export function limitAttempts<R extends FastifyRequest>(
  db: Database,
  limits: AttemptLimit<R>[],
): (request: R) => Promise<void> {
  return async (request) => {
    for (const limit of limits) {
      const { hits, ttl_ms } = await countHit(
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

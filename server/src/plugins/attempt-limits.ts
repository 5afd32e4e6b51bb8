import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { countHit, takeBackHit } from '../modules/auth/rate-limits.repository.ts';

export type AttemptLimit<R extends FastifyRequest = FastifyRequest> = {
  /** The bucket: limits with the same name share counts across routes. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: the client address, an email, … */
  key: (request: R) => string;
  /**
   * A limit on what a call sends (mails), not on guesses: a call refused with a 4xx sent
   * nothing, and its hit is taken back, so a mistyped address does not use up the allowance.
   * Never for limits on codes or passwords, whose refusals are what they count.
   */
  refundRefused?: boolean;
};

/** The buckets each request counted a refundable hit in, for registerAttemptRefunds. */
const refundable = new WeakMap<FastifyRequest, string[]>();

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
      const key = `${limit.name}:${digest(limit.key(request))}`;
      const { hits, ttl_ms } = await countHit(db, key, limit.windowMs);
      if (limit.refundRefused) refundable.set(request, [...(refundable.get(request) ?? []), key]);
      if (hits > limit.max) {
        throw tooManyRequests(ttl_ms);
      }
    }
  };
}

/**
 * Takes back the hits of limits marked refundRefused when the call is answered with a 4xx other
 * than 429 (bad input, a conflict, nothing found): before the answer is sent, so the client's
 * next call finds them gone.
 */
export function registerAttemptRefunds(app: FastifyInstance, db: Database): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const keys = refundable.get(request);
    const refused = reply.statusCode >= 400 && reply.statusCode < 500 && reply.statusCode !== 429;
    if (keys && refused) {
      for (const key of keys) await takeBackHit(db, key);
    }
    return payload;
  });
}

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
   * The answers whose hit is taken back. 'refused': a limit on what a call sends (mails), not on
   * guesses: a call refused with a 4xx sent nothing, so a mistyped address does not use up the
   * allowance. 'succeeded': a limit on guesses (a password): a right one was no guess, so an
   * owner who signs in often is never stopped, while wrong ones count. Never 'refused' for
   * limits on codes or passwords, whose refusals are what they count.
   */
  refund?: 'refused' | 'succeeded';
};

type Refund = NonNullable<AttemptLimit['refund']>;

/** The buckets each request counted a refundable hit in, for registerAttemptRefunds. */
const refundable = new WeakMap<FastifyRequest, { key: string; when: Refund }[]>();

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
      if (limit.refund)
        refundable.set(request, [...(refundable.get(request) ?? []), { key, when: limit.refund }]);
      if (hits > limit.max) {
        throw tooManyRequests(ttl_ms);
      }
    }
  };
}

/**
 * Takes back the hits of limits marked `refund: 'refused'` when the call is answered with a 4xx
 * other than 429 (bad input, a conflict, nothing found), and of those marked 'succeeded' when it
 * is answered with a 2xx: before the answer is sent, so the client's next call finds them gone.
 */
export function registerAttemptRefunds(app: FastifyInstance, db: Database): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const hits = refundable.get(request);
    if (!hits) return payload;
    const status = reply.statusCode;
    const answered: Refund | undefined =
      status >= 200 && status < 300
        ? 'succeeded'
        : status >= 400 && status < 500 && status !== 429
          ? 'refused'
          : undefined;
    for (const { key, when } of hits) if (when === answered) await takeBackHit(db, key);
    return payload;
  });
}

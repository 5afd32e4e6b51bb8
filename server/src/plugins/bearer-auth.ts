import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/database.ts';
import { HttpError } from '../lib/errors.ts';
import { scopeOf } from '../lib/route.ts';
import { countHit, takeBackHit } from '../modules/auth/rate-limits.repository.ts';
import { authenticateToken, type TokenIdentity } from '../modules/tokens/tokens.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The personal access token the request authenticated with, if it sent one. */
    bearer: TokenIdentity | null;
  }
}

export type BearerAuthOptions = {
  /** Calls per minute per token. */
  tokenRateLimitPerMinute: number;
  /** Invalid tokens per client address per 15 minutes before 429. */
  authRateLimitPerIp: number;
  now?: () => Date;
};

const MINUTE_MS = 60 * 1000;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const REALM = 'realm="DeedWatch API"';

const digest = (s: string) => createHash('sha256').update(s).digest('base64url');

/** An error with the WWW-Authenticate challenge RFC 6750 asks for. */
function challenge(
  reply: FastifyReply,
  status: 401 | 403,
  error: 'invalid_request' | 'invalid_token' | 'insufficient_scope',
  message: string,
  scope?: string,
): HttpError {
  void reply.header(
    'WWW-Authenticate',
    `Bearer ${REALM}, error="${error}"${scope ? `, scope="${scope}"` : ''}`,
  );
  return new HttpError(status, message);
}

/**
 * `Authorization: Bearer <personal access token>` on the API. A request that sends one speaks
 * for the token alone: its session cookie is dropped before the session is read, so a token
 * never rides along with a session, and never with an impersonation. The token must be valid
 * (401 saying why not), its route must be a subscriber's (403 on staff and admin routes and on
 * the calls that manage tokens), and it must hold the scope the route needs (403 naming it).
 * Each token has its own per-minute limit, told in RateLimit-* headers on every answer; invalid
 * tokens count against the client address, as sign-in attempts do. Must be registered before
 * the session, so the cookie is gone before anything reads it.
 */
export function registerBearerAuth(
  app: FastifyInstance,
  db: Database,
  options: BearerAuthOptions,
): void {
  const now = options.now ?? (() => new Date());
  app.decorateRequest('bearer', null);

  app.addHook('onRequest', async (request, reply) => {
    const authorization = request.headers.authorization;
    // Other schemes are not ours to judge: a proxy's Basic credentials pass through untouched.
    if (authorization === undefined || authorization.slice(0, 7).toLowerCase() !== 'bearer ') {
      return;
    }
    delete request.headers.cookie;
    const config = request.routeOptions.config;
    const access = config?.access;
    // Not an API route (the docs, the web app, the jobs dashboard, /metrics and its own token):
    // without its cookie the request is anonymous there.
    if (access === undefined || !request.routeOptions.url?.startsWith('/api/')) return;
    const token = authorization.slice(7).trim();
    if (token === '') {
      throw challenge(
        reply,
        401,
        'invalid_request',
        'The Authorization header must be `Bearer <token>`, with a personal access token from your dashboard.',
      );
    }

    // Counted before the lookup, in one statement, so that a burst of guesses looks up no more
    // than the limit; a token that turns out good takes its hit back.
    const failures = `bearer-failed:${digest(request.ip)}`;
    if ((await countHit(db, failures, FAILURE_WINDOW_MS)).hits > options.authRateLimitPerIp) {
      throw new HttpError(
        429,
        'Too many invalid tokens from your address. Please try again in 15 minutes.',
      );
    }
    const result = await authenticateToken(db, token, request.ip, now());
    if (!result.ok) throw challenge(reply, 401, 'invalid_token', result.message);
    await takeBackHit(db, failures);
    const { identity } = result;

    const limit = options.tokenRateLimitPerMinute;
    const { hits, ttl_ms } = await countHit(db, `token:${identity.tokenId}`, MINUTE_MS);
    const reset = Math.max(1, Math.ceil(ttl_ms / 1000));
    void reply.headers({
      'RateLimit-Policy': `${limit};w=60`,
      'RateLimit-Limit': limit,
      'RateLimit-Remaining': Math.max(0, limit - hits),
      'RateLimit-Reset': reset,
    });
    if (hits > limit) {
      void reply.header('Retry-After', reset);
      throw new HttpError(
        429,
        `This token made more than ${limit} calls this minute. Please try again in ${reset} seconds.`,
      );
    }

    // Staff routes by their access, or by their place: a staff call that decides who may call it
    // in its service (impersonation) is still one.
    if (
      access === 'staff' ||
      access === 'admin' ||
      request.routeOptions.url.startsWith('/api/admin/')
    ) {
      throw challenge(
        reply,
        403,
        'insufficient_scope',
        'Personal access tokens act for a subscriber and never call staff routes: sign in as staff in the browser instead.',
      );
    }
    const needed = scopeOf(request.method, config);
    if (needed === 'session') {
      throw challenge(
        reply,
        403,
        'insufficient_scope',
        'This call is made only from a signed-in browser session (tokens are managed there): a personal access token cannot make it.',
      );
    }
    if (!identity.scopes.includes(needed)) {
      throw challenge(
        reply,
        403,
        'insufficient_scope',
        `This call needs a token with the ${needed} scope; this token has only ${identity.scopes.join(' and ')}. Create a token with ${needed} on your dashboard.`,
        needed,
      );
    }
    request.bearer = identity;
  });
}

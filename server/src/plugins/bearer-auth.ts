import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/database.ts';
import type { Language } from '@deedwatch/rules';
import { translator } from '../i18n/index.ts';
import { type HttpError, said, tooManyRequests } from '../lib/errors.ts';
import { scopeOf } from '../lib/route.ts';
import { countHit } from '../modules/auth/rate-limits.repository.ts';
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

/**
 * An error with the WWW-Authenticate challenge RFC 6750 asks for. A request that broke the
 * protocol itself (invalid_request) also gets its message as the error_description, so a client
 * that reads only the header still learns what to fix: in English whatever the request's
 * language, as the RFC allows only ASCII there. The body's message is told in the request's
 * language.
 */
function challenge(
  reply: FastifyReply,
  error: 'invalid_request' | 'invalid_token' | 'insufficient_scope',
  refusal: HttpError,
  scope?: string,
): HttpError {
  const description = error === 'invalid_request' ? `, error_description="${refusal.message}"` : '';
  void reply.header(
    'WWW-Authenticate',
    `Bearer ${REALM}, error="${error}"${description}${scope ? `, scope="${scope}"` : ''}`,
  );
  return refusal;
}

/** Seconds to wait, in the reader's language ('42 seconds', '42 segundos'). */
const secondsIn = (language: Language, seconds: number) =>
  new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(
    seconds,
  );

/**
 * The credentials of an `Authorization` header of the Bearer scheme (any letter case), '' when
 * it holds none (`Bearer`, `Bearer `: a script whose token variable is unset), or null for
 * another scheme or none at all.
 */
function bearerCredentials(authorization: string | undefined): string | null {
  const match = authorization?.match(/^bearer(?:[ \t]+(.*))?$/is);
  return match ? (match[1] ?? '').trim() : null;
}

/**
 * `Authorization: Bearer <personal access token>` on the API. A request that sends one speaks
 * for the token alone: its session cookie is dropped before the session is read, so a token
 * never rides along with a session, and never with an impersonation. The token must be valid
 * (401 saying why not), its route must be a subscriber's (403 on staff and admin routes and on
 * the calls that manage tokens), and it must hold the scope the route needs (403 naming it).
 * Each token has its own per-minute limit, told in RateLimit-* headers on every answer; invalid
 * tokens count against the client address, as sign-in attempts do, and never hold back a valid
 * one sent from there. Even an empty Bearer is a token request. Must be registered before the
 * session, so the cookie is gone before anything reads it.
 */
export function registerBearerAuth(
  app: FastifyInstance,
  db: Database,
  options: BearerAuthOptions,
): void {
  const now = options.now ?? (() => new Date());
  app.decorateRequest('bearer', null);

  app.addHook('onRequest', async (request, reply) => {
    const token = bearerCredentials(request.headers.authorization);
    // Other schemes are not ours to judge: a proxy's Basic credentials pass through untouched.
    if (token === null) return;
    // Even an empty Bearer is a token request: the caller meant a token, and answering as the
    // browser's session would hide that their script sent none.
    delete request.headers.cookie;
    const config = request.routeOptions.config;
    const access = config?.access;
    // Not an API route (the docs, the web app, the jobs dashboard, /metrics and its own token):
    // without its cookie the request is anonymous there.
    if (access === undefined || !request.routeOptions.url?.startsWith('/api/')) return;
    if (token === '') {
      throw challenge(reply, 'invalid_request', said(401, 'errors.tokenEmpty'));
    }

    // A good token is let through whatever the address's failures: its owner may share the
    // address with whoever sends the bad ones, and 256 random bits are not guessed. A bad token
    // is counted, in one statement, and that count alone decides between saying why (401) and
    // 429, so a burst of guesses is told why for no more than the limit.
    const result = await authenticateToken(db, token, request.ip, now());
    if (!result.ok) {
      const failures = `bearer-failed:${digest(request.ip)}`;
      const { hits, ttl_ms } = await countHit(db, failures, FAILURE_WINDOW_MS);
      if (hits > options.authRateLimitPerIp) {
        void reply.header('Retry-After', Math.max(1, Math.ceil(ttl_ms / 1000)));
        throw tooManyRequests(ttl_ms, 'errors.tooManyInvalidTokens');
      }
      throw challenge(reply, 'invalid_token', result.error);
    }
    const { identity } = result;
    // Known from here: a refusal below is told in the token's account's language.
    request.bearer = identity;

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
      throw said(429, 'errors.tokenTooManyCalls', (language) => ({
        limit,
        wait: secondsIn(language, reset),
      }));
    }

    // Staff routes by their access, or by their place: a staff call that decides who may call it
    // in its service (impersonation) is still one.
    if (
      access === 'staff' ||
      access === 'admin' ||
      request.routeOptions.url.startsWith('/api/admin/')
    ) {
      throw challenge(reply, 'insufficient_scope', said(403, 'errors.tokenStaffRoute'));
    }
    const needed = scopeOf(request.method, config);
    if (needed === 'session') {
      throw challenge(reply, 'insufficient_scope', said(403, 'errors.tokenSessionOnly'));
    }
    if (!identity.scopes.includes(needed)) {
      const has = identity.scopes;
      throw challenge(
        reply,
        'insufficient_scope',
        said(403, 'errors.tokenScopeNeeded', (language) => ({
          needed,
          has:
            has.length > 1
              ? translator(language)('errors.tokenScopesAnd', {
                  first: has.slice(0, -1).join(', '),
                  last: has.at(-1)!,
                })
              : (has[0] ?? ''),
        })),
        needed,
      );
    }
  });
}

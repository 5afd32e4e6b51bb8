import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { translator } from '../../i18n/index.ts';
import { route, type TypedRequest } from '../../lib/route.ts';
import { errorResponse, type JsonSchema, response } from '../../lib/schema.ts';
import { type AttemptLimit, limitAttempts } from '../../plugins/attempt-limits.ts';
import { languageOfRequest } from '../../plugins/error-handler.ts';
import { endSession, rotateSession } from '../../plugins/session-lifecycle.ts';
import { sessionUser } from '../user/session-user.service.ts';
import { SessionUser } from '../user/user.schemas.ts';
import type { AuthMail } from './auth-mail.ts';
import {
  CodeQuery,
  ImpersonateBody,
  LoginQuery,
  LoginRequested,
  LogoutResult,
  MethodVerified,
  StaffLoginBody,
} from './auth.schemas.ts';
import * as service from './auth.service.ts';
import type { HistoryQueue } from '../user/user.service.ts';
import { type Delay, slowDownStaffLogin } from './staff-login-slowdown.ts';

export type AuthRoutesOptions = {
  db: Database;
  mail: AuthMail;
  limits: Pick<Config, 'authRateLimitPerIp' | 'authRateLimitPerEmail'>;
  /** How the staff sign-in slow-down waits; node's timer when not given. */
  delay?: Delay;
  /** Queues the history check of a new subscriber's guards when their email is verified. */
  boss?: HistoryQueue;
};

/** What a sign-in request is answered, in English; told in the request's language. */
export const LOGIN_REQUESTED_MESSAGE = translator('en')('api.request.signInRequested');

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Sign-in (staff password, magic link, verification links), the session user, logout, impersonation. */
export async function authRoutes(
  app: FastifyInstance,
  { db, mail, limits, delay, boss }: AuthRoutesOptions,
) {
  const sessionUserResponse = response(SessionUser, 'The signed-in user');
  const tooMany = errorResponse('Too many attempts from this address or for this email');
  const sessionOf = (request: FastifyRequest): service.SessionControl => ({
    start: (data) => rotateSession(request, db, data),
    switchTo: (data) => rotateSession(request, db, data, { once: true }),
    end: () => endSession(request, db),
    signedInAs: request.session.userId,
  });

  const byAddress = <R extends FastifyRequest>(name: string): AttemptLimit<R> => ({
    name: `${name}:ip`,
    max: limits.authRateLimitPerIp,
    windowMs: FIFTEEN_MINUTES,
    key: (r) => r.ip,
  });
  // Keyed by the email itself, whatever address the attempts come from. It counts unknown
  // emails too, so reaching it reveals nothing about which accounts exist.
  const byEmail = <R extends FastifyRequest>(
    name: string,
    emailOf: (r: R) => string,
  ): AttemptLimit<R> => ({
    name: `${name}:email`,
    max: limits.authRateLimitPerEmail,
    windowMs: FIFTEEN_MINUTES,
    key: emailOf,
  });
  // Keyed by the email and the address together: someone guessing a staff password from one
  // address is stopped there, while the account's owner signs in from another.
  const byEmailFromAddress = <R extends FastifyRequest>(
    name: string,
    emailOf: (r: R) => string,
  ): AttemptLimit<R> => ({
    name: `${name}:email-ip`,
    max: limits.authRateLimitPerEmail,
    windowMs: FIFTEEN_MINUTES,
    key: (r) => `${emailOf(r)}\n${r.ip}`,
  });
  // Staff sign-ins count the wrong passwords only: signing in right was no guess.
  const guesses = <R extends FastifyRequest>(limit: AttemptLimit<R>): AttemptLimit<R> => ({
    ...limit,
    refund: 'succeeded',
  });

  route(app, {
    method: 'POST',
    url: '/admin/auth/login',
    access: 'public',
    preHandler: [
      limitAttempts(db, [
        guesses(byAddress('staff-login')),
        guesses(
          byEmailFromAddress(
            'staff-login',
            (r: TypedRequest<typeof StaffLoginBody>) => r.body.email,
          ),
        ),
      ]),
      async () => slowDownStaffLogin(db, delay),
    ],
    schema: {
      operationId: 'staffLogin',
      tags: ['auth'],
      summary: 'Staff sign in with email and password',
      description:
        'Limited per client address, and per email from one address, counting wrong passwords only; no account is ever locked. The more staff sign-ins failed in the last 15 minutes (any account, any address), the longer each one waits, up to 5 seconds.',
      body: StaffLoginBody,
      response: {
        200: sessionUserResponse,
        400: errorResponse('Invalid input'),
        401: errorResponse('Invalid email or password'),
        429: tooMany,
      },
    },
    handler: async (request) =>
      service.staffLogin(db, sessionOf(request), request.body.email, request.body.password),
  });

  route(app, {
    method: 'POST',
    url: '/auth/login',
    access: 'public',
    preHandler: [
      limitAttempts(db, [
        byAddress('login'),
        byEmail('login', (r: TypedRequest<undefined, typeof LoginQuery>) => r.query.email),
      ]),
    ],
    schema: {
      operationId: 'requestLoginLink',
      tags: ['auth'],
      summary: 'Emails a sign-in link (magic link) to a subscriber',
      description: 'Answers the same whether or not an account exists for the email.',
      querystring: LoginQuery,
      response: {
        200: response(LoginRequested, 'The request was taken'),
        400: errorResponse('Invalid email'),
        429: tooMany,
      },
    },
    handler: async (request) => {
      await service.requestLogin(db, mail, request.query.email);
      const say = translator(await languageOfRequest(request));
      return { message: say('api.request.signInRequested') };
    },
  });

  const codeRoute = (
    url: string,
    operationId: string,
    summary: string,
    ok: JsonSchema,
    redeem: (session: service.SessionControl, code: string) => Promise<unknown>,
  ) =>
    route(app, {
      method: 'POST',
      url,
      access: 'public',
      // Redeeming a code while impersonating would trade the audited impersonation for a
      // session of the user's own; verifying would tie an address to the account.
      config: { notWhileImpersonating: true },
      // One bucket for the three code calls: guessing through any of them counts.
      preHandler: [limitAttempts(db, [byAddress('codes')])],
      schema: {
        operationId,
        tags: ['auth'],
        summary,
        querystring: CodeQuery,
        response: {
          200: ok,
          401: errorResponse(
            'The link is invalid, used or expired; a browser signed in stays signed in (its cookie is kept)',
          ),
          403: errorResponse('Not while staff impersonate this user'),
          409: errorResponse(
            'This browser is signed in to another account: the code is not spent, and works once that account signs out',
          ),
          429: tooMany,
        },
      },
      handler: async (request) => redeem(sessionOf(request), request.query.code),
    });
  // The user signed in by the link, or (a method that is not the account's own email) what it
  // verified: the signed-in user when this browser is already signed in to that account.
  const verifiedResponse = response(
    v.union([SessionUser, MethodVerified]),
    "The signed-in user (the account's own email), or what was verified (any other method)",
  );
  codeRoute(
    '/auth/code',
    'redeemLoginCode',
    'Signs in with the code of a magic link',
    sessionUserResponse,
    (session, code) => service.redeemLoginCode(db, session, code),
  );
  codeRoute(
    '/auth/verify-email',
    'verifyEmail',
    "Verifies an email with the code of its link; the account's own email also signs in",
    verifiedResponse,
    (session, code) => service.verifyByCode(db, session, code, 'verify_email', boss),
  );
  codeRoute(
    '/auth/verify-sms',
    'verifySms',
    'Verifies a phone with the code of its link (it signs nobody in)',
    verifiedResponse,
    (session, code) => service.verifyByCode(db, session, code, 'verify_sms', boss),
  );

  route(app, {
    method: 'POST',
    url: '/auth/me',
    access: 'signed-in',
    config: { readOnly: true },
    schema: {
      operationId: 'getSessionUser',
      tags: ['auth'],
      summary: 'The signed-in user, to restore a session',
      security: [{ session: [] }],
      response: {
        200: sessionUserResponse,
        401: errorResponse('Nobody is signed in; the session cookie is cleared'),
      },
    },
    handler: async (_request, _reply, caller) => sessionUser(db, caller),
  });

  route(app, {
    method: 'GET',
    url: '/auth/logout',
    access: 'public',
    schema: {
      operationId: 'logout',
      tags: ['auth'],
      summary: 'Ends the session, or only the impersonation when there is one',
      response: { 200: response(LogoutResult, 'Signed out') },
    },
    handler: async (request, _reply, caller) => service.logout(db, sessionOf(request), caller),
  });

  route(app, {
    method: 'POST',
    url: '/admin/impersonate',
    // Staff only: the service decides, so that a staff member already impersonating is told
    // so (409) rather than refused as the subscriber they act as.
    access: 'signed-in',
    schema: {
      operationId: 'impersonate',
      tags: ['auth'],
      summary: 'Staff: act as a subscriber until logout',
      security: [{ session: [] }],
      body: ImpersonateBody,
      response: {
        200: response(SessionUser, "The subscriber's session user"),
        400: errorResponse('Invalid input'),
        401: errorResponse('Nobody is signed in'),
        403: errorResponse('Not staff, or the target is staff'),
        404: errorResponse('No such user'),
        409: errorResponse('Already impersonating'),
      },
    },
    handler: async (request, _reply, caller) =>
      service.impersonate(db, sessionOf(request), caller, request.body.userId),
  });
}

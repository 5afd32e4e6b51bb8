import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { errorResponse, response, schema } from '../../lib/schema.ts';
import { limitAttempts } from '../../plugins/attempt-limits.ts';
import type { AuthMail } from './auth-mail.ts';
import {
  CodeQuery,
  ImpersonateBody,
  LoginQuery,
  LoginRequested,
  LogoutResult,
  SessionUser,
  StaffLoginBody,
} from './auth.schemas.ts';
import * as service from './auth.service.ts';
import { slowDownStaffLogin } from './staff-login-slowdown.ts';

export type AuthRoutesOptions = {
  db: Database;
  mail: AuthMail;
  limits: Pick<Config, 'authRateLimitPerIp' | 'authRateLimitPerEmail'>;
};

export const LOGIN_REQUESTED_MESSAGE =
  'If an account exists for that email, a sign-in link is on its way. Please check your inbox.';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export async function authRoutes(app: FastifyInstance, { db, mail, limits }: AuthRoutesOptions) {
  const sessionUser = response(SessionUser, 'The signed-in user');
  const tooMany = errorResponse('Too many attempts from this address or for this email');
  const byAddress = (name: string) => ({
    name: `${name}:ip`,
    max: limits.authRateLimitPerIp,
    windowMs: FIFTEEN_MINUTES,
    key: (r: FastifyRequest) => r.ip,
  });
  // Keyed by the email itself, whatever address the attempts come from. It counts unknown
  // emails too, so reaching it reveals nothing about which accounts exist.
  const byEmail = (name: string, emailOf: (r: FastifyRequest) => string) => ({
    name: `${name}:email`,
    max: limits.authRateLimitPerEmail,
    windowMs: FIFTEEN_MINUTES,
    key: emailOf,
  });
  // Keyed by the email and the address together: someone guessing a staff password from one
  // address is stopped there, while the account's owner signs in from another.
  const byEmailFromAddress = (name: string, emailOf: (r: FastifyRequest) => string) => ({
    name: `${name}:email-ip`,
    max: limits.authRateLimitPerEmail,
    windowMs: FIFTEEN_MINUTES,
    key: (r: FastifyRequest) => `${emailOf(r)}\n${r.ip}`,
  });

  app.post(
    '/admin/auth/login',
    {
      preHandler: [
        limitAttempts(db, [
          byAddress('staff-login'),
          byEmailFromAddress(
            'staff-login',
            (r) => (r.body as v.InferOutput<typeof StaffLoginBody>).email,
          ),
        ]),
        async () => slowDownStaffLogin(db),
      ],
      schema: {
        operationId: 'staffLogin',
        tags: ['auth'],
        summary: 'Staff sign in with email and password',
        description:
          'Limited per client address, and per email from one address; no account is ever locked. The more staff sign-ins failed in the last 15 minutes (any account, any address), the longer each one waits, up to 5 seconds.',
        body: schema(StaffLoginBody),
        response: {
          200: sessionUser,
          400: errorResponse('Invalid input'),
          401: errorResponse('Invalid email or password'),
          429: tooMany,
        },
      },
    },
    async (request) => {
      const body = request.body as v.InferOutput<typeof StaffLoginBody>;
      return service.staffLogin(request, db, body.email, body.password);
    },
  );

  app.post(
    '/auth/login',
    {
      preHandler: limitAttempts(db, [
        byAddress('login'),
        byEmail('login', (r) => (r.query as v.InferOutput<typeof LoginQuery>).email),
      ]),
      schema: {
        operationId: 'requestLoginLink',
        tags: ['auth'],
        summary: 'Emails a sign-in link (magic link) to a subscriber',
        description: 'Answers the same whether or not an account exists for the email.',
        querystring: schema(LoginQuery),
        response: {
          200: response(LoginRequested, 'The request was taken'),
          400: errorResponse('Invalid email'),
          429: tooMany,
        },
      },
    },
    async (request) => {
      await service.requestLogin(
        { db, mail },
        (request.query as v.InferOutput<typeof LoginQuery>).email,
      );
      return { message: LOGIN_REQUESTED_MESSAGE };
    },
  );

  const codeRoute = (
    url: string,
    operationId: string,
    summary: string,
    redeem: (request: FastifyRequest, code: string) => Promise<unknown>,
  ) =>
    app.post(
      url,
      {
        // Redeeming a code while impersonating would trade the audited impersonation for a
        // session of the user's own; verifying would tie an address to the account.
        config: { notWhileImpersonating: true },
        // One bucket for the three code calls: guessing through any of them counts.
        preHandler: limitAttempts(db, [byAddress('codes')]),
        schema: {
          operationId,
          tags: ['auth'],
          summary,
          querystring: schema(CodeQuery),
          response: {
            200: sessionUser,
            401: errorResponse('The link is invalid, used or expired'),
            403: errorResponse('Not while staff impersonate this user'),
            429: tooMany,
          },
        },
      },
      async (request) => redeem(request, (request.query as v.InferOutput<typeof CodeQuery>).code),
    );
  codeRoute('/auth/code', 'redeemLoginCode', 'Signs in with the code of a magic link', (r, code) =>
    service.redeemLoginCode(r, db, code),
  );
  codeRoute(
    '/auth/verify-email',
    'verifyEmail',
    'Verifies an email with the code of its link, and signs in',
    (r, code) => service.verifyByCode(r, db, code, 'verify_email'),
  );
  codeRoute(
    '/auth/verify-sms',
    'verifySms',
    'Verifies a phone with the code of its link, and signs in',
    (r, code) => service.verifyByCode(r, db, code, 'verify_sms'),
  );

  app.post(
    '/auth/me',
    {
      config: { readOnly: true },
      schema: {
        operationId: 'getSessionUser',
        tags: ['auth'],
        summary: 'The signed-in user, to restore a session',
        security: [{ session: [] }],
        response: {
          200: sessionUser,
          401: errorResponse('Nobody is signed in; the session cookie is cleared'),
        },
      },
    },
    async (request) => service.loadSessionUser(db, request.session),
  );

  app.get(
    '/auth/logout',
    {
      schema: {
        operationId: 'logout',
        tags: ['auth'],
        summary: 'Ends the session, or only the impersonation when there is one',
        response: { 200: response(LogoutResult, 'Signed out') },
      },
    },
    async (request) => service.logout(request, db),
  );

  app.post(
    '/admin/impersonate',
    {
      schema: {
        operationId: 'impersonate',
        tags: ['auth'],
        summary: 'Staff: act as a subscriber until logout',
        security: [{ session: [] }],
        body: schema(ImpersonateBody),
        response: {
          200: response(SessionUser, "The subscriber's session user"),
          400: errorResponse('Invalid input'),
          401: errorResponse('Nobody is signed in'),
          403: errorResponse('Not staff, or the target is staff'),
          404: errorResponse('No such user'),
          409: errorResponse('Already impersonating'),
        },
      },
    },
    async (request) =>
      service.impersonate(
        request,
        db,
        (request.body as v.InferOutput<typeof ImpersonateBody>).userId,
      ),
  );
}

import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { errorResponse, maxJsonBytes, response, schema } from '../../lib/schema.ts';
import { limitAttempts } from '../../plugins/attempt-limits.ts';
import type { AuthMail } from '../auth/auth-mail.ts';
import { SessionUser } from '../auth/auth.schemas.ts';
import {
  AddApnsBody,
  AddNamesBody,
  AddNotificationMethodBody,
  ArchiveEventBody,
  Registered,
  RegisterBody,
  RemoveNotificationMethodBody,
  RemoveSubscriptionBody,
  ResendVerificationBody,
} from './user.schemas.ts';
import * as service from './user.service.ts';

type Body<T extends v.GenericSchema> = v.InferOutput<T>;

export type UserRoutesOptions = {
  db: Database;
  mail: AuthMail;
  limits: Pick<Config, 'authRateLimitPerIp' | 'authRateLimitPerEmail'>;
};

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export async function userRoutes(app: FastifyInstance, { db, mail, limits }: UserRoutesOptions) {
  const deps = { db, mail };
  // Calls that mail an address the caller chooses: limited, so nobody uses us to flood inboxes.
  const registrationsPerAddress = limitAttempts(db, [
    {
      name: 'register:ip',
      max: limits.authRateLimitPerIp,
      windowMs: FIFTEEN_MINUTES,
      key: (r) => r.ip,
    },
  ]);
  const verificationMailsPerAccount = limitAttempts(db, [
    {
      name: 'verification-mail:user',
      max: limits.authRateLimitPerEmail,
      windowMs: FIFTEEN_MINUTES,
      key: (r) => r.session?.userId ?? r.ip,
    },
  ]);
  const tooMany = errorResponse('Too many of these requests; try again later');
  const updatedUser = response(SessionUser, 'The updated session user');
  const invalid = errorResponse('Invalid input, with what to change');
  const noSession = errorResponse('Nobody is signed in');
  const notFound = errorResponse('Not found among your own items');
  const signedIn = { tags: ['user'], security: [{ session: [] }] };
  const notWhileImpersonating = errorResponse('Not while staff impersonate this user');

  app.post(
    '/user/register',
    {
      // 100 APNs and 100 names at their longest (about 224 KB) need more than the app's default.
      bodyLimit: maxJsonBytes(RegisterBody),
      preHandler: registrationsPerAddress,
      schema: {
        operationId: 'register',
        tags: ['user'],
        summary:
          'Creates a subscriber with guarded APNs and names, and emails the verification link',
        description:
          'Names are trimmed and upper-cased; APNs are formatted by the county mask. A repeat of an item in the same county is ignored. At most 10 names and 10 APNs per account. The items activate when the email is verified, and only documents recorded after that raise alerts.',
        body: schema(RegisterBody),
        response: {
          429: tooMany,
          201: response(
            Registered,
            'Registered; the welcome mail with the verification link is on its way',
          ),
          400: invalid,
          409: errorResponse('User with this email already exists'),
        },
      },
    },
    async (request, reply) => {
      const body = request.body as Body<typeof RegisterBody>;
      const user = await service.register(deps, body);
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/user/subscriptions/apns/list/add',
    {
      bodyLimit: maxJsonBytes(AddApnsBody),
      schema: {
        ...signedIn,
        operationId: 'addApnSubscriptions',
        summary: 'Guards more properties (APNs)',
        body: schema(AddApnsBody),
        response: { 200: updatedUser, 400: invalid, 401: noSession },
      },
    },
    async (request) =>
      service.addApnSubscriptions(
        deps,
        request,
        (request.body as Body<typeof AddApnsBody>).guardApnSubscriptions,
      ),
  );

  app.post(
    '/user/subscriptions/names/list/add',
    {
      bodyLimit: maxJsonBytes(AddNamesBody),
      schema: {
        ...signedIn,
        operationId: 'addNameSubscriptions',
        summary: 'Guards more names',
        body: schema(AddNamesBody),
        response: { 200: updatedUser, 400: invalid, 401: noSession },
      },
    },
    async (request) =>
      service.addNameSubscriptions(
        deps,
        request,
        (request.body as Body<typeof AddNamesBody>).guardNameSubscriptions,
      ),
  );

  app.post(
    '/user/subscriptions/remove',
    {
      schema: {
        ...signedIn,
        operationId: 'removeSubscription',
        summary: 'Stops guarding a property or a name',
        body: schema(RemoveSubscriptionBody),
        response: { 200: updatedUser, 400: invalid, 401: noSession, 404: notFound },
      },
    },
    async (request) => {
      const body = request.body as Body<typeof RemoveSubscriptionBody>;
      return service.removeSubscription(
        db,
        request,
        body.guardRecordSubscriptionType,
        body.guardSubscriptionId,
      );
    },
  );

  app.post(
    '/user/notifications/add',
    {
      config: { notWhileImpersonating: true },
      preHandler: verificationMailsPerAccount,
      schema: {
        ...signedIn,
        operationId: 'addNotificationMethod',
        summary: 'Adds an email (or SMS) method and sends its verification link',
        description: 'For an SMS method the phone number goes in the `email` field.',
        body: schema(AddNotificationMethodBody),
        response: {
          429: tooMany,
          200: updatedUser,
          400: invalid,
          401: noSession,
          403: notWhileImpersonating,
          409: errorResponse('Already one of your methods'),
        },
      },
    },
    async (request) => {
      const body = request.body as Body<typeof AddNotificationMethodBody>;
      return service.addNotificationMethod(deps, request, {
        address: body.email,
        type: body.notificationMethodType,
      });
    },
  );

  app.post(
    '/user/notifications/remove',
    {
      schema: {
        ...signedIn,
        operationId: 'removeNotificationMethod',
        summary: "Removes a notification method (never the account's own email)",
        body: schema(RemoveNotificationMethodBody),
        response: { 200: updatedUser, 400: invalid, 401: noSession, 404: notFound },
      },
    },
    async (request) =>
      service.removeNotificationMethod(
        db,
        request,
        (request.body as Body<typeof RemoveNotificationMethodBody>).notificationMethodId,
      ),
  );

  app.post(
    '/user/notifications/verify/resend',
    {
      config: { notWhileImpersonating: true },
      preHandler: verificationMailsPerAccount,
      schema: {
        ...signedIn,
        operationId: 'resendVerification',
        summary: 'Sends the verification link of an unverified method again',
        body: schema(ResendVerificationBody),
        response: {
          429: tooMany,
          200: updatedUser,
          400: errorResponse('Already verified, or invalid input'),
          401: noSession,
          403: notWhileImpersonating,
          404: notFound,
        },
      },
    },
    async (request) =>
      service.resendVerification(
        deps,
        request,
        (request.body as Body<typeof ResendVerificationBody>).notificationMethodId,
      ),
  );

  app.post(
    '/user/events/archive',
    {
      schema: {
        ...signedIn,
        operationId: 'archiveEvent',
        summary: 'Archives an alert: it no longer shows among the alerts',
        body: schema(ArchiveEventBody),
        response: { 200: updatedUser, 400: invalid, 401: noSession, 404: notFound },
      },
    },
    async (request) =>
      service.archiveEvent(db, request, (request.body as Body<typeof ArchiveEventBody>).eventId),
  );
}

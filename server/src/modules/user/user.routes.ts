import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { errorResponse, maxJsonBytes, response } from '../../lib/schema.ts';
import { limitAttempts } from '../../plugins/attempt-limits.ts';
import { languageOfRequest } from '../../plugins/error-handler.ts';
import type { AuthMail } from '../auth/auth-mail.ts';
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
  SessionUser,
  SetLanguageBody,
  SetTextLevelsBody,
} from './user.schemas.ts';
import * as service from './user.service.ts';

export type UserRoutesOptions = {
  db: Database;
  mail: AuthMail;
  limits: Pick<Config, 'authRateLimitPerIp' | 'authRateLimitPerEmail'>;
  /** Where new guards queue their history check. */
  boss?: service.HistoryQueue;
};

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export async function userRoutes(
  app: FastifyInstance,
  { db, mail, limits, boss }: UserRoutesOptions,
) {
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
      // The caller, by a session or a personal access token (a token call has no session, and
      // one token used from many addresses is still one account); the address only unsigned.
      key: (r) => r.caller?.userId ?? r.ip,
      refund: 'refused',
    },
  ]);
  const tooMany = errorResponse('Too many of these requests; try again later');
  const updatedUser = response(SessionUser, 'The updated session user');
  const invalid = errorResponse('Invalid input, with what to change');
  const noSession = errorResponse('Nobody is signed in');
  const notFound = errorResponse('Not found among your own items');
  const signedIn = { tags: ['user'], security: [{ session: [] }] };
  const notWhileImpersonating = errorResponse('Not while staff impersonate this user');

  route(app, {
    method: 'POST',
    url: '/user/register',
    access: 'public',
    // 100 APNs and 100 names at their longest (about 224 KB) need more than the app's default.
    bodyLimit: maxJsonBytes(RegisterBody),
    preHandler: [registrationsPerAddress],
    schema: {
      operationId: 'register',
      tags: ['user'],
      summary: 'Creates a subscriber with guarded APNs and names, and emails the verification link',
      description:
        'Names are trimmed and upper-cased; APNs are formatted by the county mask. A repeat of an item in the same county is ignored. At most 10 names and 10 APNs per account. The items activate when the email is verified, and only documents recorded after that raise alerts.',
      body: RegisterBody,
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
    handler: async (request, reply) => {
      // Left out, the language is the request's: the one its errors are told in.
      const language = request.body.language ?? (await languageOfRequest(request));
      const user = await service.register(db, mail, boss, { ...request.body, language });
      return reply.status(201).send(user);
    },
  });

  route(app, {
    method: 'POST',
    url: '/user/subscriptions/apns/list/add',
    access: 'signed-in',
    bodyLimit: maxJsonBytes(AddApnsBody),
    schema: {
      ...signedIn,
      operationId: 'addApnSubscriptions',
      summary: 'Guards more properties (APNs)',
      body: AddApnsBody,
      response: { 200: updatedUser, 400: invalid, 401: noSession },
    },
    handler: async (request, _reply, caller) =>
      service.addApnSubscriptions(db, boss, caller, request.body.guardApnSubscriptions),
  });

  route(app, {
    method: 'POST',
    url: '/user/subscriptions/names/list/add',
    access: 'signed-in',
    bodyLimit: maxJsonBytes(AddNamesBody),
    schema: {
      ...signedIn,
      operationId: 'addNameSubscriptions',
      summary: 'Guards more names',
      body: AddNamesBody,
      response: { 200: updatedUser, 400: invalid, 401: noSession },
    },
    handler: async (request, _reply, caller) =>
      service.addNameSubscriptions(db, boss, caller, request.body.guardNameSubscriptions),
  });

  route(app, {
    method: 'POST',
    url: '/user/subscriptions/remove',
    access: 'signed-in',
    schema: {
      ...signedIn,
      operationId: 'removeSubscription',
      summary: 'Stops guarding a property or a name',
      body: RemoveSubscriptionBody,
      response: { 200: updatedUser, 400: invalid, 401: noSession, 404: notFound },
    },
    handler: async (request, _reply, caller) =>
      service.removeSubscription(
        db,
        caller,
        request.body.guardRecordSubscriptionType,
        request.body.guardSubscriptionId,
      ),
  });

  route(app, {
    method: 'POST',
    url: '/user/notifications/add',
    access: 'signed-in',
    config: { notWhileImpersonating: true },
    preHandler: [verificationMailsPerAccount],
    schema: {
      ...signedIn,
      operationId: 'addNotificationMethod',
      summary: 'Adds an email or phone (SMS) method and sends its verification link',
      description:
        "For an SMS method the phone number goes in the `email` field: written with + and the country code, or as a number of the country of the subscriber's first guarded county; stored as E.164. Refused (400) when this server sends no texts (GET /api/config/notifications), for a number that is not one, or for one of a country none of the subscriber's counties takes. The phone's verification text carries a /verify-sms/ link valid 10 minutes; a newer one voids it.",
      body: AddNotificationMethodBody,
      response: {
        429: tooMany,
        200: updatedUser,
        400: invalid,
        401: noSession,
        403: notWhileImpersonating,
        409: errorResponse(
          'Already one of your methods or your trusted contacts, or the account has the most methods it may (10)',
        ),
      },
    },
    handler: async (request, _reply, caller) =>
      service.addNotificationMethod(db, mail, caller, {
        address: request.body.email,
        type: request.body.notificationMethodType,
      }),
  });

  route(app, {
    method: 'POST',
    url: '/user/notifications/remove',
    access: 'signed-in',
    schema: {
      ...signedIn,
      operationId: 'removeNotificationMethod',
      summary: "Removes a notification method (never the account's own email)",
      body: RemoveNotificationMethodBody,
      response: { 200: updatedUser, 400: invalid, 401: noSession, 404: notFound },
    },
    handler: async (request, _reply, caller) =>
      service.removeNotificationMethod(db, caller, request.body.notificationMethodId),
  });

  route(app, {
    method: 'POST',
    url: '/user/notifications/verify/resend',
    access: 'signed-in',
    config: { notWhileImpersonating: true },
    preHandler: [verificationMailsPerAccount],
    schema: {
      ...signedIn,
      operationId: 'resendVerification',
      summary: 'Sends the verification link of an unverified method again',
      body: ResendVerificationBody,
      response: {
        429: tooMany,
        200: updatedUser,
        400: errorResponse('Already verified, or invalid input'),
        401: noSession,
        403: notWhileImpersonating,
        404: notFound,
      },
    },
    handler: async (request, _reply, caller) =>
      service.resendVerification(db, mail, caller, request.body.notificationMethodId),
  });

  route(app, {
    method: 'POST',
    url: '/user/notifications/texts',
    access: 'signed-in',
    schema: {
      ...signedIn,
      operationId: 'setTextLevels',
      summary: 'Chooses which alerts a phone (SMS) method is texted',
      description:
        'Act now alerts are always texted to a verified phone; with checkLevel true, Check alerts are too. Records-level documents are never texted.',
      body: SetTextLevelsBody,
      response: { 200: updatedUser, 400: invalid, 401: noSession, 404: notFound },
    },
    handler: async (request, _reply, caller) =>
      service.setTextLevels(db, caller, request.body.notificationMethodId, request.body.checkLevel),
  });

  route(app, {
    method: 'POST',
    url: '/user/language',
    access: 'signed-in',
    schema: {
      ...signedIn,
      operationId: 'setLanguage',
      summary: 'Chooses the language of the site and of every message sent to the subscriber',
      description:
        'Emails, texts and the PDFs attached to them are written in this language from now on.',
      body: SetLanguageBody,
      response: { 200: updatedUser, 400: invalid, 401: noSession },
    },
    handler: async (request, _reply, caller) =>
      service.setLanguage(db, caller, request.body.language),
  });

  route(app, {
    method: 'POST',
    url: '/user/events/archive',
    access: 'signed-in',
    schema: {
      ...signedIn,
      operationId: 'archiveEvent',
      summary:
        'Archives an alert: the dashboard no longer lists it among the alerts, nor a morning digest of possible matches; it is still listed by POST /api/auth/me (isArchived true) and by GET /api/user/events with archived=true or all',
      body: ArchiveEventBody,
      response: { 200: updatedUser, 400: invalid, 401: noSession, 404: notFound },
    },
    handler: async (request, _reply, caller) =>
      service.archiveEvent(db, caller, request.body.eventId),
  });
}

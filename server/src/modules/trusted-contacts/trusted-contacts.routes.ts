import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { limitAttempts } from '../../plugins/attempt-limits.ts';
import { SessionUser } from '../user/user.schemas.ts';
import {
  AddTrustedContactBody,
  ContactAnswer,
  ContactCodeQuery,
  TrustedContactParams,
} from './trusted-contacts.schemas.ts';
import * as service from './trusted-contacts.service.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export type TrustedContactsRoutesOptions = service.ContactDeps & {
  limits: Pick<Config, 'authRateLimitPerIp' | 'authRateLimitPerEmail'>;
};

/** Trusted contacts: named by a subscriber, answered by the contact through mailed links. */
export async function trustedContactsRoutes(
  app: FastifyInstance,
  { limits, ...deps }: TrustedContactsRoutesOptions,
) {
  const { db } = deps;
  const signedIn = { tags: ['trusted contacts'], security: [{ session: [] }] };
  const tooMany = errorResponse('Too many of these requests; try again later');
  const noSession = errorResponse('Nobody is signed in');
  const updatedUser = response(SessionUser, 'The updated session user');
  // Each addition mails an address the caller chooses: limited, so nobody floods an inbox.
  const invitationsPerAccount = limitAttempts(db, [
    {
      name: 'trusted-contact-invite:user',
      max: limits.authRateLimitPerEmail,
      windowMs: FIFTEEN_MINUTES,
      // The caller, by a session or a personal access token (a token call has no session, and
      // one token used from many addresses is still one account); the address only unsigned.
      key: (r) => r.caller?.userId ?? r.ip,
      refund: 'refused',
    },
  ]);
  const codesPerAddress = limitAttempts(db, [
    {
      name: 'trusted-contact-codes:ip',
      max: limits.authRateLimitPerIp,
      windowMs: FIFTEEN_MINUTES,
      key: (r) => r.ip,
    },
  ]);

  route(app, {
    method: 'POST',
    url: '/user/trusted-contacts',
    access: 'signed-in',
    // Mail to an address chosen while impersonating would be staff's choice, not the subscriber's.
    config: { notWhileImpersonating: true },
    preHandler: [invitationsPerAccount],
    schema: {
      ...signedIn,
      operationId: 'addTrustedContact',
      summary: 'Names a trusted contact, who gets copies of Act now alerts once they accept',
      description:
        'At most 2 per subscriber, never the account email nor one of its alert emails. The contact is mailed an invitation with an accept link (valid 7 days) and a stop link; nothing else is sent to them until they accept. They see no dashboard.',
      body: AddTrustedContactBody,
      response: {
        201: updatedUser,
        400: errorResponse('Not an email address, or one of your own'),
        401: noSession,
        403: errorResponse('Not while staff impersonate this user'),
        409: errorResponse('Already one of your contacts, or you have 2 already'),
        429: tooMany,
      },
    },
    handler: async (request, reply, caller) =>
      reply.code(201).send(await service.addContact(deps, caller, request.body)),
  });

  route(app, {
    method: 'DELETE',
    url: '/user/trusted-contacts/:id',
    access: 'signed-in',
    schema: {
      ...signedIn,
      operationId: 'removeTrustedContact',
      summary: 'Removes a trusted contact, at once',
      description:
        'Their links stop working and mail to them not sent yet is dropped; no copy goes to them from then on.',
      params: TrustedContactParams,
      response: {
        200: updatedUser,
        400: errorResponse('Not a contact id'),
        401: noSession,
        404: errorResponse('Not one of your trusted contacts'),
      },
    },
    handler: async (request, _reply, caller) =>
      service.removeContact(db, caller, request.params.id),
  });

  const answer = (
    url: string,
    operationId: string,
    summary: string,
    description: string,
    run: (code: string) => Promise<unknown>,
  ) =>
    route(app, {
      method: 'POST',
      url,
      access: 'public',
      preHandler: [codesPerAddress],
      schema: {
        operationId,
        tags: ['trusted contacts'],
        summary,
        description,
        querystring: ContactCodeQuery,
        response: {
          200: response(ContactAnswer, 'What the contact now receives'),
          400: errorResponse('No code'),
          404: errorResponse('The link is invalid, used or expired'),
          429: tooMany,
        },
      },
      handler: async (request) => run(request.query.code),
    });
  answer(
    '/trusted-contacts/accept',
    'acceptTrustedContact',
    'A trusted contact accepts, with the code of their invitation link',
    "From now on they get a copy of the subscriber's Act now alerts. The code works once, within 7 days; a contact who stopped cannot accept again.",
    (code) => service.acceptInvitation(db, code),
  );
  answer(
    '/trusted-contacts/stop',
    'stopTrustedContact',
    'A trusted contact stops, with the code of a stop link (one click)',
    'Nothing more is sent to them and none of their links works again. The same link used again answers that they are stopped.',
    (code) => service.stopContact(db, code),
  );
}

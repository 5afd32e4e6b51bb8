import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import {
  CreatedToken,
  CreateTokenBody,
  RevokedToken,
  TokenList,
  TokenParams,
} from './tokens.schemas.ts';
import * as service from './tokens.service.ts';

/**
 * The signed-in subscriber's personal access tokens: list, create (the secret shown once),
 * revoke. Only a browser session manages them: a token can neither make nor revoke tokens.
 */
export async function tokensRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const common = { tags: ['tokens'], security: [{ session: [] }] };
  const noSession = errorResponse('Nobody is signed in');
  const staff = errorResponse(
    'A staff account, or a call made with a token: tokens are managed from a signed-in session',
  );

  route(app, {
    method: 'GET',
    url: '/tokens',
    access: 'signed-in',
    scope: 'session',
    schema: {
      ...common,
      operationId: 'listTokens',
      summary: 'Your personal access tokens, newest first',
      description:
        'Each token with its scopes, expiry, last use (time and address) and status. The secrets themselves are never shown again.',
      response: {
        200: response(TokenList, 'Your tokens'),
        401: noSession,
        403: staff,
      },
    },
    handler: async (_request, _reply, caller) => service.listTokens(db, caller),
  });

  route(app, {
    method: 'POST',
    url: '/tokens',
    access: 'signed-in',
    scope: 'session',
    // A token made while impersonating would let the staff member act as the subscriber later.
    config: { notWhileImpersonating: true },
    schema: {
      ...common,
      operationId: 'createToken',
      summary: 'Creates a personal access token and shows its secret once',
      description:
        'Send the secret as `Authorization: Bearer <secret>` on your own calls: it acts as you, within its scopes, until it expires or you revoke it. It never calls staff routes. Only its SHA-256 is kept, so copy it now. At most 20 active tokens per account.',
      body: CreateTokenBody,
      response: {
        201: response(CreatedToken, 'The token and its secret, shown this once'),
        400: errorResponse('Invalid name, scopes or expiry, with what to change'),
        401: noSession,
        403: errorResponse(
          'A staff account, a call made with a token, or staff impersonating this subscriber',
        ),
        409: errorResponse('The account already has 20 active tokens'),
      },
    },
    handler: async (request, reply, caller) => {
      const created = await service.createToken(db, caller, request.body);
      return reply.status(201).send(created);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/tokens/:id',
    access: 'signed-in',
    scope: 'session',
    schema: {
      ...common,
      operationId: 'revokeToken',
      summary: 'Revokes a personal access token at once',
      description: 'Its next call answers 401. The token stays listed as revoked.',
      params: TokenParams,
      response: {
        200: response(RevokedToken, 'The revoked token'),
        400: errorResponse('The id is not a UUID'),
        401: noSession,
        403: staff,
        404: errorResponse('No such token among yours'),
      },
    },
    handler: async (request, _reply, caller) => service.revokeToken(db, caller, request.params.id),
  });
}

import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { PossibleMatchesBody, PossibleMatchesParams } from './possible-matches.schemas.ts';
import * as service from './possible-matches.service.ts';
import { SessionUser } from './user.schemas.ts';

/** The subscriber's choice, per guarded name, of what to do with its possible matches. */
export async function possibleMatchesRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, {
    method: 'PUT',
    url: '/user/names/:id/possible-matches',
    access: 'signed-in',
    schema: {
      operationId: 'setPossibleMatches',
      tags: ['user'],
      security: [{ session: [] }],
      summary: "Chooses what is done with a guarded name's possible matches",
      description: [
        'A possible match is a document naming someone who may be the subscriber or a namesake:',
        'a variant of a common name, one part of a two-part surname, or an initial for the first',
        "name. 'digest' (the default) lists them in one email each morning, county time;",
        "'immediately' alerts at once, as for an exact or strong match; 'hide' keeps them off",
        'the dashboard and out of every email (they are still recorded). The choice applies to',
        "matches not yet mailed: those waiting for a digest when a name is set to 'immediately'",
        'still come in the next morning digest.',
      ].join(' '),
      params: PossibleMatchesParams,
      body: PossibleMatchesBody,
      response: {
        200: response(SessionUser, 'The updated session user'),
        400: errorResponse('Not a guarded name id, or not one of the three choices'),
        401: errorResponse('Nobody is signed in'),
        404: errorResponse('Not found among your own guarded names'),
      },
    },
    handler: async (request, _reply, caller) =>
      service.setPossibleMatches(db, caller, request.params.id, request.body.possibleMatches),
  });
}

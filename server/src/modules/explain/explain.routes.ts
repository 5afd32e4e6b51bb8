import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { ExplainBody, Explanation } from './explain.schemas.ts';
import { explain } from './explain.service.ts';

/** POST /admin/match/explain: the matcher's verdict on one guarded item and one value. */
export async function explainRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, {
    method: 'POST',
    url: '/admin/match/explain',
    access: 'staff',
    schema: {
      operationId: 'explainMatch',
      tags: ['admin'],
      summary: 'Why a document value does or does not match a guarded item',
      description:
        'For admin and customersupport. Applies the rules of the match-documents job to one guarded item (a name, an APN or an address) and one value of a recorded document in the county, and says which rule matched and the confidence an event would carry.',
      security: [{ session: [] }],
      body: ExplainBody,
      response: {
        200: response(Explanation, 'The verdict and why'),
        400: errorResponse('A missing or bad field, or an unknown county: the message names it'),
        401: errorResponse('Nobody is signed in'),
        403: errorResponse('The signed-in user is not staff (admin or customersupport)'),
      },
    },
    handler: async (request) => explain(db, request.body),
  });
}

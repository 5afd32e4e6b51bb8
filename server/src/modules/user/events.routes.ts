import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { EventPage, ListEventsQuery, MAX_EVENTS_PAGE } from './events.schemas.ts';
import * as service from './events.service.ts';

/** The subscriber's events, a page at a time: how a program reads, polls and catches up. */
export async function eventsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, {
    method: 'GET',
    url: '/user/events',
    access: 'signed-in',
    schema: {
      operationId: 'listEvents',
      tags: ['user'],
      security: [{ session: [] }],
      summary: 'Your alerts (events), newest first, a page at a time',
      description: [
        'The events you are shown, as the dashboard and webhooks show them (not the documents a',
        "history check found already on record, not the possible matches of a name set to 'hide'),",
        "newest first, each in the shape of an event.created webhook's data. Not archived ones",
        "unless archived is 'true' (only those) or 'all'.",
        `A page holds limit events (1 to ${MAX_EVENTS_PAGE}, 50 by default); when more follow,`,
        'nextCursor is not null: call again with cursor set to it, and the same since and',
        'archived, for the next, older page, until nextCursor is null. Pages are keyed on each',
        "event's creation time and id, so events raised meanwhile never shift them.",
        'To poll, pass since: the createdAt of the newest event you have handled; only events',
        'created after it are listed (page through them as above). An event is committed a little',
        'after its createdAt, so to miss none take since a few minutes earlier and skip the',
        'eventIds you have already handled. To catch up after downtime, do the same from the last',
        'createdAt you stored. Rather than polling, a webhook endpoint (POST /api/webhooks) has',
        'each new event pushed to you as it is raised, with the same body.',
      ].join(' '),
      querystring: ListEventsQuery,
      response: {
        200: response(EventPage, 'A page of your events, newest first'),
        400: errorResponse(
          'A limit that is not 1 to 100, a cursor that is not a nextCursor of this call, a since that is not an ISO 8601 time with a time zone, or an archived that is not false, true or all',
        ),
        401: errorResponse(
          'Nobody is signed in, or the bearer token is not valid: the message says whether it is unknown, expired or revoked',
        ),
        403: errorResponse(
          'A token without the read scope (the message and WWW-Authenticate name it)',
        ),
      },
    },
    handler: async (request, _reply, caller) => service.listEvents(db, caller, request.query),
  });
}

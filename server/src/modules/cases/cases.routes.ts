import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { sendPdf } from '../documents/documents.routes.ts';
import { SessionUser } from '../user/user.schemas.ts';
import { CaseParams, EventParams, ReportBody, SubscriberCase } from './cases.schemas.ts';
import * as service from './cases.service.ts';

/** The 200 of a packet download: PDF bytes, declared as such for the OpenAPI document. */
export const PacketResponse = {
  description: 'The case packet PDF, as an attachment',
  headers: {
    'Content-Disposition': {
      type: 'string',
      description: 'attachment; filename="DeedWatch-case-<number>-<document number>.pdf"',
    },
  },
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};

/** A subscriber's answer to an alert: "I recognise this", or "This wasn't me" and its case. */
export async function casesRoutes(app: FastifyInstance, deps: service.CaseDeps) {
  const { db } = deps;
  const signedIn = { tags: ['cases'], security: [{ session: [] }] };
  const noSession = errorResponse('Nobody is signed in');
  const notYours = errorResponse('Not found among your own alerts');

  route(app, {
    method: 'POST',
    url: '/user/events/:id/recognise',
    access: 'signed-in',
    schema: {
      ...signedIn,
      operationId: 'recogniseEvent',
      summary: '"I recognise this": closes an alert',
      description:
        "Marks the event, and the caller's other events on the same document, as recognised (recognisedAt). Repeating it changes nothing. A document the caller reported as not theirs cannot be recognised (409).",
      params: EventParams,
      response: {
        200: response(SessionUser, 'The updated session user'),
        400: errorResponse('Not an event id'),
        401: noSession,
        404: notYours,
        409: errorResponse('The document is reported as not theirs'),
      },
    },
    handler: async (request, _reply, caller) =>
      service.recogniseEvent(db, caller, request.params.id),
  });

  route(app, {
    method: 'POST',
    url: '/user/events/:id/report',
    access: 'signed-in',
    schema: {
      ...signedIn,
      operationId: 'reportEvent',
      summary: '"This wasn\'t me": reports a document and opens a case with its packet',
      description:
        "Opens a case on the event's document: what is wrong (problem), the subscriber's statement, and how to reach them (contactEmail, contactPhone, preferredContact; phone needs a phone number). A case packet PDF is made (the document's details and first pages, why it matched, the statement and contact, the county's fraud contact, the next steps), kept with the case, and emailed to the account's email. One case per user and document: a second report of it, from any of its events, is 409. Staff work the case in the admin case queue; its status shows on the event.",
      params: EventParams,
      body: ReportBody,
      response: {
        201: response(SubscriberCase, 'The case, open, with its packet'),
        400: errorResponse('No statement, or a field is invalid: the message names it'),
        401: noSession,
        404: notYours,
        409: errorResponse('The document is reported already'),
      },
    },
    handler: async (request, reply, caller) => {
      const opened = await service.reportEvent(deps, caller, request.params.id, request.body);
      return reply.code(201).send(opened);
    },
  });

  route(app, {
    method: 'GET',
    url: '/user/cases/:id/packet',
    access: 'signed-in',
    schema: {
      ...signedIn,
      operationId: 'downloadCasePacket',
      summary: 'Downloads the case packet of one of your cases',
      params: CaseParams,
      response: {
        200: PacketResponse,
        400: errorResponse('Not a case id'),
        401: noSession,
        404: errorResponse('Not one of your cases, or its packet is not available right now'),
      },
    },
    handler: async (request, reply, caller) => {
      return sendPdf(reply, await service.openPacket(deps, request.params.id, caller.userId));
    },
  });
}

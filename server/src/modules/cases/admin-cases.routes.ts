import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { sendPdf } from '../documents/documents.routes.ts';
import { PacketResponse } from './cases.routes.ts';
import {
  CaseNoteBody,
  CasePage,
  CaseParams,
  CaseQuery,
  CaseStatusBody,
  StaffCase,
} from './cases.schemas.ts';
import * as service from './cases.service.ts';

/** The staff case queue: "This wasn't me" reports, worked by customersupport and admins. */
export async function adminCasesRoutes(app: FastifyInstance, deps: service.CaseDeps) {
  const { db } = deps;
  const staff = { tags: ['admin'], security: [{ session: [] }] };
  const noSession = errorResponse('Nobody is signed in');
  const notStaff = errorResponse('The signed-in user is not staff (admin or customersupport)');
  const noCase = errorResponse('No case with that id');
  const oneCase = response(StaffCase, 'The case, with its notes and history');

  route(app, {
    method: 'GET',
    url: '/admin/cases',
    access: 'staff',
    schema: {
      ...staff,
      operationId: 'listCases',
      summary: 'Staff: the case queue, newest first, by status and county',
      querystring: CaseQuery,
      response: {
        200: response(CasePage, 'A page of cases and how many match in all'),
        400: errorResponse('A filter or paging parameter is invalid, or names no county'),
        401: noSession,
        403: notStaff,
      },
    },
    handler: async (request) => {
      await service.assertCounty(db, request.query.county);
      return service.listCases(db, request.query);
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/cases/:id',
    access: 'staff',
    schema: {
      ...staff,
      operationId: 'getCase',
      summary: 'Staff: one case with its statement, notes and history',
      params: CaseParams,
      response: {
        200: oneCase,
        400: errorResponse('Not a case id'),
        401: noSession,
        403: notStaff,
        404: noCase,
      },
    },
    handler: async (request) => service.getCase(db, request.params.id),
  });

  route(app, {
    method: 'POST',
    url: '/admin/cases/:id/status',
    access: 'staff',
    schema: {
      ...staff,
      operationId: 'setCaseStatus',
      summary: 'Staff: moves a case forward (open → contacted → closed), with an optional note',
      description:
        'A case only moves forward, and may skip a step (open → closed). Back, or to the status it has, is 409 with the reason. The change and its note are written to the audit log; the subscriber sees the new status on the event, and their webhook endpoints that asked for case.status_changed are sent it.',
      params: CaseParams,
      body: CaseStatusBody,
      response: {
        200: oneCase,
        400: errorResponse('Not a status, or the note is empty or too long'),
        401: noSession,
        403: notStaff,
        404: noCase,
        409: errorResponse('The case would move back, or is at that status already'),
      },
    },
    handler: async (request, _reply, caller) =>
      service.setCaseStatus(
        deps,
        caller,
        request.params.id,
        request.body.status,
        request.body.note,
      ),
  });

  route(app, {
    method: 'POST',
    url: '/admin/cases/:id/notes',
    access: 'staff',
    schema: {
      ...staff,
      operationId: 'addCaseNote',
      summary: 'Staff: adds a note to a case',
      description: 'The note is kept with the case and written to the audit log.',
      params: CaseParams,
      body: CaseNoteBody,
      response: {
        201: oneCase,
        400: errorResponse('The note is empty or too long'),
        401: noSession,
        403: notStaff,
        404: noCase,
      },
    },
    handler: async (request, reply, caller) =>
      reply
        .code(201)
        .send(await service.addCaseNote(db, caller, request.params.id, request.body.note)),
  });

  route(app, {
    method: 'GET',
    url: '/admin/cases/:id/packet',
    access: 'staff',
    schema: {
      ...staff,
      operationId: 'downloadCasePacketAsStaff',
      summary: 'Staff: downloads the case packet of any case',
      params: CaseParams,
      response: {
        200: PacketResponse,
        400: errorResponse('Not a case id'),
        401: noSession,
        403: notStaff,
        404: errorResponse('No case with that id, or its packet is not available right now'),
      },
    },
    handler: async (request, reply) => {
      return sendPdf(reply, await service.openPacket(deps, request.params.id, null));
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { AuditPage, AuditQuery } from './audit.schemas.ts';
import * as service from './audit.service.ts';

/** The audit log, for admins: GET /admin/audit. */
export async function auditRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, {
    method: 'GET',
    url: '/admin/audit',
    access: 'admin',
    schema: {
      tags: ['admin'],
      security: [{ session: [] }],
      operationId: 'listAuditEntries',
      summary: 'Admin: the audit log, newest first, a page at a time',
      description:
        'Who did what to which user or county, and when: county edits (with each changed field before and after), welcome emails resent, impersonations started and ended, and every change made while impersonating (the subscriber as actor, the staff member as impersonator).',
      querystring: AuditQuery,
      response: {
        200: response(AuditPage, 'One page of entries and the number of entries in all'),
        400: errorResponse('Invalid page or count'),
        401: errorResponse('Nobody is signed in'),
        403: errorResponse('Only admins read the audit log'),
      },
    },
    handler: async (request) => service.listAudit(db, request.query),
  });
}

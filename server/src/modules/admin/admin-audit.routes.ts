import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { Database } from '../../db/database.ts';
import { errorResponse, response, schema } from '../../lib/schema.ts';
import { requireRole, STAFF_ROLES } from '../../plugins/auth-guard.ts';
import type { AuthMail } from '../auth/auth-mail.ts';
import {
  AuditPage,
  AuditQuery,
  ResendWelcomeBody,
  ResendWelcomeResult,
} from './admin-audit.schemas.ts';
import * as service from './admin-audit.service.ts';

/**
 * The audit log, and resend-welcome (an audited staff action on an account). Registered by the
 * admin counties plugin, the one app.ts gives the mailer to.
 */
export async function adminAuditRoutes(
  app: FastifyInstance,
  { db, mail }: { db: Database; mail: AuthMail },
) {
  // Checked before the input, so nobody without the role learns what the route accepts.
  const gate = (roles: Parameters<typeof requireRole>[2]) => async (request: FastifyRequest) => {
    await requireRole(request, db, roles);
  };
  const noSession = errorResponse('Nobody is signed in');
  const staff = { tags: ['admin'], security: [{ session: [] }] };

  app.get(
    '/admin/audit',
    {
      preValidation: gate(['admin']),
      schema: {
        ...staff,
        operationId: 'listAuditEntries',
        summary: 'Admin: the audit log, newest first, a page at a time',
        description:
          'Who did what to which user or county, and when: county edits (with each changed field before and after), welcome emails resent, impersonations started and ended, and every change made while impersonating (the subscriber as actor, the staff member as impersonator).',
        querystring: schema(AuditQuery),
        response: {
          200: response(AuditPage, 'One page of entries and the number of entries in all'),
          400: errorResponse('Invalid page or count'),
          401: noSession,
          403: errorResponse('Only admins read the audit log'),
        },
      },
    },
    async (request) => service.listAudit(db, request.query as v.InferOutput<typeof AuditQuery>),
  );

  app.post(
    '/admin/resend-welcome',
    {
      preValidation: gate(STAFF_ROLES),
      schema: {
        ...staff,
        operationId: 'resendWelcome',
        summary: 'Staff: emails a subscriber the welcome mail with a fresh verification link',
        description:
          "Sent to the account's own email; the action is written to the audit log. Accounts the caller may not see in the user list (admins; customersupport, unless the caller is an admin) are answered with 404.",
        body: schema(ResendWelcomeBody),
        response: {
          200: response(ResendWelcomeResult, 'The welcome mail is queued'),
          400: errorResponse('Invalid input, or the account is a staff account'),
          401: noSession,
          403: errorResponse('Not staff'),
          404: errorResponse('No such user that you may see'),
        },
      },
    },
    async (request) => {
      const caller = await requireRole(request, db, STAFF_ROLES);
      return service.resendWelcome(
        { db, mail },
        { ...service.actorOf(request), role: caller.role },
        (request.body as v.InferOutput<typeof ResendWelcomeBody>).userId,
      );
    },
  );
}

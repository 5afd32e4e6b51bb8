import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import type { AuthMail } from '../auth/auth-mail.ts';
import {
  AdminUsersPage,
  ResendWelcomeBody,
  ResendWelcomeResult,
  UsersQuery,
} from './admin-users.schemas.ts';
import * as service from './admin-users.service.ts';

const noSession = errorResponse('Nobody is signed in');

/** The back-office Users tab: GET /admin/users. */
export async function adminUsersRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, {
    method: 'GET',
    url: '/admin/users',
    access: 'staff',
    schema: {
      operationId: 'listAdminUsers',
      tags: ['admin'],
      summary: 'A page of users, sorted and optionally searched by email',
      description: [
        'For admin and customersupport. Rows of admins are never listed; rows of',
        'customersupport users are listed to admins only; totalUsers counts the users that',
        'match among those the caller may see. A searchTerm of 3 characters or more matches',
        'anywhere in the email, 1 or 2 characters match its start; letter case is ignored',
        'and %, _ and \\ are literal. The email order is by code point. A page past the last',
        'is empty.',
      ].join(' '),
      security: [{ session: [] }],
      querystring: UsersQuery,
      response: {
        200: response(AdminUsersPage, 'The page, and how many users match in all'),
        400: errorResponse(
          'A bad page, count, sortTerm or searchTerm, or an unknown query parameter: the message names it',
        ),
        401: noSession,
        403: errorResponse('The signed-in user is not staff (admin or customersupport)'),
      },
    },
    handler: async (request, _reply, caller) => service.listUsers(db, caller.role, request.query),
  });
}

/** Resending a subscriber's welcome mail: an audited staff action on an account. */
export async function adminWelcomeRoutes(
  app: FastifyInstance,
  { db, mail }: { db: Database; mail: AuthMail },
) {
  route(app, {
    method: 'POST',
    url: '/admin/resend-welcome',
    access: 'staff',
    schema: {
      tags: ['admin'],
      security: [{ session: [] }],
      operationId: 'resendWelcome',
      summary: 'Staff: emails a subscriber the welcome mail with a fresh verification link',
      description:
        "Sent to the account's own email; the action is written to the audit log. Accounts the caller may not see in the user list (admins; customersupport, unless the caller is an admin) are answered with 404.",
      body: ResendWelcomeBody,
      response: {
        200: response(ResendWelcomeResult, 'The welcome mail is queued'),
        400: errorResponse('Invalid input, or the account is a staff account'),
        401: noSession,
        403: errorResponse('Not staff'),
        404: errorResponse('No such user that you may see'),
      },
    },
    handler: async (request, _reply, caller) =>
      service.resendWelcome(db, mail, caller, request.body.userId),
  });
}

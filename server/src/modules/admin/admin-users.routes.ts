import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponse, response, schema } from '../../lib/schema.ts';
import { requireRole, STAFF_ROLES } from '../../plugins/auth-guard.ts';
import { adminMetricsRoutes } from './admin-metrics.routes.ts';
import { AdminUsersPage, UsersQuery } from './admin-users.schemas.ts';
import * as service from './admin-users.service.ts';

/** The back-office Stats and Users tabs: GET /admin/metrics and GET /admin/users. */
export async function adminUsersRoutes(app: FastifyInstance, { db }: { db: Database }) {
  await app.register(adminMetricsRoutes, { db });

  app.get(
    '/admin/users',
    {
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
        querystring: schema(UsersQuery),
        response: {
          200: response(AdminUsersPage, 'The page, and how many users match in all'),
          400: errorResponse(
            'A bad page, count, sortTerm or searchTerm, or an unknown query parameter: the message names it',
          ),
          401: errorResponse('Nobody is signed in'),
          403: errorResponse('The signed-in user is not staff (admin or customersupport)'),
        },
      },
    },
    async (request) => {
      const caller = await requireRole(request, db, STAFF_ROLES);
      return service.listUsers(db, caller.role, request.query as UsersQuery);
    },
  );
}

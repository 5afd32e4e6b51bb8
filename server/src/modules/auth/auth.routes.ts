import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { LogoutResult, SessionUser } from './auth.schemas.ts';
import { loadSessionUser } from './auth.service.ts';

export async function authRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.post(
    '/auth/me',
    {
      schema: {
        operationId: 'getSessionUser',
        tags: ['auth'],
        summary: 'The signed-in user, to restore a session',
        security: [{ session: [] }],
        response: {
          200: response(SessionUser, 'The signed-in user'),
          401: errorResponse('Nobody is signed in; the session cookie is cleared'),
        },
      },
    },
    async (request) => loadSessionUser(db, request.session),
  );

  app.get(
    '/auth/logout',
    {
      schema: {
        operationId: 'logout',
        tags: ['auth'],
        summary: 'Ends the session',
        response: { 200: response(LogoutResult, 'Signed out') },
      },
    },
    async (request, reply) => {
      if (request.session.userId) await request.session.destroy();
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return {};
    },
  );
}

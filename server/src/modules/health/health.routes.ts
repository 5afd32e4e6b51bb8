import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import * as v from 'valibot';
import type { Database } from '../../db/database.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { errorBodyFor } from '../../plugins/error-handler.ts';

const Status = v.object({ status: v.string() });

export async function healthRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get(
    '/healthz',
    {
      config: { rateLimit: false },
      schema: {
        operationId: 'healthz',
        tags: ['health'],
        summary: 'Liveness: the process is up',
        response: { 200: response(Status, 'The process is up') },
      },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      config: { rateLimit: false },
      schema: {
        operationId: 'readyz',
        tags: ['health'],
        summary: 'Readiness: the database answers and every migration is applied',
        response: {
          200: response(Status, 'Ready to serve'),
          503: errorResponse('The database is unreachable or a migration is pending'),
        },
      },
    },
    async (request, reply) => {
      try {
        await sql`SELECT 1`.execute(db);
        const pending = await pendingMigrations(db);
        if (pending.length > 0) {
          return reply
            .status(503)
            .send(errorBodyFor(503, `Database migrations are pending: ${pending.join(', ')}`));
        }
        return { status: 'ready' };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.status(503).send(errorBodyFor(503, 'The database is not reachable.'));
      }
    },
  );
}

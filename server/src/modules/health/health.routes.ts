import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { errorBodyFor } from '../../plugins/error-handler.ts';
import { readiness } from './health.service.ts';

const Status = v.object({ status: v.string() });

export async function healthRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, {
    method: 'GET',
    url: '/healthz',
    access: 'public',
    config: { rateLimit: false },
    schema: {
      operationId: 'healthz',
      tags: ['health'],
      summary: 'Liveness: the process is up',
      response: { 200: response(Status, 'The process is up') },
    },
    handler: async () => ({ status: 'ok' }),
  });

  route(app, {
    method: 'GET',
    url: '/readyz',
    access: 'public',
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
    handler: async (request, reply) => {
      const result = await readiness(db);
      if (result.ready) return { status: 'ready' };
      if (result.err !== undefined) request.log.warn({ err: result.err }, 'readiness check failed');
      return reply.status(503).send(errorBodyFor(503, result.reason));
    },
  });
}

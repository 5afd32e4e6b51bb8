import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { QueueSummary } from './admin-jobs.schemas.ts';
import * as service from './admin-jobs.service.ts';

/** GET /admin/jobs/summary: the queues at a glance, for admins and monitoring. */
export async function adminJobsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, {
    method: 'GET',
    url: '/admin/jobs/summary',
    access: 'admin',
    schema: {
      operationId: 'getJobsSummary',
      tags: ['admin'],
      summary: 'Admin: the job queues at a glance, for monitoring and the admin area',
      security: [{ session: [] }],
      response: {
        200: response(QueueSummary, 'One row per queue'),
        401: errorResponse('Nobody is signed in'),
        403: errorResponse('Admins only'),
      },
    },
    handler: async () => service.queueSummary(db),
  });
}

import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { QueueSummary, RetriedJobs, RetryFailedBody } from './admin-jobs.schemas.ts';
import * as service from './admin-jobs.service.ts';
import { errorBodyFor } from '../../plugins/error-handler.ts';

/**
 * GET /admin/jobs/summary: the queues at a glance, for admins and monitoring; POST
 * /admin/jobs/retry-failed: a queue's failed jobs run again.
 */
export async function adminJobsRoutes(
  app: FastifyInstance,
  { db, boss }: { db: Database; boss: PgBoss | undefined },
) {
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

  route(app, {
    method: 'POST',
    url: '/admin/jobs/retry-failed',
    access: 'admin',
    schema: {
      operationId: 'retryFailedJobs',
      tags: ['admin'],
      summary: "Admin: runs again a queue's jobs that failed in the last 24 hours",
      description:
        "The jobs the summary counts as failed, each given one more attempt; the count is written to the audit log. The job dashboard's own retry does the same for one job.",
      security: [{ session: [] }],
      body: RetryFailedBody,
      response: {
        200: response(RetriedJobs, 'How many jobs will run again'),
        400: errorResponse('Invalid input'),
        401: errorResponse('Nobody is signed in'),
        403: errorResponse('Admins only'),
        404: errorResponse('No queue of that name'),
        503: errorResponse('This process runs no job queue'),
      },
    },
    handler: async (request, reply, caller) => {
      if (!boss) {
        return reply
          .status(503)
          .send(errorBodyFor(503, 'This server process runs no job queue: try again later.'));
      }
      return service.retryFailed(db, boss, caller, request.body.queue);
    },
  });
}

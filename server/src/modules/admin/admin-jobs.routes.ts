import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../../db/database.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { requireRole } from '../../plugins/auth-guard.ts';
import { queueSummary } from './admin-jobs.repository.ts';

const Count = v.pipe(v.number(), v.integer());

export const QueueSummary = v.object({
  queues: v.array(
    v.object({
      name: v.string(),
      queued: v.pipe(Count, v.description('Waiting to run (created or waiting for a retry)')),
      active: v.pipe(Count, v.description('Running now')),
      failed: v.pipe(Count, v.description('Failed for good in the last 24 hours')),
      completed: v.pipe(Count, v.description('Completed in the last 24 hours')),
      oldestQueuedAgeSeconds: v.pipe(
        v.nullable(Count),
        v.description('Age of the oldest waiting job; null when none waits'),
      ),
    }),
  ),
});

export async function adminJobsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get(
    '/admin/jobs/summary',
    {
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
    },
    async (request) => {
      await requireRole(request, db, ['admin']);
      const rows = await queueSummary(db);
      return {
        queues: rows.map((r) => ({
          name: r.name,
          queued: r.queued,
          active: r.active,
          failed: r.failed,
          completed: r.completed,
          oldestQueuedAgeSeconds: r.oldest_queued_seconds,
        })),
      };
    },
  );
}

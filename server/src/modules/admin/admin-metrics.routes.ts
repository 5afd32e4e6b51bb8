import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { DAILY_DAYS, Metrics, MetricsQuery } from './admin-metrics.schemas.ts';
import * as service from './admin-metrics.service.ts';

/** The back-office Stats tab: GET /admin/metrics. */
export async function adminMetricsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, {
    method: 'GET',
    url: '/admin/metrics',
    access: 'staff',
    schema: {
      operationId: 'getAdminMetrics',
      tags: ['admin'],
      summary: 'Back-office statistics: users, guarded items, alerts, by county and by day',
      description: [
        'For admin and customersupport. Every figure counts subscribers only: staff accounts,',
        'and their items, events and alerts, are left out. Active means signed in within the',
        'last 30 days; registered, within the last 7 days (both rolling, from now). The maps',
        'are keyed by county name and list every county. usersByCounty counts the',
        'subscribers guarding at least one item (APN or name) in the county, so a subscriber',
        `guarding in two counties counts in both. daily holds the last ${DAILY_DAYS} UTC days,`,
        'oldest first, today last: registrations, events raised, and alert emails sent',
        '(deliveries of kind alert with status sent, by the day they were sent). eventsByTier',
        'and eventsByCountyAndTier split the events by how sure the match is: exact, strong or',
        'possible (possible ones are kept even when the subscriber hides them).',
        'eventsByLevel and eventsByCountyAndLevel split them by risk level (act_now, check,',
        'records); openCases and openCasesByCounty count the reports staff have yet to work.',
      ].join(' '),
      security: [{ session: [] }],
      querystring: MetricsQuery,
      response: {
        200: response(Metrics, 'The statistics, computed at the time of the call'),
        400: errorResponse('A query parameter was given: this call takes none'),
        401: errorResponse('Nobody is signed in'),
        403: errorResponse('The signed-in user is not staff (admin or customersupport)'),
      },
    },
    handler: async () => service.metrics(db),
  });
}

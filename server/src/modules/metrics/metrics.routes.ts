import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { errorBodyFor } from '../../plugins/error-handler.ts';
import * as service from './metrics.service.ts';

export type MetricsRoutesOptions = { db: Database; token: string | undefined };

/**
 * GET /metrics in Prometheus's text format, for the scraper rather than the API's clients (left
 * out of the OpenAPI document). Open to anyone unless METRICS_TOKEN is set; then only to
 * `Authorization: Bearer <token>`.
 */
export async function metricsRoutes(app: FastifyInstance, { db, token }: MetricsRoutesOptions) {
  route(app, {
    method: 'GET',
    url: '/metrics',
    access: 'public',
    // Scraped every few seconds: its requests are not worth a log line each.
    logLevel: 'warn',
    config: { rateLimit: false },
    schema: {
      hide: true,
      operationId: 'metrics',
      tags: ['health'],
      summary: 'Prometheus metrics of this process',
    },
    handler: async (request, reply) => {
      if (token !== undefined && !service.bearerMatches(request.headers.authorization, token)) {
        return reply
          .status(401)
          .header('WWW-Authenticate', 'Bearer realm="metrics"')
          .send(errorBodyFor(401, 'The metrics need Authorization: Bearer with METRICS_TOKEN.'));
      }
      const metrics = await service.renderMetrics(db, request.log);
      return reply
        .header('Content-Type', metrics.contentType)
        .header('Cache-Control', 'no-store')
        .send(metrics.body);
    },
  });
}

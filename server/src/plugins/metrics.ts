import type { FastifyInstance } from 'fastify';
import { httpRequestDuration } from '../lib/metrics.ts';

/** A request no route matched (a scan, a typo): one label, whatever its path. */
const UNMATCHED = 'unmatched';

/**
 * Times every request into deedwatch_http_request_duration_seconds, labelled by the route's
 * pattern (`/api/user/events/:id`, never the path a client sent), method and status. Register
 * it before the routes, so every route has the hook.
 */
export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

import type { FastifyInstance } from 'fastify';
import { httpRequestDuration } from '../lib/metrics.ts';

/** A request no route matched (a scan, a typo): one label, whatever its path. */
const UNMATCHED = 'unmatched';
/**
 * A file of the web app's build: @fastify/static gives each file a route of its own, marked by
 * the folder it serves from (`config.rootPath`), and the names change with every build. One
 * label for them all, or each deploy would add a series per file.
 */
const WEB_FILE = 'web-file';

const routeLabel = ({ url, config }: { url?: string; config: object }) =>
  'rootPath' in config ? WEB_FILE : (url ?? UNMATCHED);

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
        route: routeLabel(request.routeOptions),
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

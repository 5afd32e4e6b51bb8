import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppConfig } from './app.ts';
import type { Database } from './db/database.ts';
import { errorBodyFor } from './plugins/error-handler.ts';
import { requestTimeouts } from './plugins/security.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';

/**
 * What a worker-only process serves, on METRICS_PORT: /metrics for Prometheus (its job, mail
 * and document series are counted in the workers) and /healthz and /readyz for health checks.
 * No API, no session, no web app.
 */
export async function startMetricsServer(
  config: AppConfig,
  deps: { db: Database; logger?: Logger },
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    ...requestTimeouts(config.requestTimeoutMs),
  }) as unknown as FastifyInstance;
  // Fastify's own not-found handler logs the raw URL, codes and tokens a client put in it too.
  app.setNotFoundHandler((_request, reply) =>
    reply
      .status(404)
      .send(errorBodyFor(404, 'This port serves /metrics, /healthz and /readyz only.')),
  );
  await app.register(healthRoutes, { db: deps.db });
  await app.register(metricsRoutes, { db: deps.db, token: config.metricsToken });
  await app.listen({ port: config.metricsPort ?? 0, host: config.host });
  return app;
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { metricsRegistry, queueJobs } from '../../lib/metrics.ts';
import * as repo from './metrics.repository.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * The Prometheus text of this process's series, the queue gauges read from Postgres first. With
 * the database unreachable the queue series are left out (and the failure logged), so the
 * process's own series still tell what happened.
 */
export async function renderMetrics(
  db: Database,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ contentType: string; body: string }> {
  queueJobs.reset();
  try {
    for (const q of await repo.queueCounts(db)) {
      queueJobs.set({ queue: q.name, state: 'ready' }, q.ready);
      queueJobs.set({ queue: q.name, state: 'deferred' }, q.deferred);
      queueJobs.set({ queue: q.name, state: 'active' }, q.active);
      queueJobs.set({ queue: q.name, state: 'failed' }, q.failed);
    }
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'queue counts not read for /metrics');
  }
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

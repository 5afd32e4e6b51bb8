import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus series, served at /metrics (modules/metrics). Counters and
 * histograms are this process's own, from its start: Prometheus sums them over the processes
 * it scrapes. The queue gauges are read from Postgres when scraped, so every process reports
 * the same cluster-wide value (take max(), not sum(), of them). Labels take only values from
 * small fixed sets (queue names, route patterns, county codes, kinds, tiers, outcomes), never a
 * user's input or an id.
 */
export const metricsRegistry = new Registry();

// Process CPU, memory, event-loop delay, garbage collection and handles, under their usual names.
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

export const httpRequestDuration = new Histogram({
  name: 'deedwatch_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code: time from request received to response sent',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

const jobsTotal = new Counter({
  name: 'deedwatch_jobs_total',
  help: 'Jobs this process worked, by queue and outcome (completed, or failed and handed back for retry or the record)',
  labelNames: ['queue', 'outcome'] as const,
  registers,
});

const jobDuration = new Histogram({
  name: 'deedwatch_job_duration_seconds',
  help: 'Time one job took in its handler, by queue',
  labelNames: ['queue'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 300, 1800],
  registers,
});

/** Set from pg-boss's queue table when scraped (modules/metrics). */
export const queueJobs = new Gauge({
  name: 'deedwatch_queue_jobs',
  help: 'Jobs in each pg-boss queue by state, as pg-boss last counted them (every 10 s): ready (the backlog workers can take now), deferred (waiting for their time or a retry delay), active, failed (kept by retention)',
  labelNames: ['queue', 'state'] as const,
  registers,
});

const documentsIngested = new Counter({
  name: 'deedwatch_documents_ingested_total',
  help: 'Recorded documents new to the database, by county code',
  labelNames: ['county'] as const,
  registers,
});

const documentsMatched = new Counter({
  name: 'deedwatch_documents_matched_total',
  help: 'Recorded documents this process matched against every guarded item',
  registers,
});

const eventsTotal = new Counter({
  name: 'deedwatch_events_total',
  help: 'Events (a guarded item hit by a document) this process wrote, by match kind (apn, address, name) and tier (exact, strong, possible)',
  labelNames: ['kind', 'tier'] as const,
  registers,
});

const alertLatency = new Histogram({
  name: 'deedwatch_alert_latency_seconds',
  help: 'From a document recorded in DeedWatch (ingested) to its alert: stage queued (the delivery written) and stage sent (the transport accepted it); observed when the alert is sent',
  labelNames: ['stage'] as const,
  buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600],
  registers,
});

const deliveriesTotal = new Counter({
  name: 'deedwatch_deliveries_total',
  help: 'Send attempts of mail and SMS by delivery kind, channel (email or sms) and outcome: sent; retry (refused for now, tried again); failed (refused for good, or never sendable); inactive (the recipient bounced or complained before: the method is marked undeliverable); ambiguous (may have gone out: never resent)',
  labelNames: ['kind', 'channel', 'outcome'] as const,
  registers,
});

/** A pool of connections as the gauges read it: pg's Pool, or search's connections. */
type TrackedPool = {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly ended: boolean;
  readonly options: { max?: number };
  /** Statements sent on a pipelined connection and not answered yet (search's). */
  readonly pipelined?: number;
};

const pools = new Set<TrackedPool>();

new Gauge({
  name: 'deedwatch_db_pool_connections',
  help: "The application's Postgres pool: open connections (total), idle ones, and queries waiting for one (waiting)",
  labelNames: ['state'] as const,
  registers,
  collect() {
    this.reset();
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      if (pool.ended) {
        pools.delete(pool);
        continue;
      }
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

new Gauge({
  name: 'deedwatch_db_search_pipelined',
  help: 'Search statements sent on the pipelined search connections and not answered yet',
  registers,
  collect() {
    let pipelined = 0;
    for (const pool of pools) if (!pool.ended) pipelined += pool.pipelined ?? 0;
    this.set(pipelined);
  },
});

new Gauge({
  name: 'deedwatch_db_pool_max',
  help: "Connections the application's Postgres pools may open (DATABASE_POOL_SIZE + SEARCH_POOL_SIZE)",
  registers,
  collect() {
    let max = 0;
    for (const pool of pools) if (!pool.ended) max += pool.options.max ?? 10;
    this.set(max);
  },
});

/** Counts this pool's connections in the pool gauges until it is ended. */
export function trackPool(pool: TrackedPool): void {
  pools.add(pool);
}

export type JobOutcome = 'completed' | 'failed';

/** One job worked: its queue, how it ended, and how long its handler took. */
export function recordJob(queue: string, outcome: JobOutcome, seconds: number): void {
  jobsTotal.inc({ queue, outcome });
  jobDuration.observe({ queue }, seconds);
}

/** Documents that one ingest committed, by county code. */
export function recordIngested(counties: readonly string[]): void {
  const counts = new Map<string, number>();
  for (const county of counties) counts.set(county, (counts.get(county) ?? 0) + 1);
  for (const [county, n] of counts) documentsIngested.inc({ county }, n);
}

/** What one matcher transaction committed: the documents it matched and the events it wrote. */
export function recordMatched(
  documents: number,
  events: readonly { match_kind: string; tier: string }[],
): void {
  if (documents > 0) documentsMatched.inc(documents);
  const counts = new Map<string, { kind: string; tier: string; n: number }>();
  for (const e of events) {
    const key = `${e.match_kind}:${e.tier}`;
    const entry = counts.get(key);
    if (entry) entry.n++;
    else counts.set(key, { kind: e.match_kind, tier: e.tier, n: 1 });
  }
  for (const { kind, tier, n } of counts.values()) eventsTotal.inc({ kind, tier }, n);
}

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'inactive' | 'ambiguous';

/** One send attempt's outcome; an address without @ is a phone number, so an SMS. */
export function recordDelivery(kind: string, recipient: string, outcome: DeliveryOutcome): void {
  deliveriesTotal.inc({ kind, channel: recipient.includes('@') ? 'email' : 'sms', outcome });
}

/** An alert sent: how long after its document was ingested it was queued, and sent. */
export function recordAlertSent(times: { ingestedAt: Date; queuedAt: Date; sentAt: Date }): void {
  const since = (at: Date) => Math.max(0, (at.getTime() - times.ingestedAt.getTime()) / 1000);
  alertLatency.observe({ stage: 'queued' }, since(times.queuedAt));
  alertLatency.observe({ stage: 'sent' }, since(times.sentAt));
}

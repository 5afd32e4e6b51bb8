import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/lib/logger.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { nameKey } from '../src/keys/normalize.ts';
import { startMetricsServer } from '../src/metrics-server.ts';
import { metricsRoutes } from '../src/modules/metrics/metrics.routes.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import { createCounty, createSubscriber } from './helpers/factories.ts';
import { feedFolder, feedLine, feedPdf, writeFeed } from './helpers/feed.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// /metrics after one document went the whole way: ingested, matched, alerted, mailed. Each
// series is read from the Prometheus text the endpoint serves, as a scraper reads it.

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of Prometheus's text format (what a scrape parses), comments left out. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`; 0 when there is none. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1)
    throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

describe('/metrics', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(res.body);
  };

  it('counts one document from ingest to the alert mail, and the requests, jobs, queues and pool', async () => {
    const county = await createCounty(t.db, { name: 'Metered', code: 'MET' });
    const user = await createSubscriber(t.db, { verified: true });
    const recordedAt = new Date();
    await insertNameSubscriptions(
      t.db,
      user.id,
      [
        {
          countyId: county.id,
          name: 'DOE RICHARD',
          nameKey: nameKey('DOE RICHARD'),
          tokens: ['DOE', 'RICHARD'],
        },
      ],
      new Date(recordedAt.getTime() - 60_000),
    );
    const before = await scrape();

    const folder = await feedFolder();
    const line = feedLine('MET', recordedAt, { documentNumber: 'MET-1' });
    await writeFeed(folder, [line], { 'MET-1.pdf': await feedPdf(line, 3, [], 'Metered') });
    const summary = await ingestFolder(t.engine, folder);
    await rm(folder, { recursive: true, force: true });
    expect(summary).toMatchObject({ documents: 1, events: 1, alerts: 1 });

    // An SMS beside the email: a verification text to a phone number.
    await t.db.transaction().execute((trx) =>
      t.mailSender.enqueue(trx, {
        deliveryKind: 'verify',
        userId: user.id,
        message: {
          to: '+19165550123',
          subject: 'Verify',
          text: 'Your code',
          html: '<p>Your code</p>',
        },
      }),
    );
    await waitFor('the alert and the SMS sent', async () => {
      const rows = await t.db
        .selectFrom('deliveries')
        .select(['kind', 'status'])
        .where('user_id', '=', user.id)
        .execute();
      return rows.length === 2 && rows.every((r) => r.status === 'sent');
    });
    // The chunk's match-documents job finds its document matched already, and completes.
    await waitFor(
      'the match-documents job done',
      async () =>
        value(await scrape(), 'deedwatch_jobs_total', {
          queue: 'match-documents',
          outcome: 'completed',
        }) > 0,
    );
    await t.app.inject({ method: 'GET', url: '/readyz' });
    await t.app.inject({ method: 'GET', url: '/no/such/path/42' });

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      value(after, name, labels) - value(before, name, labels);

    // Documents, events and the alert's way out.
    expect(delta('deedwatch_documents_ingested_total', { county: 'MET' })).toBe(1);
    expect(delta('deedwatch_documents_matched_total')).toBe(1);
    expect(delta('deedwatch_events_total', { kind: 'name', tier: 'exact' })).toBe(1);
    expect(
      delta('deedwatch_deliveries_total', { kind: 'alert', channel: 'email', outcome: 'sent' }),
    ).toBe(1);
    expect(
      delta('deedwatch_deliveries_total', { kind: 'verify', channel: 'sms', outcome: 'sent' }),
    ).toBe(1);
    for (const stage of ['queued', 'sent']) {
      expect(delta('deedwatch_alert_latency_seconds_count', { stage })).toBe(1);
      // Within the 60 s bucket: the test itself took seconds.
      expect(delta('deedwatch_alert_latency_seconds_bucket', { stage, le: '60' })).toBe(1);
    }
    const queued = delta('deedwatch_alert_latency_seconds_sum', { stage: 'queued' });
    const sent = delta('deedwatch_alert_latency_seconds_sum', { stage: 'sent' });
    expect(queued).toBeGreaterThanOrEqual(0);
    expect(sent).toBeGreaterThanOrEqual(queued);

    // The jobs that carried it, each counted and timed in its queue.
    for (const queue of ['match-documents', 'send-alert', 'send-mail']) {
      expect(delta('deedwatch_jobs_total', { queue, outcome: 'completed' })).toBeGreaterThanOrEqual(
        1,
      );
      expect(delta('deedwatch_job_duration_seconds_count', { queue })).toBe(
        delta('deedwatch_jobs_total', { queue, outcome: 'completed' }) +
          delta('deedwatch_jobs_total', { queue, outcome: 'failed' }),
      );
    }
    expect(delta('deedwatch_jobs_total', { queue: 'send-mail', outcome: 'completed' })).toBe(2);

    // Queue depth: every queue, each state, as pg-boss counted them.
    for (const queue of ['send-mail', 'send-alert', 'match-documents', 'poll-inboxes']) {
      for (const state of ['ready', 'deferred', 'active', 'failed']) {
        expect(
          after.some(
            (s) =>
              s.name === 'deedwatch_queue_jobs' &&
              s.labels.queue === queue &&
              s.labels.state === state,
          ),
        ).toBe(true);
      }
    }

    // HTTP latency by route pattern and status; a path no route has is one label.
    expect(
      delta('deedwatch_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/readyz',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      delta('deedwatch_http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBe(1);
    expect(after.some((s) => s.labels.route?.includes('42'))).toBe(false);
    // The scrapes before this one, by their pattern.
    expect(
      delta('deedwatch_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/metrics',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);

    // The Postgres pool and the process.
    expect(value(after, 'deedwatch_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(value(after, 'deedwatch_db_pool_max')).toBeGreaterThanOrEqual(
      value(after, 'deedwatch_db_pool_connections', { state: 'total' }),
    );
    expect(value(after, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const app = Fastify();
    await app.register(metricsRoutes, { db: t.db, token });
    try {
      for (const authorization of [
        undefined,
        'Bearer wrong-token',
        `Basic ${token}`,
        token,
        `Bearer ${token}x`,
      ]) {
        const res = await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.body).not.toContain('deedwatch_');
      }
      const ok = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE deedwatch_jobs_total counter');
    } finally {
      await app.close();
    }
  });

  it('is served by a worker-only process on METRICS_PORT, with /healthz and /readyz', async () => {
    const lines: string[] = [];
    const server = await startMetricsServer(
      { ...t.config, metricsPort: 0, metricsToken: undefined },
      {
        db: t.db,
        logger: createLogger('debug', { write: (line: string) => void lines.push(line) }),
      },
    );
    try {
      const address = server.server.address() as AddressInfo;
      const base = `http://127.0.0.1:${address.port}`;
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain(
        'deedwatch_queue_jobs{queue="send-mail",state="ready"}',
      );
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      // Nothing of the API.
      expect((await fetch(`${base}/api/config`)).status).toBe(404);
      // Nor is a code or token someone sent to the wrong port written to its log.
      const code = 'C0de'.repeat(10);
      const stray = await fetch(`${base}/login-redirect/${code}?access_token=${code}x`);
      expect(stray.status).toBe(404);
      expect(((await stray.json()) as { message: string }).message).toBe(
        'This port serves /metrics, /healthz and /readyz only.',
      );
      expect(lines.join('')).toContain('/login-redirect/[redacted]?access_token=[redacted]');
      expect(lines.join('')).not.toContain(code);
    } finally {
      await server.close();
    }
  });

  it('is left out of the OpenAPI document', () => {
    const paths = (t.app.swagger() as { paths: Record<string, unknown> }).paths;
    expect(Object.keys(paths)).not.toContain('/metrics');
  });
});

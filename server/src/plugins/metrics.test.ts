import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { httpRequestDuration } from '../lib/metrics.ts';
import { registerHttpMetrics } from './metrics.ts';
import { registerWeb } from './web.ts';

/** The request counts by route label, as the histogram holds them now. */
async function countsByRoute(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const sample of (await httpRequestDuration.get()).values) {
    if (sample.metricName !== 'deedwatch_http_request_duration_seconds_count') continue;
    const route = String(sample.labels.route);
    counts.set(route, (counts.get(route) ?? 0) + sample.value);
  }
  return counts;
}

describe('the HTTP request metric', () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'deedwatch-web-'));
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it("labels the web app's files as one route, whatever their names", async () => {
    // A build's files: their names change with every build.
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>DeedWatch</title>');
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'index-Dx9Kq2.js'), 'console.log(1)');
    writeFileSync(path.join(webDist, 'assets', 'index-B7pLm4.css'), 'body{}');
    const app = Fastify();
    registerHttpMetrics(app);
    await registerWeb(app, webDist);
    app.get('/api/things/:id', async () => ({ ok: true }));
    try {
      const before = await countsByRoute();
      for (const url of ['/assets/index-Dx9Kq2.js', '/assets/index-B7pLm4.css', '/api/things/7'])
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);

      const after = await countsByRoute();
      const delta = (route: string) => (after.get(route) ?? 0) - (before.get(route) ?? 0);
      expect(delta('web-file')).toBe(2);
      expect(delta('/api/things/:id')).toBe(1);
      expect([...after.keys()].filter((route) => route.includes('assets'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

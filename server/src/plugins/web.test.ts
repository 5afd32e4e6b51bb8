import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './web.ts';

const INDEX = '<!doctype html><title>DeedWatch</title><div id="root"></div>';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('the web app fallback', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'deedwatch-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1);');
    app = Fastify();
    await registerWeb(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, accept = HTML, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, headers: { accept } });

  const isIndex = (res: Awaited<ReturnType<typeof get>>) =>
    res.statusCode === 200 && res.headers['content-type']?.startsWith('text/html') === true;

  it("serves index.html for the alert mail's document link, so the web app can download it", async () => {
    for (const url of [
      '/documents/SAC/2026-000123.pdf',
      '/documents/sac/2024-0001.pdf?utm_source=mail',
      '/documents/SAC/2026%20000123.PDF',
    ]) {
      const res = await get(url);
      expect(isIndex(res), url).toBe(true);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a HEAD of a mail link as it would the GET', async () => {
    const res = await get('/documents/SAC/2026-000123.pdf', '*/*', 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
    expect((await get('/login-redirect/abc', HTML, 'HEAD')).statusCode).toBe(200);
  });

  it('serves index.html for the other mail links and pages, which have no extension', async () => {
    for (const url of ['/dashboard', '/login-redirect/abc_DEF-1', '/verify-email/x', '/faq']) {
      expect(isIndex(await get(url)), url).toBe(true);
    }
  });

  it('keeps a missing static file a JSON 404, whatever the request accepts', async () => {
    for (const url of [
      '/assets/missing.js',
      '/assets/app-1234.css',
      '/favicon.ico',
      '/documents/SAC/deep/file.pdf',
      '/documents/file.pdf',
      '/robots.txt',
    ]) {
      for (const accept of [HTML, '*/*']) {
        const res = await get(url, accept);
        expect(res.statusCode, `${url} (${accept})`).toBe(404);
        expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
    }
    expect((await get('/assets/app-1234.js')).body).toBe('console.log(1);');
  });

  it('never answers the server paths or an over-long path with the web app', async () => {
    for (const url of [
      '/api/documents/SAC/x.pdf',
      '/api/nothing',
      '/dev/mail/x',
      '/docs/x',
      `/documents/SAC/${'a'.repeat(2100)}.pdf`,
    ]) {
      expect((await get(url)).statusCode, url.slice(0, 40)).toBe(404);
    }
  });

  it('answers a request that does not ask for a page with a 404', async () => {
    const res = await get('/documents/SAC/2026-000123.pdf', 'application/json');
    expect(res.statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/dashboard' })).statusCode).toBe(404);
  });
});

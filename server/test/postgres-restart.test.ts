import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDatabase, createPool, type Database } from '../src/db/database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { embeddedSettings } from '../src/db/tuning.ts';
import { freePort } from '../src/lib/free-port.ts';
import { createBoss } from '../src/jobs/boss.ts';
import { FAST_POLLING } from '../src/jobs/queues.ts';
import { createCounty } from './helpers/factories.ts';
import { offlineMailSender, testConfig } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// A Postgres of this test's own (the embedded one), stopped and started under the app and a
// job worker: while it is down requests get a 503, and both recover by themselves.

const log = pino({ level: 'silent' });

/** A logger that keeps what Postgres prints (the embedded server logs it at debug level). */
function postgresOutput() {
  const lines: string[] = [];
  const logger = pino(
    { level: 'debug' },
    {
      write: (json: string) => {
        const { postgres } = JSON.parse(json) as { postgres?: string };
        if (postgres) lines.push(postgres);
      },
    },
  );
  return { lines, logger };
}

describe('Postgres going away and coming back', () => {
  let dir: string;
  let port: number;
  let pg: EmbeddedDatabase;
  let db: Database;
  let app: FastifyInstance;
  let boss: PgBoss;
  const processed: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-restart-'));
    await chmod(dir, 0o755);
    port = await freePort();
    pg = await startEmbeddedPostgres(dir, port, log);
    db = createDatabase(createPool(pg.url, 4, log));
    await migrateToLatest(db);
    await createCounty(db, { name: 'Restart', code: 'RST' });
    const config = testConfig(pg.url);
    app = await buildApp(config, { db, mailSender: offlineMailSender(config, db), logger: false });
    await app.ready();
    boss = createBoss(pg.url, log, { isStopping: () => true });
    await boss.start();
    // Worked as the alert and mail queues are: woken by NOTIFY on a listening connection that
    // must survive Postgres going away, with polling as the backstop.
    await boss.createQueue('restart-probe', { notify: true });
    await boss.work('restart-probe', FAST_POLLING, async ([job]) => {
      processed.push((job!.data as { n: string }).n);
    });
  }, 120_000);
  afterAll(async () => {
    await boss?.stop({ graceful: false, close: true }).catch(() => undefined);
    await app?.close();
    await db?.destroy();
    await pg?.stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  const config = () => app.inject({ method: 'GET', url: '/api/config' });
  // Search has connections of its own (one pipelined); a new term each time, past its cache.
  let terms = 0;
  const searchUrl = () => `/api/search/name?County=Restart&SearchTerm=SM${terms++}`;
  const restarted = postgresOutput();

  /** The parts of an EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) plan node read here. */
  type PlanNode = {
    'Actual Rows': number;
    'Shared Hit Blocks': number;
    'Shared Read Blocks': number;
    Plans?: PlanNode[];
  };

  /**
   * The shared buffers a full read of prewarm_probe found in memory (hit) and had to read, and
   * the rows its scan (under the count) read.
   */
  async function probeBuffers(): Promise<{ hit: number; read: number; rows: number }> {
    const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
      EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT count(*) FROM prewarm_probe`.execute(db);
    const count = rows[0]!['QUERY PLAN'][0].Plan;
    const scan = count.Plans?.[0] ?? count;
    return {
      hit: count['Shared Hit Blocks'],
      read: count['Shared Read Blocks'],
      rows: scan['Actual Rows'],
    };
  }

  it('runs with the settings we ship', async () => {
    const shipped = embeddedSettings();
    const { rows } = await sql<{ name: string; value: string }>`
      SELECT name, current_setting(name) AS value FROM unnest(${[
        'shared_buffers',
        'wal_level',
        'max_wal_senders',
        'shared_preload_libraries',
      ]}::text[]) AS name`.execute(db);
    expect(Object.fromEntries(rows.map((r) => [r.name, r.value]))).toEqual({
      shared_buffers: shipped.shared_buffers,
      wal_level: 'minimal',
      max_wal_senders: '0',
      shared_preload_libraries: 'pg_prewarm',
    });
  });

  // Pages of a table read before the restart, to be found in shared buffers after it.
  const PROBE_ROWS = 20_000;
  it('has a table read into memory before the restart', async () => {
    await sql`CREATE TABLE prewarm_probe AS
      SELECT n, repeat('x', 100) AS filler FROM generate_series(1, ${PROBE_ROWS}::int) AS n`.execute(
      db,
    );
    await probeBuffers();
    expect(await probeBuffers()).toMatchObject({ rows: PROBE_ROWS, read: 0 });
  });

  it('answers 200 while the database is up', async () => {
    expect((await config()).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: searchUrl() })).statusCode).toBe(200);
    await boss.send('restart-probe', { n: 'before' });
    await waitFor('the job before the restart', async () => processed.includes('before'));
  });

  it('answers 503, with a message, while it is down, and 200 again soon after it is back', async () => {
    await pg.stop();
    for (const url of ['/api/config', '/readyz', searchUrl()]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(503);
      expect(res.json().message).toMatch(/unavailable|not reachable|try again/i);
    }
    // Liveness does not depend on the database.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    const back = Date.now();
    pg = await startEmbeddedPostgres(dir, port, restarted.logger);
    await waitFor(
      'the API answering again',
      async () => (await config()).statusCode === 200,
      15_000,
    );
    await waitFor(
      'search answering again',
      async () => (await app.inject({ method: 'GET', url: searchUrl() })).statusCode === 200,
      15_000,
    );
    console.log(`API answered 200 ${Date.now() - back} ms after Postgres started again`);
  }, 60_000);

  // pg_prewarm's autoprewarm worker lists the pages in shared buffers at shutdown and reads them
  // back in at start: queries after a restart find the indexes they use in memory.
  it('reads the pages it had in memory back in after the restart', async () => {
    await waitFor('autoprewarm to finish loading', async () =>
      restarted.lines.some((line) => /autoprewarm successfully prewarmed \d+/.test(line)),
    );
    const buffers = await probeBuffers();
    expect(buffers.rows).toBe(PROBE_ROWS);
    expect(buffers.hit).toBeGreaterThan(0);
    expect(buffers.read).toBe(0);
  });

  // What Postgres prints is the app's log at debug level: an error without the data it quotes.
  it("prints a failed statement's error without its detail or statement", async () => {
    await sql`CREATE TABLE log_probe (secret text PRIMARY KEY)`.execute(db);
    await sql`INSERT INTO log_probe VALUES ('secret-in-a-key')`.execute(db);
    await expect(sql`INSERT INTO log_probe VALUES ('secret-in-a-key')`.execute(db)).rejects.toThrow(
      /duplicate key/,
    );
    await waitFor('the error printed', () =>
      restarted.lines.some((line) => line.includes('violates unique constraint "log_probe_pkey"')),
    );
    expect(restarted.lines.filter((line) => line.includes('secret-in-a-key'))).toEqual([]);
  });

  it('lets the job worker pick up work again without a restart of its own', async () => {
    await waitFor(
      'a job sent after the restart',
      async () => {
        await boss.send('restart-probe', { n: 'after' }).catch(() => undefined);
        return processed.includes('after');
      },
      30_000,
      500,
    );
  }, 60_000);
});

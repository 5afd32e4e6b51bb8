import { mkdir, mkdtemp, readdir, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  waitForReady,
} from '../../e2e/helpers/process.ts';
import { registerEngineWorkers } from '../src/engine/engine.jobs.ts';
import { pollInboxes } from '../src/engine/inbox/inbox.service.ts';
import { ensureQueues, MATCH_DOCUMENTS, POLL_INBOXES } from '../src/jobs/queues.ts';
import { createBoss } from '../src/jobs/boss.ts';
import { pino } from 'pino';
import { createCounty } from './helpers/factories.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { feedLine, feedPdf, writeFeed } from './helpers/feed.ts';
import { startTestApp, TEST_SESSION_SECRET, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// The server process (main.ts) stopped with SIGTERM while clients keep calling it: every request
// it had received is answered, it exits 0, and queued jobs run after the next start.

describe('SIGTERM under load', () => {
  let database: TestDatabase;
  let port: number;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await createCounty(database.db, { name: 'Shutdown', code: 'SHT' });
    port = await freePort();
    env = {
      DATABASE_URL: database.url,
      SESSION_SECRET: TEST_SESSION_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      SEED_DEMO_ON_FIRST_START: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000',
    };
  });
  afterAll(() => database.drop());

  it('answers every request it received, exits 0, and runs queued jobs after the restart', async () => {
    const base = `http://127.0.0.1:${port}`;
    let server: ServerProcess = startServerProcess(env);
    await waitForReady(base, server);

    // A document left for the matcher, whose job waits a few seconds: the server stops first.
    const document = await database.db
      .insertInto('recorded_documents')
      .values({
        county_id: (await database.db.selectFrom('counties').select('id').executeTakeFirstOrThrow())
          .id,
        document_number: 'SHT-1',
        document_type: 'GRANT DEED',
        recorded_at: new Date(),
        container: 'SHT',
        file_name: 'SHT-1.pdf',
        page_count: null,
        pdf_error: null,
        text_search: null,
        matched_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const boss = createBoss(database.url, pino({ level: 'silent' }), { supervise: false });
    await boss.start();
    await boss.send(MATCH_DOCUMENTS, { documentIds: [document.id] }, { startAfter: 4 });
    await boss.stop({ graceful: false, close: true });

    // Eight clients call as fast as they can; the signal comes in the middle.
    type Outcome = { started: number; status: number | 'network error' };
    const outcomes: Outcome[] = [];
    let running = true;
    const stopped = server.exited;
    const client = async () => {
      while (running) {
        const started = performance.now();
        const status = await fetch(`${base}/api/config`)
          .then(async (r) => {
            await r.arrayBuffer();
            return r.status;
          })
          .catch(() => 'network error' as const);
        outcomes.push({ started, status });
        // A refused connection: the server is closing, and calls again only once it is gone.
        if (status === 'network error') await stopped;
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await waitFor('some load', () => outcomes.length > 200);
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    running = false;
    await Promise.all(clients);
    expect(code, server.output()).toBe(0);

    // Every request sent before the signal got an answer, none a dropped connection. Those the
    // server had surely received (sent 50 ms or more before it) got a 200; one arriving as it
    // began closing may get a 503 asking to retry. After the signal, new connections are refused.
    const before = outcomes.filter((o) => o.started < signalledAt);
    expect(before.length).toBeGreaterThan(200);
    expect(before.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    expect(before.filter((o) => o.started < signalledAt - 50 && o.status !== 200)).toEqual([]);
    const after = outcomes.filter((o) => o.started >= signalledAt);
    console.log(
      `SIGTERM under load: ${before.length} requests before the signal (${before.filter((o) => o.status === 503).length} answered 503 as it closed, the rest 200); ${after.length} after it`,
    );

    server = startServerProcess(env);
    await waitForReady(base, server);
    await waitFor(
      'the queued match job to run after the restart',
      async () =>
        (
          await database.db
            .selectFrom('recorded_documents')
            .select('matched_at')
            .where('id', '=', document.id)
            .executeTakeFirstOrThrow()
        ).matched_at !== null,
      30_000,
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});

// A worker stopped while its inbox poll works through many folders: the poll takes no folder
// after the stop begins and returns, so the job is completed, not failed "while active"; stop()
// returns once it has, so the database is closed after it; the next poll files the rest.
describe('a stop during an inbox poll', () => {
  const FOLDERS = 40;
  let t: TestApp;
  let root: string;
  let inbox: string;

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'deedwatch-stop-poll-')));
    inbox = path.join(root, 'inbox');
    await mkdir(inbox);
    t = await startTestApp({ COUNTY_PATH_ROOTS: root }, { workers: false });
    const county = await createCounty(t.db, { name: 'Stop', code: 'STP' });
    await t.db
      .updateTable('counties')
      .set({ inbox_path: inbox })
      .where('id', '=', county.id)
      .execute();
    const recordedAt = new Date(Date.now() - 3_600_000);
    for (let i = 0; i < FOLDERS; i++) {
      const folder = path.join(inbox, `batch-${String(i).padStart(3, '0')}`);
      await mkdir(folder);
      const line = feedLine('STP', recordedAt, {
        documentNumber: `STP-${i}`,
        file: `STP-${i}.pdf`,
      });
      await writeFeed(folder, [line], { [line.file]: await feedPdf(line, 1, line.apns, 'Stop') });
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await rm(root, { recursive: true, force: true });
  });

  const filed = async () =>
    (await readdir(path.join(inbox, 'done')).catch(() => [] as string[])).length;

  it('leaves the poll completed, not failed, and the rest for the next poll', async () => {
    const boss = createBoss(t.database.url, pino({ level: 'silent' }));
    await boss.start();
    await ensureQueues(boss);
    await registerEngineWorkers({ ...t.engine, boss });
    await boss.send(POLL_INBOXES, null);
    await waitFor('the poll to file a folder', async () => (await filed()) > 0, 60_000);
    await boss.stop({ graceful: true, timeout: 1000 });

    // Stopped mid-poll: the folders not taken wait in the inbox.
    const filedAtStop = await filed();
    expect(filedAtStop).toBeLessThan(FOLDERS);
    const inboxAtStop = (await readdir(inbox)).sort();
    expect(inboxAtStop).toHaveLength(FOLDERS - filedAtStop + 1);

    const { rows } = await sql<{ state: string; output: unknown }>`
      SELECT state, output FROM pgboss.job WHERE name = ${POLL_INBOXES}`.execute(t.db);
    expect(rows).toEqual([expect.objectContaining({ state: 'completed' })]);

    // Nothing of the stopped poll still runs (it would hold the county's lock): this one files
    // the rest.
    await pollInboxes(t.engine);
    expect(await filed()).toBe(FOLDERS);
  }, 120_000);
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../e2e/helpers/process.ts';
import { createEngine } from '../src/engine/engine.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { isoWithOffset } from '../src/engine/simulate/simulate.ts';
import { createBoss } from '../src/jobs/boss.ts';
import { ensureQueues } from '../src/jobs/queues.ts';
import { deriveSealingKey } from '../src/lib/sealed.ts';
import { createMailSender } from '../src/mail/mail-sender.ts';
import { createOutboxTransport } from '../src/mail/outbox-transport.ts';
import { nameKey } from '../src/keys/normalize.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import { createFileBlobStore } from '../src/storage/blob-store.ts';
import { createCounty, createSubscriber } from '../test/helpers/factories.ts';
import { TEST_SESSION_SECRET } from '../test/helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/test-database.ts';
import { waitFor } from '../test/helpers/wait.ts';

// 10,000 documents that each produce one alert, matched and mailed by a worker process that is
// killed with SIGKILL five times along the way: afterwards every document has its one event and
// every event its one alert message — none missing, none twice.

const DOCUMENTS = Number(process.env.RELIABILITY_DOCUMENTS ?? 10_000);
const KILLS = 5;
const SURNAMES = [
  'ABBOTT',
  'BARNES',
  'CALDERON',
  'DUNCAN',
  'ELLISON',
  'FLETCHER',
  'GARNER',
  'HOLLOWAY',
  'IBARRA',
  'JENNINGS',
];
const FIRST_NAMES = [
  'ADAM',
  'BRENDA',
  'CARLOS',
  'DIANA',
  'EDWARD',
  'FIONA',
  'GRANT',
  'HELEN',
  'IVAN',
  'JUDITH',
];
const NAMES = SURNAMES.flatMap((s) => FIRST_NAMES.map((f) => `${s} ${f}`));

describe(`a worker killed ${KILLS} times while ${DOCUMENTS} documents are matched and alerted`, () => {
  let database: TestDatabase;
  let feed: string;
  let documentsDir: string;
  let worker: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const county = await createCounty(db, { name: 'Crash', code: 'CRS' });
    const activatedAt = new Date(Date.now() - 60_000);
    for (const name of NAMES) {
      const user = await createSubscriber(db, { verified: true });
      await insertNameSubscriptions(
        db,
        user.id,
        [{ countyId: county.id, name, nameKey: nameKey(name), tokens: name.split(' ') }],
        activatedAt,
      );
    }
    feed = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-crash-feed-'));
    documentsDir = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-crash-documents-'));
    const recordedAt = isoWithOffset(new Date());
    const lines = Array.from({ length: DOCUMENTS }, (_, i) =>
      JSON.stringify({
        county: 'CRS',
        documentNumber: `CRS-${String(i).padStart(6, '0')}`,
        recordedAt,
        documentType: 'GRANT DEED',
        grantors: [NAMES[i % NAMES.length]],
        grantees: ['NOBODY WATCHED'],
        apns: [],
        addresses: [],
        // No PDF: the documents are indexed and alerted without one, which keeps this fast.
        file: `CRS-${i}.pdf`,
      }),
    );
    await writeFile(path.join(feed, 'index.ndjson'), `${lines.join('\n')}\n`);

    // Ingested here, matched by nobody: the worker process does all the matching and mailing.
    const log = pino({ level: 'silent' });
    const boss = createBoss(database.url, log, { supervise: false });
    await boss.start();
    await ensureQueues(boss);
    const blobs = createFileBlobStore(documentsDir);
    const mailSender = createMailSender(
      boss,
      createOutboxTransport(db),
      deriveSealingKey(TEST_SESSION_SECRET, 'mail'),
      blobs,
    );
    const engine = createEngine(
      {
        appUrl: 'http://crash.test',
        supportPhone: '1',
        supportEmail: 's@crash.test',
        documentsDir,
      },
      { db, boss, mailSender, log, blobs },
    );
    const started = performance.now();
    const summary = await ingestFolder(engine, feed, { matchNow: false });
    console.log(
      `ingested ${summary.documents} documents in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(summary.documents).toBe(DOCUMENTS);
    await boss.stop({ graceful: false, close: true });
  });
  afterAll(async () => {
    worker?.child.kill('SIGKILL');
    await database.drop();
    await rm(feed, { recursive: true, force: true });
    await rm(documentsDir, { recursive: true, force: true });
  });

  const progress = async () => {
    const { rows } = await sql<{
      matched: string;
      events: string;
      sent: string;
      outbox: string;
      distinct_outbox: string;
    }>`
      -- An alert's message is the outbox row its delivery keyed (the subject leads with the level).
      WITH alerts AS (SELECT id FROM deliveries WHERE kind = 'alert')
      SELECT (SELECT count(*) FROM recorded_documents WHERE matched_at IS NOT NULL) AS matched,
             (SELECT count(*) FROM events) AS events,
             (SELECT count(*) FROM deliveries WHERE kind = 'alert' AND status = 'sent') AS sent,
             (SELECT count(*) FROM outbox_messages WHERE delivery_key IN (SELECT id::text FROM alerts)) AS outbox,
             (SELECT count(DISTINCT (recipient, text_body)) FROM outbox_messages
              WHERE delivery_key IN (SELECT id::text FROM alerts)) AS distinct_outbox`.execute(
      database.db,
    );
    return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)])) as Record<
      'matched' | 'events' | 'sent' | 'outbox' | 'distinct_outbox',
      number
    >;
  };

  const startWorker = () =>
    startServerProcess(
      {
        DATABASE_URL: database.url,
        SESSION_SECRET: TEST_SESSION_SECRET,
        MAIL_TRANSPORT: 'outbox',
        DOCUMENTS_DIR: documentsDir,
        LOG_LEVEL: 'error',
        SEED_DEMO_ON_FIRST_START: 'false',
      },
      ['--worker'],
    );

  it('ends with every event and every alert message exactly once', async () => {
    const started = performance.now();
    const kills: string[] = [];
    for (let kill = 1; kill <= KILLS; kill++) {
      const before = await progress();
      worker = startWorker();
      // Let it get some way (matching first, then mailing), then kill it mid-stride.
      const target = Math.min(DOCUMENTS, before.sent + Math.ceil(DOCUMENTS / (KILLS + 2)));
      await waitFor(
        `worker run ${kill} to make progress`,
        async () => {
          const now = await progress();
          return now.matched > before.matched + 200 || now.sent >= target;
        },
        240_000,
        100,
      );
      worker.child.kill('SIGKILL');
      await worker.exited;
      const at = await progress();
      kills.push(
        `kill ${kill}: matched ${at.matched}, events ${at.events}, alerts sent ${at.sent}`,
      );
    }
    worker = startWorker();
    const done = await waitFor(
      'every document matched and every alert sent',
      async () => {
        const now = await progress();
        return now.matched === DOCUMENTS && now.sent === DOCUMENTS ? now : undefined;
      },
      600_000,
      500,
    );
    worker.child.kill('SIGTERM');
    await worker.exited;
    console.log(
      [...kills, `done in ${((performance.now() - started) / 1000).toFixed(0)} s`].join('\n'),
    );

    expect(done.events).toBe(DOCUMENTS);
    expect(done.outbox).toBe(DOCUMENTS);
    expect(done.distinct_outbox).toBe(DOCUMENTS);
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM deliveries WHERE kind = 'alert' AND status <> 'sent'`.execute(
      database.db,
    );
    expect(Number(rows[0]!.n)).toBe(0);
    // One event per document, each on its own document.
    const perDocument = await sql<{ n: string }>`
      SELECT count(*) AS n FROM (SELECT document_id FROM events GROUP BY document_id HAVING count(*) <> 1) x`.execute(
      database.db,
    );
    expect(Number(perDocument.rows[0]!.n)).toBe(0);
  });
});

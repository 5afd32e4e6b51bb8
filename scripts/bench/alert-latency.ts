// Alert latency: from the commit of a document by the ingest to its alert message stored by
// the outbox transport, over documents that each hit a guarded parcel. The worker is a separate
// process (`main.ts --worker`), as in production; the ingest runs either here as `npm run
// ingest` runs it (ingestFolder, matching each chunk right after its commit), or in the worker
// from the county's inbox, as the inbox poll runs it.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { pino } from 'pino';
import { startServerProcess } from '../../e2e/helpers/process.ts';
import type { Database } from '../../server/src/db/database.ts';
import { createRandom } from '../../server/src/lib/random.ts';
import { createEngine } from '../../server/src/engine/engine.ts';
import { FAILED_FOLDER } from '../../server/src/engine/inbox/inbox.service.ts';
import { ingestFolder } from '../../server/src/engine/ingest/ingest.service.ts';
import { writeFeedFolder } from '../../server/src/engine/simulate/simulate.ts';
import { createBoss } from '../../server/src/jobs/boss.ts';
import { ensureQueues, POLL_INBOXES } from '../../server/src/jobs/queues.ts';
import { deriveSealingKey } from '../../server/src/lib/sealed.ts';
import { createMailSender } from '../../server/src/mail/mail-sender.ts';
import { createOutboxTransport } from '../../server/src/mail/outbox-transport.ts';
import { createFileBlobStore } from '../../server/src/storage/blob-store.ts';
import { waitFor } from '../../server/test/helpers/wait.ts';
import { BENCH_COUNTY, type GuardedSample, log, percentiles, secondsSince } from './dataset.ts';

export type AlertLatencyOptions = {
  db: Database;
  url: string;
  countyId: number;
  documents: number;
  guarded: GuardedSample;
  seed: number;
  /**
   * Who ingests: `command`, this process, as `npm run ingest` does while the worker sends the
   * alerts; or `inbox`, the worker itself, from the county's inbox (as the inbox poll does in
   * production), reading the feed's PDFs while it makes the excerpts of what it has matched.
   */
  ingest?: 'command' | 'inbox';
};

export async function benchAlertLatency(o: AlertLatencyOptions) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-latency-'));
  const sessionSecret = 'bench-session-secret-of-at-least-32-characters';
  const env = {
    DATABASE_URL: o.url,
    SESSION_SECRET: sessionSecret,
    DATA_DIR: dir,
    DOCUMENTS_DIR: path.join(dir, 'documents'),
    // At info the worker says when its queues are worked and its excerpt threads are ready,
    // which the measurement waits for: the latency of a running service, not of one starting.
    LOG_LEVEL: 'info',
  };
  const worker = startServerProcess(env, ['--worker']);
  let workerExit: number | null | undefined;
  void worker.exited.then((code) => (workerExit = code));
  const logger = pino({ level: 'silent' });
  const boss = createBoss(o.url, logger, { supervise: false });
  try {
    // The documents, each naming a different guarded parcel, written as a feed folder with PDFs.
    const r = createRandom(o.seed);
    const parcels = [...new Map(o.guarded.parcels.map((p) => [p.apnKey, p])).values()];
    const recordedAt = new Date();
    const run = recordedAt.getTime().toString(36).toUpperCase();
    const lines = Array.from({ length: Math.min(o.documents, parcels.length) }, (_, i) => {
      const parcel = parcels[(i * 7919) % parcels.length]!;
      // Numbers of this run's own, so a kept database (--database) can be measured again.
      const documentNumber = `L${run}-${String(i).padStart(5, '0')}`;
      return {
        county: BENCH_COUNTY.code,
        documentNumber,
        recordedAt,
        documentType: r.pick(['GRANT DEED', 'DEED OF TRUST', 'QUITCLAIM DEED']),
        grantors: ['BENCH GRANTOR A'],
        grantees: ['BENCH GRANTEE B'],
        apns: [parcel.apn],
        addresses: [parcel.address],
        file: `${documentNumber}.pdf`,
      };
    });
    let started = performance.now();
    const inbox = path.join(dir, 'inbox');
    await mkdir(inbox);
    const folder = await writeFeedFolder(
      o.ingest === 'inbox' ? inbox : dir,
      'feed',
      { id: o.countyId, code: BENCH_COUNTY.code, name: BENCH_COUNTY.name, inboxPath: dir },
      lines,
    );
    log(`alert latency: ${lines.length} documents with PDFs written in ${secondsSince(started)} s`);

    await boss.start();
    await ensureQueues(boss);
    const blobs = createFileBlobStore(env.DOCUMENTS_DIR);
    const engine = createEngine(
      {
        appUrl: 'http://localhost:3000',
        supportPhone: '(800) 555-0142',
        supportEmail: 'support@example.com',
        documentsDir: env.DOCUMENTS_DIR,
      },
      {
        db: o.db,
        boss,
        log: logger,
        blobs,
        mailSender: createMailSender(
          boss,
          createOutboxTransport(o.db),
          deriveSealingKey(sessionSecret, 'mail'),
          blobs,
        ),
      },
    );
    await waitFor(
      'the worker to start working its queues and warm its excerpt threads',
      () => {
        if (workerExit !== undefined) {
          throw new Error(`the worker exited with ${workerExit}:\n${worker.output()}`);
        }
        return /"msg":"excerpt threads (not )?warmed"/.test(worker.output());
      },
      120_000,
      50,
    );
    started = performance.now();
    // The clock starts at the commit: the ingest command reports each chunk's ids right after
    // it. The worker's inbox poll reports nothing: its latency is from the chunk's transaction
    // start (fromTransactionStartMs), which adds the chunk's inserts.
    const committedAt = new Map<string, number>();
    let ingestSeconds: number | null = null;
    if (o.ingest === 'inbox') {
      await sql`UPDATE counties SET inbox_path = ${inbox} WHERE id = ${o.countyId}`.execute(o.db);
      await boss.send(POLL_INBOXES, null);
    } else {
      const summary = await ingestFolder(engine, folder, {
        onCommitted: (ids) => {
          const now = Date.now();
          for (const id of ids) committedAt.set(id, now);
        },
      });
      ingestSeconds = secondsSince(started);
      log(`alert latency: ${summary.documents} documents ingested in ${ingestSeconds} s`);
    }

    // Done when every document is in, matched, and each (user, document) it alerts has a
    // delivery that is finished, whichever process matched it (the ingest, or the worker's job).
    const numbers = lines.map((l) => l.documentNumber);
    const progress = async () =>
      (
        await sql<{ documents: string; unmatched: string; alerts: string; finished: string }>`
          WITH docs AS (
            SELECT id, matched_at FROM recorded_documents WHERE document_number = ANY (${numbers}))
          SELECT (SELECT count(*) FROM docs) AS documents,
                 (SELECT count(*) FROM docs WHERE matched_at IS NULL) AS unmatched,
                 (SELECT count(DISTINCT (e.user_id, e.document_id)) FROM events e
                  JOIN docs ON docs.id = e.document_id) AS alerts,
                 (SELECT count(*) FROM deliveries l JOIN docs ON docs.id = l.document_id
                  WHERE l.kind = 'alert' AND l.status IN ('sent', 'failed', 'ambiguous')) AS finished`.execute(
          o.db,
        )
      ).rows[0]!;
    await waitFor(
      'every alert to be sent',
      async () => {
        if (existsSync(path.join(inbox, FAILED_FOLDER, 'feed'))) {
          throw new Error(`the worker could not read the feed folder:\n${worker.output()}`);
        }
        const p = await progress();
        return (
          Number(p.documents) === numbers.length &&
          p.unmatched === '0' &&
          Number(p.finished) >= Number(p.alerts)
        );
      },
      900_000,
      250,
    );
    const drainSeconds = secondsSince(started);
    const { rows } = await sql<{
      id: string;
      sent: number;
      ingested: number;
      status: string;
      error: string | null;
    }>`
      SELECT d.id, extract(epoch FROM min(l.sent_at)) * 1000 AS sent,
             extract(epoch FROM d.ingested_at) * 1000 AS ingested, min(l.status) AS status,
             max(l.last_error) AS error
      FROM recorded_documents d
      JOIN deliveries l ON l.document_id = d.id AND l.kind = 'alert'
      WHERE d.document_number = ANY (${numbers})
      GROUP BY d.id`.execute(o.db);
    const sent = rows.filter((row) => row.status === 'sent');
    return {
      documents: lines.length,
      alertsSent: sent.length,
      notSent: rows.length - sent.length,
      /** Why: each document's first delivery not sent, by its status and last error. */
      notSentBecause: rows
        .filter((row) => row.status !== 'sent')
        .map((row) => `${row.status}${row.error ? `: ${row.error}` : ''}`),
      documentsWithoutAlert: lines.length - rows.length,
      ingestSeconds,
      secondsUntilAllSent: drainSeconds,
      /** From the chunk's commit (where the target starts) to the alert sent to the outbox. */
      latencyMs:
        o.ingest === 'inbox'
          ? null
          : percentiles(sent.map((row) => Number(row.sent) - committedAt.get(row.id)!)),
      /** From the start of the chunk's transaction (ingested_at), which adds its inserts. */
      fromTransactionStartMs: percentiles(
        sent.map((row) => Number(row.sent) - Number(row.ingested)),
      ),
    };
  } finally {
    if (o.ingest === 'inbox') {
      await sql`UPDATE counties SET inbox_path = '' WHERE id = ${o.countyId}`.execute(o.db);
    }
    await boss.stop({ graceful: false, close: true }).catch(() => {});
    worker.child.kill('SIGTERM');
    await worker.exited;
    await rm(dir, { recursive: true, force: true });
  }
}

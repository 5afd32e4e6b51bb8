// The matcher's throughput: new documents of 4 parties, 1 APN and 1 address, matched
// in batches by the job's own matchDocuments against the loaded subscriptions, MATCH_WORKERS
// batches at once as a worker process runs the match-documents jobs; beside it the
// naive peer, one trigram `%` query per party through a GIN index on the guarded names. Then
// the same documents, unmatched again, matched by 1, 2 and 4 worker processes (this file run as
// a child: one batch at a time each, as a worker's match-documents job runs it) and with other
// batch sizes, to choose the worker count and batch size by measurement.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { pino } from 'pino';
import { createDatabase, createPool, type Database } from '../../server/src/db/database.ts';
import { demoApn } from '../../server/src/demo/demo-data.ts';
import {
  insertDocument,
  type NewDocument,
} from '../../server/src/engine/ingest/ingest.repository.ts';
import { MATCH_WORKERS } from '../../server/src/engine/engine.jobs.ts';
import { matchDocuments } from '../../server/src/engine/matching/match.service.ts';
import { createBoss } from '../../server/src/jobs/boss.ts';
import { ensureQueues } from '../../server/src/jobs/queues.ts';
import { storedAddress, storedName } from '../../server/src/keys/match-keys.ts';
import { nameKey } from '../../server/src/keys/normalize.ts';
import {
  BENCH_COUNTY,
  createNameSource,
  type GuardedSample,
  log,
  secondsSince,
} from './dataset.ts';

export type MatchingBenchOptions = {
  db: Database;
  url: string;
  countyId: number;
  documents: number;
  /** Parcels of the roll, numbered 1..parcels (dataset.ts writeParcelRoll). */
  parcels: number;
  guarded: GuardedSample;
  seed: number;
  batch?: number;
  /** Worker processes to match the same documents with afterwards; [] skips it. */
  processes?: number[];
  /** Batch sizes to match the same documents with afterwards (2 processes); [] skips it. */
  batchSizes?: number[];
  /** Parties the naive peer is timed on (it is extrapolated to all documents); 0 skips it. */
  peerParties?: number;
};

/** A document's party is a guarded name this often, its parcel a guarded one this often. */
const GUARDED_SHARE = 0.02;

export async function benchMatching(o: MatchingBenchOptions) {
  const batch = o.batch ?? 1000;
  const names = createNameSource(o.seed);
  const r = names.random;
  const recordedAt = new Date();
  const ids: string[] = [];
  const parties: string[] = [];
  // Numbers of this run: a database measured again (--database) holds an earlier run's.
  const run = Date.now().toString(36);
  let started = performance.now();
  for (let done = 0; done < o.documents; done += 500) {
    await o.db.transaction().execute(async (trx) => {
      for (let i = done; i < Math.min(o.documents, done + 500); i++) {
        const docNames = [0, 1, 2, 3].map(() =>
          r.next() < GUARDED_SHARE ? r.pick(o.guarded.names) : names.party(),
        );
        parties.push(...docNames);
        const guarded = r.next() < GUARDED_SHARE ? r.pick(o.guarded.parcels) : undefined;
        const parcel = guarded ?? {
          ...demoApn(BENCH_COUNTY, r.int(1, o.parcels), r),
          address: `${names.street()}, SACRAMENTO, CA 958${r.int(10, 99)}`,
        };
        const stored = storedAddress(parcel.address);
        const doc: NewDocument = {
          countyId: o.countyId,
          documentNumber: `B-${run}-${i}`,
          documentType: 'GRANT DEED',
          recordedAt,
          container: BENCH_COUNTY.code,
          fileName: `B-${run}-${i}.pdf`,
          pageCount: 2,
          pdfError: null,
          text: '',
          parties: docNames.map((n, k) => ({
            role: k < 2 ? 'grantor' : 'grantee',
            name: n,
            nameKey: nameKey(n),
            ...storedName(n),
          })),
          parcels: [
            {
              apn: parcel.apn,
              apnKey: parcel.apnKey,
              address: null,
              addressKey: null,
              zip: null,
              source: 'index',
            },
            {
              apn: null,
              apnKey: null,
              address: parcel.address,
              addressKey: stored.streetKey,
              zip: stored.zip,
              source: 'index',
            },
          ],
        };
        ids.push((await insertDocument(trx, doc))!);
      }
    });
  }
  await sql`ANALYZE`.execute(o.db);
  const loadSeconds = secondsSince(started);
  log(`matching: ${ids.length} documents written in ${loadSeconds} s`);

  const boss = createBoss(o.url, pino({ level: 'silent' }), { supervise: false });
  await boss.start();
  await ensureQueues(boss);
  started = performance.now();
  let events = 0;
  let alerts = 0;
  const batchSeconds: number[] = [];
  try {
    // As a worker process runs the match-documents jobs: MATCH_WORKERS batches at once.
    const batches: string[][] = [];
    for (let k = 0; k < ids.length; k += batch) batches.push(ids.slice(k, k + batch));
    await Promise.all(
      Array.from({ length: MATCH_WORKERS }, async () => {
        for (let next = batches.shift(); next; next = batches.shift()) {
          const t = performance.now();
          const result = await matchDocuments(o.db, boss, next);
          batchSeconds.push(secondsSince(t));
          events += result.events;
          alerts += result.alerts;
        }
      }),
    );
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
  const matchSeconds = (performance.now() - started) / 1000;
  const documentsPerSecond = ids.length / matchSeconds;
  log(`matching: ${ids.length} documents in ${matchSeconds.toFixed(2)} s, ${events} events`);
  const byKind = await sql<{ match_kind: string; tier: string; n: string }>`
    SELECT match_kind, tier, count(*) AS n FROM events WHERE document_id = ANY (${ids}::bigint[])
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(o.db);
  const eventsByKind = byKind.rows.map((row) => ({
    kind: row.match_kind,
    tier: row.tier,
    events: Number(row.n),
  }));
  const matching = {
    documents: ids.length,
    batch,
    workers: MATCH_WORKERS,
    writeSeconds: loadSeconds,
    seconds: Math.round(matchSeconds * 100) / 100,
    documentsPerSecond: Math.round(documentsPerSecond),
    batchSeconds,
    events,
    alerts,
    eventsByKind,
  };
  const scaling = await matchAgain(o, ids, batch);
  const peerParties = o.peerParties ?? 400;
  if (peerParties === 0) return { ...matching, ...scaling };

  // The naive peer: every guarded name within trigram similarity of a party.
  started = performance.now();
  await sql`CREATE INDEX bench_names_trgm ON name_subscriptions USING gin (name gin_trgm_ops)`.execute(
    o.db,
  );
  const peerIndexSeconds = secondsSince(started);
  const sample = parties.slice(0, peerParties);
  started = performance.now();
  let peerHits = 0;
  for (const party of sample) {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM name_subscriptions
      WHERE county_id = ${o.countyId} AND name % ${party}`.execute(o.db);
    peerHits += Number(rows[0]!.n);
  }
  const peerSeconds = (performance.now() - started) / 1000;
  const peerDocumentsPerSecond = sample.length / 4 / peerSeconds;
  await sql`DROP INDEX bench_names_trgm`.execute(o.db);

  return {
    ...matching,
    ...scaling,
    naivePeer: {
      parties: sample.length,
      seconds: Math.round(peerSeconds * 100) / 100,
      documentsPerSecond: Math.round(peerDocumentsPerSecond * 10) / 10,
      // Extrapolated to every party of every document: the candidates it would flag.
      events: Math.round((peerHits / sample.length) * parties.length),
      ginIndexSeconds: peerIndexSeconds,
    },
    ratio: Math.round((documentsPerSecond / peerDocumentsPerSecond) * 10) / 10,
  };
}

/** The documents unmatched again: their events gone, as if never matched. */
async function unmatch(db: Database, ids: string[]) {
  await sql`DELETE FROM events WHERE document_id = ANY (${ids}::bigint[])`.execute(db);
  await sql`UPDATE recorded_documents SET matched_at = NULL WHERE id = ANY (${ids}::bigint[])`.execute(
    db,
  );
  await sql`VACUUM (ANALYZE) events, recorded_documents`.execute(db);
}

type ChildResult = { started: number; ended: number; documents: number; events: number };

/**
 * The documents matched by `processes` worker processes, each taking every `processes`-th batch
 * of `batch` documents, one at a time. Documents per second from the first batch's start to the
 * last one's end (process start-up left out).
 */
async function matchByProcesses(url: string, ids: string[], processes: number, batch: number) {
  const batches: string[][] = [];
  for (let k = 0; k < ids.length; k += batch) batches.push(ids.slice(k, k + batch));
  // Every process starts its first batch at this moment, once all have started and connected.
  const startAt = Date.now() + 4000;
  const results = await Promise.all(
    Array.from({ length: processes }, (_, p) => {
      const mine = batches.filter((_, i) => i % processes === p);
      return new Promise<ChildResult>((resolve, reject) => {
        const child = spawn(process.execPath, [import.meta.filename, '--match-child'], {
          stdio: ['pipe', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0
            ? resolve(JSON.parse(out) as ChildResult)
            : reject(new Error(`a match process exited with ${code}`)),
        );
        child.stdin.end(JSON.stringify({ url, batches: mine, startAt }));
      });
    }),
  );
  const seconds =
    (Math.max(...results.map((r) => r.ended)) - Math.min(...results.map((r) => r.started))) / 1000;
  return {
    processes,
    batch,
    seconds: Math.round(seconds * 100) / 100,
    documentsPerSecond: Math.round(ids.length / seconds),
    events: results.reduce((sum, r) => sum + r.events, 0),
    // A process that was not ready at startAt began late by this much.
    lateStartMs: Math.max(0, ...results.map((r) => r.started - startAt)),
  };
}

async function matchAgain(o: MatchingBenchOptions, ids: string[], batch: number) {
  const processes = o.processes ?? [1, 2, 4];
  const batchSizes = o.batchSizes ?? [250, 500, 2000];
  const byProcesses = [];
  const byBatchSize = [];
  for (const n of processes) {
    await unmatch(o.db, ids);
    byProcesses.push(await matchByProcesses(o.url, ids, n, batch));
    log(`matching: ${n} processes: ${JSON.stringify(byProcesses.at(-1))}`);
  }
  for (const size of batchSizes) {
    await unmatch(o.db, ids);
    byBatchSize.push(await matchByProcesses(o.url, ids, 2, size));
    log(`matching: batches of ${size}: ${JSON.stringify(byBatchSize.at(-1))}`);
  }
  return { byProcesses, byBatchSize };
}

if (
  import.meta.main &&
  parseArgs({ options: { 'match-child': { type: 'boolean' } } }).values['match-child']
) {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const job = JSON.parse(input) as { url: string; batches: string[][]; startAt: number };
  const pool = createPool(job.url, 2, pino({ level: 'silent' }));
  const db = createDatabase(pool);
  const boss = createBoss(job.url, pino({ level: 'silent' }), { supervise: false });
  await boss.start();
  // Connected before the clock starts, as a running worker is.
  await sql`SELECT 1`.execute(db);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, job.startAt - Date.now())));
  const result: ChildResult = { started: Date.now(), ended: 0, documents: 0, events: 0 };
  for (const ids of job.batches) {
    const matched = await matchDocuments(db, boss, ids);
    result.documents += matched.documents;
    result.events += matched.events;
  }
  result.ended = Date.now();
  await boss.stop({ graceful: false, close: true });
  await db.destroy();
  process.stdout.write(JSON.stringify(result));
}

// The matcher's throughput: new documents of 4 parties, 1 APN and 1 address, matched
// in batches by the job's own matchDocuments against the loaded subscriptions, MATCH_WORKERS
// batches at once as a worker process runs the match-documents jobs; beside it the
// naive peer, one trigram `%` query per party through a GIN index on the guarded names.
import { sql } from 'kysely';
import { pino } from 'pino';
import type { Database } from '../../server/src/db/database.ts';
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
          documentNumber: `B-${i}`,
          documentType: 'GRANT DEED',
          recordedAt,
          container: BENCH_COUNTY.code,
          fileName: `B-${i}.pdf`,
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
  const peerParties = o.peerParties ?? 400;
  if (peerParties === 0) return matching;

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

// npm run bench:matching -- [--subscriptions 500000] [--documents 10000] [--batch 1000]
//                           [--peer-parties 300] [--keep]
// The matcher's throughput: a scratch database on the server of DATABASE_URL (or
// TEST_DATABASE_URL) with one county, `--subscriptions` guarded items (60% names drawn like the
// recorder's index, 40% APNs with their addresses) over subscribers with 1.5 items each, then
// `--documents` new documents of 4 parties, 1 APN and 1 address, matched in batches of `--batch`
// by the same matchDocuments the job runs. The naive peer, one trigram `%` query per party
// through a GIN index, is timed on `--peer-parties` parties and extrapolated. Prints one JSON
// object; drops the database unless --keep.
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { createDatabase, createPool, type Database } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { demoApn, DEMO_COUNTIES, indexName } from '../../server/src/db/seed/demo-data.ts';
import { createRandom } from '../../server/src/db/seed/random.ts';
import {
  insertDocument,
  type NewDocument,
} from '../../server/src/engine/ingest/ingest.repository.ts';
import { matchDocuments } from '../../server/src/engine/matching/match.service.ts';
import { createBoss } from '../../server/src/jobs/boss.ts';
import { ensureQueues } from '../../server/src/jobs/queues.ts';
import { storedAddress, storedName } from '../../server/src/matching/match-keys.ts';
import { nameKey } from '../../server/src/matching/normalize.ts';

const { values: args } = parseArgs({
  options: {
    subscriptions: { type: 'string', default: '500000' },
    documents: { type: 'string', default: '10000' },
    batch: { type: 'string', default: '1000' },
    'peer-parties': { type: 'string', default: '300' },
    keep: { type: 'boolean', default: false },
  },
});
const SUBSCRIPTIONS = Number(args.subscriptions);
const DOCUMENTS = Number(args.documents);
const BATCH = Number(args.batch);
const PEER_PARTIES = Number(args['peer-parties']);
const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl || !(SUBSCRIPTIONS > 0) || !(DOCUMENTS > 0)) {
  console.error(
    'Set DATABASE_URL or TEST_DATABASE_URL to a Postgres server (a scratch database is made on it).',
  );
  process.exit(2);
}
const log = (message: string) => console.error(`${new Date().toISOString()} ${message}`);
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

const name = `deedwatch_bench_matching_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const db: Database = createDatabase(createPool(url.toString(), 4, pino({ level: 'silent' })));
const county = DEMO_COUNTIES.find((c) => c.code === 'SAC')!;
const r = createRandom(20261122);

try {
  await migrateToLatest(db);
  const { id: countyId } = await db
    .insertInto('counties')
    .values({
      name: county.name,
      code: county.code,
      ui_mask: county.uiMask,
      data_mask: county.dataMask,
      format: county.format,
      link_url: 'https://recorder.example.gov',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // Subscribers and their guarded items, with every key the matcher joins on.
  let started = performance.now();
  const users = Math.ceil(SUBSCRIPTIONS / 1.5);
  await sql`
    INSERT INTO users (email, email_verified_at)
    SELECT 'bench' || i || '@example.com', now() FROM generate_series(1, ${users}) AS i`.execute(
    db,
  );
  const userIds = (await db.selectFrom('users').select('id').orderBy('id').execute()).map(
    (u) => u.id,
  );
  const activatedAt = new Date(Date.now() - 86_400_000);
  const guardedNames: string[] = [];
  const guardedApns: { apn: string; apnKey: string; street: string; zip: string }[] = [];
  const CHUNK = 5000;
  for (let done = 0; done < SUBSCRIPTIONS; done += CHUNK) {
    const names: { user: string; name: string }[] = [];
    const apns: { user: string; apn: string; apnKey: string; street: string; zip: string }[] = [];
    for (let i = done; i < Math.min(SUBSCRIPTIONS, done + CHUNK); i++) {
      const user = userIds[Math.floor(i / 1.5)]!;
      if (r.next() < 0.6) {
        const n = indexName(r);
        names.push({ user, name: n });
        if (guardedNames.length < 20_000) guardedNames.push(n);
      } else {
        const { apn, apnKey } = demoApn(county, i, r);
        const street = `${r.int(1, 9999)} ${r.pick(['MAIN', 'OAK', 'RIVERSIDE', 'ELM', 'J', 'FOLSOM', 'FREEPORT'])} ${r.pick(['ST', 'AVE', 'BLVD', 'WAY'])}`;
        const zip = String(95800 + r.int(0, 99));
        apns.push({ user, apn, apnKey, street, zip });
        if (guardedApns.length < 20_000) guardedApns.push({ apn, apnKey, street, zip });
      }
    }
    const unique = [...new Map(names.map((n) => [`${n.user}|${nameKey(n.name)}`, n])).values()];
    const stored = unique.map((n) => storedName(n.name));
    const inserted = await db
      .insertInto('name_subscriptions')
      .values(
        unique.map((n, k) => ({
          user_id: n.user,
          county_id: countyId,
          name: n.name,
          name_key: nameKey(n.name),
          match_key: stored[k]!.matchKey,
          name_kind: stored[k]!.kind,
          activated_at: activatedAt,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'user_id', 'name_key'])
      .execute();
    const byKey = new Map(unique.map((n, k) => [`${n.user}|${nameKey(n.name)}`, stored[k]!]));
    const readings = inserted.flatMap((row) =>
      byKey.get(`${row.user_id}|${row.name_key}`)!.readings.map((reading) => ({ row, reading })),
    );
    if (readings.length > 0) {
      await db
        .insertInto('name_subscription_readings')
        .values(
          readings.map(({ row, reading: x }) => ({
            subscription_id: row.id,
            county_id: countyId,
            surname: x.surname,
            first: x.first,
            middle: x.middle,
          })),
        )
        .execute();
      const keys = readings.flatMap(({ row, reading: x }) =>
        [...new Set(x.deletionKeys)].map((k) => ({
          subscription_id: row.id,
          county_id: countyId,
          deletion_key: k,
          surname: x.surname,
          first: x.first,
          middle: x.middle,
        })),
      );
      for (let k = 0; k < keys.length; k += 5000) {
        await db
          .insertInto('name_subscription_typo_keys')
          .values(keys.slice(k, k + 5000))
          .execute();
      }
    }
    if (apns.length > 0) {
      await db
        .insertInto('apn_subscriptions')
        .values(
          apns.map((a) => ({
            user_id: a.user,
            county_id: countyId,
            apn: a.apn,
            apn_key: a.apnKey,
            description: `${a.street}, SACRAMENTO, CA ${a.zip}`,
            address_key: a.street,
            address_zip: a.zip,
            activated_at: activatedAt,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    if ((done / CHUNK) % 20 === 0) log(`  subscriptions: ${Math.min(SUBSCRIPTIONS, done + CHUNK)}`);
  }
  await sql`VACUUM (ANALYZE)`.execute(db);
  const loadSubscriptions = seconds(started);
  log(`subscriptions loaded in ${loadSubscriptions} s`);

  // Documents: 4 parties (mostly names like the index's, some of them guarded), 1 APN, 1 address.
  started = performance.now();
  const recordedAt = new Date();
  const ids: string[] = [];
  const partiesOf: string[] = [];
  for (let done = 0; done < DOCUMENTS; done += 500) {
    await db.transaction().execute(async (trx) => {
      for (let i = done; i < Math.min(DOCUMENTS, done + 500); i++) {
        const names = [0, 1, 2, 3].map(() =>
          r.next() < 0.05 ? r.pick(guardedNames) : indexName(r),
        );
        partiesOf.push(...names);
        const guarded = r.next() < 0.05 ? r.pick(guardedApns) : undefined;
        const parcel = guarded ?? {
          ...demoApn(county, SUBSCRIPTIONS + i, r),
          street: `${r.int(1, 9999)} MAIN ST`,
          zip: '95814',
        };
        const address = `${parcel.street}, SACRAMENTO, CA ${parcel.zip}`;
        const stored = storedAddress(address);
        const doc: NewDocument = {
          countyId,
          documentNumber: `B-${i}`,
          documentType: 'GRANT DEED',
          recordedAt,
          container: 'SAC',
          fileName: `B-${i}.pdf`,
          pageCount: 2,
          pdfError: null,
          text: '',
          parties: names.map((n, k) => {
            const s = storedName(n);
            return {
              role: k < 2 ? 'grantor' : 'grantee',
              name: n,
              nameKey: nameKey(n),
              matchKey: s.matchKey,
              kind: s.kind,
              readings: s.readings,
            };
          }),
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
              address,
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
  await sql`ANALYZE`.execute(db);
  const loadDocuments = seconds(started);
  log(`documents loaded in ${loadDocuments} s`);

  // The matcher, as the job runs it.
  const boss = createBoss(url.toString(), pino({ level: 'silent' }), { supervise: false });
  await boss.start();
  await ensureQueues(boss);
  started = performance.now();
  let events = 0;
  let alerts = 0;
  const batchSeconds: number[] = [];
  for (let k = 0; k < ids.length; k += BATCH) {
    const t = performance.now();
    const result = await matchDocuments(db, boss, ids.slice(k, k + BATCH));
    batchSeconds.push(seconds(t));
    events += result.events;
    alerts += result.alerts;
  }
  const matchSeconds = (performance.now() - started) / 1000;
  await boss.stop({ graceful: false, close: true });
  log(`matched ${ids.length} documents in ${matchSeconds.toFixed(2)} s: ${events} events`);

  // The naive peer: one trigram query per party through a GIN index on the guarded names.
  started = performance.now();
  await sql`CREATE INDEX bench_names_trgm ON name_subscriptions USING gin (name gin_trgm_ops)`.execute(
    db,
  );
  const peerIndexSeconds = seconds(started);
  const sample = partiesOf.slice(0, PEER_PARTIES);
  started = performance.now();
  let peerHits = 0;
  for (const party of sample) {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM name_subscriptions WHERE county_id = ${countyId} AND name % ${party}`.execute(
      db,
    );
    peerHits += Number(rows[0]!.n);
  }
  const peerSeconds = (performance.now() - started) / 1000;
  const peerDocsPerSecond = sample.length / 4 / peerSeconds;
  const docsPerSecond = ids.length / matchSeconds;

  const counts = await sql<{ names: string; readings: string; typo_keys: string; apns: string }>`
    SELECT (SELECT count(*) FROM name_subscriptions) AS names,
           (SELECT count(*) FROM name_subscription_readings) AS readings,
           (SELECT count(*) FROM name_subscription_typo_keys) AS typo_keys,
           (SELECT count(*) FROM apn_subscriptions) AS apns`.execute(db);
  console.log(
    JSON.stringify(
      {
        scale: {
          subscriptions: SUBSCRIPTIONS,
          documents: DOCUMENTS,
          batch: BATCH,
          ...Object.fromEntries(Object.entries(counts.rows[0]!).map(([k, v]) => [k, Number(v)])),
        },
        loadSeconds: { subscriptions: loadSubscriptions, documents: loadDocuments },
        matching: {
          seconds: Math.round(matchSeconds * 100) / 100,
          documentsPerSecond: Math.round(docsPerSecond),
          batchSeconds,
          events,
          alerts,
        },
        naivePeer: {
          parties: sample.length,
          seconds: Math.round(peerSeconds * 100) / 100,
          documentsPerSecond: Math.round(peerDocsPerSecond * 10) / 10,
          candidateHitsPerParty: Math.round((peerHits / sample.length) * 10) / 10,
          ginIndexSeconds: peerIndexSeconds,
        },
        ratio: Math.round(docsPerSecond / peerDocsPerSecond),
      },
      null,
      2,
    ),
  );
} finally {
  await db.destroy();
  if (!args.keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

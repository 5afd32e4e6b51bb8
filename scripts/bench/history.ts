// The history check of a new guard: the county's documents of the last ten years (and a little
// more, which the check must pass over) loaded with COPY, then guards added one at a time, each
// by a user of its own, and checkHistory timed for each: names common and rare, a first
// initial, APNs with their addresses. The figure is per guard, lookups, decisions and writes.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pino } from 'pino';
import type { Database } from '../../server/src/db/database.ts';
import { demoApn, GIVEN_NAMES, SURNAMES } from '../../server/src/demo/demo-data.ts';
import { createEngine } from '../../server/src/engine/engine.ts';
import { checkHistory } from '../../server/src/engine/history/history.service.ts';
import { HISTORY_YEARS } from '../../server/src/engine/matching/match.repository.ts';
import { createBoss } from '../../server/src/jobs/boss.ts';
import { ensureQueues } from '../../server/src/jobs/queues.ts';
import { storedAddress, storedName } from '../../server/src/keys/match-keys.ts';
import { nameKey } from '../../server/src/keys/normalize.ts';
import { deriveSealingKey } from '../../server/src/lib/sealed.ts';
import { createMailSender } from '../../server/src/mail/mail-sender.ts';
import { createOutboxTransport } from '../../server/src/mail/outbox-transport.ts';
import {
  insertApnSubscriptions,
  insertNameSubscriptions,
} from '../../server/src/modules/user/user.repository.ts';
import {
  BENCH_COUNTY,
  createNameSource,
  type GuardedSample,
  log,
  secondsSince,
  settleAfterLoad,
} from './dataset.ts';

export type HistoryBenchOptions = {
  db: Database;
  url: string;
  countyId: number;
  /** Documents on record, 4 parties, 1 APN and 1 address each, over the last ten and a half years. */
  documents: number;
  /** Parcels of the roll, numbered 1..parcels (dataset.ts writeParcelRoll). */
  parcels: number;
  guarded: GuardedSample;
  /** Guards timed of each kind (common name, rare name, first initial, APN). */
  perKind: number;
  seed: number;
};

/** A document's party is a guarded name this often, its parcel a guarded one this often. */
const GUARDED_SHARE = 0.02;
const DAY = 86_400_000;
/** Half a year past the check's reach, so the window's edge is crossed. */
const SPAN_MS = (HISTORY_YEARS + 0.5) * 365.25 * DAY;
const CHUNK = 20_000;

const tsv = (fields: (string | number | boolean | null)[]) =>
  fields.map((f) => (f === null ? '\\N' : String(f))).join('\t') + '\n';

type Load = { documents: string; parties: string; readings: string; parcels: string };

/**
 * Writes the documents on record with COPY (ids given: COPY writes an identity column as
 * given), as ingest would have stored them; marked matched, as documents of the past are.
 */
async function loadDocuments(o: HistoryBenchOptions) {
  const names = createNameSource(o.seed);
  const r = names.random;
  const client = new pg.Client({ connectionString: o.url });
  await client.connect();
  const next = async (table: string) =>
    Number((await client.query(`SELECT coalesce(max(id), 0) + 1 AS id FROM ${table}`)).rows[0].id);
  let documentId = await next('recorded_documents');
  let partyId = await next('document_parties');
  let parcelId = await next('document_parcels');
  const now = Date.now();
  const found = { names: new Set<string>(), parcels: new Set<string>() };
  const copy = (table: string, columns: string, text: string) =>
    pipeline(
      Readable.from([text]),
      client.query(copyFrom(`COPY ${table} (${columns}) FROM STDIN`)),
    );
  try {
    for (let done = 0; done < o.documents; done += CHUNK) {
      const load: Load = { documents: '', parties: '', readings: '', parcels: '' };
      for (let i = done; i < Math.min(o.documents, done + CHUNK); i++) {
        const id = documentId++;
        const recordedAt = new Date(now - DAY - r.next() * SPAN_MS).toISOString();
        load.documents += tsv([
          id,
          o.countyId,
          `HB-${id}`,
          'GRANT DEED',
          recordedAt,
          BENCH_COUNTY.code,
          `HB-${id}.pdf`,
          2,
          recordedAt,
        ]);
        for (let k = 0; k < 4; k++) {
          const guarded = r.next() < GUARDED_SHARE;
          const name = guarded ? r.pick(o.guarded.names) : names.party();
          if (guarded) found.names.add(name);
          const stored = storedName(name);
          const party = partyId++;
          load.parties += tsv([
            party,
            id,
            k < 2 ? 'grantor' : 'grantee',
            name,
            nameKey(name),
            stored.matchKey,
            stored.nameKind,
            stored.suffix,
          ]);
          for (const reading of stored.readings)
            load.readings += tsv([
              party,
              id,
              reading.surname,
              reading.first,
              reading.middle,
              `{${reading.deletionKeys.join(',')}}`,
              reading.isPart,
              reading.isReversed,
            ]);
        }
        const guardedParcel = r.next() < GUARDED_SHARE ? r.pick(o.guarded.parcels) : undefined;
        if (guardedParcel) found.parcels.add(guardedParcel.apnKey);
        const parcel = guardedParcel ?? {
          ...demoApn(BENCH_COUNTY, r.int(1, o.parcels), r),
          address: `${names.street()}, SACRAMENTO, CA 958${r.int(10, 99)}`,
        };
        const address = storedAddress(parcel.address);
        load.parcels += tsv([parcelId++, id, parcel.apn, parcel.apnKey, null, null, null]);
        load.parcels += tsv([
          parcelId++,
          id,
          null,
          null,
          parcel.address,
          address.streetKey,
          address.zip,
        ]);
      }
      await copy(
        'recorded_documents',
        'id, county_id, document_number, document_type, recorded_at, container, file_name, page_count, matched_at',
        load.documents,
      );
      await copy(
        'document_parties',
        'id, document_id, role, name, name_key, match_key, name_kind, suffix',
        load.parties,
      );
      await copy(
        'document_party_readings',
        'party_id, document_id, surname, first, middle, deletion_keys, is_part, is_reversed',
        load.readings,
      );
      await copy(
        'document_parcels',
        'id, document_id, apn, apn_key, address, address_key, zip',
        load.parcels,
      );
      if ((done / CHUNK) % 10 === 0)
        log(`  history documents: ${Math.min(o.documents, done + CHUNK)}`);
    }
    for (const table of ['recorded_documents', 'document_parties', 'document_parcels'])
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`,
      );
    await settleAfterLoad(
      (statement) => client.query(statement),
      ['recorded_documents', 'document_parties', 'document_party_readings', 'document_parcels'],
    );
  } finally {
    await client.end();
  }
  return found;
}

/**
 * The guarded names and parcels on the documents an earlier run loaded (a database kept with
 * --keep and measured again with --database), so the guards are sampled as after a load.
 */
async function foundOnRecord(o: HistoryBenchOptions) {
  const { rows: names } = await sql<{ name: string }>`
    SELECT DISTINCT p.name FROM document_parties p
    JOIN recorded_documents d ON d.id = p.document_id
    WHERE d.county_id = ${o.countyId} AND d.document_number LIKE 'HB-%'
      AND p.name = ANY (${o.guarded.names}::text[])`.execute(o.db);
  const { rows: parcels } = await sql<{ apn_key: string }>`
    SELECT DISTINCT p.apn_key FROM document_parcels p
    JOIN recorded_documents d ON d.id = p.document_id
    WHERE d.county_id = ${o.countyId} AND d.document_number LIKE 'HB-%'
      AND p.apn_key = ANY (${o.guarded.parcels.map((g) => g.apnKey)}::text[])`.execute(o.db);
  return {
    names: new Set(names.map((r) => r.name)),
    parcels: new Set(parcels.map((r) => r.apn_key)),
  };
}

type Guard =
  | { kind: 'common name' | 'rare name' | 'first initial'; name: string }
  | { kind: 'APN and address'; apn: string; apnKey: string; address: string; zip: string };

/** The guards timed: the commonest names of the index, guarded names on record and not, first initials, parcels. */
function sampleGuards(
  o: HistoryBenchOptions,
  found: { names: Set<string>; parcels: Set<string> },
): Guard[] {
  const names = createNameSource(o.seed + 1);
  const r = names.random;
  const guards: Guard[] = [];
  for (let i = 0; i < o.perKind; i++) {
    const surname = SURNAMES[i % 10]!;
    const given = GIVEN_NAMES[(i * 3) % 10]!;
    guards.push({ kind: 'common name', name: `${surname} ${given}${i % 2 ? ' A' : ''}` });
    guards.push({ kind: 'first initial', name: `${surname} ${given[0]}` });
  }
  const onRecord = [...found.names];
  for (let i = 0; i < o.perKind; i++)
    guards.push({
      kind: 'rare name',
      // Half of them have documents on record, half are only in the index or nowhere.
      name: i % 2 === 0 && onRecord.length > 0 ? r.pick(onRecord) : r.pick(o.guarded.names),
    });
  const parcels = o.guarded.parcels.filter((p) => found.parcels.has(p.apnKey));
  for (let i = 0; i < o.perKind; i++) {
    const p = i % 2 === 0 && parcels.length > 0 ? r.pick(parcels) : r.pick(o.guarded.parcels);
    guards.push({ kind: 'APN and address', ...p });
  }
  return guards;
}

const round = (x: number) => Math.round(x * 10) / 10;

function stats(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    n: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    max: round(sorted.at(-1) ?? 0),
  };
}

export async function benchHistory(o: HistoryBenchOptions) {
  let started = performance.now();
  // A database kept by an earlier run has its documents on record already (ids go on from
  // the largest, so loading again would double them).
  const loaded = await sql<{ loaded: boolean }>`
    SELECT EXISTS (SELECT 1 FROM recorded_documents
                   WHERE county_id = ${o.countyId} AND document_number LIKE 'HB-%') AS loaded`.execute(
    o.db,
  );
  const reused = loaded.rows[0]!.loaded;
  const found = reused ? await foundOnRecord(o) : await loadDocuments(o);
  const loadSeconds = reused ? null : secondsSince(started);
  const onRecord = await sql<{ documents: string; in_reach: string }>`
    SELECT count(*) AS documents,
           count(*) FILTER (WHERE recorded_at >= now() - make_interval(years => ${HISTORY_YEARS})) AS in_reach
    FROM recorded_documents WHERE county_id = ${o.countyId}`.execute(o.db);
  log(
    reused
      ? `history: the ${onRecord.rows[0]!.documents} documents on record of an earlier run`
      : `history: ${o.documents} documents on record loaded in ${loadSeconds} s`,
  );

  const documentsDir = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-bench-history-'));
  const silent = pino({ level: 'silent' });
  const boss = createBoss(o.url, silent, { supervise: false });
  await boss.start();
  await ensureQueues(boss);
  const engine = createEngine(
    {
      appUrl: 'http://deedwatch.bench',
      supportPhone: '000',
      supportEmail: 'support@deedwatch.bench',
      documentsDir,
    },
    {
      db: o.db,
      boss,
      mailSender: createMailSender(
        boss,
        createOutboxTransport(o.db),
        deriveSealingKey('bench', 'mail'),
      ),
      log: silent,
    },
  );
  const timings = new Map<Guard['kind'], { ms: number[]; events: number[] }>();
  try {
    const guards = sampleGuards(o, found);
    for (const [i, guard] of guards.entries()) {
      // A user of its own per guard, whose email is not verified: the check's work is timed,
      // the summary mail (one insert per verified address) is not queued.
      const user = await o.db
        .insertInto('users')
        .values({ email: `history-bench-${Date.now()}-${i}@example.com` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const activatedAt = new Date();
      if (guard.kind === 'APN and address') {
        const address = storedAddress(guard.address);
        await insertApnSubscriptions(
          o.db,
          user.id,
          [
            {
              countyId: o.countyId,
              apn: guard.apn,
              apnKey: guard.apnKey,
              description: guard.address,
              addressKey: address.streetKey,
              addressZip: guard.zip,
            },
          ],
          activatedAt,
        );
      } else {
        const key = nameKey(guard.name);
        await insertNameSubscriptions(
          o.db,
          user.id,
          [{ countyId: o.countyId, name: guard.name, nameKey: key, tokens: key.split(' ') }],
          activatedAt,
        );
      }
      started = performance.now();
      const result = await checkHistory(engine, user.id);
      const ms = performance.now() - started;
      const t = timings.get(guard.kind) ?? { ms: [], events: [] };
      t.ms.push(ms);
      t.events.push(result.events);
      timings.set(guard.kind, t);
    }
  } finally {
    await boss.stop({ graceful: false, close: true });
    await rm(documentsDir, { recursive: true, force: true });
  }
  const all = [...timings.values()].flatMap((t) => t.ms);
  const result = {
    documents: Number(onRecord.rows[0]!.documents),
    documentsInReach: Number(onRecord.rows[0]!.in_reach),
    loadSeconds,
    msPerGuard: stats(all),
    byKind: Object.fromEntries(
      [...timings].map(([kind, t]) => [kind, { ms: stats(t.ms), eventsPerGuard: stats(t.events) }]),
    ),
  };
  log(`history: ${JSON.stringify(result.msPerGuard)} ms per guard`);
  return result;
}

// npm run bench -- [--scale small|full]
//                  [--only import,search,matching,latency,history,coldstart,staff]
//                  [--keep] [--database NAME] [--own-postgres BIN_DIR]
//
// Every benchmark of docs/benchmarks.md in one run, printing one JSON object on stdout (progress
// on stderr). A scratch database on the server of DATABASE_URL (or TEST_DATABASE_URL) gets one
// county at the chosen scale (dataset.ts): the parcel roll imported through the import command's
// own code (timed), the index names loaded with COPY, the subscriptions; then search through the
// real HTTP server beside two peers, the matcher beside a naive peer, the alert latency through
// the ingest command and a worker process, the history check of new guards over ten years of
// documents on record (history.ts), `npm start`'s cold start, and the staff lists
// (staff-lists.ts, in a database of its own). Small scale is CI's smoke test: no thresholds.
// Each benchmark's module is loaded only when it runs. --database NAME measures again on a
// database an earlier run kept (--keep), migrated to the latest, without importing or loading
// (the import is not timed then; the history check finds its ten years loaded, if the kept
// run measured it).
//
// The scratch database gets the per-session settings we ship that a database may set
// (db/tuning.ts: work_mem, maintenance_work_mem, effective_cache_size, through ALTER DATABASE);
// the server-wide ones (shared_buffers, WAL and checkpoints) are the server's own, and the
// output's `postgresSettings` says what they were. --own-postgres BIN_DIR (e.g.
// /usr/lib/postgresql/15/bin) runs everything on a Postgres server of the benchmark's own instead,
// started from those binaries with every setting we ship, in a temporary folder that is deleted
// at the end (the folder kept with --keep; the server stops with the run either way).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { pino } from 'pino';
import { repoRoot } from '../../server/src/config.ts';
import { upsertCounty } from '../../server/src/demo/seed.repository.ts';
import { importParcels } from '../../server/src/engine/parcels/import-parcels.ts';
import { startEmbeddedPostgres } from '../../server/src/db/embedded.ts';
import { tunedSettings } from '../../server/src/db/tuning.ts';
import {
  BENCH_COUNTY,
  createScratchDatabase,
  existingScratchDatabase,
  type ScratchDatabase,
  freePort,
  guardedSample,
  type GuardedSample,
  loadIndexNames,
  loadSubscriptions,
  log,
  SCALES,
  secondsSince,
  settleAfterLoad,
  writeParcelRoll,
} from './dataset.ts';

const ALL = ['import', 'search', 'matching', 'latency', 'history', 'coldstart', 'staff'] as const;
const SEED = 20261124;

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    database: { type: 'string' },
    'own-postgres': { type: 'string' },
  },
});
if (args.scale !== 'small' && args.scale !== 'full') {
  console.error(`--scale must be small or full, not '${args.scale}'`);
  process.exit(2);
}
const only = new Set(args.only ? args.only.split(',') : ALL);
const unknown = [...only].filter((b) => !(ALL as readonly string[]).includes(b));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}: choose from ${ALL.join(', ')}`);
  process.exit(2);
}
const scale = SCALES[args.scale];
let serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
let ownPostgres: { dir: string; stop: () => Promise<void> } | undefined;
if (args['own-postgres']) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-bench-postgres-'));
  const port = await freePort();
  const server = await startEmbeddedPostgres(
    dir,
    port,
    pino({ level: 'warn' }),
    {},
    args['own-postgres'],
  );
  log(`own Postgres from ${args['own-postgres']} on port ${port}, cluster in ${dir}`);
  serverUrl = server.url.replace(/\/deedwatch$/, '/postgres');
  ownPostgres = { dir, stop: server.stop };
}
if (!serverUrl) {
  console.error(
    'Set DATABASE_URL or TEST_DATABASE_URL to a Postgres server (a scratch database is made on it).',
  );
  process.exit(2);
}

const started = performance.now();
const results: Record<string, unknown> = {
  scale: args.scale,
  sizes: scale,
  machine: {
    cpus: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
  },
};

/** The import (timed) and the loads of a new scratch database. */
async function loadAll(scratch: ScratchDatabase, countyId: number, tmp: string) {
  const { db } = scratch;
  let t = performance.now();
  const roll = path.join(tmp, 'parcels.csv');
  await writeParcelRoll(roll, scale.parcels, SEED);
  log(`parcel roll of ${scale.parcels} rows written in ${secondsSince(t)} s`);
  const imported = await importParcels(scratch.pool, { county: BENCH_COUNTY.code, source: roll });
  log(`import: ${imported.imported} parcels in ${imported.seconds} s`);
  results.import = {
    rows: imported.rows,
    imported: imported.imported,
    namesAdded: imported.namesAdded,
    seconds: imported.seconds,
    phases: imported.phases,
  };

  t = performance.now();
  await loadIndexNames(scratch.url, countyId, scale.indexRows, SEED + 1);
  const subscriptionsStarted = performance.now();
  const guarded = await loadSubscriptions(db, countyId, scale.subscriptions, SEED + 2);
  await settleAfterLoad((statement) => sql.raw(statement).execute(db));
  const loadSeconds = {
    indexNames: Math.round((subscriptionsStarted - t) / 10) / 100,
    subscriptions: secondsSince(subscriptionsStarted),
  };
  return { guarded, loadSeconds };
}

const needsData = ['import', 'search', 'matching', 'latency', 'history'].some((b) => only.has(b));
if (needsData) {
  const reuse = args.database;
  const scratch = reuse
    ? await existingScratchDatabase(serverUrl, reuse)
    : await createScratchDatabase(serverUrl, 'deedwatch_bench');
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-bench-'));
  try {
    const { db } = scratch;
    const postgres = await sql<{ v: string }>`SELECT version() AS v`.execute(db);
    results.postgres = postgres.rows[0]!.v.split(' on ')[0];
    // What a database may set of the settings we ship, for every session of the benchmark's
    // processes; the rest is the server's.
    const shipped = tunedSettings(os.totalmem());
    const perDatabase = ['work_mem', 'maintenance_work_mem', 'effective_cache_size'];
    const database = sql.id(
      (await sql<{ d: string }>`SELECT current_database() AS d`.execute(db)).rows[0]!.d,
    );
    for (const name of perDatabase) {
      await sql`ALTER DATABASE ${database} SET ${sql.id(name)} = ${sql.lit(shipped[name]!)}`.execute(
        db,
      );
    }
    const settings = await sql<{ name: string; setting: string; unit: string | null }>`
      SELECT name, setting, unit FROM pg_settings
      WHERE name = ANY (${Object.keys(shipped)}::text[]) ORDER BY name`.execute(db);
    results.postgresSettings = {
      shipped,
      setForTheDatabase: perDatabase,
      server: Object.fromEntries(
        settings.rows.map((r) => [r.name, r.unit ? `${r.setting} × ${r.unit}` : r.setting]),
      ),
    };
    // Sessions opened from here on get them (the harness's first connection has not).
    let countyId: number;
    let guarded: GuardedSample;
    if (reuse) {
      countyId = (
        await db
          .selectFrom('counties')
          .select('id')
          .where('code', '=', BENCH_COUNTY.code)
          .executeTakeFirstOrThrow()
      ).id;
      guarded = await guardedSample(db, countyId);
      log(
        `reusing ${reuse}: ${guarded.names.length} names, ${guarded.parcels.length} parcels guarded`,
      );
    } else {
      countyId = await upsertCounty(db, BENCH_COUNTY);
      const loaded = await loadAll(scratch, countyId, tmp);
      guarded = loaded.guarded;
      results.loadSeconds = loaded.loadSeconds;
    }
    const counts = await sql<Record<string, string>>`
      SELECT (SELECT count(*) FROM parcels) AS parcels,
             (SELECT count(*) FROM index_names) AS index_names,
             (SELECT sum(document_count) FROM index_names) AS index_rows,
             (SELECT count(*) FROM search_tokens) AS search_tokens,
             (SELECT count(*) FROM name_subscriptions) AS name_subscriptions,
             (SELECT count(*) FROM apn_subscriptions) AS apn_subscriptions,
             (SELECT count(*) FROM users) AS users,
             pg_size_pretty(pg_database_size(current_database())) AS database_size`.execute(db);
    results.data = Object.fromEntries(
      Object.entries(counts.rows[0]!).map(([k, v]) => [k, /^\d+$/.test(v) ? Number(v) : v]),
    );
    log(`data: ${JSON.stringify(results.data)}`);

    if (only.has('search')) {
      const { benchSearch } = await import('./search.ts');
      results.search = await benchSearch({
        databaseUrl: scratch.url,
        countyId,
        countyName: BENCH_COUNTY.name,
        rate: scale.searchRate,
        seconds: scale.searchSeconds,
        sweep: scale.searchSweep,
        peerQueries: scale.peerQueries,
        log,
      });
    }
    // Latency first: the matcher's benchmark leaves its send-alert jobs queued behind it.
    if (only.has('latency')) {
      const { benchAlertLatency } = await import('./alert-latency.ts');
      results.alertLatency = await benchAlertLatency({
        db,
        url: scratch.url,
        countyId,
        documents: scale.latencyDocuments,
        guarded,
        seed: SEED + 4,
      });
      results.alertLatencyInbox = await benchAlertLatency({
        db,
        url: scratch.url,
        countyId,
        documents: scale.latencyDocuments,
        guarded,
        seed: SEED + 5,
        ingest: 'inbox',
      });
    }
    if (only.has('matching')) {
      const { benchMatching } = await import('./matching.ts');
      results.matching = await benchMatching({
        db,
        url: scratch.url,
        countyId,
        documents: scale.documents,
        parcels: scale.parcels,
        guarded,
        seed: SEED + 3,
        batchSizes: args.scale === 'full' ? [250, 500, 2000] : [],
      });
    }
    if (only.has('history')) {
      const { benchHistory } = await import('./history.ts');
      results.history = await benchHistory({
        db,
        url: scratch.url,
        countyId,
        // The documents behind the index's rows: 4 parties each.
        documents: Math.round(scale.indexRows / 4),
        parcels: scale.parcels,
        guarded,
        perKind: args.scale === 'full' ? 25 : 10,
        seed: SEED + 5,
      });
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
    if (args.keep) {
      log(`kept the database ${scratch.url}`);
      await scratch.db.destroy();
    } else await scratch.drop();
  }
}

if (only.has('coldstart')) {
  const { benchColdStart } = await import('./cold-start.ts');
  results.coldStart = await benchColdStart();
}

if (only.has('staff')) {
  const runs = args.scale === 'full' ? [] : ['--metrics-runs', '10', '--users-calls', '60'];
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      path.join(repoRoot, 'scripts/bench/staff-lists.ts'),
      '--users',
      String(scale.staffUsers),
      ...runs,
    ],
    { env: { ...process.env, DATABASE_URL: serverUrl }, maxBuffer: 16 * 2 ** 20 },
  );
  results.staffLists = JSON.parse(stdout);
}

if (ownPostgres && !args.keep) {
  await ownPostgres.stop();
  await rm(ownPostgres.dir, { recursive: true, force: true });
} else if (ownPostgres) log(`kept the own Postgres's cluster in ${ownPostgres.dir}`);

results.seconds = secondsSince(started);
console.log(JSON.stringify(results, null, 2));

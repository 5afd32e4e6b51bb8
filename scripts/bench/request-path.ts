// The cost of the request path around search: the app's search routes at a fixed rate below
// saturation, on a small seeded county, with the CPU per request counted apart for the Node
// server and for Postgres. Made to compare two commits of the server with each other (the same
// database content, the same terms, the same rates), where the full benchmark at 1,000
// requests a second is saturated and a little more CPU shows as a much longer queue.
//
//   npx node scripts/bench/request-path.ts <database> [--rate 300,500,1000] [--seconds 20] [--rounds 2]
//
// The database is made on the server of TEST_DATABASE_URL (or DATABASE_URL) when it does not
// exist and the demo county SAC seeded into it (20,000 parcels, 50,000 names); it is kept, so
// a second run, or a second commit's, measures the same data. The answer cache is off: every
// request reaches Postgres. The load generator is this file again, in a process of its own
// pinned to the last core. Each round prints one JSON line; the first round of a process
// includes its warm-up (the JIT, the pool), so compare the later rounds.
//
// To measure a commit from before the restructuring into one shape (0054b5d), copy this file
// and bench-app.ts into its checkout and change two imports: in bench-app.ts, createMailer from
// server/src/mail/mailer.ts in place of createMailSender (buildApp took it as `mailer`); here,
// seedDemo from server/src/db/seed/seed-demo.ts.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { createDatabase, createPool } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { seedDemo } from '../../server/src/demo/seed-demo.ts';
import { benchApp } from './bench-app.ts';

type LoadJob = { origin: string; paths: string[]; rate: number; seconds: number };
type LoadResult = { sent: number; non2xx: number; errors: number; p50: number; p99: number };
/** The part of autocannon 9 used here (it ships no types). */
type Autocannon = (options: {
  url: string;
  connections: number;
  overallRate: number;
  duration: number;
  requests: { setupRequest: (request: object) => object }[];
}) => Promise<{
  requests: { total: number };
  non2xx: number;
  errors: number;
  latency: { p50: number; p99: number };
}>;

if (process.argv.includes('--load-child')) {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const job = JSON.parse(input) as LoadJob;
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  let next = 0;
  const result = await autocannon({
    url: job.origin,
    connections: 20,
    overallRate: job.rate,
    duration: job.seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: job.paths[next++ % job.paths.length] }) }],
  });
  const summary: LoadResult = {
    sent: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
  process.stdout.write(JSON.stringify(summary));
  process.exit(0);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    rate: { type: 'string', default: '300,500,1000' },
    seconds: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
  },
});
const databaseName = positionals[0];
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!databaseName || !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseName) || !serverUrl) {
  console.error('usage: TEST_DATABASE_URL=… npx node scripts/bench/request-path.ts <database>');
  process.exit(2);
}
const url = new URL(serverUrl);
url.pathname = `/${databaseName}`;
const databaseUrl = url.toString();

const admin = new pg.Client(serverUrl);
await admin.connect();
const exists =
  (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName])).rowCount ===
  1;
if (!exists) await admin.query(`CREATE DATABASE "${databaseName}"`);
await admin.end();

const silent = pino({ level: 'silent' });
const db = createDatabase(createPool(databaseUrl, 10, silent));
await migrateToLatest(db);
if (!exists) {
  console.error(`seeding ${databaseName} …`);
  await seedDemo(db, {
    seed: 20261122,
    parcelsPerCounty: 20_000,
    namesPerCounty: 50_000,
    counties: ['SAC'],
  });
}

const { app } = await benchApp(db, databaseUrl, {
  env: { SEARCH_CACHE_TTL_MS: '0' },
  // Logging as in production (info), written nowhere: its cost is part of a request's.
  logger: pino({ level: 'info' }, pino.destination('/dev/null')),
});
const origin = await app.listen({ port: 0, host: '127.0.0.1' });

// Every two-letter prefix of 20 common initials, as a name and as a street: 800 terms.
const letters = 'ABCDEFGHIJKLMNOPRSTW';
const paths: string[] = [];
for (const a of letters) {
  for (const b of letters) {
    for (const endpoint of ['name', 'street']) {
      const query = new URLSearchParams({ SearchTerm: a + b, County: 'Sacramento' });
      paths.push(`/api/search/${endpoint}?${query}`);
    }
  }
}
const probe = await fetch(origin + paths[0]);
if (!probe.ok) throw new Error(`GET ${paths[0]}: ${probe.status} ${await probe.text()}`);

/** CPU seconds of this database's Postgres backends, from /proc (the server is on this machine). */
async function postgresSeconds(): Promise<number> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
  let seconds = 0;
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
    if (stat === undefined) continue; // a backend gone meanwhile
    // utime and stime, fields 14 and 15, counted after the command's closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    seconds += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  }
  return seconds;
}
/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

function runLoad(job: LoadJob): Promise<LoadResult> {
  const core = String(os.availableParallelism() - 1);
  const child = spawn(
    'taskset',
    ['-c', core, process.execPath, import.meta.filename, '--load-child'],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  child.stdin.end(JSON.stringify(job));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out))
        : reject(new Error(`the load generator exited with ${code}`)),
    );
  });
}

try {
  for (const rate of values.rate.split(',').map(Number)) {
    for (let round = 0; round < Number(values.rounds); round++) {
      const node = process.cpuUsage();
      const postgres = await postgresSeconds();
      const load = await runLoad({ origin, paths, rate, seconds: Number(values.seconds) });
      const nodeCpu = process.cpuUsage(node);
      const postgresCpu = (await postgresSeconds()) - postgres;
      const perRequest = (microseconds: number) => Math.round(microseconds / load.sent);
      console.log(
        JSON.stringify({
          rate,
          round,
          ...load,
          nodeCpuMicrosecondsPerRequest: perRequest(nodeCpu.user + nodeCpu.system),
          postgresCpuMicrosecondsPerRequest: perRequest(postgresCpu * 1e6),
        }),
      );
    }
  }
} finally {
  await app.close();
  await db.destroy();
}

// npm run bench:load -- [--rate 500] [--seconds 60] [--users 5000] [--rate-limit 1000000|default]
//                       [--log-level info]
//
// The load test of docs/reliability.md: the real API (`server/src/main.ts --api`, a child
// process of its own, as deployed) at a fixed request rate over a mix of a subscriber restoring
// their session (POST /api/auth/me, with its cookie), anonymous search-as-you-type (the four
// /api/search routes, terms from search.ts) and an admin paging the users list
// (GET /api/admin/users, with an admin's cookie). autocannon drives it at `--rate` requests/s,
// each connection sending one request a second on a phase of its own (search.ts's stagger()),
// after a 3 s warm-up.
//
// A scratch database on the server of TEST_DATABASE_URL (or DATABASE_URL) gets the demo county
// SAC (20,000 parcels, 50,000 index names), `--users` subscribers with 1.5 guarded items each
// (dataset.ts), 1 % of them customer support and 0.1 % admins, and a demo subscriber with
// alerts; it is dropped at the end.
//
// The global rate limit (@fastify/rate-limit, RATE_LIMIT_PER_MINUTE, 600 a minute per address,
// in memory per process) would answer nearly all of one address's 500 requests/s with 429: the
// run raises it to 1,000,000 by default, as if the load came from many clients. `--rate-limit
// default` keeps the shipped limit (its 429s are counted apart). The sign-in limits are not
// touched (two sign-ins). Prints one JSON object on stdout; exits 1 when any response is neither
// 2xx nor 429, a request failed or timed out, or the server logged an error during the load.
// Each connection waits for its answer before its next second's request: a server that falls
// behind gets fewer than `--rate` requests a second (`achievedRate`), not an unbounded queue.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { repoRoot } from '../../server/src/config.ts';
import type { Database } from '../../server/src/db/database.ts';
import {
  DEMO_SUBSCRIBER_EMAIL,
  ensureDemoSubscriber,
} from '../../server/src/demo/demo-subscriber.ts';
import { seedDemo } from '../../server/src/demo/seed-demo.ts';
import { createCode } from '../../server/src/modules/auth/auth-codes.ts';
import { upsertStaff } from '../../server/src/modules/auth/staff.ts';
import { SESSION_COOKIE } from '../../server/src/plugins/session.ts';
import {
  createScratchDatabase,
  freePort,
  loadSubscriptions,
  log,
  type Percentiles,
  percentiles,
  secondsSince,
} from './dataset.ts';
import { atFixedRate, buildTerms } from './search.ts';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '60' },
    users: { type: 'string', default: '5000' },
    'rate-limit': { type: 'string', default: '1000000' },
    'log-level': { type: 'string', default: 'info' },
  },
});
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const USERS = Number(args.users);
const RATE_LIMIT = args['rate-limit'] === 'default' ? undefined : args['rate-limit'];
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl || !(RATE >= 1) || !(SECONDS >= 1) || !(USERS >= 1000)) {
  console.error(
    'Set TEST_DATABASE_URL (or DATABASE_URL) to a Postgres server: a scratch database is made on it. --rate and --seconds must be positive, --users at least 1000.',
  );
  process.exit(2);
}

const SEED = 20261124;
const WARMUP_SECONDS = 3;
const SESSION_SECRET = 'bench-session-secret-that-is-long-enough-0123456789';
const ADMIN_EMAIL = 'load-admin@deedwatch.localhost';
const ADMIN_PASSWORD = 'load-bench-password-not-a-secret';

/** The mix, in parts of 20: what a busy day's traffic might be. */
const MIX = { search: 10, 'auth/me': 7, 'admin/users': 3 } as const;
type Route = keyof typeof MIX;
type Call = { route: Route; method: 'GET' | 'POST'; path: string; headers: Record<string, string> };

/** The users the population is made of, their staff, and created_at spread over 3 years. */
async function populate(db: Database) {
  let started = performance.now();
  log('seeding SAC: 20000 parcels, 50000 index names');
  await seedDemo(db, { counties: ['SAC'], parcelsPerCounty: 20_000, namesPerCounty: 50_000 });
  const county = await db
    .selectFrom('counties')
    .select(['id', 'name'])
    .where('code', '=', 'SAC')
    .executeTakeFirstOrThrow();
  log(`seeded in ${secondsSince(started)} s; ${USERS} subscribers with 1.5 guarded items each`);
  started = performance.now();
  await loadSubscriptions(db, county.id, Math.round(USERS * 1.5), SEED);
  await sql`
    UPDATE users SET role = CASE WHEN n % 1000 = 0 THEN 'admin' ELSE 'customersupport' END
    FROM (SELECT id, row_number() OVER (ORDER BY email) AS n FROM users) AS u
    WHERE users.id = u.id AND u.n % 100 = 0`.execute(db);
  await sql`
    UPDATE users SET created_at = now() - interval '1095 days' * random(),
                     last_login_at = now() - interval '30 days' * random()`.execute(db);

  // The subscriber whose session is restored: 3 names and 2 parcels guarded, 12 alerts sent.
  await ensureDemoSubscriber(db);
  const subscriber = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_SUBSCRIBER_EMAIL)
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO recorded_documents (county_id, document_number, document_type, recorded_at,
                                    container, file_name, page_count, ingested_at, matched_at)
    SELECT ${county.id}, 'LOAD' || n, 'GRANT DEED', now() - interval '1 day' * n, 'load',
           'load-' || n || '.pdf', 2, now() - interval '1 day' * n, now() - interval '1 day' * n
    FROM generate_series(1, 12) AS n`.execute(db);
  await sql`
    WITH subs AS (
      SELECT id AS apn_id, NULL::uuid AS name_id, apn AS value, row_number() OVER () AS k
      FROM apn_subscriptions WHERE user_id = ${subscriber.id}
      UNION ALL
      SELECT NULL, id, name, 2 + row_number() OVER () FROM name_subscriptions
      WHERE user_id = ${subscriber.id}
    ),
    docs AS (SELECT id, ingested_at, row_number() OVER (ORDER BY id) AS n
             FROM recorded_documents WHERE container = 'load')
    INSERT INTO events (user_id, document_id, apn_subscription_id, name_subscription_id,
                        match_kind, matched_value, party_role, is_exact, confidence, tier,
                        created_at)
    SELECT ${subscriber.id}, d.id, s.apn_id, s.name_id,
           CASE WHEN s.apn_id IS NULL THEN 'name' ELSE 'apn' END, s.value,
           CASE WHEN s.apn_id IS NULL THEN 'grantor' END, true, 1, 'exact', d.ingested_at
    FROM docs d JOIN subs s ON s.k = 1 + d.n % 5`.execute(db);
  await sql`
    INSERT INTO deliveries (kind, user_id, notification_method_id, document_id, recipient,
                            status, attempts, created_at, sent_at)
    SELECT 'alert', e.user_id, m.id, e.document_id, m.email, 'sent', 1, e.created_at,
           e.created_at + interval '40 seconds'
    FROM events e JOIN notification_methods m ON m.user_id = e.user_id
    WHERE e.user_id = ${subscriber.id}`.execute(db);
  await upsertStaff(db, { email: ADMIN_EMAIL, role: 'admin', password: ADMIN_PASSWORD });
  await sql`VACUUM (ANALYZE)`.execute(db);
  const { rows } = await sql<{ role: string; n: number }>`
    SELECT role, count(*)::int AS n FROM users GROUP BY role ORDER BY role`.execute(db);
  log(`users loaded in ${secondsSince(started)} s: ${JSON.stringify(rows)}`);
  return {
    county,
    subscriberId: subscriber.id,
    users: Object.fromEntries(rows.map((r) => [r.role, r.n])),
  };
}

/** `node server/src/main.ts --api` on the scratch database, its log in a file. */
async function startServer(databaseUrl: string, dir: string) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const logFile = path.join(dir, 'server.log');
  const out = await open(logFile, 'w');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: origin,
    SESSION_SECRET,
    MAIL_TRANSPORT: 'outbox',
    LOG_LEVEL: args['log-level'],
    DATA_DIR: dir,
    WEB_DIST: path.join(repoRoot, '.no-web-build'),
    SEED_DEMO_ON_FIRST_START: 'false',
  };
  delete env.TEST_DATABASE_URL;
  delete env.POSTMARK_SERVER_TOKEN;
  delete env.RATE_LIMIT_PER_MINUTE;
  if (RATE_LIMIT) env.RATE_LIMIT_PER_MINUTE = RATE_LIMIT;
  const child = spawn(process.execPath, [path.join(repoRoot, 'server/src/main.ts'), '--api'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', out.fd, out.fd],
  });
  await out.close();
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the server exited (${code}) before it was ready; its log: ${logFile}`);
  });
  const ready = (async () => {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const res = await fetch(`${origin}/readyz`).catch(() => undefined);
      if (res?.ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the server was not ready within 60 s; its log: ${logFile}`);
  })();
  await Promise.race([ready, exited]);
  exited.catch(() => undefined);
  return { child, origin, logFile };
}

async function stopServer(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exit = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const [code] = await exit;
  clearTimeout(timer);
  return code as number | null;
}

const cookieOf = (res: Response) => {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return cookie?.split(';')[0];
};

/** A subscriber signed in by their magic link's code; the admin by password. */
async function signIn(db: Database, origin: string, subscriberId: string) {
  const code = await createCode(db, { userId: subscriberId, purpose: 'login' });
  const sub = await fetch(`${origin}/api/auth/code?code=${code}`, {
    method: 'POST',
    headers: { origin },
  });
  const subscriber = cookieOf(sub);
  if (!sub.ok || !subscriber)
    throw new Error(`subscriber sign-in: ${sub.status} ${await sub.text()}`);
  const res = await fetch(`${origin}/api/admin/auth/login`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const admin = cookieOf(res);
  if (!res.ok || !admin) throw new Error(`admin sign-in: ${res.status} ${await res.text()}`);
  return { subscriber, admin };
}

/** The calls of the mix, interleaved by MIX's weights; each route's list cycles on its own. */
async function buildCalls(
  db: Database,
  county: { id: number; name: string },
  origin: string,
  cookies: { subscriber: string; admin: string },
): Promise<Call[]> {
  const terms = await buildTerms(db, county.id, RATE * 5);
  const search: Call[] = terms.map((t) => ({
    route: 'search',
    method: 'GET',
    path: `/api/search/${t.endpoint}?${new URLSearchParams({ SearchTerm: t.term, County: county.name })}`,
    headers: {},
  }));
  const me: Call[] = [
    {
      route: 'auth/me',
      method: 'POST',
      path: '/api/auth/me',
      headers: { cookie: cookies.subscriber, origin },
    },
  ];
  const users: Call[] = [
    '',
    'page=2',
    'page=7&count=50',
    'sortTerm=email:asc',
    'sortTerm=createdAt:asc&page=3',
    'searchTerm=bench12',
    'searchTerm=be',
    'searchTerm=example.com&page=2',
    'count=100&sortTerm=email:desc',
  ].map((query) => ({
    route: 'admin/users',
    method: 'GET',
    path: `/api/admin/users${query ? `?${query}` : ''}`,
    headers: { cookie: cookies.admin },
  }));
  const lists: Record<Route, Call[]> = { search, 'auth/me': me, 'admin/users': users };
  // One cycle of 20 slots, each route's slots spread evenly over it.
  const slots = (Object.entries(MIX) as [Route, number][])
    .flatMap(([route, n]) => Array.from({ length: n }, (_, i) => ({ route, at: (i + 0.5) / n })))
    .sort((a, b) => a.at - b.at)
    .map((s) => s.route);
  const taken: Record<Route, number> = { search: 0, 'auth/me': 0, 'admin/users': 0 };
  const calls: Call[] = [];
  const cycles = Math.ceil(search.length / MIX.search);
  for (let c = 0; c < cycles; c++) {
    for (const route of slots) calls.push(lists[route][taken[route]++ % lists[route].length]!);
  }
  return calls;
}

type RouteSummary = {
  responses: number;
  '2xx': number;
  '429': number;
  otherNon2xx: number;
  statusCodes: Record<string, number>;
  /** Of the 2xx responses, each timed from its request written to its response read. */
  latencyMs: Percentiles;
};

/** autocannon at a fixed rate over the mix (search.ts atFixedRate), per route. */
async function drive(origin: string, seconds: number, next: () => Call) {
  const byRoute = new Map<Route, { statusCodes: Record<string, number>; ms: number[] }>();
  const routeOf = (line: string): Route =>
    line.includes(' /api/auth/me')
      ? 'auth/me'
      : line.includes(' /api/admin/users')
        ? 'admin/users'
        : 'search';
  const errors: Record<string, number> = {};
  const result = await atFixedRate(
    { origin, rate: RATE, seconds },
    next,
    (line, status, ms) => {
      const route = routeOf(line);
      const entry = byRoute.get(route) ?? { statusCodes: {}, ms: [] };
      byRoute.set(route, entry);
      entry.statusCodes[status] = (entry.statusCodes[status] ?? 0) + 1;
      if (status >= 200 && status <= 299) entry.ms.push(ms);
    },
    (err) => {
      const key = (err as NodeJS.ErrnoException).code ?? err.message;
      errors[key] = (errors[key] ?? 0) + 1;
    },
  );
  const routes: Record<string, RouteSummary> = {};
  for (const route of Object.keys(MIX) as Route[]) {
    const { statusCodes, ms } = byRoute.get(route) ?? { statusCodes: {}, ms: [] };
    const count = (test: (s: number) => boolean) =>
      Object.entries(statusCodes)
        .filter(([s]) => test(Number(s)))
        .reduce((n, [, c]) => n + c, 0);
    routes[route] = {
      responses: count(() => true),
      '2xx': count((s) => s >= 200 && s <= 299),
      '429': count((s) => s === 429),
      otherNon2xx: count((s) => (s < 200 || s > 299) && s !== 429),
      statusCodes,
      latencyMs: percentiles(ms),
    };
  }
  const all = [...byRoute.values()].flatMap((r) => r.ms);
  return {
    ...result,
    errorKinds: errors,
    latencyMs: percentiles(all),
    routes,
  };
}

/** The server log's lines at pino level error (50) or fatal (60), parsed. */
async function serverErrors(
  logFile: string,
): Promise<{ msg?: string; err?: { message?: string } }[]> {
  return (await readFile(logFile, 'utf8'))
    .split('\n')
    .filter((l) => /^\{.*"level":(50|60)\b/.test(l))
    .map((l) => JSON.parse(l));
}

/** How many, and how many of each message. */
function summarize(lines: { msg?: string; err?: { message?: string } }[]) {
  const messages: Record<string, number> = {};
  for (const l of lines) {
    const key = `${l.msg ?? ''}: ${l.err?.message ?? ''}`;
    messages[key] = (messages[key] ?? 0) + 1;
  }
  return { count: lines.length, messages };
}

const loadAverage = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

const scratch = await createScratchDatabase(serverUrl, 'deedwatch_bench_load');
const dir = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-load-'));
try {
  const { county, subscriberId, users } = await populate(scratch.db);
  const server = await startServer(scratch.url, dir);
  try {
    const cookies = await signIn(scratch.db, server.origin, subscriberId);
    const calls = await buildCalls(scratch.db, county, server.origin, cookies);
    let n = 0;
    const next = () => calls[n++ % calls.length]!;
    log(`load: ${RATE} requests/s for ${WARMUP_SECONDS} + ${SECONDS} s through ${server.origin}`);
    const warmup = await drive(server.origin, WARMUP_SECONDS, next);
    const loadBefore = loadAverage();
    const load = await drive(server.origin, SECONDS, next);
    const loadAfter = loadAverage();
    const duringLoad = await serverErrors(server.logFile);
    const exitCode = await stopServer(server.child);
    const atShutdown = (await serverErrors(server.logFile)).slice(duringLoad.length);
    const { rows: pgVersion } = await sql<{ v: string }>`SELECT version() AS v`.execute(scratch.db);
    const result = {
      command: ['npm run bench:load --', ...process.argv.slice(2)].join(' '),
      machine: {
        cpus: os.cpus().length,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        postgres: pgVersion[0]!.v,
      },
      population: { county: county.name, parcels: 20_000, indexNames: 50_000, users },
      server: {
        process: 'node server/src/main.ts --api',
        logLevel: args['log-level'],
        rateLimitPerMinute: RATE_LIMIT ? Number(RATE_LIMIT) : 'default (600)',
        exitCodeOnSigterm: exitCode,
        // Requests the server failed (logged at error or fatal) while the load ran, and after
        // the SIGTERM that followed it: requests autocannon had given up on at the end of its
        // duration were still queued in the server then.
        errorsDuringLoad: summarize(duringLoad),
        errorsAtShutdown: summarize(atShutdown),
      },
      mix: MIX,
      rate: RATE,
      warmup: { seconds: WARMUP_SECONDS, sent: warmup.sent, '2xx': warmup['2xx'] },
      loadAverage: { before: loadBefore, after: loadAfter },
      ...load,
    };
    console.log(JSON.stringify(result, null, 2));
    const bad =
      load.errors +
      load.timeouts +
      Object.values(load.routes).reduce((s, r) => s + r.otherNon2xx, 0);
    log(
      `load: ${load['2xx']} 2xx, ${bad} neither 2xx nor 429 (errors and timeouts included), p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms`,
    );
    process.exitCode = bad > 0 || duringLoad.length > 0 || exitCode !== 0 ? 1 : 0;
  } finally {
    await stopServer(server.child);
  }
} finally {
  await scratch.drop();
  await rm(dir, { recursive: true, force: true });
}
// autocannon's and pg-boss's timers may linger: the outcome is settled.
process.exit();

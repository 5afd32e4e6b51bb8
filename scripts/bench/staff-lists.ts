// npm run bench:staff -- [--users 1000000] [--metrics-runs 30] [--users-calls 300] [--keep]
//                   [--database NAME] [--load-only]
//
// Times the staff back-office reads at scale: GET /api/admin/metrics and GET /api/admin/users,
// through the real app (app.inject, with the session cookie and the role check of a real call).
// Makes a scratch database on the server of DATABASE_URL (or TEST_DATABASE_URL), migrates it,
// loads the users, subscriptions, documents, events and deliveries with set-based SQL, and
// drops it at the end unless --keep. --database NAME reuses a database a --keep run left (it is
// migrated, not loaded again); --load-only stops before measuring. Prints one JSON object on
// stdout; progress goes to stderr.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { createDatabase, createPool, type Database } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { indexName } from '../../server/src/demo/demo-data.ts';
import { createRandom } from '../../server/src/lib/random.ts';
import { seedDemo } from '../../server/src/demo/seed-demo.ts';
import { upsertStaff } from '../../server/src/modules/auth/staff.ts';
import { SESSION_COOKIE } from '../../server/src/plugins/session.ts';
import { benchApp } from './bench-app.ts';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    'metrics-runs': { type: 'string', default: '30' },
    'users-calls': { type: 'string', default: '300' },
    keep: { type: 'boolean', default: false },
    database: { type: 'string' },
    'load-only': { type: 'boolean', default: false },
  },
});

const USERS = Number(args.users);
const METRICS_RUNS = Number(args['metrics-runs']);
const USERS_CALLS = Number(args['users-calls']);
const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl || !Number.isInteger(USERS) || USERS < 1000) {
  console.error(
    'Set DATABASE_URL or TEST_DATABASE_URL to a Postgres server (a scratch database is made on it); --users must be at least 1000.',
  );
  process.exit(2);
}

const log = (message: string) => process.stderr.write(`${new Date().toISOString()} ${message}\n`);

const withServer = async <T>(run: (c: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};
const urlOf = (database: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/** (surname, given name) pairs as the demo index spells people, with its name frequencies. */
function personNames(count: number): { surnames: string[]; givens: string[] } {
  const r = createRandom(20261122);
  const surnames: string[] = [];
  const givens: string[] = [];
  while (surnames.length < count) {
    const m = /^([A-Z]+) ([A-Z]+)(?: [A-Z])?$/.exec(indexName(r));
    if (m) {
      surnames.push(m[1]!.toLowerCase());
      givens.push(m[2]!.toLowerCase());
    }
  }
  return { surnames, givens };
}

const DOMAINS = [
  ...Array<string>(6).fill('gmail.com'),
  ...Array<string>(2).fill('yahoo.com'),
  'outlook.com',
  'hotmail.com',
  'icloud.com',
  'aol.com',
  'comcast.net',
  'att.net',
  'sbcglobal.net',
];

/** Rows left in county_stats_deltas per county when the timings run (see the load). */
const PENDING_DELTAS = 5000;

/**
 * The scale model (per 1M users): 1% staff (0.1% admin); created_at over 3 years, growing
 * linearly (so the last week holds ~1.3%); 88% verified; last sign-in between registration and
 * now, skewed to recent (~15% within 30 days); one email method each, 10% a second; 1.5 guarded
 * items per user (55% APNs), 90% in the user's home county; 60k recorded documents; ~0.4 events
 * per user, each with an alert delivery (96% sent), and a welcome delivery per user.
 * setseed makes the same run give the same rows.
 */
async function load(db: Database, users: number) {
  const started = performance.now();
  await seedDemo(db, { parcelsPerCounty: 500, namesPerCounty: 500 });
  const counties = await db.selectFrom('counties').select(['id', 'code']).orderBy('id').execute();
  const countyIds = counties.map((c) => c.id);
  const documents = 60_000;
  const { surnames, givens } = personNames(5000);

  await db.connection().execute(async (c) => {
    const run = async (label: string, query: ReturnType<typeof sql>) => {
      const t = performance.now();
      const result = await query.execute(c);
      log(
        `  ${label}: ${result.numAffectedRows ?? ''} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    };
    await sql`SELECT setseed(0.2026)`.execute(c);
    await sql`SET maintenance_work_mem = '512MB'`.execute(c);
    await sql`SET work_mem = '256MB'`.execute(c);
    // Referential checks are skipped for the load (the rows are consistent by construction)
    // when the role may do so; otherwise they run, slower.
    await sql`SET session_replication_role = replica`.execute(c).catch(() => undefined);

    // Secondary indexes are dropped for the load and built again after it, from their own
    // definitions (the migrations' and any added later): a sort beats a million inserts.
    const tables = [
      'users',
      'notification_methods',
      'apn_subscriptions',
      'name_subscriptions',
      'recorded_documents',
      'events',
      'deliveries',
    ];
    const { rows: indexes } = await sql<{ name: string; definition: string }>`
      SELECT i.indexname AS name, i.indexdef AS definition
      FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY(${tables})
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)`.execute(c);
    for (const index of indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(c);

    // Lookup tables: subscripting a large array parameter per row is slow.
    await sql`
      CREATE TEMP TABLE bench_names AS
      SELECT n::int, surname, given
      FROM unnest(${surnames}::text[], ${givens}::text[]) WITH ORDINALITY AS t (surname, given, n)`.execute(
      c,
    );
    await sql`
      CREATE TEMP TABLE bench_domains AS
      SELECT n::int, domain FROM unnest(${DOMAINS}::text[]) WITH ORDINALITY AS t (domain, n)`.execute(
      c,
    );
    await run(
      'users',
      sql`
      INSERT INTO users (id, email, role, password_hash, email_verified_at, created_at, last_login_at)
      SELECT md5('u' || i)::uuid,
             CASE i % 3
               WHEN 0 THEN g || '.' || s || i
               WHEN 1 THEN left(g, 1) || s || i
               ELSE s || '.' || g || i
             END || '@' || d,
             CASE WHEN i % 1000 = 0 THEN 'admin' WHEN i % 100 = 0 THEN 'customersupport'
                  ELSE 'subscriber' END,
             NULL,
             CASE WHEN verified THEN created_at + interval '7 minutes' END,
             created_at,
             CASE WHEN verified
                  THEN created_at + (now() - created_at) * r_login END
      FROM (
        SELECT i,
               1 + floor(random() * ${surnames.length})::int AS name_n,
               1 + floor(random() * ${DOMAINS.length})::int AS domain_n,
               now() - interval '1095 days' * (1 - sqrt(random())) AS created_at,
               random() < 0.88 AS verified,
               1 - power(random(), 1.5) AS r_login
        FROM generate_series(1, ${users}) AS i
        OFFSET 0
      ) AS u
      JOIN (SELECT n, surname AS s, given AS g FROM bench_names) AS nm ON nm.n = u.name_n
      JOIN (SELECT n, domain AS d FROM bench_domains) AS dm ON dm.n = u.domain_n`,
    );
    await run(
      'notification methods',
      sql`
      INSERT INTO notification_methods (id, user_id, type, email, verified_at, created_at)
      SELECT md5('m' || u.id)::uuid, u.id, 'Email', u.email, u.email_verified_at, u.created_at
      FROM users u
      UNION ALL
      SELECT gen_random_uuid(), u.id, 'Email', 'alt.' || u.email, NULL, u.created_at + interval '1 day'
      FROM users u
      WHERE random() < 0.1`,
    );

    await run(
      'guarded items (staging)',
      sql`
      CREATE UNLOGGED TABLE bench_items AS
      SELECT i, j, md5('u' || i)::uuid AS user_id,
             r_kind < 0.55 AS is_apn,
             CASE WHEN r_away < 0.1 THEN (${countyIds}::int[])[1 + floor(r_cty * ${countyIds.length})::int]
                  ELSE home END AS county_id,
             r_events
      FROM (
        SELECT i, j, home, random() AS r_kind, random() AS r_away, random() AS r_cty,
               random() AS r_events
        FROM (
          SELECT i, random() AS r_total,
                 (${countyIds}::int[])[CASE WHEN r_home < 0.4 THEN 1 WHEN r_home < 0.75 THEN 3
                                            WHEN r_home < 0.85 THEN 2 ELSE 4 END] AS home
          FROM (SELECT i, random() AS r_home FROM generate_series(1, ${users}) AS i OFFSET 0) AS h
          OFFSET 0
        ) AS u
        CROSS JOIN LATERAL generate_series(1, CASE WHEN r_total < 0.65 THEN 1 WHEN r_total < 0.87 THEN 2
                                                   WHEN r_total < 0.96 THEN 3 ELSE 4 END) AS j
        OFFSET 0
      ) AS x`,
    );
    await run(
      'APN subscriptions',
      sql`
      INSERT INTO apn_subscriptions (id, user_id, county_id, apn, apn_key, description, activated_at, created_at)
      SELECT md5('a' || b.i || '-' || b.j)::uuid, b.user_id, b.county_id,
             lpad((b.i * 10 + b.j)::text, 14, '0'), lpad((b.i * 10 + b.j)::text, 14, '0'),
             '', u.email_verified_at, u.created_at
      FROM bench_items b JOIN users u ON u.id = b.user_id
      WHERE b.is_apn`,
    );
    await run(
      'name subscriptions',
      sql`
      INSERT INTO name_subscriptions (id, user_id, county_id, name, name_key, tokens, activated_at, created_at)
      SELECT md5('n' || b.i || '-' || b.j)::uuid, b.user_id, b.county_id,
             n.name, n.name, string_to_array(n.name, ' '), u.email_verified_at, u.created_at
      FROM bench_items b
      JOIN users u ON u.id = b.user_id
      JOIN bench_names sn ON sn.n = 1 + (b.i * 7 + b.j) % ${surnames.length}
      JOIN bench_names gn ON gn.n = 1 + (b.i * 13 + b.j) % ${surnames.length}
      CROSS JOIN LATERAL (SELECT upper(sn.surname || ' ' || gn.given || ' ' || chr(64 + b.j)) AS name) AS n
      WHERE NOT b.is_apn`,
    );
    // Documents of county k (1-based in countyIds) are those with n % count = k - 1.
    await run(
      'recorded documents',
      sql`
      INSERT INTO recorded_documents (county_id, document_number, document_type, recorded_at,
                                      container, file_name, page_count, ingested_at, matched_at)
      SELECT (${countyIds}::int[])[1 + n % ${countyIds.length}], 'B' || n, 'GRANT DEED', recorded_at,
             'bench', n || '.pdf', 2, recorded_at + interval '1 day', recorded_at + interval '1 day'
      FROM (SELECT n, now() - interval '1 day' - interval '1094 days' * random() AS recorded_at
            FROM generate_series(0, ${documents - 1}) AS n OFFSET 0) AS d`,
    );
    // Each item draws 0, 1, 2 or 4 events (~0.26 on average), on distinct documents of its county.
    await run(
      'events',
      sql`
      INSERT INTO events (user_id, document_id, apn_subscription_id, name_subscription_id,
                          match_kind, matched_value, is_exact, confidence, tier, level,
                          created_at)
      SELECT b.user_id, d.id,
             CASE WHEN b.is_apn THEN md5('a' || b.i || '-' || b.j)::uuid END,
             CASE WHEN NOT b.is_apn THEN md5('n' || b.i || '-' || b.j)::uuid END,
             CASE WHEN b.is_apn THEN 'apn' ELSE 'name' END, 'bench', true, 0.9, 'exact', 'check',
             d.ingested_at
      FROM bench_items b
      CROSS JOIN LATERAL generate_series(0, CASE WHEN b.r_events < 0.84 THEN -1 WHEN b.r_events < 0.94 THEN 0
                                                 WHEN b.r_events < 0.98 THEN 1 ELSE 3 END) AS e
      JOIN recorded_documents d
        ON d.document_number = 'B' || (((b.i * 31 + b.j * 7 + e * 7919) % ${documents / countyIds.length})
                                       * ${countyIds.length} + array_position(${countyIds}::int[], b.county_id) - 1)`,
    );
    await run(
      'alert deliveries',
      sql`
      INSERT INTO deliveries (kind, user_id, notification_method_id, document_id, recipient, status,
                              attempts, created_at, sent_at)
      SELECT DISTINCT ON (e.user_id, e.document_id)
             'alert', e.user_id, md5('m' || e.user_id)::uuid, e.document_id, u.email,
             CASE WHEN r < 0.96 THEN 'sent' WHEN r < 0.98 THEN 'failed' ELSE 'queued' END,
             1, e.created_at, CASE WHEN r < 0.96 THEN e.created_at + interval '40 seconds' END
      FROM (SELECT e.*, random() AS r FROM events e OFFSET 0) AS e
      JOIN users u ON u.id = e.user_id
      ORDER BY e.user_id, e.document_id`,
    );
    await run(
      'welcome deliveries',
      sql`
      INSERT INTO deliveries (kind, user_id, notification_method_id, recipient, status, attempts,
                              created_at, sent_at)
      SELECT 'welcome', u.id, md5('m' || u.id)::uuid, u.email, 'sent', 1, u.created_at,
             u.created_at + interval '5 seconds'
      FROM users u`,
    );
    await sql`DROP TABLE bench_items`.execute(c);

    for (const index of indexes) {
      const t = performance.now();
      await sql.raw(index.definition).execute(c);
      log(`  index ${index.name}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    await sql`SET session_replication_role = DEFAULT`.execute(c);
    // The load ran without triggers (replica role): rebuild what they keep, as for the indexes.
    await sql`UPDATE user_role_counts c SET users = (SELECT count(*) FROM users u WHERE u.role = c.role)`.execute(
      c,
    );
    const recount = performance.now();
    await sql`SELECT county_stats_recount()`.execute(c);
    log(`  county_stats_recount(): ${((performance.now() - recount) / 1000).toFixed(1)} s`);
    // A backlog of changes not yet folded into the counters, as a busy quarter hour between two
    // runs of the prune cron would leave (+1 and -1 in pairs: the figures do not move).
    await sql`
      INSERT INTO county_stats_deltas (county_id, apn_subscriptions, name_subscriptions,
                                       guarding_users, events)
      SELECT k.id, s, s, s, s
      FROM counties k, generate_series(1, ${PENDING_DELTAS / 2}) AS i, (VALUES (1), (-1)) AS v (s)`.execute(
      c,
    );
    // As autovacuum leaves a table at rest: statistics, and the visibility map that lets
    // index-only scans skip the heap.
    const t = performance.now();
    await sql`VACUUM (ANALYZE)`.execute(c);
    log(`  vacuum analyze: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  });
  return (performance.now() - started) / 1000;
}

type Stats = { calls: number; p50: number; p99: number; max: number; mean: number };

function stats(durations: number[]): Stats {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    calls: sorted.length,
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    max: round(sorted[sorted.length - 1]!),
    mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
  };
}

async function scaleOf(db: Database) {
  const { rows } = await sql<Record<string, string>>`
    SELECT (SELECT count(*) FROM users) AS users,
           (SELECT count(*) FROM users WHERE role <> 'subscriber') AS staff,
           (SELECT count(*) FROM notification_methods) AS "notificationMethods",
           (SELECT count(*) FROM apn_subscriptions) AS "apnSubscriptions",
           (SELECT count(*) FROM name_subscriptions) AS "nameSubscriptions",
           (SELECT count(*) FROM recorded_documents) AS documents,
           (SELECT count(*) FROM events) AS events,
           (SELECT count(*) FROM deliveries) AS deliveries,
           pg_size_pretty(pg_database_size(current_database())) AS "databaseSize"`.execute(db);
  const row = rows[0]!;
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, k === 'databaseSize' ? v : Number(v)]),
  );
}

const BENCH_PASSWORD = 'bench-password-not-a-secret';

/** The query strings of the users-list mix, built around emails that exist. */
async function usersCases(db: Database) {
  const { rows } = await sql<{ email: string }>`
    SELECT email FROM users TABLESAMPLE BERNOULLI (0.05) REPEATABLE (7)
    WHERE role = 'subscriber' LIMIT 8`.execute(db);
  const emails = rows.map((r) => r.email);
  const local = (e: string) => e.split('@')[0]!;
  const digits = (e: string) => /\d+/.exec(local(e))![0];
  const cases: { name: string; staff: 'admin' | 'customersupport'; query: string }[] = [
    { name: 'default page 1', staff: 'admin', query: '' },
    { name: 'default page 1 (customersupport)', staff: 'customersupport', query: '' },
    { name: 'createdAt:desc page 500', staff: 'admin', query: 'page=500' },
    { name: 'createdAt:desc page 500, count 100', staff: 'admin', query: 'page=500&count=100' },
    {
      name: 'createdAt:asc page 3, count 50',
      staff: 'customersupport',
      query: 'page=3&count=50&sortTerm=createdAt:asc',
    },
    { name: 'email:asc page 1, count 100', staff: 'admin', query: 'count=100&sortTerm=email:asc' },
    {
      name: 'email:desc page 500',
      staff: 'customersupport',
      query: 'page=500&sortTerm=email:desc',
    },
  ];
  emails.forEach((email, n) => {
    const term = [
      local(email).slice(1), // most of the local part
      digits(email), // the digits of it
      email.toUpperCase(), // the whole address, in capitals
      local(email).slice(0, 2), // a 2-character prefix
    ][n % 4]!;
    cases.push({
      name: `searchTerm '${term}'`,
      staff: n % 2 ? 'admin' : 'customersupport',
      query: `searchTerm=${encodeURIComponent(term)}`,
    });
  });
  return cases;
}

async function measure(db: Database, url: string) {
  const { app } = await benchApp(db, url, { logger: false });
  await app.ready();
  try {
    const cookies = {} as Record<'admin' | 'customersupport', string>;
    for (const role of ['admin', 'customersupport'] as const) {
      const email = `bench-${role}@deedwatch.localhost`;
      await upsertStaff(db, { email, role, password: BENCH_PASSWORD });
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        payload: { email, password: BENCH_PASSWORD },
      });
      const setCookie = [res.headers['set-cookie']]
        .flat()
        .find((c) => c?.startsWith(SESSION_COOKIE));
      if (res.statusCode !== 200 || !setCookie) throw new Error(`staff login: ${res.body}`);
      cookies[role] = setCookie.split(';')[0]!;
    }
    const call = async (staff: 'admin' | 'customersupport', url: string) => {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie: cookies[staff] } });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
      return { ms, body: res.json() };
    };

    const metricsTimes: number[] = [];
    await call('admin', '/api/admin/metrics'); // warm-up
    for (let i = 0; i < METRICS_RUNS; i++) {
      metricsTimes.push((await call('customersupport', '/api/admin/metrics')).ms);
    }
    const { body: metrics } = await call('admin', '/api/admin/metrics');

    const cases = await usersCases(db);
    for (const c of cases) await call(c.staff, `/api/admin/users?${c.query}`); // warm-up
    // The totals must be exact, not merely fast: the default page's total is every user an admin
    // may see (subscribers and customer support).
    const { rows: visible } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM users WHERE role IN ('subscriber', 'customersupport')`.execute(db);
    const firstPage = (await call('admin', '/api/admin/users')).body.totalUsers;
    if (firstPage !== Number(visible[0]!.n)) {
      throw new Error(`users list total ${firstPage} differs from the real count ${visible[0]!.n}`);
    }
    const byCase = new Map<string, { times: number[]; totalUsers: number }>();
    const all: number[] = [];
    for (let i = 0; i < USERS_CALLS; i++) {
      const c = cases[i % cases.length]!;
      const { ms, body } = await call(c.staff, `/api/admin/users?${c.query}`);
      const entry = byCase.get(c.name) ?? { times: [] as number[], totalUsers: body.totalUsers };
      entry.times.push(ms);
      byCase.set(c.name, entry);
      all.push(ms);
    }
    // Outside the mix, to show where an exact count gets expensive: a term most emails
    // contain, and a page deep into a million users.
    const extras: Record<string, Stats & { totalUsers: number }> = {};
    for (const [name, query] of [
      ["searchTerm 'smith' (a common surname)", 'searchTerm=smith'],
      ["searchTerm 'gmail' (most addresses)", 'searchTerm=gmail'],
      ['createdAt:desc page 10000', 'page=10000'],
    ] as const) {
      const times: number[] = [];
      let totalUsers = 0;
      for (let i = 0; i < 10; i++) {
        const { ms, body } = await call('admin', `/api/admin/users?${query}`);
        times.push(ms);
        totalUsers = body.totalUsers;
      }
      extras[name] = { ...stats(times), totalUsers };
    }

    const days = metrics.daily as { registrations: number; events: number; alertsSent: number }[];
    const sum = (key: 'registrations' | 'events' | 'alertsSent') =>
      days.reduce((n, d) => n + d[key], 0);
    return {
      metrics: {
        ...stats(metricsTimes),
        sample: {
          ...metrics,
          daily: {
            days: days.length,
            registrations: sum('registrations'),
            events: sum('events'),
            alertsSent: sum('alertsSent'),
          },
        },
      },
      users: {
        ...stats(all),
        cases: Object.fromEntries(
          [...byCase].map(([name, e]) => [name, { ...stats(e.times), totalUsers: e.totalUsers }]),
        ),
        extras,
      },
    };
  } finally {
    await app.close();
  }
}

const database = args.database ?? `deedwatch_bench_${Date.now()}`;
const quoted = `"${database.replaceAll('"', '""')}"`;
if (!args.database) await withServer((c) => c.query(`CREATE DATABASE ${quoted}`));
const db = createDatabase(createPool(urlOf(database), 10, pino({ level: 'silent' })));
let result: Record<string, unknown>;
try {
  log(`database ${database}`);
  await migrateToLatest(db);
  let loadSeconds: number | null = null;
  if (args.database) {
    await sql`ANALYZE`.execute(db);
  } else {
    log(`loading ${USERS} users`);
    loadSeconds = Math.round(await load(db, USERS));
  }
  const scale = await scaleOf(db);
  log(`measuring: ${JSON.stringify(scale)}`);
  const { rows: server } = await sql<{ version: string }>`SELECT version() AS version`.execute(db);
  result = {
    database,
    machine: {
      cpus: os.cpus().length,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    postgres: server[0]!.version,
    scale,
    loadSeconds,
    ...(args['load-only'] ? {} : await measure(db, urlOf(database))),
  };
} finally {
  await db.destroy();
  if (!args.keep && !args.database) {
    await withServer((c) => c.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`));
  }
}
console.log(JSON.stringify(result, null, 2));

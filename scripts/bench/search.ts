// Search-as-you-type under load: the four /api/search routes through the
// real HTTP server at a fixed request rate (autocannon), on terms taken from the county's own
// data: keystroke prefixes and one-typo terms of names, streets, addresses and APNs. Then the
// same terms timed one at a time in-process three ways: our search service against the
// database, SQLite FTS5 with the trigram tokenizer, and Postgres `ILIKE '%term%'` on the raw
// columns, each with how often it finds what a typo term meant.
//
// Alone, on a scratch database holding the demo county SAC (dropped at the end):
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx node scripts/bench/search.ts \
//     --parcels 20000 --names 50000 [--rate 200] [--seconds 5] [--peer-queries 300]
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type RawBuilder, sql } from 'kysely';
import { pino } from 'pino';
import {
  createDatabase,
  createPool,
  createSearchDatabase,
  type Database,
} from '../../server/src/db/database.ts';
import { createRandom, type Random } from '../../server/src/lib/random.ts';
import { seedDemo } from '../../server/src/demo/seed-demo.ts';
import { addressKey, nameKey } from '../../server/src/keys/normalize.ts';
import { metricsRegistry } from '../../server/src/lib/metrics.ts';
import { SearchCache } from '../../server/src/modules/search/search.cache.ts';
import * as service from '../../server/src/modules/search/search.service.ts';
import { MAX_RESULTS, streetKeyOf } from '../../server/src/modules/search/search.terms.ts';
import {
  createScratchDatabase,
  log,
  type Percentiles,
  percentiles,
  secondsSince,
} from './dataset.ts';
import { benchApp } from './bench-app.ts';

export type SearchBenchOptions = {
  /** A migrated, loaded database (the harness made it). */
  databaseUrl: string;
  countyId: number;
  countyName: string;
  /** Requests per second through the HTTP server, e.g. 1000 (full) or 200 (small). */
  rate: number;
  /** Seconds of measured load, after a warm-up. */
  seconds: number;
  /** Terms timed in-process per method (ours and each peer), e.g. 2000 / 300. */
  peerQueries: number;
  /** Time the peers (SQLite FTS5, Postgres ILIKE) too; false times ours only. Default true. */
  peers?: boolean;
  /**
   * Then these rates, 10 s each, in order until one misses p99 ≤ 25 ms or its rate: the
   * highest that keeps it. [] (the default) skips it.
   */
  sweep?: number[];
  /** Progress, to stderr. */
  log: (message: string) => void;
};

type Endpoint = 'name' | 'street' | 'address' | 'apn';

/** The mix of terms, in parts of 100. */
const MIX = {
  'name-prefix': 30,
  'name-typo': 10,
  'street-prefix': 12,
  'street-typo': 5,
  'address-prefix': 15,
  'address-typo': 5,
  'apn-dashed': 12,
  'apn-bare': 11,
} as const;
type Kind = keyof typeof MIX;

export type Term = {
  kind: Kind;
  endpoint: Endpoint;
  term: string;
  /** For typo terms: the normalised name or address the person meant. */
  intended?: string;
};

const SEED = 20261125;
const WARMUP_SECONDS = 2;
/** Distinct terms through the server per request/s of the rate: the list repeats after 5 s. */
const TERMS_PER_RATE = 5;
/** Each in-process method stops after this long; the terms are shuffled, so the rest is a sample. */
const METHOD_BUDGET_SECONDS = 120;
/** FTS5's trigram tokenizer matches nothing for a shorter term. */
const TRIGRAM = 3;
const PAGE = 50_000;

const endpointOf = (kind: Kind) => kind.split('-')[0] as Endpoint;

/** One edit (a letter deleted, replaced, or two neighbours swapped), never the word itself. */
function typo(word: string, r: Random): string {
  const i = r.int(0, word.length - 2);
  const op = r.int(0, 2);
  if (op === 0) return word.slice(0, i) + word.slice(i + 1);
  if (op === 1 && word[i] !== word[i + 1]) {
    return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  }
  const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter((c) => c !== word[i]);
  return word.slice(0, i) + r.pick(letters) + word.slice(i + 1);
}

/** The key with its longest word of 4+ letters mistyped once; undefined when it has none. */
function withTypo(key: string, r: Random): string | undefined {
  const words = key.split(' ');
  const longest = words
    .filter((w) => /^[A-Z]{4,}$/.test(w))
    .reduce<string | undefined>((a, b) => (a && a.length >= b.length ? a : b), undefined);
  if (!longest) return undefined;
  const at = words.indexOf(longest);
  return [...words.slice(0, at), typo(longest, r), ...words.slice(at + 1)].join(' ');
}

/** What a person has typed so far: a prefix of 2+ characters, in lower case half the time. */
function typed(value: string, r: Random): string {
  const prefix = value.slice(0, r.int(2, Math.max(2, value.length)));
  return r.chance(0.5) ? prefix.toLowerCase() : prefix;
}

type NameRow = { name: string; name_key: string };
type ParcelRow = { apn: string; apn_key: string; address: string; address_key: string };

/** Up to `count` rows spread over a table, in no order: the same data gives the same rows. */
async function sample<T>(
  db: Database,
  table: 'index_names' | 'parcels',
  columns: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  count: number,
): Promise<T[]> {
  const { rows: total } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${where}`.execute(db);
  const percent = Math.min(100, (100 * 1.5 * count) / Math.max(1, total[0]!.n));
  const { rows } = await sql<T>`
    SELECT ${columns} FROM ${sql.table(table)}
      TABLESAMPLE BERNOULLI (${sql.lit(percent)}) REPEATABLE (${sql.lit(SEED)})
    WHERE ${where}
    ORDER BY md5(id::text)
    LIMIT ${count}`.execute(db);
  if (rows.length === 0) throw new Error(`The county has no ${table} to search for`);
  return rows;
}

/** `count` terms from the county's own names and parcels, the kinds of MIX shuffled together. */
export async function buildTerms(db: Database, countyId: number, count: number): Promise<Term[]> {
  const names = await sample<NameRow>(
    db,
    'index_names',
    sql`name, name_key`,
    sql`county_id = ${countyId}`,
    count,
  );
  const parcels = await sample<ParcelRow>(
    db,
    'parcels',
    sql`apn, apn_key, address, address_key`,
    sql`county_id = ${countyId} AND address_key <> ''`,
    count,
  );
  const r = createRandom(SEED);
  let n = 0;
  let p = 0;
  const name = () => names[n++ % names.length]!;
  const parcel = () => parcels[p++ % parcels.length]!;
  const termOf = (kind: Kind): Omit<Term, 'kind' | 'endpoint'> | undefined => {
    switch (kind) {
      case 'name-prefix':
        return { term: typed(name().name, r) };
      case 'name-typo': {
        // A surname mistyped, the given name right: names are written last-first.
        const [surname, given] = name().name_key.split(' ');
        if (!given || !/^[A-Z]{4,}$/.test(surname!)) return undefined;
        return { term: `${typo(surname!, r)} ${given}`, intended: `${surname} ${given}` };
      }
      case 'street-prefix':
        return { term: typed(parcel().address.replace(/^\d+[A-Z]? /i, ''), r) };
      case 'street-typo': {
        const street = streetKeyOf(parcel().address_key).split(' ').slice(0, 2).join(' ');
        const term = withTypo(street, r);
        return term ? { term, intended: street } : undefined;
      }
      case 'address-prefix':
        return { term: typed(parcel().address, r) };
      case 'address-typo': {
        const key = parcel().address_key;
        const term = withTypo(key, r);
        return term ? { term, intended: key } : undefined;
      }
      case 'apn-dashed':
        return { term: typed(parcel().apn, r) };
      case 'apn-bare':
        return { term: typed(parcel().apn_key, r) };
    }
  };
  const kinds = Object.entries(MIX) as [Kind, number][];
  const terms: Term[] = [];
  for (let attempt = 0; terms.length < count && attempt < count * 20; attempt++) {
    let x = r.int(0, 99);
    const kind = kinds.find(([, weight]) => (x -= weight) < 0)![0];
    const t = termOf(kind);
    if (t) terms.push({ kind, endpoint: endpointOf(kind), ...t });
  }
  return terms;
}

/** A search method's rows for a term (names or addresses or APNs); undefined: it cannot serve it. */
type Method = (t: Term) => Promise<string[] | undefined> | string[] | undefined;

/** Times each term through `method` in turn, with what it found. */
async function timeMethod(terms: Term[], method: Method) {
  const all: number[] = [];
  const slowest: { ms: number; kind: Kind; term: string }[] = [];
  const kinds = new Map<Kind, { times: number[]; found: number }>();
  let unserved = 0;
  let found = 0;
  let typoTerms = 0;
  let typoFound = 0;
  const started = performance.now();
  for (const t of terms) {
    if (performance.now() - started > METHOD_BUDGET_SECONDS * 1000) break;
    const before = performance.now();
    const rows = await method(t);
    const ms = performance.now() - before;
    if (!rows) {
      unserved++;
      continue;
    }
    all.push(ms);
    slowest.push({ ms: Math.round(ms * 100) / 100, kind: t.kind, term: t.term });
    slowest.sort((a, b) => b.ms - a.ms).splice(5);
    const kind = kinds.get(t.kind) ?? { times: [], found: 0 };
    kinds.set(t.kind, kind);
    kind.times.push(ms);
    if (rows.length > 0) {
      found++;
      kind.found++;
    }
    if (t.intended !== undefined) {
      typoTerms++;
      const key = t.endpoint === 'name' ? nameKey : addressKey;
      if (rows.some((row) => key(row.toUpperCase()).includes(t.intended!))) typoFound++;
    }
  }
  return {
    ms: percentiles(all),
    unserved,
    notReached: terms.length - all.length - unserved,
    foundAny: found,
    typoRecall: { terms: typoTerms, foundIntended: typoFound },
    byKind: Object.fromEntries(
      [...kinds].map(([k, v]) => {
        const { n, p50, p99 } = percentiles(v.times);
        return [k, { n, p50, p99, foundAny: v.found }];
      }),
    ),
    slowest,
  };
}
type Timings = Awaited<ReturnType<typeof timeMethod>>;

const ratio = (peer: number, ours: number) =>
  ours > 0 ? Number((peer / ours).toPrecision(2)) : null;
const ratios = (peer: Timings, ours: Timings) => ({
  p50VsOurs: ratio(peer.ms.p50, ours.ms.p50),
  p99VsOurs: ratio(peer.ms.p99, ours.ms.p99),
});

/** The routes' own service functions, straight against the database. */
function ours(db: Database, countyName: string): Method {
  return async (t) => {
    switch (t.endpoint) {
      case 'name':
        return (await service.searchNames(db, countyName, t.term)).map((r) => r.name);
      case 'street':
        return (await service.searchStreets(db, countyName, t.term)).map((r) => r.address);
      case 'address':
        return (await service.searchAddresses(db, countyName, t.term)).map((r) => r.address);
      case 'apn':
        return (await service.searchApns(db, countyName, t.term)).map((r) => r.apn);
    }
  };
}

/** A county table's rows in pages by id: the whole county never sits in memory at once. */
async function* pages<T extends { id: string }>(
  db: Database,
  table: 'index_names' | 'parcels',
  columns: RawBuilder<unknown>,
  countyId: number,
): AsyncGenerator<T[]> {
  for (let last = '0'; ;) {
    const { rows } = await sql<T>`
      SELECT id, ${columns} FROM ${sql.table(table)}
      WHERE county_id = ${countyId} AND id > ${last}
      ORDER BY id
      LIMIT ${PAGE}`.execute(db);
    if (rows.length === 0) return;
    yield rows;
    last = rows.at(-1)!.id;
  }
}

/** The peer: the county's names, addresses and APNs in SQLite FTS5 tables, trigram-tokenized. */
async function sqliteFts5(db: Database, countyId: number) {
  const started = performance.now();
  const lite = new DatabaseSync(':memory:');
  for (const table of ['names', 'addresses', 'apns']) {
    lite.exec(`CREATE VIRTUAL TABLE ${table} USING fts5(value, tokenize = 'trigram')`);
  }
  const insert = (table: string) => lite.prepare(`INSERT INTO ${table} (value) VALUES (?)`);
  const [names, addresses, apns] = [insert('names'), insert('addresses'), insert('apns')];
  const rows = { names: 0, parcels: 0 };
  for await (const page of pages<{ id: string; name: string }>(
    db,
    'index_names',
    sql`name`,
    countyId,
  )) {
    lite.exec('BEGIN');
    for (const row of page) names.run(row.name);
    lite.exec('COMMIT');
    rows.names += page.length;
  }
  for await (const page of pages<{ id: string; apn: string; address: string }>(
    db,
    'parcels',
    sql`apn, address`,
    countyId,
  )) {
    lite.exec('BEGIN');
    for (const row of page) {
      apns.run(row.apn);
      if (row.address) addresses.run(row.address);
    }
    lite.exec('COMMIT');
    rows.parcels += page.length;
  }
  // As a site would leave it: each index merged into one b-tree.
  for (const table of ['names', 'addresses', 'apns']) {
    lite.exec(`INSERT INTO ${table} (${table}) VALUES ('optimize')`);
  }
  const loadSeconds = secondsSince(started);
  const query = Object.fromEntries(
    (['name', 'street', 'address', 'apn'] as const).map((endpoint) => {
      const table = { name: 'names', street: 'addresses', address: 'addresses', apn: 'apns' };
      return [
        endpoint,
        lite.prepare(
          `SELECT value FROM ${table[endpoint]} WHERE ${table[endpoint]} MATCH ? LIMIT ${MAX_RESULTS}`,
        ),
      ];
    }),
  );
  const method: Method = (t) => {
    const term = t.term.trim();
    if (term.length < TRIGRAM) return undefined;
    // The term as one phrase: a substring, whatever FTS5 syntax it holds.
    const rows = query[t.endpoint]!.all(`"${term.replaceAll('"', '""')}"`);
    return rows.map((row) => String(row.value));
  };
  return { loadSeconds, rows, method, close: () => lite.close() };
}

/** The peer: `ILIKE '%term%'` on the raw column, as many record sites search. */
function ilike(db: Database, countyId: number): Method {
  const source = {
    name: ['index_names', 'name'],
    street: ['parcels', 'address'],
    address: ['parcels', 'address'],
    apn: ['parcels', 'apn'],
  } as const;
  return async (t) => {
    const [table, column] = source[t.endpoint];
    const pattern = `%${t.term.trim().replace(/[\\%_]/g, '\\$&')}%`;
    const { rows } = await sql<{ value: string }>`
      SELECT ${sql.ref(column)} AS value FROM ${sql.table(table)}
      WHERE county_id = ${countyId} AND ${sql.ref(column)} ILIKE ${pattern}
      LIMIT ${MAX_RESULTS}`.execute(db);
    return rows.map((row) => row.value);
  };
}

// The load generator is a process of its own (this same file, --load-child), pinned to the
// machine's last core with taskset where there is one: its CPU is neither the server's nor
// Postgres's, and the figures below count each apart.
type LoadJob = {
  origin: string;
  paths: string[];
  rate: number;
  seconds: number;
  warmupSeconds: number;
};
type LoadSummary = {
  seconds: number;
  connections: number;
  sent: number;
  achievedRate: number;
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Of the 2xx responses, each timed from its request written to its response read. */
  latencyMs: Percentiles;
  byEndpoint: Record<string, Percentiles>;
  /**
   * The seconds of the run whose answers' p99 missed 25 ms, by when the answers came: a tail
   * spread over every second is queueing, one held in a few seconds is a stall.
   */
  slowSeconds: { second: number; answers: number; p99: number }[];
};

/** The parts of autocannon 9 used here (it ships no types); Client fields as of 9.0.0. */
export type LoadClient = {
  rate: number;
  reqsMadeThisSecond: number;
  paused?: boolean;
  destroyed: boolean;
  rateInterval?: ReturnType<typeof setInterval>;
  _doRequest: () => void;
  requestIterator: { currentRequest?: { requestBuffer?: Buffer } };
};
type LoadResult = {
  duration: number;
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
};
type LoadInstance = PromiseLike<LoadResult> & {
  on: ((
    event: 'response',
    listener: (client: LoadClient, status: number, bytes: number, ms: number) => void,
  ) => void) &
    ((event: 'reqError', listener: (err: Error) => void) => void);
};
type Autocannon = (options: {
  url: string;
  connections: number;
  overallRate: number;
  duration: number;
  timeout: number;
  requests: { method: 'GET'; setupRequest: (request: object) => object }[];
  setupClient: (client: LoadClient) => void;
}) => LoadInstance;

/**
 * autocannon's rate resets every connection's quota on the same one-second tick, so even
 * `overallRate` arrives as a burst at the top of each second. Here each connection sends one
 * request a second (connections = rate) on a phase of its own: a steady stream at the rate.
 */
export function stagger(client: LoadClient, phaseMs: number) {
  if (client.rate !== 1 || typeof client._doRequest !== 'function') {
    throw new Error('autocannon internals changed: revisit stagger() in scripts/bench/search.ts');
  }
  client.reqsMadeThisSecond = client.rate; // holds the first request until the phase
  setTimeout(() => {
    if (client.destroyed) return;
    clearInterval(client.rateInterval);
    const release = () => {
      client.reqsMadeThisSecond = 0;
      if (client.paused) {
        client.paused = false;
        client._doRequest();
      }
    };
    release();
    client.rateInterval = setInterval(release, 1000);
  }, phaseMs);
}

/** What a fixed-rate run did: requests sent, the rate answered, and autocannon's counts. */
export type FixedRateSummary = {
  seconds: number;
  sent: number;
  achievedRate: number;
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

export type FixedRateCall = {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
};

/**
 * autocannon at a fixed rate: `rate` connections, each sending one request a second on a phase
 * of its own (stagger), each request made by `next`. `onResponse` gets every answer with the
 * start of its request line ("GET /api/search/name?…"), its status and its own time: autocannon's
 * histogram is whole milliseconds and, at a fixed rate, padded with coordinated-omission
 * fill-ins. `sent` is counted here: autocannon's requests.sent also counts each connection's rate
 * once more.
 */
export async function atFixedRate(
  o: { origin: string; rate: number; seconds: number },
  next: () => FixedRateCall,
  onResponse: (line: string, status: number, ms: number) => void,
  onError?: (err: Error) => void,
): Promise<FixedRateSummary> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  let connection = 0;
  let sent = 0;
  const instance = autocannon({
    url: o.origin,
    connections: o.rate,
    overallRate: o.rate,
    duration: o.seconds,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          sent++;
          const call = next();
          return {
            ...request,
            path: call.path,
            ...(call.method ? { method: call.method } : {}),
            ...(call.headers ? { headers: call.headers } : {}),
          };
        },
      },
    ],
    setupClient: (client) => stagger(client, (connection++ * 1000) / o.rate),
  });
  instance.on('response', (client, status, _bytes, ms) => {
    // Still the answered request: autocannon builds the next one after this event.
    const line = client.requestIterator.currentRequest?.requestBuffer?.toString('latin1', 0, 40);
    onResponse(line ?? '', status, ms);
  });
  if (onError) instance.on('reqError', onError);
  const result = await instance;
  return {
    seconds: result.duration,
    sent,
    achievedRate: Math.round((result['2xx'] + result.non2xx) / result.duration),
    '2xx': result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function drive(job: LoadJob, seconds: number, next: () => string): Promise<LoadSummary> {
  const latencies: number[] = [];
  const byEndpoint = new Map<string, number[]>();
  const bySecond: number[][] = [];
  const statusCodes: Record<string, number> = {};
  const started = performance.now();
  const result = await atFixedRate(
    { origin: job.origin, rate: job.rate, seconds },
    () => ({ path: next() }),
    (line, status, ms) => {
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      if (status < 200 || status > 299) return;
      latencies.push(ms);
      (bySecond[Math.floor((performance.now() - started) / 1000)] ??= []).push(ms);
      const endpoint = /^GET \/api\/search\/(\w+)/.exec(line)?.[1] ?? 'unknown';
      const times = byEndpoint.get(endpoint) ?? [];
      byEndpoint.set(endpoint, times);
      times.push(ms);
    },
  );
  return {
    ...result,
    connections: job.rate,
    statusCodes,
    latencyMs: percentiles(latencies),
    byEndpoint: Object.fromEntries([...byEndpoint].map(([e, ms]) => [e, percentiles(ms)])),
    slowSeconds: bySecond.flatMap((ms, second) => {
      const { n, p99 } = percentiles(ms ?? []);
      return p99 > P99_TARGET_MS ? [{ second, answers: n, p99 }] : [];
    }),
  };
}

type Pauses = {
  /** How late a 10 ms timer fired, beyond its 10 ms. */
  loopDelayMs: { p50: number; p99: number; max: number };
  gcMs: { count: number; total: number; max: number };
  /**
   * The server only: queries waiting for one of the process's database connections, sampled
   * every 10 ms (the pools' gauge of /metrics), and the share of samples with any waiting.
   */
  queriesWaiting?: { p50: number; p99: number; max: number; shareOfSamples: number };
  /** The same samples of search's statements sent on its pipelined connections, not answered. */
  searchPipelined?: { p50: number; p99: number; max: number };
};

const SAMPLE_MS = 10;

/**
 * A process's event-loop delay and garbage collection from now until `stop()`, in ms; with
 * `pools`, the queries waiting for a database connection too.
 */
function pauses({ pools = false } = {}): { stop: () => Pauses } {
  const delay = monitorEventLoopDelay({ resolution: SAMPLE_MS });
  const gc: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gc.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  delay.enable();
  const waiting: number[] = [];
  const pipelined: number[] = [];
  const gauge = pools ? metricsRegistry.getSingleMetric('deedwatch_db_pool_connections') : null;
  const inFlight = pools ? metricsRegistry.getSingleMetric('deedwatch_db_search_pipelined') : null;
  const sampler =
    gauge &&
    setInterval(() => {
      void gauge.get().then(({ values }) => {
        waiting.push(values.find((x) => x.labels.state === 'waiting')?.value ?? 0);
      });
      void inFlight?.get().then(({ values }) => pipelined.push(values[0]?.value ?? 0));
    }, SAMPLE_MS);
  return {
    stop() {
      delay.disable();
      observer.disconnect();
      if (sampler) clearInterval(sampler);
      const late = (ns: number) => Math.max(0, Math.round(ns / 1e4 - 100 * SAMPLE_MS) / 100);
      const queued = percentiles(waiting);
      const sent = percentiles(pipelined);
      return {
        loopDelayMs: {
          p50: late(delay.percentile(50)),
          p99: late(delay.percentile(99)),
          max: late(delay.max),
        },
        gcMs: {
          count: gc.length,
          total: Math.round(gc.reduce((a, b) => a + b, 0)),
          max: percentiles(gc).max,
        },
        ...(gauge && {
          queriesWaiting: {
            p50: queued.p50,
            p99: queued.p99,
            max: queued.max,
            shareOfSamples:
              Math.round((100 * waiting.filter((w) => w > 0).length) / (waiting.length || 1)) / 100,
          },
        }),
        ...(inFlight && {
          searchPipelined: { p50: sent.p50, p99: sent.p99, max: sent.max },
        }),
      };
    },
  };
}

/** CPU seconds (user + system) of the database's backends, by process id, from /proc. */
async function backendCpu(db: Database): Promise<Map<number, number>> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // Fields 14 and 15 (utime, stime), counted after the command's closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
    } catch {
      // Another machine's server, or a backend gone meanwhile: not counted.
    }
  }
  return ticks;
}
/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/**
 * The answer to each request `server` reads between `start()` and `stop()`, whatever its
 * status, timed from Node's 'request' event (the request line and headers read) to the
 * response's 'finish' (its last bytes handed to the socket).
 */
function answerTimes(server: http.Server) {
  const times: number[] = [];
  let timing = false;
  server.on('request', (_request, response) => {
    if (!timing) return;
    const started = performance.now();
    response.once('finish', () => times.push(performance.now() - started));
  });
  return {
    times,
    start: () => (timing = true),
    stop: () => (timing = false),
  };
}

/** The load generator's process: taskset to the last core where it can. */
function runLoad(job: LoadJob, onLoadStart: () => void, onLoadEnd: () => void) {
  const cores = os.availableParallelism();
  const node = [process.execPath, import.meta.filename, '--load-child'];
  const pinned = cores > 1 && process.platform === 'linux';
  const [file, ...args] = pinned ? ['taskset', '-c', String(cores - 1), ...node] : node;
  return new Promise<{
    warmup: LoadSummary;
    load: LoadSummary;
    cpuSeconds: number;
    pauses: Pauses;
    pinnedToCore?: number;
  }>((resolve, reject) => {
    const child = spawn(file!, args, { stdio: ['pipe', 'pipe', 'inherit', 'ipc'] });
    child.on('message', (message: { phase?: string }) => {
      if (message.phase === 'load-start') onLoadStart();
      if (message.phase === 'load-end') onLoadEnd();
    });
    let out = '';
    child.stdout!.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve({ ...JSON.parse(out), ...(pinned && { pinnedToCore: cores - 1 }) })
        : reject(new Error(`the load generator exited with ${code}`)),
    );
    child.stdin!.end(JSON.stringify(job));
  });
}

type HttpRun = LoadSummary & {
  /**
   * The same answers timed inside the server's process, from the request read to the answer
   * handed to its socket: latencyMs less the load generator's side (its own pauses, and the
   * kernel's hand-over both ways). Near latencyMs, the time is the server's and Postgres's.
   */
  inServerMs: Percentiles;
  warmup: { sent: number; '2xx': number; latencyMs: Percentiles };
  /** CPU per request answered in the measured seconds, apart: the load generator is not in it. */
  cpuMsPerRequest: { node: number; postgres: number; total: number; loadGenerator: number };
  pinnedToCore?: number;
  cache: { ttlMs: number; hits: number; misses: number; hitRatio: number | null };
  /** What held each process's event loop in the measured seconds: the server's, the load's. */
  pauses: { server: Pauses; loadGenerator: Pauses };
};

/** The real app on a free port, its rate limit out of the way, driven by the load process. */
async function throughServer(
  db: Database,
  o: SearchBenchOptions,
  terms: Term[],
  run: { rate: number; seconds: number; warmupSeconds: number; cacheTtlMs?: number },
): Promise<HttpRun> {
  const { app, config } = await benchApp(db, o.databaseUrl, {
    env: run.cacheTtlMs !== undefined ? { SEARCH_CACHE_TTL_MS: String(run.cacheTtlMs) } : {},
    // Logging as in production (info), written nowhere: its cost is part of a request's.
    logger: pino({ level: 'info' }, pino.destination('/dev/null')),
  });
  try {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const paths = terms.map(
      (t) =>
        `/api/search/${t.endpoint}?${new URLSearchParams({ SearchTerm: t.term, County: o.countyName })}`,
    );
    const probe = await fetch(origin + paths[0]);
    if (!probe.ok) throw new Error(`GET ${paths[0]}: ${probe.status} ${await probe.text()}`);
    o.log(
      `search: ${run.rate} requests/s for ${run.warmupSeconds} + ${run.seconds} s through ${origin}` +
        ` (cache ${config.searchCacheTtlMs} ms)`,
    );
    let node = 0;
    let postgres = new Map<number, number>();
    let postgresSeconds = 0;
    // The readings at the load's end: awaited below, since on a saturated server they queue
    // behind the requests still in the pool (a fixed wait read nothing and counted 0).
    let endReading: Promise<void> = Promise.resolve();
    const cache = { ...SearchCache.totals };
    let cacheAtEnd = cache;
    let watch: { stop: () => Pauses } | undefined;
    let serverPauses: Pauses | undefined;
    const inServer = answerTimes(app.server);
    const result = await runLoad(
      { origin, paths, rate: run.rate, seconds: run.seconds, warmupSeconds: run.warmupSeconds },
      () => {
        node = cpuSeconds();
        watch = pauses({ pools: true });
        inServer.start();
        Object.assign(cache, SearchCache.totals);
        void backendCpu(db).then((ticks) => (postgres = ticks));
      },
      () => {
        node = cpuSeconds() - node;
        serverPauses = watch?.stop();
        inServer.stop();
        cacheAtEnd = { ...SearchCache.totals };
        endReading = backendCpu(db).then((ticks) => {
          for (const [pid, seconds] of ticks) postgresSeconds += seconds - (postgres.get(pid) ?? 0);
        });
      },
    );
    await endReading;
    const answered = result.load['2xx'] + result.load.non2xx;
    const perRequest = (seconds: number) =>
      answered > 0 ? Math.round((seconds * 1e6) / answered) / 1000 : 0;
    const hits = cacheAtEnd.hits - cache.hits;
    const misses = cacheAtEnd.misses - cache.misses;
    return {
      ...result.load,
      inServerMs: percentiles(inServer.times),
      warmup: {
        sent: result.warmup.sent,
        '2xx': result.warmup['2xx'],
        latencyMs: result.warmup.latencyMs,
      },
      cpuMsPerRequest: {
        node: perRequest(node),
        postgres: perRequest(postgresSeconds),
        total: perRequest(node + postgresSeconds),
        loadGenerator: perRequest(result.cpuSeconds),
      },
      ...(result.pinnedToCore !== undefined && { pinnedToCore: result.pinnedToCore }),
      cache: {
        ttlMs: config.searchCacheTtlMs,
        hits,
        misses,
        hitRatio: hits + misses > 0 ? Math.round((100 * hits) / (hits + misses)) / 100 : null,
      },
      pauses: { server: serverPauses!, loadGenerator: result.pauses },
    };
  } finally {
    await app.close();
  }
}

const P99_TARGET_MS = 25;

/** The rates, in order, until one misses p99 ≤ 25 ms or its rate by more than 2 %. */
async function sweepRates(db: Database, o: SearchBenchOptions, terms: Term[], rates: number[]) {
  const steps = [];
  let highest: number | null = null;
  for (const rate of rates) {
    const r = await throughServer(db, o, terms, { rate, seconds: 10, warmupSeconds: 1 });
    const kept =
      r.latencyMs.p99 <= P99_TARGET_MS && r.achievedRate >= rate * 0.98 && r.errors === 0;
    steps.push({
      rate,
      achievedRate: r.achievedRate,
      errors: r.errors,
      timeouts: r.timeouts,
      latencyMs: r.latencyMs,
      inServerMs: r.inServerMs,
      cpuMsPerRequest: r.cpuMsPerRequest,
      cacheHitRatio: r.cache.hitRatio,
      kept,
    });
    o.log(`search: ${rate}/s: p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, kept ${kept}`);
    if (!kept) break;
    highest = rate;
  }
  return { p99TargetMs: P99_TARGET_MS, seconds: 10, highestRateKeepingTarget: highest, steps };
}

/** The same terms through SQLite FTS5 and Postgres ILIKE, beside ours. */
async function timePeers(db: Database, o: SearchBenchOptions, timed: Term[], oursTimed: Timings) {
  const fts = await sqliteFts5(db, o.countyId);
  o.log(`search: SQLite FTS5 loaded in ${fts.loadSeconds} s; timing it`);
  const ftsTimed = await timeMethod(timed, fts.method);
  fts.close();
  o.log(`search: Postgres ILIKE`);
  const ilikeTimed = await timeMethod(timed, ilike(db, o.countyId));
  return {
    sqliteFts5Trigram: {
      loadSeconds: fts.loadSeconds,
      loadedRows: fts.rows,
      ...ratios(ftsTimed, oursTimed),
      ...ftsTimed,
    },
    postgresIlike: { ...ratios(ilikeTimed, oursTimed), ...ilikeTimed },
  };
}

export async function benchSearch(o: SearchBenchOptions): Promise<Record<string, unknown>> {
  const pool = createPool(o.databaseUrl, 10, pino({ level: 'silent' }));
  const db = createDatabase(pool);
  // Ours in-process on connections like the app's search routes have (createSearchDatabase).
  const searchDb = createSearchDatabase(o.databaseUrl, 10, pino({ level: 'silent' }));
  try {
    const started = performance.now();
    const terms = await buildTerms(
      db,
      o.countyId,
      Math.max(o.peerQueries, o.rate * TERMS_PER_RATE),
    );
    o.log(`search: ${terms.length} terms in ${secondsSince(started)} s`);
    // Without the answer cache first, so the cached run does not have the warm-up to itself:
    // what each request costs when it queries.
    const uncached = await throughServer(db, o, terms, {
      rate: o.rate,
      seconds: Math.min(o.seconds, 15),
      warmupSeconds: WARMUP_SECONDS,
      cacheTtlMs: 0,
    });
    o.log(
      `search, no cache: p50 ${uncached.latencyMs.p50} ms, p99 ${uncached.latencyMs.p99} ms` +
        ` (in the server ${uncached.inServerMs.p99} ms)`,
    );
    const load = await throughServer(db, o, terms, {
      rate: o.rate,
      seconds: o.seconds,
      warmupSeconds: WARMUP_SECONDS,
    });
    o.log(
      `search: HTTP p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms` +
        ` (in the server ${load.inServerMs.p99} ms)`,
    );
    // Each server's search connections are its own, closed once its handlers have all ended.
    const sweep = o.sweep?.length ? await sweepRates(db, o, terms, o.sweep) : undefined;

    const timed = terms.slice(0, o.peerQueries);
    o.log(`search: ${timed.length} terms in-process, ours`);
    const oursTimed = await timeMethod(timed, ours(searchDb, o.countyName));
    const peers = o.peers === false ? undefined : await timePeers(db, o, timed, oursTimed);

    const byKind = Object.fromEntries(
      (Object.keys(MIX) as Kind[]).map((k) => [k, terms.filter((t) => t.kind === k).length]),
    );
    const examples = Object.fromEntries(
      (Object.keys(MIX) as Kind[]).map((k) => [
        k,
        terms
          .filter((t) => t.kind === k)
          .slice(0, 3)
          .map((t) => t.term),
      ]),
    );
    return {
      terms: { distinct: terms.length, inProcess: timed.length, byKind, examples },
      http: { rate: o.rate, warmupSeconds: WARMUP_SECONDS, ...load },
      httpWithoutCache: { rate: o.rate, warmupSeconds: WARMUP_SECONDS, ...uncached },
      ...(sweep && { sweep }),
      inProcess: {
        methodBudgetSeconds: METHOD_BUDGET_SECONDS,
        ours: oursTimed,
        ...peers,
      },
    };
  } finally {
    await searchDb.destroy();
    await db.destroy();
  }
}

const cli = parseArgs({
  strict: false,
  options: { 'load-child': { type: 'boolean' } },
}).values;

if (import.meta.main && cli['load-child']) {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const job = JSON.parse(input) as LoadJob;
  let n = 0;
  const next = () => job.paths[n++ % job.paths.length]!;
  const warmup = await drive(job, job.warmupSeconds, next);
  process.send!({ phase: 'load-start' });
  const started = cpuSeconds();
  const watch = pauses();
  const load = await drive(job, job.seconds, next);
  const used = cpuSeconds() - started;
  const paused = watch.stop();
  process.send!({ phase: 'load-end' });
  process.stdout.write(JSON.stringify({ warmup, load, cpuSeconds: used, pauses: paused }));
  process.disconnect();
}

if (import.meta.main && !cli['load-child']) {
  const { values } = parseArgs({
    options: {
      'load-child': { type: 'boolean' },
      parcels: { type: 'string', default: '20000' },
      names: { type: 'string', default: '50000' },
      rate: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '5' },
      'peer-queries': { type: 'string', default: '300' },
    },
  });
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('Set TEST_DATABASE_URL to a Postgres server: a scratch database is made on it.');
    process.exit(2);
  }
  const scratch = await createScratchDatabase(serverUrl, 'deedwatch_bench_search');
  try {
    log(`seeding SAC: ${values.parcels} parcels, ${values.names} names`);
    await seedDemo(scratch.db, {
      counties: ['SAC'],
      parcelsPerCounty: Number(values.parcels),
      namesPerCounty: Number(values.names),
    });
    await sql`VACUUM (ANALYZE)`.execute(scratch.db);
    const county = await scratch.db
      .selectFrom('counties')
      .select(['id', 'name'])
      .where('code', '=', 'SAC')
      .executeTakeFirstOrThrow();
    const result = await benchSearch({
      databaseUrl: scratch.url,
      countyId: county.id,
      countyName: county.name,
      rate: Number(values.rate),
      seconds: Number(values.seconds),
      peerQueries: Number(values['peer-queries']),
      log,
    });
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await scratch.drop();
  }
}

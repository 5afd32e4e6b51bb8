// npm run bench:hostile
//
// How long the code that applies patterns to outside input takes on 100 KiB inputs made to drive
// a backtracking pattern into seconds of work (rules/src/hostile-inputs.ts). The tests check
// what each answers and that every pattern is linear by recheck; this measures the time, against
// the bound a linear pass keeps far below and a quadratic pattern far above (1 s):
//
// - patterns: every pattern the rules package exports, the recorder feed's, the letter codes of
//   names and the APN patterns of the usual masks, each replaced and tested on every input;
// - normalisers: the functions the tests run (keys, search terms, APN detection, phones, blob
//   keys, CSV) and a recorder feed line with three 100 KiB fields;
// - http: with DATABASE_URL or TEST_DATABASE_URL, every operation of the app on a scratch
//   database, each string query parameter and body field given every input in turn, signed in
//   as an admin: the slowest answer and every status seen (all 4xx).
//
// Each timing is the median of 3 runs. Prints one JSON object (progress on stderr) and exits 1
// when anything takes longer than the bound. Figures in docs/benchmarks.md.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as rules from '@deedwatch/rules';
import { hostileInputs } from '@deedwatch/rules/hostile-inputs';
import { upsertCounty } from '../../server/src/demo/seed.repository.ts';
import { apnPattern, detectApns } from '../../server/src/documents/pdf/apn-detect.ts';
import {
  COUNTY,
  parseFeedLine,
  PDF_FILE,
  PRINTABLE,
  TIMESTAMP,
} from '../../server/src/engine/feed/feed-line.ts';
import { parseCsv } from '../../server/src/engine/parcels/csv.ts';
import { storedAddress } from '../../server/src/keys/match-keys.ts';
import { LETTER_CODES, matchName, nameKeys } from '../../server/src/keys/names.ts';
import { addressKey, apnKey, nameKey } from '../../server/src/keys/normalize.ts';
import { upsertStaff } from '../../server/src/modules/auth/staff.ts';
import {
  apnPrefix,
  correctableStreetWords,
  parseAddressTerm,
  parseNameTerm,
  parseStreetTerm,
} from '../../server/src/modules/search/search.terms.ts';
import { parsePhone } from '../../server/src/lib/phone.ts';
import { blobKeyProblem } from '../../server/src/storage/blob-store.ts';
import { BENCH_COUNTY, createScratchDatabase, log } from './dataset.ts';
import { benchApp } from './bench-app.ts';

const BOUND_MS = 1000;
const RUNS = 3;
const HOSTILE = hostileInputs(100 * 1024);

type Worst = { item: string; ms: number; input: string };

const round = (ms: number) => Math.round(ms * 100) / 100;

/** The median of RUNS timings of `run`. */
async function medianMs(run: () => unknown): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return ms.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

/** Each item on every hostile input: its slowest input and time. */
async function measure(items: [string, (input: string) => unknown][]): Promise<Worst[]> {
  const rows: Worst[] = [];
  for (const [item, run] of items) {
    let worst: Worst = { item, ms: 0, input: '' };
    for (const [label, input] of HOSTILE) {
      const ms = await medianMs(() => run(input));
      if (ms >= worst.ms) worst = { item, ms: round(ms), input: label };
    }
    log(`${item}: ${worst.ms} ms (${worst.input})`);
    rows.push(worst);
  }
  return rows;
}

const onPattern =
  (pattern: RegExp) =>
  (input: string): void => {
    input.replace(pattern, '');
    new RegExp(pattern.source, pattern.flags.replace('g', '')).test(input);
  };

function patternItems(): [string, (input: string) => unknown][] {
  const exported = Object.entries(rules).filter(
    (entry): entry is [string, RegExp] => entry[1] instanceof RegExp,
  );
  return [
    ...exported.map(([name, p]): [string, (input: string) => unknown] => [
      `rules ${name}`,
      onPattern(p),
    ]),
    ...(
      [
        ['PRINTABLE', PRINTABLE],
        ['COUNTY', COUNTY],
        ['TIMESTAMP', TIMESTAMP],
        ['PDF_FILE', PDF_FILE],
      ] as const
    ).map(([name, p]): [string, (input: string) => unknown] => [`feed ${name}`, onPattern(p)]),
    ...LETTER_CODES.map(([p, code]): [string, (input: string) => unknown] => [
      `letter code ${code.trim()}`,
      onPattern(p),
    ]),
    ...['000-0000-000-0000', '000a-0000-000-00', '00000000000000'].map(
      (mask): [string, (input: string) => unknown] => [
        `APN pattern ${mask}`,
        onPattern(apnPattern(mask)),
      ],
    ),
  ];
}

const FEED_LINE = {
  county: 'SAC',
  documentNumber: '202611200001234',
  recordedAt: '2026-11-20T09:15:00-08:00',
  documentType: 'GRANT DEED',
  grantors: ['SMITH JOHN A'],
  grantees: ['GARCIA ROSA'],
  apns: ['012-0345-006-0000'],
  addresses: ['123 N MAIN ST'],
  file: '202611200001234.pdf',
};

async function csvRecords(text: string) {
  let records = 0;
  for await (const batch of parseCsv(
    (async function* () {
      yield text;
    })(),
  ))
    records += batch.length;
  return records;
}

const normaliserItems: [string, (input: string) => unknown][] = [
  ['nameKeys', nameKeys],
  ['matchName', (s) => [matchName(s, s), matchName(s, `${s} X`)]],
  ['storedAddress', storedAddress],
  ['addressKey', addressKey],
  ['nameKey', nameKey],
  ['apnKey', apnKey],
  ['parseNameTerm', parseNameTerm],
  ['parseAddressTerm', parseAddressTerm],
  ['parseStreetTerm', parseStreetTerm],
  ['apnPrefix', apnPrefix],
  ['correctableStreetWords', correctableStreetWords],
  ['detectApns', (s) => detectApns(`APN ${s} 012-0345-006-0000`, '000-0000-000-0000')],
  ['parsePhone', (s: string) => parsePhone(s, ['US'])],
  ['normaliseDocumentTypes', (s) => rules.normaliseDocumentTypes([s])],
  ['blobKeyProblem', blobKeyProblem],
  ['parseCsv', csvRecords],
  [
    'parseFeedLine (three 100 KiB fields)',
    (s) =>
      parseFeedLine(JSON.stringify({ ...FEED_LINE, documentNumber: s, grantors: [s], file: s })),
  ],
];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
};
type Operation = {
  parameters?: { name: string; in: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

/** A value the schema's type accepts, so that only the hostile field is wrong. */
function sample(schema: JsonSchema, known: Record<string, unknown>): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf[0]!, known);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'uuid'
        ? '00000000-0000-4000-8000-000000000000'
        : schema.format === 'email'
          ? 'x@example.com'
          : 'x';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, known[k] ?? sample(s, known)]),
      );
    default:
      return 'x';
  }
}

const isString = (s: JsonSchema) =>
  (Array.isArray(s.type) ? s.type[0] : s.type) === 'string' && !s.enum;

async function throughTheApp(serverUrl: string) {
  const scratch = await createScratchDatabase(serverUrl, 'bench_hostile');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-bench-hostile-'));
  try {
    const { app, config } = await benchApp(scratch.db, scratch.url, {
      env: {
        DATA_DIR: dataDir,
        AUTH_RATE_LIMIT_PER_IP: '1000000',
        AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
      },
      logger: false,
    });
    try {
      await upsertCounty(scratch.db, BENCH_COUNTY);
      const password = 'bench staff password 0123456789';
      await upsertStaff(scratch.db, { email: 'bench-admin@example.com', role: 'admin', password });
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        payload: { email: 'bench-admin@example.com', password },
      });
      const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
      const known: Record<string, unknown> = {
        County: BENCH_COUNTY.name,
        county: BENCH_COUNTY.name,
        SearchTerm: 'SMI',
        email: 'bench@example.com',
        kind: 'name',
      };
      const spec = app.swagger() as unknown as {
        paths: Record<string, Record<string, Operation>>;
      };
      const statuses = new Set<number>();
      const items: [string, (input: string) => unknown][] = [];
      for (const [route, operations] of Object.entries(spec.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          if (route === '/api/auth/logout') continue;
          const url = route.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
          const call = (query: string | undefined, body: string | undefined) => async () => {
            const res = await app.inject({
              method: method.toUpperCase() as 'GET',
              url: query === undefined ? url : `${url}?${query}`,
              headers: {
                cookie,
                origin: config.appUrl,
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(body === undefined ? {} : { payload: body }),
            });
            statuses.add(res.statusCode);
          };
          const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
          const baseQuery = () =>
            new URLSearchParams(
              query.map((p): [string, string] => [
                p.name,
                String(known[p.name] ?? sample(p.schema, known)),
              ]),
            );
          for (const p of query.filter((q) => isString(q.schema))) {
            items.push([
              `${method.toUpperCase()} ${route} ?${p.name}`,
              (input) => {
                const q = baseQuery();
                q.set(p.name, input);
                return call(q.toString(), undefined)();
              },
            ]);
          }
          const schema = operation.requestBody?.content['application/json']?.schema;
          if (!schema) continue;
          const base = sample(schema, known) as Record<string, unknown>;
          const fields = Object.entries(schema.properties ?? {}).filter(([, s]) => isString(s));
          for (const [field] of fields) {
            items.push([
              `${method.toUpperCase()} ${route} ${field}`,
              (input) =>
                call(
                  query.length ? baseQuery().toString() : undefined,
                  JSON.stringify({ ...base, [field]: input }),
                )(),
            ]);
          }
        }
      }
      const rows = await measure(items);
      return { rows, statuses: [...statuses].sort() };
    } finally {
      await app.close();
    }
  } finally {
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const worstOf = (rows: Worst[]) => rows.reduce((a, b) => (b.ms > a.ms ? b : a));

const patterns = await measure(patternItems());
const normalisers = await measure(normaliserItems);
const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const http = serverUrl ? await throughTheApp(serverUrl) : undefined;
if (!http) log('http: skipped (set DATABASE_URL or TEST_DATABASE_URL to a Postgres server)');

const worst = worstOf([...patterns, ...normalisers, ...(http?.rows ?? [])]);
const refusedOnly = http ? http.statuses.every((s) => s >= 400 && s < 500) : true;
console.log(
  JSON.stringify(
    {
      machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg() },
      inputBytes: 100 * 1024,
      runs: RUNS,
      boundMs: BOUND_MS,
      patterns: { count: patterns.length, worst: worstOf(patterns) },
      normalisers: { count: normalisers.length, worst: worstOf(normalisers), rows: normalisers },
      http: http
        ? { fields: http.rows.length, statuses: http.statuses, worst: worstOf(http.rows) }
        : 'skipped',
      withinBound: worst.ms < BOUND_MS,
    },
    null,
    2,
  ),
);
if (worst.ms >= BOUND_MS || !refusedOnly) process.exitCode = 1;

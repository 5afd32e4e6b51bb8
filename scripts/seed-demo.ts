// npm run seed:demo -- [--seed N] [--parcels N] [--names N] [--county CODE ...]
// Loads the deterministic demo data into DATABASE_URL (or the embedded Postgres).
import { parseArgs } from 'node:util';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { DEMO_COUNTIES } from '../server/src/demo/demo-data.ts';
import { DEFAULT_SEED, seedDemo } from '../server/src/demo/seed-demo.ts';
import {
  createLogger,
  loadConfigOrExit,
  openRuntime,
  reportDatabaseFailure,
} from '../server/src/runtime.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    parcels: { type: 'string', default: '1500' },
    names: { type: 'string', default: '2000' },
    county: { type: 'string', multiple: true },
  },
});

// Checked before anything is written: a typo would otherwise seed nothing, or zero rows, silently.
const wholeNumber = (option: string, value: string) => {
  if (!/^\d{1,9}$/.test(value)) {
    console.error(`--${option} must be a whole number, not '${value}'`);
    process.exit(2);
  }
  return Number(value);
};
const seed = wholeNumber('seed', values.seed);
const parcels = wholeNumber('parcels', values.parcels);
const names = wholeNumber('names', values.names);
const codes = DEMO_COUNTIES.map((c) => c.code);
const unknown = (values.county ?? []).filter((code) => !codes.includes(code));
if (unknown.length > 0) {
  console.error(`--county ${unknown.join(', ')}: not a demo county (${codes.join(', ')})`);
  process.exit(2);
}

const config = loadConfigOrExit();
const runtime = await openRuntime(config, createLogger('warn'));
try {
  await migrateToLatest(runtime.db);
  const started = performance.now();
  let lastShown = 0;
  const summary = await seedDemo(runtime.db, {
    seed,
    parcelsPerCounty: parcels,
    namesPerCounty: names,
    counties: values.county,
    onProgress: (done, total) => {
      const pct = Math.floor((done / total) * 100);
      if (pct >= lastShown + 5 && process.stderr.isTTY) {
        lastShown = pct;
        process.stderr.write(`\r  seeding ${'#'.repeat(pct / 5).padEnd(20, '.')} ${pct}%`);
      }
    },
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${summary.counties} counties: ${summary.parcelsInserted} new parcels, ${summary.namesInserted} new index names in ${seconds} s.`,
  );
} catch (err) {
  reportDatabaseFailure(err, runtime);
} finally {
  await runtime.close();
}

// npm run seed:demo -- [--seed N] [--parcels N] [--names N] [--county CODE ...]
// Loads the deterministic demo data into DATABASE_URL (or the embedded Postgres).
import { parseArgs } from 'node:util';
import { migrateToLatest } from '../server/src/db/migrate.ts';
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

const config = loadConfigOrExit();
const runtime = await openRuntime(config, createLogger('warn'));
try {
  await migrateToLatest(runtime.db);
  const started = performance.now();
  let lastShown = 0;
  const summary = await seedDemo(runtime.db, {
    seed: Number(values.seed),
    parcelsPerCounty: Number(values.parcels),
    namesPerCounty: Number(values.names),
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

// npm run simulate -- --county CODE [--per-minute 6] [--count N] [--hit-rate 0.3] [--inbox DIR] [--seed N]
// A demo recorder: writes recorder feed v1 folders, one document each, with generated multi-page
// PDFs, into the county's inbox folder, where the running server's inbox job picks them up every
// minute. Some documents name the demo subscriptions' names and APNs, so alerts arrive.
import { parseArgs } from 'node:util';
import { createRandom } from '../server/src/lib/random.ts';
import { openCliEngine } from '../server/src/engine/cli.ts';
import {
  loadPools,
  simulatedCounty,
  simulatedLine,
  writeFeedFolder,
} from '../server/src/engine/simulate/simulate.ts';

const { values } = parseArgs({
  options: {
    county: { type: 'string' },
    'per-minute': { type: 'string', default: '6' },
    count: { type: 'string' },
    'hit-rate': { type: 'string', default: '0.3' },
    inbox: { type: 'string' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
  },
});
const perMinute = Number(values['per-minute']);
const count = values.count === undefined ? Infinity : Number(values.count);
const hitRate = Number(values['hit-rate']);
if (
  !values.county ||
  !(perMinute > 0 && perMinute <= 600) ||
  !(count > 0) ||
  !(hitRate >= 0 && hitRate <= 1)
) {
  console.error(
    'Usage: npm run simulate -- --county CODE [--per-minute 1-600] [--count N] [--hit-rate 0-1] [--inbox DIR] [--seed N]',
  );
  process.exit(2);
}

const { engine, close } = await openCliEngine();
let stopping = false;
process.on('SIGINT', () => (stopping = true));
process.on('SIGTERM', () => (stopping = true));
try {
  const code = values.county.toUpperCase();
  const county = await simulatedCounty(engine.db, code, values.inbox);
  const rng = createRandom(Number(values.seed));
  let pools = await loadPools(engine.db, county.id);
  let poolsAt = Date.now();
  console.log(
    `Recording ${Number.isFinite(count) ? count : 'endless'} documents for ${county.name} at ${perMinute}/min into ${county.inboxPath} (Ctrl-C stops).`,
  );
  for (let n = 1; n <= count && !stopping; n++) {
    if (Date.now() - poolsAt > 60_000) {
      pools = await loadPools(engine.db, county.id);
      poolsAt = Date.now();
    }
    const line = simulatedLine(county, pools, rng, new Date(), n, hitRate);
    await writeFeedFolder(county.inboxPath, line.documentNumber, county, [line]);
    console.log(
      `  ${line.documentNumber} ${line.documentType} ${line.grantors.join('; ')} → ${line.grantees.join('; ')} ${line.apns.join(' ')}`,
    );
    if (n < count) {
      const until = Date.now() + 60_000 / perMinute;
      while (!stopping && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(250, until - Date.now())));
      }
    }
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await close();
}

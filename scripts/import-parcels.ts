// npm run import:parcels -- --county CODE parcels.csv
// Replaces the parcels of a county with an assessor parcel roll: a UTF-8 CSV whose header is
// apn,situs_address,city,state,zip,owner_names (owner names separated by ';'), into DATABASE_URL
// (or the embedded Postgres). Prints the summary as JSON on stdout; the progress bar and
// errors go to stderr. Exit status: 0 imported, 1 not imported (nothing changed), 2 usage.
import { parseArgs } from 'node:util';
import { createPool } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { ImportError, importParcels } from '../server/src/engine/parcels/import-parcels.ts';
import {
  createLogger,
  loadConfigOrExit,
  openRuntime,
  reportDatabaseFailure,
} from '../server/src/runtime.ts';

const USAGE = 'Usage: npm run import:parcels -- --county CODE parcels.csv';

function parseCommandLine() {
  try {
    const { values, positionals } = parseArgs({
      options: { county: { type: 'string' } },
      allowPositionals: true,
    });
    const county = values.county?.trim().toUpperCase();
    const [file, ...extra] = positionals;
    if (!county || !file || extra.length > 0) return undefined;
    return { county, file };
  } catch {
    return undefined;
  }
}

const args = parseCommandLine();
if (!args) {
  console.error(USAGE);
  process.exit(2);
}

const runtime = await openRuntime(loadConfigOrExit(), createLogger('warn'));
// COPY needs a pg client of its own, beside the runtime's Kysely; a county's first import builds
// its owner names on a second one while the first builds its parcels.
const pool = createPool(runtime.config.databaseUrl, 2, runtime.log);
let status = 0;
try {
  await migrateToLatest(runtime.db);
  const summary = await importParcels(pool, {
    county: args.county,
    source: args.file,
    progress: process.stderr,
  });
  console.log(JSON.stringify(summary, null, 2));
} catch (err) {
  if (!(err instanceof ImportError)) reportDatabaseFailure(err, runtime);
  else console.error(err.message);
  status = 1;
} finally {
  await pool.end();
  await runtime.close();
}
process.exitCode = status;

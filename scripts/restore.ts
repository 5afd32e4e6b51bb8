// npm run restore -- <folder>
// Brings a backup written by `npm run backup` back into DATABASE_URL, which must be an empty
// database, and into the configured document store, which must be empty when the backup holds
// the documents themselves. Needs pg_restore as new as the pg_dump that wrote the backup.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restore } from '../server/src/backup.ts';
import {
  createLogger,
  loadConfigOrExit,
  openRuntime,
  reportDatabaseFailure,
} from '../server/src/runtime.ts';
import { createBlobStore, describeStore } from '../server/src/storage/document-store.ts';

const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <folder>');
  process.exit(2);
}
const folder = path.resolve(positionals[0]!);
const config = loadConfigOrExit();
const runtime = await openRuntime(config, createLogger('warn'));
try {
  console.log(
    `Restoring ${folder} into the database and the documents (${describeStore(config)}) …`,
  );
  const summary = await restore(
    { db: runtime.db, databaseUrl: runtime.config.databaseUrl, store: createBlobStore(config) },
    folder,
  );
  console.log(JSON.stringify(summary, null, 2));
  console.log('Restored. Start the API and workers: they apply any newer migration at start.');
} catch (err) {
  if (!(err instanceof BackupError)) reportDatabaseFailure(err, runtime);
  else {
    console.error(err.message);
    process.exitCode = 1;
  }
} finally {
  await runtime.close();
}

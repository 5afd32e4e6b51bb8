// npm run backup -- <folder> [--documents copy|list]
// Writes a consistent backup of DATABASE_URL and the document store into <folder> (new or empty):
// database.dump (pg_dump's custom format), the documents (copied, or with --documents list only
// listed, for a bucket that keeps its own copies), documents.ndjson and manifest.json.
// Needs pg_dump of the server's major version or newer (docs/operations.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup, BackupError } from '../server/src/backup.ts';
import {
  createLogger,
  loadConfigOrExit,
  openRuntime,
  reportDatabaseFailure,
} from '../server/src/runtime.ts';
import { createBlobStore, describeStore } from '../server/src/storage/document-store.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { documents: { type: 'string', default: 'copy' } },
});
if (positionals.length !== 1 || !['copy', 'list'].includes(values.documents)) {
  console.error('Usage: npm run backup -- <folder> [--documents copy|list]');
  process.exit(2);
}
const folder = path.resolve(positionals[0]!);
const config = loadConfigOrExit();
const runtime = await openRuntime(config, createLogger('warn'));
try {
  console.log(
    `Backing up the database and the documents (${describeStore(config)}) into ${folder} …`,
  );
  const manifest = await backup(
    {
      db: runtime.db,
      databaseUrl: runtime.config.databaseUrl,
      store: createBlobStore(config),
      storeKind: config.documentStore,
    },
    folder,
    values.documents as 'copy' | 'list',
    () => console.log('Waiting for a parcel import to finish replacing a county …'),
  );
  console.log(JSON.stringify(manifest, null, 2));
} catch (err) {
  if (!(err instanceof BackupError)) reportDatabaseFailure(err, runtime);
  else {
    console.error(err.message);
    process.exitCode = 1;
  }
} finally {
  await runtime.close();
}

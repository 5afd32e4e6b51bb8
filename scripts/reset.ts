// npm run reset: deletes the embedded database and everything under the data folder, so the
// next `npm start` begins afresh (new cluster, migrations, demo data, a new demo admin password).
import { promises as fs } from 'node:fs';
import { removeEmbeddedCluster } from '../server/src/db/embedded.ts';
import { loadConfigOrExit } from '../server/src/runtime.ts';

const config = loadConfigOrExit();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: `npm run reset` only deletes the embedded database. Drop and recreate your own database instead.',
  );
  process.exit(1);
}
try {
  const clusterDir = await removeEmbeddedCluster(config.dataDir);
  await fs.rm(config.dataDir, { recursive: true, force: true });
  console.log(`Deleted the embedded database (${clusterDir}) and ${config.dataDir}.`);
  console.log('The next `npm start` creates them again, with the demo data.');
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

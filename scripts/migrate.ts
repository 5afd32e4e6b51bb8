// npm run db:migrate — applies pending migrations to DATABASE_URL (or the embedded Postgres).
import { migrateToLatest } from '../server/src/db/migrate.ts';
import {
  createLogger,
  loadConfigOrExit,
  openRuntime,
  reportDatabaseFailure,
} from '../server/src/runtime.ts';

const runtime = await openRuntime(loadConfigOrExit(), createLogger('warn'));
try {
  const applied = await migrateToLatest(runtime.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} catch (err) {
  reportDatabaseFailure(err, runtime);
} finally {
  await runtime.close();
}

import { pino } from 'pino';
import { inject } from 'vitest';
import {
  createDatabase as openDatabase,
  createPool,
  type Database,
} from '../../src/db/database.ts';
import { createDatabase, databaseUrl, dropDatabase, uniqueDatabaseName } from './database-admin.ts';

export type TestDatabase = { url: string; name: string; db: Database; drop: () => Promise<void> };

/** A migrated database of this test file's own, cloned from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { serverUrl, template } = inject('testDatabase');
  const name = uniqueDatabaseName('deedwatch_test');
  await createDatabase(serverUrl, name, template);
  const url = databaseUrl(serverUrl, name);
  const db = openDatabase(createPool(url, 5, pino({ level: 'silent' })));
  return {
    url,
    name,
    db,
    drop: async () => {
      await db.destroy();
      await dropDatabase(serverUrl, name);
    },
  };
}

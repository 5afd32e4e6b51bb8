import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppConfig, buildApp } from '../../src/app.ts';
import { loadConfig, repoRoot } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

export function testConfig(databaseUrl: string, env: Record<string, string> = {}): AppConfig {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOG_LEVEL: 'silent',
    // Without a web build the API runs alone; browser tests point WEB_DIST at web/dist.
    WEB_DIST: path.join(repoRoot, '.no-web-build'),
    ...env,
  });
  return { ...config, sessionSecret: config.sessionSecret ?? TEST_SESSION_SECRET };
}

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  database: TestDatabase;
  close: () => Promise<void>;
};

/** The real app over a database of its own. `configure` may add routes before it is ready. */
export async function startTestApp(
  env: Record<string, string> = {},
  configure?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig(database.url, env), { db: database.db, logger: false });
  await configure?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

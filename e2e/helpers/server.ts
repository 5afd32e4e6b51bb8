import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.ts';
import { repoRoot } from '../../server/src/config.ts';
import { seedDemo } from '../../server/src/db/seed/seed-demo.ts';
import { testConfig } from '../../server/test/helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../server/test/helpers/test-database.ts';

export type RunningServer = {
  url: string;
  app: FastifyInstance;
  database: TestDatabase;
  close: () => Promise<void>;
};

/** The real server with the built web app, on a database of its own with the demo data. */
export async function startServer(): Promise<RunningServer> {
  const database = await createTestDatabase();
  await seedDemo(database.db, { parcelsPerCounty: 50, namesPerCounty: 50 });
  const config = testConfig(database.url, { WEB_DIST: path.join(repoRoot, 'web/dist') });
  const app = await buildApp(config, { db: database.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { repoRoot } from '../../server/src/config.ts';
import { seedDemo } from '../../server/src/demo/seed-demo.ts';
import type { Database } from '../../server/src/db/database.ts';
import { startTestApp } from '../../server/test/helpers/test-app.ts';
import { freePort } from './process.ts';

export type RunningServer = {
  url: string;
  app: FastifyInstance;
  db: Database;
  close: () => Promise<void>;
};

/** The real server with the built web app, on a database of its own with the demo data. */
export async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await startTestApp({ WEB_DIST: path.join(repoRoot, 'web/dist'), APP_URL: url });
  await seedDemo(t.db, { parcelsPerCounty: 50, namesPerCounty: 50 });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { url, app: t.app, db: t.db, close: t.close };
}

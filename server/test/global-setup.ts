import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../src/lib/free-port.ts';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { createDatabase as openDatabase, createPool } from '../src/db/database.ts';
import { removeEmbeddedCluster, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createBoss } from '../src/jobs/boss.ts';
import { ensureQueues } from '../src/jobs/queues.ts';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  uniqueDatabaseName,
} from './helpers/database-admin.ts';

declare module 'vitest' {
  interface ProvidedContext {
    testDatabase: { serverUrl: string; template: string };
  }
}

/**
 * One Postgres server for the run: TEST_DATABASE_URL when set, otherwise an embedded one in a
 * temporary directory. A migrated template database is made once; every test file clones it
 * into a database of its own (CREATE DATABASE … TEMPLATE), so files run in parallel, isolated.
 */
export default async function setup(project: TestProject) {
  const log = pino({ level: 'warn' });
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  if (!serverUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-test-pg-'));
    const embedded = await startEmbeddedPostgres(tempDir, await freePort(), log);
    serverUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }

  const template = uniqueDatabaseName('deedwatch_template');
  await createDatabase(serverUrl, template);
  const pool = createPool(databaseUrl(serverUrl, template), 1, log);
  const db = openDatabase(pool);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  // pg-boss installs its schema on first start: do it once here rather than in every clone.
  const boss = createBoss(databaseUrl(serverUrl, template), log);
  await boss.start();
  await ensureQueues(boss);
  await boss.stop({ graceful: false, close: true });
  project.provide('testDatabase', { serverUrl, template });

  return async () => {
    await dropDatabase(serverUrl, template);
    await stopEmbedded?.();
    if (tempDir) {
      // As root, the cluster may live outside the temporary folder (see embeddedClusterDir).
      await removeEmbeddedCluster(tempDir);
      await rm(tempDir, { recursive: true, force: true });
    }
  };
}

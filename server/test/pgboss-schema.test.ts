import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoss } from '../src/jobs/boss.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

const silent = pino({ level: 'silent' });

/**
 * What pg-boss 12.35.0's migration to schema 43 does to a database (its migrationStore.js,
 * `version: 43`, install, partitioned), run by hand: the columns, create_queue building job_i12 on
 * each new queue table (its v42 definition plus that one line), the index on the tables there are
 * (12.35 builds it concurrently, through a BAM row), and the version.
 */
function install43(createQueue42: string): string[] {
  const jobI12 =
    'EXECUTE pgboss.job_table_format($cmd$CREATE INDEX job_i12 ON pgboss.job (source_root_id) WHERE source_root_id IS NOT NULL$cmd$, tablename);';
  const createQueue43 = createQueue42.replace(/^(.*CREATE INDEX job_i9 .*)$/m, `$1\n    ${jobI12}`);
  expect(createQueue43).toContain('job_i12');
  return [
    `ALTER TABLE pgboss.queue
       ADD COLUMN created_delta int NOT NULL DEFAULT 0,
       ADD COLUMN completed_delta int NOT NULL DEFAULT 0,
       ADD COLUMN failed_delta int NOT NULL DEFAULT 0,
       ADD COLUMN delta_on timestamp with time zone,
       ADD COLUMN delta_seconds int`,
    `ALTER TABLE pgboss.queue_stats
       ADD COLUMN created_delta int,
       ADD COLUMN completed_delta int,
       ADD COLUMN failed_delta int,
       ADD COLUMN delta_seconds int,
       ADD COLUMN delta_on timestamp with time zone`,
    `ALTER TABLE pgboss.job
       ADD COLUMN IF NOT EXISTS source_output jsonb,
       ADD COLUMN IF NOT EXISTS source_root_id uuid`,
    createQueue43,
    `SELECT pgboss.job_table_run($cmd$CREATE INDEX IF NOT EXISTS job_i12 ON pgboss.job (source_root_id) WHERE source_root_id IS NOT NULL$cmd$)`,
    // An index build BAM has not finished: the rollback clears it, or BAM would build it again.
    `INSERT INTO pgboss.bam (name, version, table_name, command)
     VALUES ('source_root_index_build', 43, 'job_common', 'CREATE INDEX CONCURRENTLY IF NOT EXISTS job_i12 ON pgboss.job_common (source_root_id) WHERE source_root_id IS NOT NULL')`,
    `UPDATE pgboss.version SET version = '43'`,
  ];
}

describe('a pgboss schema that pg-boss 12.35 migrated to version 43', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const rows = async <T>(statement: string) =>
    (await sql.raw<T>(statement).execute(database.db)).rows;
  const version = async () =>
    (await rows<{ version: number }>('SELECT version::int AS version FROM pgboss.version'))[0]!
      .version;
  const createQueueDefinition = async () =>
    (
      await rows<{ def: string }>(
        `SELECT pg_get_functiondef('pgboss.create_queue(text, jsonb)'::regprocedure) AS def`,
      )
    )[0]!.def;
  const columns = () =>
    rows<{ table_name: string; column_name: string }>(`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'pgboss' AND table_name IN ('job', 'queue', 'queue_stats')
      ORDER BY table_name, column_name`);
  const sourceRootIndexes = () =>
    rows(
      `SELECT indexname FROM pg_indexes WHERE schemaname = 'pgboss' AND indexdef LIKE '%source_root_id%'`,
    );
  const startedBoss = async () => {
    const boss = createBoss(database.url, silent, { supervise: false });
    await boss.start();
    return boss;
  };

  it("is rolled back to 42 when the boss starts, as 12.35's rollback does, its jobs kept", async () => {
    // As pg-boss 12.34 installed it, with a job waiting.
    expect(await version()).toBe(42);
    const createQueue42 = await createQueueDefinition();
    const columns42 = await columns();
    let boss = await startedBoss();
    const waiting = await boss.send('send-mail', { kept: true }, { startAfter: 3600 });
    await boss.stop({ graceful: false, close: true });

    for (const statement of install43(createQueue42)) await sql.raw(statement).execute(database.db);
    await sql
      .raw(`SELECT pgboss.create_queue('made-on-43', '{"partition": true, "policy": "standard"}')`)
      .execute(database.db);
    await sql.raw(`UPDATE pgboss.job SET source_output = '{"error": "x"}'`).execute(database.db);
    expect(await version()).toBe(43);
    expect((await sourceRootIndexes()).length).toBeGreaterThanOrEqual(2);

    boss = await startedBoss();
    try {
      expect(await version()).toBe(42);
      // The same function as 12.34 installs, but for its indentation.
      const squeezed = (definition: string) => definition.replace(/\s+/g, ' ');
      expect(squeezed(await createQueueDefinition())).toBe(squeezed(createQueue42));
      expect(await columns()).toEqual(columns42);
      expect(await sourceRootIndexes()).toEqual([]);
      expect(await rows(`SELECT 1 FROM pgboss.bam WHERE version = 43`)).toEqual([]);
      // Its jobs and queues are there, and it goes on working.
      expect((await boss.findJobs('send-mail', { id: waiting! }))[0]?.data).toEqual({ kept: true });
      expect(await boss.getQueue('made-on-43')).toMatchObject({ partition: true });
      await boss.createQueue('made-on-42', { partition: true });
      expect(await boss.send('made-on-42', { n: 1 })).toBeTruthy();
    } finally {
      await boss.stop({ graceful: false, close: true });
    }

    // On 42 already, a start changes nothing.
    const rolledBack = await createQueueDefinition();
    boss = await startedBoss();
    await boss.stop({ graceful: false, close: true });
    expect(await version()).toBe(42);
    expect(await createQueueDefinition()).toBe(rolledBack);
  });

  it('stops startup at a version newer than 43, saying what to do', async () => {
    await sql.raw(`UPDATE pgboss.version SET version = '44'`).execute(database.db);
    try {
      const boss = createBoss(database.url, silent, { supervise: false });
      await expect(boss.start()).rejects.toThrow(
        /pg-boss schema version 44, newer than this DeedWatch's pg-boss runs on \(42\).*DROP SCHEMA pgboss CASCADE/,
      );
      expect(await version()).toBe(44);
    } finally {
      await sql.raw(`UPDATE pgboss.version SET version = '42'`).execute(database.db);
    }
  });
});

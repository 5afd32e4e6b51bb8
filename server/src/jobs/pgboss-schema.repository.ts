import pg from 'pg';
import type { Logger } from 'pino';

/**
 * The pg-boss schema version the pinned pg-boss (12.34.0) installs and runs on. pg-boss 12.35.0
 * migrated databases to 43, which the dashboard's own pg-boss (12.33.2, inside
 * @pg-boss/dashboard 1.9.0) refuses: "pg-boss database requires migrations" on every job page.
 */
export const PGBOSS_SCHEMA_VERSION = 42;

/**
 * The statements that take a pg-boss schema from version 43 back to 42, as pg-boss 12.35.0 ships
 * them: node_modules/pg-boss/dist/migrationStore.js of pg-boss@12.35.0, the migration
 * `{ version: 43, previous: 42 }` in getAll(), its `uninstall` list, partitioned branch (createBoss
 * uses pg-boss's default postgres backend, whose job table is partitioned), with createQueueFn[42]
 * expanded; preceded by what its rollback() adds for a migration with async steps (the DELETE of
 * unfinished BAM rows). Copied verbatim; do not edit them by hand.
 */
export function rollbackStatements43(schema: string): string[] {
  return [
    // rollback(): v43 has an async index build (source_root_index_build).
    `DELETE FROM ${schema}.bam WHERE version = 43 AND status <> 'completed'`,
    // uninstall, partitioned: createQueueFn[42](schema),
    `
    CREATE OR REPLACE FUNCTION ${schema}.create_queue(queue_name text, options jsonb)
    RETURNS VOID AS
    $$
    DECLARE
    tablename varchar := CASE WHEN options->>'partition' = 'true'
    THEN 'j' || encode(sha224(queue_name::bytea), 'hex')
    ELSE 'job_common'
    END;
    queue_created_on timestamptz;
    BEGIN

    WITH q as (
    INSERT INTO ${schema}.queue (
    name,
    policy,
    retry_limit,
    retry_delay,
    retry_backoff,
    retry_delay_max,
    expire_seconds,
    retention_seconds,
    deletion_seconds,
    warning_queued,
    dead_letter,
    partition,
    table_name,
    heartbeat_seconds,
    notify,
    created_on,
    updated_on
    )
    VALUES (
    queue_name,
    options->>'policy',
    COALESCE((options->>'retryLimit')::int, 2),
    COALESCE((options->>'retryDelay')::int, 0),
    COALESCE((options->>'retryBackoff')::bool, false),
    (options->>'retryDelayMax')::int,
    COALESCE((options->>'expireInSeconds')::int, 900),
    COALESCE((options->>'retentionSeconds')::int, 1209600),
    COALESCE((options->>'deleteAfterSeconds')::int, 604800),
    COALESCE((options->>'warningQueueSize')::int, 0),
    options->>'deadLetter',
    COALESCE((options->>'partition')::bool, false),
    tablename,
    (options->>'heartbeatSeconds')::int,
    COALESCE((options->>'notify')::bool, false),
    ${schema}.job_now(),
    ${schema}.job_now()
    )
    ON CONFLICT DO NOTHING
    RETURNING created_on
    )
    SELECT created_on into queue_created_on from q;

    IF queue_created_on IS NULL OR options->>'partition' IS DISTINCT FROM 'true' THEN
    RETURN;
    END IF;

    EXECUTE format('CREATE TABLE ${schema}.%I (LIKE ${schema}.job INCLUDING DEFAULTS)', tablename);

    EXECUTE ${schema}.job_table_format($cmd$ALTER TABLE ${schema}.job ADD PRIMARY KEY (name, id)$cmd$, tablename);
    EXECUTE ${schema}.job_table_format($cmd$ALTER TABLE ${schema}.job ADD CONSTRAINT q_fkey FOREIGN KEY (name) REFERENCES ${schema}.queue (name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED$cmd$, tablename);
    EXECUTE ${schema}.job_table_format($cmd$ALTER TABLE ${schema}.job ADD CONSTRAINT dlq_fkey FOREIGN KEY (dead_letter) REFERENCES ${schema}.queue (name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED$cmd$, tablename);

    EXECUTE ${schema}.job_table_format($cmd$CREATE INDEX job_i11 ON ${schema}.job (name, priority DESC, created_on, start_after) WHERE state < 'active' AND NOT blocked$cmd$, tablename);
    EXECUTE ${schema}.job_table_format($cmd$CREATE UNIQUE INDEX job_i4 ON ${schema}.job (name, singleton_on, COALESCE(singleton_key, '')) WHERE state <> 'cancelled' AND singleton_on IS NOT NULL$cmd$, tablename);
    EXECUTE ${schema}.job_table_format($cmd$CREATE INDEX job_i7 ON ${schema}.job (name, group_id) WHERE state = 'active' AND group_id IS NOT NULL$cmd$, tablename);
    EXECUTE ${schema}.job_table_format($cmd$CREATE INDEX job_i9 ON ${schema}.job (name, id) WHERE blocking AND state = 'completed'$cmd$, tablename);

    IF options->>'policy' = 'short' THEN
    EXECUTE ${schema}.job_table_format($cmd$CREATE UNIQUE INDEX job_i1 ON ${schema}.job (name, COALESCE(singleton_key, '')) WHERE state = 'created' AND policy = 'short'$cmd$, tablename);
    ELSIF options->>'policy' = 'singleton' THEN
    EXECUTE ${schema}.job_table_format($cmd$CREATE UNIQUE INDEX job_i2 ON ${schema}.job (name, COALESCE(singleton_key, '')) WHERE state = 'active' AND policy = 'singleton'$cmd$, tablename);
    ELSIF options->>'policy' = 'stately' THEN
    EXECUTE ${schema}.job_table_format($cmd$CREATE UNIQUE INDEX job_i3 ON ${schema}.job (name, state, COALESCE(singleton_key, '')) WHERE state <= 'active' AND policy = 'stately'$cmd$, tablename);
    ELSIF options->>'policy' = 'exclusive' THEN
    EXECUTE ${schema}.job_table_format($cmd$CREATE UNIQUE INDEX job_i6 ON ${schema}.job (name, COALESCE(singleton_key, '')) WHERE state <= 'active' AND policy = 'exclusive'$cmd$, tablename);
    ELSIF options->>'policy' = 'key_strict_fifo' THEN
    EXECUTE ${schema}.job_table_format($cmd$CREATE UNIQUE INDEX job_i8 ON ${schema}.job (name, singleton_key) WHERE state IN ('active', 'retry', 'failed') AND policy = 'key_strict_fifo'$cmd$, tablename);
    EXECUTE ${schema}.job_table_format($cmd$CREATE INDEX job_i10 ON ${schema}.job (name, singleton_key, state DESC, created_on, id) INCLUDE (start_after) WHERE state < 'active' AND NOT blocked AND policy = 'key_strict_fifo'$cmd$, tablename);
    EXECUTE ${schema}.job_table_format($cmd$ALTER TABLE ${schema}.job ADD CONSTRAINT job_key_strict_fifo_singleton_key_check CHECK (NOT (policy = 'key_strict_fifo' AND singleton_key IS NULL))$cmd$, tablename);
    END IF;

    EXECUTE format('ALTER TABLE ${schema}.%I ADD CONSTRAINT cjc CHECK (name=%L)', tablename, queue_name);
    EXECUTE format('ALTER TABLE ${schema}.job ATTACH PARTITION ${schema}.%I FOR VALUES IN (%L)', tablename, queue_name);
    END;
    $$
    LANGUAGE plpgsql;
  `,
    `SELECT ${schema}.job_table_run($cmd$DROP INDEX IF EXISTS ${schema}.job_i12$cmd$)`,
    `ALTER TABLE ${schema}.queue
          DROP COLUMN created_delta,
          DROP COLUMN completed_delta,
          DROP COLUMN failed_delta,
          DROP COLUMN delta_on,
          DROP COLUMN delta_seconds`,
    `ALTER TABLE ${schema}.queue_stats
          DROP COLUMN created_delta,
          DROP COLUMN completed_delta,
          DROP COLUMN failed_delta,
          DROP COLUMN delta_seconds,
          DROP COLUMN delta_on`,
    `ALTER TABLE ${schema}.job
          DROP COLUMN source_output,
          DROP COLUMN source_root_id`,
  ];
}

/** pg-boss's advisory lock on a schema (plans.js advisoryLock), so no pg-boss migrates beside us. */
const advisoryLock = (schema: string) =>
  `SELECT pg_advisory_xact_lock(('x' || encode(sha224((current_database() || '.pgboss.${schema}')::bytea), 'hex'))::bit(64)::bigint)`;

async function schemaVersion(client: pg.Client, schema: string): Promise<number | null> {
  const { rows } = await client.query<{ name: string | null }>('SELECT to_regclass($1) AS name', [
    `${schema}.version`,
  ]);
  if (!rows[0]?.name) return null;
  const version = await client.query<{ version: string }>(`SELECT version FROM ${schema}.version`);
  return version.rows[0] ? Number(version.rows[0].version) : null;
}

/**
 * Before pg-boss starts: a database an earlier checkout (pg-boss 12.35.0) migrated to schema 43 is
 * rolled back to 42 with 12.35.0's own rollback, in one transaction under pg-boss's advisory lock.
 * pg-boss 12.34.0 would otherwise start on it without a word (it only migrates up), and the
 * dashboard would go on refusing it. The rollback drops what 43 added: the queues' throughput
 * deltas (queue, queue_stats) and, on dead-lettered jobs, source_output and source_root_id.
 * A schema newer than 43 has no rollback here: startup stops, saying what to do.
 */
export async function rollBackNewerPgBossSchema(
  connectionString: string,
  schema: string,
  log: Logger,
): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'deedwatch' });
  await client.connect();
  try {
    const version = await schemaVersion(client, schema);
    if (version === null || version <= PGBOSS_SCHEMA_VERSION) return;
    if (version !== 43) {
      throw new Error(
        `The ${schema} schema of the database is at pg-boss schema version ${version}, newer than ` +
          `this DeedWatch's pg-boss runs on (${PGBOSS_SCHEMA_VERSION}), and DeedWatch can only roll ` +
          `back version 43. Run the DeedWatch release that migrated it, or roll the schema back with ` +
          `the rollback command of the pg-boss that migrated it (pg-boss rollback), or, on a ` +
          `development database whose jobs can go, DROP SCHEMA ${schema} CASCADE and start again.`,
      );
    }
    await client.query('BEGIN');
    try {
      await client.query('SET LOCAL lock_timeout = 30000');
      await client.query(advisoryLock(schema));
      // Another process may have rolled it back while this one waited for the lock.
      if ((await schemaVersion(client, schema)) === 43) {
        for (const statement of rollbackStatements43(schema)) await client.query(statement);
        await client.query(`UPDATE ${schema}.version SET version = '${PGBOSS_SCHEMA_VERSION}'`);
        log.warn(
          { schema, from: 43, to: PGBOSS_SCHEMA_VERSION },
          'rolled the pg-boss schema back to the version this pg-boss runs on',
        );
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  } finally {
    await client.end();
  }
}

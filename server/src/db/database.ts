import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { trackPool } from '../lib/metrics.ts';
import { preparing } from './prepared.ts';
import type { DB } from './types.ts';

// bigint (int8) and numeric come back as strings by default; counts and ids fit in a JS number
// only up to 2^53, so int8 stays a string and callers convert counts explicitly.
export type Database = Kysely<DB>;
export type { Transaction };
/** What a repository function runs its queries on: the pool, or a transaction a service opened. */
export type Executor = Database | Transaction<DB>;

export function createPool(connectionString: string, max: number, log: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: 'deedwatch' });
  // An idle client's error (a restarted or stopped server) must not crash the process;
  // the next query gets a fresh connection or a clear error.
  pool.on('error', (err) => log.warn({ err: err.message }, 'idle database connection lost'));
  // A connection lost while in use (the server restarted, or a backend was terminated) fails
  // its query; without a listener the client's 'error' event would also end the process.
  pool.on('connect', (client) => {
    client.on('error', (err) => log.warn({ err: err.message }, 'database connection lost'));
    // The search statements by name (prepared.ts).
    preparing(client);
  });
  trackPool(pool);
  return pool;
}

export function createDatabase(pool: pg.Pool): Database {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

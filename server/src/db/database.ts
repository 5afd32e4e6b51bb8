import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { trackPool } from '../lib/metrics.ts';
import { preparing } from './prepared.ts';
import { SearchConnections } from './search-connections.ts';
import type { DB } from './types.ts';

// bigint (int8) and numeric come back as strings by default; counts and ids fit in a JS number
// only up to 2^53, so int8 stays a string and callers convert counts explicitly.
export type Database = Kysely<DB>;
export type { Transaction };
/** What a repository function runs its queries on: the pool, or a transaction a service opened. */
export type Executor = Database | Transaction<DB>;

/** What a pool logs: a connection lost. */
type PoolLog = Pick<Logger, 'warn'>;

export function createPool(connectionString: string, max: number, log: PoolLog): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: 'deedwatch' });
  // An idle client's error (a restarted or stopped server) must not crash the process;
  // the next query gets a fresh connection or a clear error.
  pool.on('error', (err) => log.warn({ err: err.message }, 'idle database connection lost'));
  pool.on('connect', connectionSetup(log, false));
  trackPool(pool);
  return pool;
}

/** What every new connection of ours gets before its first query. */
function connectionSetup(log: PoolLog, planOnce: boolean) {
  return (client: pg.ClientBase) => {
    // A connection lost while in use (the server restarted, or a backend was terminated) fails
    // its query; without a listener the client's 'error' event would also end the process.
    client.on('error', (err) => log.warn({ err: err.message }, 'database connection lost'));
    // The search statements by name (prepared.ts).
    preparing(client);
    // Queued before any query the pool's caller sends on this connection.
    if (planOnce) {
      client
        .query('SET plan_cache_mode = force_generic_plan')
        .catch((err: Error) => log.warn({ err: err.message }, 'plan_cache_mode not set'));
    }
  };
}

export function createDatabase(pool: pg.Pool): Database {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * JIT compilation off for the rest of the transaction. For statements made of many index
 * probes whose row estimates run far above what they read (a prefix range, a CTE of a batch),
 * Postgres would compile their plans for tens of milliseconds and save nothing.
 */
export async function withoutJit(trx: Executor): Promise<void> {
  await sql`SET LOCAL jit = off`.execute(trx);
}

/**
 * The search routes' own connections, on which each prepared statement is planned once.
 * A search statement is prepared by name (prepared.ts), yet at plan_cache_mode's default
 * Postgres planned it again on every run: it keeps a generic plan only when that plan's
 * estimated cost is no higher than the custom plans', and a prefix range bound to unknown
 * values always looked costlier than one bound to a real prefix. Planning was then half of
 * a search's Postgres CPU. Here every statement gets the generic plan (the same index
 * ranges); the answers were the same for each of 5,000 terms at full scale.
 *
 * Only for search: on the app's main pool Kysely sends every other query unnamed, and the
 * setting would give those generic plans too: the matcher's batch queries, planned for no
 * batch in particular.
 *
 * The keystrokes' statements share a pipelined connection (more when it falls behind, up to
 * half of `max`), and the slow ones have the other half of their own (search-connections.ts).
 * Single statements only: no transactions.
 */
export function createSearchDatabase(
  connectionString: string,
  max: number,
  log: PoolLog,
): Database {
  const connections = new SearchConnections(
    { connectionString, max, application_name: 'deedwatch-search' },
    log,
    connectionSetup(log, true),
  );
  trackPool(connections);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: connections }) });
}

import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * The Postgres settings we ship, sized from the machine's memory: the embedded default passes
 * them on the server's command line, and docker/postgres/tuned-postgres.sh computes the same
 * for the compose file's database (docs/operations.md, "Postgres settings"). Postgres's own
 * defaults (128 MB of shared buffers, 4 MB of work memory, a checkpoint every 1 GB of WAL) are
 * sized for a machine of 2005: the parcel and name indexes a search or a match batch reads are
 * gigabytes at a county's scale, and a parcel import writes several gigabytes of WAL.
 *
 * - shared_buffers: a quarter of memory, 128 MB to 8 GB (the OS cache holds the rest);
 * - effective_cache_size: three quarters of memory (what the planner may assume is cached);
 * - work_mem: memory / 1024, 4 to 32 MB (per sort or hash, and a query may have several);
 * - maintenance_work_mem: memory / 16, 64 MB to 2 GB (index builds of an import);
 * - checkpoints every 15 minutes or 4 GB of WAL, spread over 90 % of the interval; WAL
 *   compressed (an import's full-page images).
 * - wal_level minimal (and so no WAL senders): a table created and filled in one transaction,
 *   as a parcel import builds a county's parcels and names and their indexes, is written to
 *   disk at commit without going through the WAL (a 2M-row import's replacing step ~4 s
 *   faster). It rules out streaming replicas and WAL archiving; backups here are pg_dump's
 *   (`npm run backup`). To run a standby, override both: wal_level=replica max_wal_senders=10.
 * - shared_preload_libraries pg_prewarm: its autoprewarm worker writes the list of pages in
 *   shared buffers to autoprewarm.blocks in the data folder every 5 minutes and at shutdown,
 *   and reads them back in, in file order, as the server starts. After a restart, even one
 *   that also emptied the OS cache, searches and the matcher find their indexes in memory
 *   within seconds instead of reading them a page at a time as they are asked for
 *   (docs/benchmarks.md).
 * - log_error_verbosity terse and log_min_error_statement panic: an error is logged as its
 *   message alone, without the DETAIL, CONTEXT or failing STATEMENT lines that quote the data
 *   (a duplicate key's value, a row that broke a check, the statement's text): the embedded
 *   server's output is the app's log at debug level.
 *
 * Any of them, or any other setting, is overridden by EMBEDDED_POSTGRES_SETTINGS
 * (`name=value` pairs separated by spaces: config.ts parseSettings).
 */

const MB = 2 ** 20;
const GB = 2 ** 30;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
/** Whole megabytes, as Postgres reads a size. */
const mb = (bytes: number) => `${Math.floor(bytes / MB)}MB`;

export function tunedSettings(memoryBytes: number): Record<string, string> {
  return {
    shared_buffers: mb(clamp(memoryBytes / 4, 128 * MB, 8 * GB)),
    effective_cache_size: mb(Math.max((memoryBytes * 3) / 4, 512 * MB)),
    work_mem: mb(clamp(memoryBytes / 1024, 4 * MB, 32 * MB)),
    maintenance_work_mem: mb(clamp(memoryBytes / 16, 64 * MB, 2 * GB)),
    checkpoint_timeout: '15min',
    max_wal_size: '4GB',
    min_wal_size: '1GB',
    checkpoint_completion_target: '0.9',
    wal_compression: 'on',
    wal_level: 'minimal',
    max_wal_senders: '0',
    shared_preload_libraries: 'pg_prewarm',
    log_error_verbosity: 'terse',
    log_min_error_statement: 'panic',
  };
}

/**
 * The memory this process may use: the cgroup's limit when one is set (a container), else the
 * machine's.
 */
export function availableMemory(): number {
  const total = os.totalmem();
  for (const file of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    try {
      const limit = Number(readFileSync(file, 'utf8').trim());
      if (Number.isFinite(limit) && limit > 0 && limit < total) return limit;
    } catch {
      // No such cgroup file (or "max"): no limit of that kind.
    }
  }
  return total;
}

/** The shipped settings for this machine, with the overrides over them. */
export function embeddedSettings(overrides: Record<string, string> = {}): Record<string, string> {
  return { ...tunedSettings(availableMemory()), ...overrides };
}

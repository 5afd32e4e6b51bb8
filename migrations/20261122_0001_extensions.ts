import { type Kysely, sql } from 'kysely';

// pg_trgm: similarity and GIN trigram indexes for fuzzy search and address matching.
// fuzzystrmatch: levenshtein for the typo fallback of name search.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS fuzzystrmatch`.execute(db);
}

export async function down(): Promise<void> {
  // Extensions may be shared with other schemas in the database: never dropped here.
}

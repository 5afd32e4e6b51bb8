import { type Kysely, sql } from 'kysely';

// Fixed-window counters for the sign-in calls, shared by every API process. Keys are hashes
// (of an address or an email), never the email itself.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_limits (
      key               text PRIMARY KEY,
      window_started_at timestamptz NOT NULL,
      hits              integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX rate_limits_window_started_at_idx ON rate_limits (window_started_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rate_limits`.execute(db);
}

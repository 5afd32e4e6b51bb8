import { type Kysely, sql } from 'kysely';

// How many parcel rolls each county has had imported, bumped by the importing transaction: the
// search answers a process keeps for a moment (search.cache.ts) are stamped with it, and every
// process reads it with the county at most a second old, so a new roll is searched at once
// everywhere without asking the database on each keystroke.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE counties ADD COLUMN parcel_imports integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE counties DROP COLUMN parcel_imports`.execute(db);
}

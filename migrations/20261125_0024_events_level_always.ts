import { type Kysely, sql } from 'kysely';

// events.level is what event_level() gives for the event's county, document type, match kind
// and party role when it is written, whoever writes it: the trigger of migration 0023 now sets
// it on every insert instead of only when the writer leaves it out, so no writer has to know
// the level tables, nor can it store a level they do not give. The default only lets a writer
// leave the column out (loaders that bypass triggers get 'check', the level of an unknown
// type, until the county's levels are recomputed).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events ALTER COLUMN level SET DEFAULT 'check'`.execute(db);
  await sql`DROP TRIGGER events_level_insert ON events`.execute(db);
  await sql`
    CREATE TRIGGER events_level_insert BEFORE INSERT ON events
    FOR EACH ROW EXECUTE FUNCTION events_fill_level()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER events_level_insert ON events`.execute(db);
  await sql`
    CREATE TRIGGER events_level_insert BEFORE INSERT ON events
    FOR EACH ROW WHEN (NEW.level IS NULL) EXECUTE FUNCTION events_fill_level()`.execute(db);
  await sql`ALTER TABLE events ALTER COLUMN level DROP DEFAULT`.execute(db);
}

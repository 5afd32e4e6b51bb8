import { type Kysely, sql } from 'kysely';

// An event's confidence was stored as `score` while the API, the glossary and the code called it
// confidence: one name everywhere now. Renaming keeps every row and the CHECK, whose name follows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events RENAME COLUMN score TO confidence`.execute(db);
  await sql`ALTER TABLE events RENAME CONSTRAINT events_score_check TO events_confidence_check`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events RENAME CONSTRAINT events_confidence_check TO events_score_check`.execute(
    db,
  );
  await sql`ALTER TABLE events RENAME COLUMN confidence TO score`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// The language a subscriber reads: the site shows itself in it once they sign in, and every
// message sent to them (emails, texts, the PDFs attached) is written in it. English until they
// choose otherwise; the set is closed so a message always has a catalog to come from.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en'
    CONSTRAINT users_language_check CHECK (language IN ('en', 'es'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN language`.execute(db);
}

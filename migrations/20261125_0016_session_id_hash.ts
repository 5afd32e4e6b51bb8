import { type Kysely, sql } from 'kysely';

// Sessions are looked up by the SHA-256 of their id (hex), never by the id itself, so the
// table holds nothing a cookie could carry. The rows of sessions opened before keep working:
// their ids are hashed in place, the same way the store hashes the id a cookie brings.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE sessions SET sid = encode(sha256(convert_to(sid, 'UTF8')), 'hex')`.execute(db);
  await sql`COMMENT ON COLUMN sessions.sid IS 'SHA-256 of the session id, hex'`.execute(db);
}

// The ids cannot be recovered from their hashes: going back signs everyone out.
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM sessions`.execute(db);
  await sql`COMMENT ON COLUMN sessions.sid IS NULL`.execute(db);
}

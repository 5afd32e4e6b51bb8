import { type Kysely, sql } from 'kysely';

// GET /api/user/events pages through one subscriber's events newest first, keyed on
// (created_at, id): the page after a cursor is `(created_at, id) < (its time, its id)`. The
// index of migration 0004, (user_id, created_at DESC), orders by time alone: the events of one
// matcher batch or history check share their transaction's created_at, and every page would
// read and sort all of a tie to find where the cursor falls. This one holds the key whole, so a
// page is one backward index range scan that stops after `limit` rows. The history check's
// events found on record are never listed (nor sent by webhooks), and a common name can have
// thousands of them: they are left out of the index, so a page never walks past them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX events_user_shown_idx ON events (user_id, created_at, id)
    WHERE NOT on_record`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX events_user_shown_idx`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// The delivery an outbox message was stored for: the outbox transport stores a delivery once,
// however often it is asked, so a send retried after a crash cannot make a second copy.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE outbox_messages ADD COLUMN delivery_key text`.execute(db);
  await sql`CREATE UNIQUE INDEX outbox_messages_delivery_key ON outbox_messages (delivery_key)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX outbox_messages_delivery_key`.execute(db);
  await sql`ALTER TABLE outbox_messages DROP COLUMN delivery_key`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// A webhook delivery was unique per (endpoint, event): the one message an endpoint gets for a
// new event. An event whose level changes, and a case whose status moves, are messages of their
// own, several of them for one event. What makes a message once-only is its id (msg_ and the
// event's id for event.created, one for each level change, msg_case_ with the case's id and its
// new status for a case): unique per endpoint, resends (rows of their own, carrying the same
// id) aside.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX webhook_deliveries_event_key`.execute(db);
  await sql`
    CREATE UNIQUE INDEX webhook_deliveries_message_key ON webhook_deliveries (endpoint_id, message_id)
    WHERE resent_from IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM webhook_deliveries WHERE event_type <> 'event.created'`.execute(db);
  await sql`DROP INDEX webhook_deliveries_message_key`.execute(db);
  await sql`
    CREATE UNIQUE INDEX webhook_deliveries_event_key ON webhook_deliveries (endpoint_id, event_id)
    WHERE resent_from IS NULL AND event_id IS NOT NULL`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// A message raised while its endpoint is disabled was not recorded at all, so enabling the
// endpoint again could not bring it back. It is now kept as a delivery in the 'held' state: not
// attempted, and not yet in its 24-hour window. Enabling the endpoint releases the held ones
// one at a time, oldest first, so a receiver hears of an event before it hears of the event's
// level changing.
// - status admits 'held'.
// - released_at: when a held delivery was released; its 24-hour window of retries runs from
//   then rather than from when it was queued.
// - webhook_deliveries_held_idx finds, among an endpoint's many finished deliveries, those it is
//   still catching up on: the held ones, oldest first, and the one released and not yet done.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_status_check`.execute(
    db,
  );
  await sql`
    ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check
    CHECK (status IN ('held', 'pending', 'delivered', 'failed'))`.execute(db);
  await sql`ALTER TABLE webhook_deliveries ADD COLUMN released_at timestamptz`.execute(db);
  await sql`
    CREATE INDEX webhook_deliveries_held_idx ON webhook_deliveries (endpoint_id, created_at, id)
    WHERE status = 'held' OR (status = 'pending' AND released_at IS NOT NULL)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX webhook_deliveries_held_idx`.execute(db);
  await sql`ALTER TABLE webhook_deliveries DROP COLUMN released_at`.execute(db);
  await sql`DELETE FROM webhook_deliveries WHERE status = 'held'`.execute(db);
  await sql`ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_status_check`.execute(
    db,
  );
  await sql`
    ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check
    CHECK (status IN ('pending', 'delivered', 'failed'))`.execute(db);
}

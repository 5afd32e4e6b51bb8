import { type Kysely, sql } from 'kysely';

// The history check of a new guard mails one summary of what it found: a delivery of its own
// kind. Guards that existed before the history check are marked checked: the check is for guards
// added from now on, and their subscribers are not mailed a summary of documents they were
// never promised one for.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check`.execute(db);
  await sql`
    ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check
      CHECK (kind IN ('welcome', 'login', 'verify', 'alert', 'digest', 'history'))`.execute(db);
  await sql`UPDATE apn_subscriptions SET history_checked_at = now() WHERE history_checked_at IS NULL`.execute(
    db,
  );
  await sql`UPDATE name_subscriptions SET history_checked_at = now() WHERE history_checked_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM deliveries WHERE kind = 'history'`.execute(db);
  await sql`ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check`.execute(db);
  await sql`
    ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check
      CHECK (kind IN ('welcome', 'login', 'verify', 'alert', 'digest'))`.execute(db);
}

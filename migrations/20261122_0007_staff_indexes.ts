import { type Kysely, sql } from 'kysely';

// Indexes of the staff back-office reads: GET /admin/users and GET /admin/metrics
// (docs/benchmarks.md has the plans and timings they were chosen by).
export async function up(db: Kysely<unknown>): Promise<void> {
  // The users list pages by these two orders. With the role in the index, the rows skipped by
  // OFFSET and hidden by the role rule are read from the index alone (no heap visit), and the
  // page's own rows are fetched afterwards by id.
  await sql`CREATE INDEX users_list_created_at_idx ON users (created_at, id) INCLUDE (role)`.execute(
    db,
  );
  // Code-point order ("C"): the same on every server whatever its locale, and a btree in it
  // serves the prefix match of a 1–2 character search term (LIKE 'ab%').
  await sql`CREATE INDEX users_list_email_idx ON users ((email COLLATE "C"), id) INCLUDE (role)`.execute(
    db,
  );
  // Metrics: subscribers signed in within 30 days, without visiting the heap for the role.
  await sql`CREATE INDEX users_role_last_login_at_idx ON users (role, last_login_at)`.execute(db);
  // Staff accounts are few: the metrics count everyone's items and subtract theirs.
  await sql`CREATE INDEX users_staff_idx ON users (id) WHERE role <> 'subscriber'`.execute(db);

  // Metrics by county in one ordered pass: items per county and distinct users per county.
  await sql`CREATE INDEX apn_subscriptions_county_user_idx ON apn_subscriptions (county_id, user_id)`.execute(
    db,
  );
  await sql`CREATE INDEX name_subscriptions_county_user_idx ON name_subscriptions (county_id, user_id)`.execute(
    db,
  );

  // Metrics: alerts sent per day.
  await sql`
    CREATE INDEX deliveries_alert_sent_at_idx ON deliveries (sent_at) INCLUDE (user_id)
      WHERE kind = 'alert' AND status = 'sent'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX deliveries_alert_sent_at_idx, name_subscriptions_county_user_idx,
      apn_subscriptions_county_user_idx, users_staff_idx, users_role_last_login_at_idx,
      users_list_email_idx, users_list_created_at_idx`.execute(db);
}

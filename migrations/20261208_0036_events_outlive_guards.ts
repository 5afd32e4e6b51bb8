import { type Kysely, sql } from 'kysely';

// Removing a guarded item stops the matching of documents recorded from then on; it no longer
// deletes what the item already matched. Until now the events' foreign keys to their guard were
// ON DELETE CASCADE: a removed guard took its alerts with it, and with them the subscriber's
// view of a fraud case opened on one and the right to download its document.
//
// - A BEFORE DELETE trigger on each guard table moves the guard's events off it: the guard's id
//   goes to events.removed_guard_id, what the dashboard, alerts, cases and webhooks show of it
//   to removed_guard_apn and removed_guard_description (a property) or removed_guard_name and
//   removed_guard_possible_matches (a name), its key to removed_guard_key, and the time to
//   removed_guard_at. The event keeps everything it said of its match (matched_value and the
//   rest), and its id, so cases, deliveries and webhook deliveries still point at it.
// - The foreign keys become ON DELETE SET NULL, which finds nothing left to do after the
//   trigger; and the check is now that an event has exactly one of its APN guard, its name
//   guard or a removed guard, so that no event is ever left saying nothing of what it matched.
// - Guarding the same item again (the same user, county and key, or the same name as written)
//   moves its removed guard's events back onto the new guard (an AFTER INSERT trigger), one per
//   document: events stay unique per guard and document, and the new guard's history check
//   finds them there instead of writing a second event for the same document.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE events
      ADD COLUMN removed_guard_id uuid,
      ADD COLUMN removed_guard_at timestamptz,
      ADD COLUMN removed_guard_apn text,
      ADD COLUMN removed_guard_description text,
      ADD COLUMN removed_guard_name text,
      ADD COLUMN removed_guard_key text COLLATE "C",
      ADD COLUMN removed_guard_possible_matches text
        CHECK (removed_guard_possible_matches IN ('digest', 'immediately', 'hide'))`.execute(db);
  await sql`ALTER TABLE events DROP CONSTRAINT events_check`.execute(db);
  await sql`
    ALTER TABLE events
      ADD CONSTRAINT events_one_guard_check
        CHECK (num_nonnulls(apn_subscription_id, name_subscription_id, removed_guard_id) = 1),
      ADD CONSTRAINT events_removed_guard_check
        CHECK (removed_guard_id IS NULL
               OR (removed_guard_at IS NOT NULL AND removed_guard_key IS NOT NULL
                   AND num_nonnulls(removed_guard_apn, removed_guard_name) = 1))`.execute(db);
  // The dashboard reads a user's events whatever their guard; guarding again looks up the
  // user's removed guards by key.
  await sql`
    CREATE INDEX events_removed_guard_idx ON events (user_id, removed_guard_key)
    WHERE removed_guard_id IS NOT NULL`.execute(db);

  for (const [column, table] of [
    ['apn_subscription_id', 'apn_subscriptions'],
    ['name_subscription_id', 'name_subscriptions'],
  ] as const) {
    await sql`
      ALTER TABLE events
        DROP CONSTRAINT ${sql.raw(`events_${column}_fkey`)},
        ADD CONSTRAINT ${sql.raw(`events_${column}_fkey`)}
          FOREIGN KEY (${sql.raw(column)}) REFERENCES ${sql.table(table)} (id) ON DELETE SET NULL`.execute(
      db,
    );
  }

  await sql`
    CREATE FUNCTION events_keep_removed_apn_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE events
      SET apn_subscription_id = NULL, removed_guard_id = OLD.id, removed_guard_at = now(),
          removed_guard_apn = OLD.apn, removed_guard_description = OLD.description,
          removed_guard_key = OLD.apn_key
      WHERE apn_subscription_id = OLD.id;
      RETURN OLD;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION events_keep_removed_name_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE events
      SET name_subscription_id = NULL, removed_guard_id = OLD.id, removed_guard_at = now(),
          removed_guard_name = OLD.name, removed_guard_key = OLD.name_key,
          removed_guard_possible_matches = OLD.possible_matches
      WHERE name_subscription_id = OLD.id;
      RETURN OLD;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION events_reattach_apn_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE events
      SET apn_subscription_id = NEW.id, removed_guard_id = NULL, removed_guard_at = NULL,
          removed_guard_apn = NULL, removed_guard_description = NULL, removed_guard_key = NULL
      WHERE id IN (
        SELECT DISTINCT ON (e.document_id) e.id
        FROM events e JOIN recorded_documents d ON d.id = e.document_id
        WHERE e.user_id = NEW.user_id AND e.removed_guard_id IS NOT NULL
          AND e.removed_guard_apn IS NOT NULL AND e.removed_guard_key = NEW.apn_key
          AND d.county_id = NEW.county_id
        ORDER BY e.document_id, e.removed_guard_at DESC, e.id);
      RETURN NULL;
    END $$`.execute(db);
  // By key, or by the name as written: a key computed by older rules (before the rekey job
  // rewrote the guards' keys) still finds its name.
  await sql`
    CREATE FUNCTION events_reattach_name_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE events
      SET name_subscription_id = NEW.id, removed_guard_id = NULL, removed_guard_at = NULL,
          removed_guard_name = NULL, removed_guard_key = NULL,
          removed_guard_possible_matches = NULL
      WHERE id IN (
        SELECT DISTINCT ON (e.document_id) e.id
        FROM events e JOIN recorded_documents d ON d.id = e.document_id
        WHERE e.user_id = NEW.user_id AND e.removed_guard_id IS NOT NULL
          AND e.removed_guard_name IS NOT NULL
          AND (e.removed_guard_key = NEW.name_key OR e.removed_guard_name = NEW.name)
          AND d.county_id = NEW.county_id
        ORDER BY e.document_id, e.removed_guard_at DESC, e.id);
      RETURN NULL;
    END $$`.execute(db);
  for (const [table, kind] of [
    ['apn_subscriptions', 'apn'],
    ['name_subscriptions', 'name'],
  ] as const) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_keep_events`)} BEFORE DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION ${sql.raw(`events_keep_removed_${kind}_guard`)}()`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_reattach_events`)} AFTER INSERT ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION ${sql.raw(`events_reattach_${kind}_guard`)}()`.execute(db);
  }
}

// Events of removed guards have nothing to point at once the columns go: they are deleted, as
// removing their guard did before.
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['apn_subscriptions', 'name_subscriptions']) {
    await sql`DROP TRIGGER ${sql.raw(`${table}_reattach_events`)} ON ${sql.table(table)}`.execute(
      db,
    );
    await sql`DROP TRIGGER ${sql.raw(`${table}_keep_events`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`
    DROP FUNCTION events_keep_removed_apn_guard(), events_keep_removed_name_guard(),
      events_reattach_apn_guard(), events_reattach_name_guard()`.execute(db);
  await sql`DELETE FROM events WHERE removed_guard_id IS NOT NULL`.execute(db);
  for (const [column, table] of [
    ['apn_subscription_id', 'apn_subscriptions'],
    ['name_subscription_id', 'name_subscriptions'],
  ] as const) {
    await sql`
      ALTER TABLE events
        DROP CONSTRAINT ${sql.raw(`events_${column}_fkey`)},
        ADD CONSTRAINT ${sql.raw(`events_${column}_fkey`)}
          FOREIGN KEY (${sql.raw(column)}) REFERENCES ${sql.table(table)} (id) ON DELETE CASCADE`.execute(
      db,
    );
  }
  await sql`DROP INDEX events_removed_guard_idx`.execute(db);
  await sql`
    ALTER TABLE events
      DROP CONSTRAINT events_removed_guard_check,
      DROP CONSTRAINT events_one_guard_check,
      ADD CONSTRAINT events_check
        CHECK ((apn_subscription_id IS NULL) <> (name_subscription_id IS NULL)),
      DROP COLUMN removed_guard_possible_matches, DROP COLUMN removed_guard_key,
      DROP COLUMN removed_guard_name, DROP COLUMN removed_guard_description,
      DROP COLUMN removed_guard_apn, DROP COLUMN removed_guard_at,
      DROP COLUMN removed_guard_id`.execute(db);
}

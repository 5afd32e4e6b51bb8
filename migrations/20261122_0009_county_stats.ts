import { type Kysely, sql } from 'kysely';

// The back-office's per-county figures (subscribers' APN and name items, the subscribers guarding
// something there, their events), kept exact by triggers so GET admin/metrics reads a few rows
// instead of aggregating millions (docs/benchmarks.md).
//
// Triggers never update a shared counter row: each statement appends its change to
// county_stats_deltas, and county_stats_compact() (run by the prune cron) folds the deltas into
// county_stats. Readers add the two. So registrations and matcher batches touching the same
// county never wait on one another and cannot deadlock over counter rows.
//
// Staff accounts are left out everywhere. A subscriber's row is locked (FOR NO KEY UPDATE, which
// does not block the foreign-key checks of inserts) before deciding whether an item is their
// first or last in a county, so two transactions of one subscriber see each other's items.
//
// county_stats_recount() rebuilds everything from the tables, for loaders that bypass triggers
// (session_replication_role = replica) and for tests that check the counters.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE county_stats (
      county_id          integer PRIMARY KEY REFERENCES counties (id) ON DELETE CASCADE,
      apn_subscriptions  bigint NOT NULL DEFAULT 0,
      name_subscriptions bigint NOT NULL DEFAULT 0,
      guarding_users     bigint NOT NULL DEFAULT 0,
      events             bigint NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    CREATE TABLE county_stats_deltas (
      id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      county_id          integer NOT NULL REFERENCES counties (id) ON DELETE CASCADE,
      apn_subscriptions  bigint NOT NULL DEFAULT 0,
      name_subscriptions bigint NOT NULL DEFAULT 0,
      guarding_users     bigint NOT NULL DEFAULT 0,
      events             bigint NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE INDEX county_stats_deltas_county_id_idx ON county_stats_deltas (county_id)`.execute(
    db,
  );

  await sql`
    CREATE FUNCTION county_stats_county_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO county_stats (county_id) SELECT id FROM added;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER counties_stats_insert AFTER INSERT ON counties
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION county_stats_county_added()`.execute(
    db,
  );

  // How many items a user guards in a county, over both tables.
  await sql`
    CREATE FUNCTION county_stats_items_of(p_user uuid, p_county integer) RETURNS bigint
    LANGUAGE sql STABLE AS $$
      SELECT (SELECT count(*) FROM apn_subscriptions WHERE user_id = p_user AND county_id = p_county)
           + (SELECT count(*) FROM name_subscriptions WHERE user_id = p_user AND county_id = p_county)
    $$`.execute(db);

  // One function for both item tables and both directions: TG_TABLE_NAME says which column,
  // TG_OP the sign. After an insert a (user, county) pair is new when all its items are in this
  // statement; after a delete it is gone when none is left.
  await sql`
    CREATE FUNCTION county_stats_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
      is_apn boolean := TG_TABLE_NAME = 'apn_subscriptions';
    BEGIN
      PERFORM 1 FROM users u
      WHERE u.id IN (SELECT DISTINCT user_id FROM changed) AND u.role = 'subscriber'
      ORDER BY u.id FOR NO KEY UPDATE;

      INSERT INTO county_stats_deltas (county_id, apn_subscriptions, name_subscriptions, guarding_users)
      SELECT p.county_id,
             CASE WHEN is_apn THEN sign * sum(p.n) ELSE 0 END,
             CASE WHEN is_apn THEN 0 ELSE sign * sum(p.n) END,
             sign * count(*) FILTER (WHERE county_stats_items_of(p.user_id, p.county_id)
                                           = CASE WHEN sign = 1 THEN p.n ELSE 0 END)
      FROM (SELECT c.county_id, c.user_id, count(*) AS n
            FROM changed c
            JOIN users u ON u.id = c.user_id AND u.role = 'subscriber'
            JOIN counties k ON k.id = c.county_id
            GROUP BY c.county_id, c.user_id) AS p
      GROUP BY p.county_id;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['apn_subscriptions', 'name_subscriptions']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_stats_insert`)} AFTER INSERT ON ${sql.table(table)}
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
      EXECUTE FUNCTION county_stats_items_changed()`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_stats_delete`)} AFTER DELETE ON ${sql.table(table)}
      REFERENCING OLD TABLE AS changed FOR EACH STATEMENT
      EXECUTE FUNCTION county_stats_items_changed()`.execute(db);
  }

  // Events count in the county of their document. Rows whose user is already gone (the cascade
  // of deleting a subscriber) are skipped: the users trigger below has accounted for them. Rows
  // whose document or county is gone are skipped too: documents are only ever deleted with
  // their county, whose figures go with it. (The joins to counties in these functions are for
  // that cascade: its deltas would reference a county being deleted.)
  await sql`
    CREATE FUNCTION county_stats_events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
    BEGIN
      INSERT INTO county_stats_deltas (county_id, events)
      SELECT d.county_id, sign * count(*)
      FROM changed e
      JOIN users u ON u.id = e.user_id AND u.role = 'subscriber'
      JOIN recorded_documents d ON d.id = e.document_id
      JOIN counties k ON k.id = d.county_id
      GROUP BY d.county_id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER events_stats_insert AFTER INSERT ON events
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION county_stats_events_changed()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER events_stats_delete AFTER DELETE ON events
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION county_stats_events_changed()`.execute(
    db,
  );

  // Everything a set of users contributes, with a sign: used when subscribers are deleted (before
  // the cascade removes their rows) and when a role changes to or from subscriber.
  await sql`
    CREATE FUNCTION county_stats_users_contribution(p_users uuid[], p_sign integer) RETURNS void
    LANGUAGE sql AS $$
      INSERT INTO county_stats_deltas (county_id, apn_subscriptions, name_subscriptions, guarding_users, events)
      SELECT county_id, p_sign * sum(apn), p_sign * sum(names), p_sign * sum(users), p_sign * sum(events)
      FROM (
        SELECT county_id, sum(apn) AS apn, sum(names) AS names, 1 AS users, 0 AS events
        FROM (SELECT county_id, user_id, 1 AS apn, 0 AS names FROM apn_subscriptions
              WHERE user_id = ANY (p_users)
              UNION ALL
              SELECT county_id, user_id, 0, 1 FROM name_subscriptions
              WHERE user_id = ANY (p_users)) AS items
        GROUP BY county_id, user_id
        UNION ALL
        SELECT d.county_id, 0, 0, 0, count(*)
        FROM events e JOIN recorded_documents d ON d.id = e.document_id
        WHERE e.user_id = ANY (p_users)
        GROUP BY d.county_id
      ) AS parts
      WHERE EXISTS (SELECT 1 FROM counties k WHERE k.id = parts.county_id)
      GROUP BY county_id
    $$`.execute(db);
  await sql`
    CREATE FUNCTION county_stats_user_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.role = 'subscriber' THEN
        PERFORM county_stats_users_contribution(ARRAY[OLD.id], -1);
      END IF;
      RETURN OLD;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_stats_delete BEFORE DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION county_stats_user_deleted()`.execute(db);
  await sql`
    CREATE FUNCTION county_stats_role_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM county_stats_users_contribution(
        ARRAY(SELECT n.id FROM before_rows o JOIN after_rows n USING (id)
              WHERE o.role <> 'subscriber' AND n.role = 'subscriber'), 1);
      PERFORM county_stats_users_contribution(
        ARRAY(SELECT n.id FROM before_rows o JOIN after_rows n USING (id)
              WHERE o.role = 'subscriber' AND n.role <> 'subscriber'), -1);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_stats_role_update AFTER UPDATE ON users
    REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
    FOR EACH STATEMENT EXECUTE FUNCTION county_stats_role_changed()`.execute(db);

  await sql`
    CREATE FUNCTION county_stats_compact() RETURNS bigint LANGUAGE sql AS $$
      WITH moved AS (DELETE FROM county_stats_deltas RETURNING *),
      sums AS (
        SELECT county_id, sum(apn_subscriptions) AS apn, sum(name_subscriptions) AS names,
               sum(guarding_users) AS users, sum(events) AS events, count(*) AS n
        FROM moved GROUP BY county_id
      ),
      updated AS (
        UPDATE county_stats c
        SET apn_subscriptions = c.apn_subscriptions + s.apn,
            name_subscriptions = c.name_subscriptions + s.names,
            guarding_users = c.guarding_users + s.users,
            events = c.events + s.events
        FROM sums s WHERE c.county_id = s.county_id
      )
      SELECT coalesce(sum(n), 0)::bigint FROM sums
    $$`.execute(db);

  await sql`
    CREATE FUNCTION county_stats_recount() RETURNS void LANGUAGE sql AS $$
      DELETE FROM county_stats_deltas;
      INSERT INTO county_stats (county_id) SELECT id FROM counties ON CONFLICT DO NOTHING;
      WITH subscribers_items AS (
        SELECT s.county_id, s.user_id, true AS is_apn FROM apn_subscriptions s
        JOIN users u ON u.id = s.user_id AND u.role = 'subscriber'
        UNION ALL
        SELECT s.county_id, s.user_id, false FROM name_subscriptions s
        JOIN users u ON u.id = s.user_id AND u.role = 'subscriber'
      ),
      items AS (
        SELECT county_id, count(*) FILTER (WHERE is_apn) AS apn,
               count(*) FILTER (WHERE NOT is_apn) AS names, count(DISTINCT user_id) AS users
        FROM subscribers_items GROUP BY county_id
      ),
      event_counts AS (
        SELECT d.county_id, count(*) AS events
        FROM events e
        JOIN users u ON u.id = e.user_id AND u.role = 'subscriber'
        JOIN recorded_documents d ON d.id = e.document_id
        GROUP BY d.county_id
      )
      UPDATE county_stats c
      SET apn_subscriptions = coalesce(i.apn, 0), name_subscriptions = coalesce(i.names, 0),
          guarding_users = coalesce(i.users, 0), events = coalesce(x.events, 0)
      FROM counties k
      LEFT JOIN items i ON i.county_id = k.id
      LEFT JOIN event_counts x ON x.county_id = k.id
      WHERE c.county_id = k.id
    $$`.execute(db);
  await sql`SELECT county_stats_recount()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER users_stats_role_update ON users`.execute(db);
  await sql`DROP TRIGGER users_stats_delete ON users`.execute(db);
  await sql`DROP TRIGGER events_stats_delete ON events`.execute(db);
  await sql`DROP TRIGGER events_stats_insert ON events`.execute(db);
  for (const table of ['apn_subscriptions', 'name_subscriptions']) {
    await sql`DROP TRIGGER ${sql.raw(`${table}_stats_delete`)} ON ${sql.table(table)}`.execute(db);
    await sql`DROP TRIGGER ${sql.raw(`${table}_stats_insert`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP TRIGGER counties_stats_insert ON counties`.execute(db);
  await sql`
    DROP FUNCTION county_stats_recount(), county_stats_compact(), county_stats_role_changed(),
      county_stats_user_deleted(), county_stats_users_contribution(uuid[], integer),
      county_stats_events_changed(), county_stats_items_changed(),
      county_stats_items_of(uuid, integer), county_stats_county_added()`.execute(db);
  await sql`DROP TABLE county_stats_deltas, county_stats`.execute(db);
}

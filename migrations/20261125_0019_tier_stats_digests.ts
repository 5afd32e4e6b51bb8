import { type Kysely, sql } from 'kysely';

// Events per match tier for the back-office, and the daily digest of possible matches.
//
// - county_stats and county_stats_deltas get one counter per tier beside the events total,
//   kept by the same statement triggers as the total (migration 0009): its functions are
//   replaced by versions that also count each tier, and a row trigger moves an event between
//   tiers should its tier ever be rewritten. The counters are then rebuilt from the tables.
// - deliveries.kind admits 'digest': the morning email listing a subscriber's possible matches.
// - digests: one row per subscriber and county day on which a digest went out, written in the
//   transaction that queues it, so a retried or repeated run never mails a second one that day.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['county_stats', 'county_stats_deltas']) {
    await sql`
      ALTER TABLE ${sql.table(table)}
        ADD COLUMN events_exact bigint NOT NULL DEFAULT 0,
        ADD COLUMN events_strong bigint NOT NULL DEFAULT 0,
        ADD COLUMN events_possible bigint NOT NULL DEFAULT 0`.execute(db);
  }

  await sql`
    CREATE OR REPLACE FUNCTION county_stats_events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
    BEGIN
      INSERT INTO county_stats_deltas (county_id, events, events_exact, events_strong, events_possible)
      SELECT d.county_id, sign * count(*),
             sign * count(*) FILTER (WHERE e.tier = 'exact'),
             sign * count(*) FILTER (WHERE e.tier = 'strong'),
             sign * count(*) FILTER (WHERE e.tier = 'possible')
      FROM changed e
      JOIN users u ON u.id = e.user_id AND u.role = 'subscriber'
      JOIN recorded_documents d ON d.id = e.document_id
      JOIN counties k ON k.id = d.county_id
      GROUP BY d.county_id;
      RETURN NULL;
    END $$`.execute(db);

  // A row trigger limited to statements that set the tier: archiving and digesting, which
  // update many events, never fire it.
  await sql`
    CREATE FUNCTION county_stats_event_tier_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO county_stats_deltas (county_id, events_exact, events_strong, events_possible)
      SELECT d.county_id,
             (NEW.tier = 'exact')::int - (OLD.tier = 'exact')::int,
             (NEW.tier = 'strong')::int - (OLD.tier = 'strong')::int,
             (NEW.tier = 'possible')::int - (OLD.tier = 'possible')::int
      FROM users u
      JOIN recorded_documents d ON d.id = NEW.document_id
      WHERE u.id = NEW.user_id AND u.role = 'subscriber';
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER events_stats_tier_update AFTER UPDATE OF tier ON events
    FOR EACH ROW WHEN (OLD.tier IS DISTINCT FROM NEW.tier)
    EXECUTE FUNCTION county_stats_event_tier_changed()`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION county_stats_users_contribution(p_users uuid[], p_sign integer) RETURNS void
    LANGUAGE sql AS $$
      INSERT INTO county_stats_deltas (county_id, apn_subscriptions, name_subscriptions, guarding_users,
                                       events, events_exact, events_strong, events_possible)
      SELECT county_id, p_sign * sum(apn), p_sign * sum(names), p_sign * sum(users),
             p_sign * sum(events), p_sign * sum(exact), p_sign * sum(strong), p_sign * sum(possible)
      FROM (
        SELECT county_id, sum(apn) AS apn, sum(names) AS names, 1 AS users, 0 AS events,
               0 AS exact, 0 AS strong, 0 AS possible
        FROM (SELECT county_id, user_id, 1 AS apn, 0 AS names FROM apn_subscriptions
              WHERE user_id = ANY (p_users)
              UNION ALL
              SELECT county_id, user_id, 0, 1 FROM name_subscriptions
              WHERE user_id = ANY (p_users)) AS items
        GROUP BY county_id, user_id
        UNION ALL
        SELECT d.county_id, 0, 0, 0, count(*),
               count(*) FILTER (WHERE e.tier = 'exact'),
               count(*) FILTER (WHERE e.tier = 'strong'),
               count(*) FILTER (WHERE e.tier = 'possible')
        FROM events e JOIN recorded_documents d ON d.id = e.document_id
        WHERE e.user_id = ANY (p_users)
        GROUP BY d.county_id
      ) AS parts
      WHERE EXISTS (SELECT 1 FROM counties k WHERE k.id = parts.county_id)
      GROUP BY county_id
    $$`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION county_stats_compact() RETURNS bigint LANGUAGE sql AS $$
      WITH moved AS (DELETE FROM county_stats_deltas RETURNING *),
      sums AS (
        SELECT county_id, sum(apn_subscriptions) AS apn, sum(name_subscriptions) AS names,
               sum(guarding_users) AS users, sum(events) AS events, sum(events_exact) AS exact,
               sum(events_strong) AS strong, sum(events_possible) AS possible, count(*) AS n
        FROM moved GROUP BY county_id
      ),
      updated AS (
        UPDATE county_stats c
        SET apn_subscriptions = c.apn_subscriptions + s.apn,
            name_subscriptions = c.name_subscriptions + s.names,
            guarding_users = c.guarding_users + s.users,
            events = c.events + s.events,
            events_exact = c.events_exact + s.exact,
            events_strong = c.events_strong + s.strong,
            events_possible = c.events_possible + s.possible
        FROM sums s WHERE c.county_id = s.county_id
      )
      SELECT coalesce(sum(n), 0)::bigint FROM sums
    $$`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION county_stats_recount() RETURNS void LANGUAGE sql AS $$
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
        SELECT d.county_id, count(*) AS events,
               count(*) FILTER (WHERE e.tier = 'exact') AS exact,
               count(*) FILTER (WHERE e.tier = 'strong') AS strong,
               count(*) FILTER (WHERE e.tier = 'possible') AS possible
        FROM events e
        JOIN users u ON u.id = e.user_id AND u.role = 'subscriber'
        JOIN recorded_documents d ON d.id = e.document_id
        GROUP BY d.county_id
      )
      UPDATE county_stats c
      SET apn_subscriptions = coalesce(i.apn, 0), name_subscriptions = coalesce(i.names, 0),
          guarding_users = coalesce(i.users, 0), events = coalesce(x.events, 0),
          events_exact = coalesce(x.exact, 0), events_strong = coalesce(x.strong, 0),
          events_possible = coalesce(x.possible, 0)
      FROM counties k
      LEFT JOIN items i ON i.county_id = k.id
      LEFT JOIN event_counts x ON x.county_id = k.id
      WHERE c.county_id = k.id
    $$`.execute(db);
  await sql`SELECT county_stats_recount()`.execute(db);

  await sql`ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check`.execute(db);
  await sql`
    ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check
      CHECK (kind IN ('welcome', 'login', 'verify', 'alert', 'digest'))`.execute(db);

  await sql`
    CREATE TABLE digests (
      user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      digest_day date NOT NULL,
      events     integer NOT NULL CHECK (events > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, digest_day)
    )`.execute(db);
  // Old days are pruned by the digest run itself.
  await sql`CREATE INDEX digests_digest_day_idx ON digests (digest_day)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE digests`.execute(db);
  await sql`DELETE FROM deliveries WHERE kind = 'digest'`.execute(db);
  await sql`ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check`.execute(db);
  await sql`
    ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check
      CHECK (kind IN ('welcome', 'login', 'verify', 'alert'))`.execute(db);

  await sql`DROP TRIGGER events_stats_tier_update ON events`.execute(db);
  await sql`DROP FUNCTION county_stats_event_tier_changed()`.execute(db);
  // The functions as migration 0009 wrote them, before the tier columns go.
  await sql`
    CREATE OR REPLACE FUNCTION county_stats_events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
    CREATE OR REPLACE FUNCTION county_stats_users_contribution(p_users uuid[], p_sign integer) RETURNS void
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
    CREATE OR REPLACE FUNCTION county_stats_compact() RETURNS bigint LANGUAGE sql AS $$
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
    CREATE OR REPLACE FUNCTION county_stats_recount() RETURNS void LANGUAGE sql AS $$
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
  for (const table of ['county_stats_deltas', 'county_stats']) {
    await sql`
      ALTER TABLE ${sql.table(table)}
        DROP COLUMN events_possible, DROP COLUMN events_strong, DROP COLUMN events_exact`.execute(
      db,
    );
  }
}

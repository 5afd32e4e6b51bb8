import { type Kysely, type RawBuilder, sql } from 'kysely';

// The per-county event counters are kept by a statement trigger over the events a statement
// inserts or deletes. It joined those events to users (only subscribers' events count) and to
// recorded_documents (for the county), and the planner, sizing the thousands of events of a
// matcher's batch, hashed the whole users table for it: 110 ms of a 1,000-document batch
// against 333,000 users, growing with every user who signs up. The trigger now looks up each
// distinct user and document of the statement by its primary key, a few thousand probes
// whatever the size of the tables.

/** The statement's events counted per county, `from` joining them to their subscriber and county. */
const eventsChanged = (from: RawBuilder<unknown>) => sql`
  CREATE OR REPLACE FUNCTION county_stats_events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
  BEGIN
    INSERT INTO county_stats_deltas (county_id, events, events_exact, events_strong, events_possible,
                                     events_act_now, events_check, events_records)
    SELECT d.county_id, sign * count(*),
           sign * count(*) FILTER (WHERE e.tier = 'exact'),
           sign * count(*) FILTER (WHERE e.tier = 'strong'),
           sign * count(*) FILTER (WHERE e.tier = 'possible'),
           sign * count(*) FILTER (WHERE e.level = 'act_now'),
           sign * count(*) FILTER (WHERE e.level = 'check'),
           sign * count(*) FILTER (WHERE e.level = 'records')
    ${from}
    GROUP BY d.county_id;
    RETURN NULL;
  END $$`;

// Rows whose user, document or county is gone (the cascades of deleting a subscriber or a
// county) are skipped as before: what is deleted with them is accounted for elsewhere.
const probed = sql`
    FROM changed e
    -- A probe of users_pkey per distinct user (OFFSET 0 keeps it one), then of
    -- recorded_documents_pkey per distinct document.
    JOIN (SELECT u.id
          FROM (SELECT DISTINCT user_id FROM changed) AS c
          CROSS JOIN LATERAL (
            SELECT u.id FROM users u WHERE u.id = c.user_id AND u.role = 'subscriber' OFFSET 0
          ) AS u) AS u ON u.id = e.user_id
    JOIN (SELECT d.id, d.county_id
          FROM (SELECT DISTINCT document_id FROM changed) AS c
          CROSS JOIN LATERAL (
            SELECT d.id, d.county_id FROM recorded_documents d WHERE d.id = c.document_id OFFSET 0
          ) AS d
          JOIN counties k ON k.id = d.county_id) AS d ON d.id = e.document_id`;

const joined = sql`
    FROM changed e
    JOIN users u ON u.id = e.user_id AND u.role = 'subscriber'
    JOIN recorded_documents d ON d.id = e.document_id
    JOIN counties k ON k.id = d.county_id`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await eventsChanged(probed).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await eventsChanged(joined).execute(db);
}

import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';

// Counts come back as strings (int8); the service converts them.
type Count = string;
export type ByCounty = { county_id: number; n: Count };
export type Executor = Kysely<DB>;

/**
 * Runs `run` in a read-only transaction with planner settings local to it. JIT is off for
 * every metrics query: they are short scans, and JIT compiling (triggered by the row estimates
 * of joins like the daily series') cost more than the queries themselves (285 ms of a 350 ms
 * query at 1M users, docs/benchmarks.md).
 */
async function withSettings<T>(
  db: Executor,
  settings: readonly string[],
  run: (trx: Executor) => Promise<T>,
): Promise<T> {
  return db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      for (const setting of ['jit = off', ...settings]) {
        await sql`SET LOCAL ${sql.raw(setting)}`.execute(trx);
      }
      return run(trx);
    });
}

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql<T>>, settings: string[] = []) =>
  withSettings(db, settings, async (trx) => (await query.execute(trx)).rows);

export function counties(db: Executor) {
  return db.selectFrom('counties').select(['id', 'name']).orderBy('name').execute();
}

/** Subscribers: all, signed in since `activeSince`, registered since `registeredSince`. */
export async function subscriberTotals(
  db: Executor,
  since: { activeSince: Date; registeredSince: Date },
) {
  const rows = await rowsOf(
    db,
    sql<{ total: Count; active: Count; registered: Count }>`
      SELECT
        (SELECT count(*) FROM users WHERE role = 'subscriber') AS total,
        (SELECT count(*) FROM users
          WHERE role = 'subscriber' AND last_login_at >= ${since.activeSince}) AS active,
        (SELECT count(*) FROM users
          WHERE role = 'subscriber' AND created_at >= ${since.registeredSince}) AS registered`,
  );
  return rows[0]!;
}

// The by-county counts below are over every account; the staff's share, found from the few
// staff ids (users_staff_idx), is counted apart and subtracted by the service. Filtering staff out of the
// big scans instead would cost a probe per row and lose the index order the plans rely on.

export function apnSubscriptionsByCounty(db: Executor) {
  return rowsOf(
    db,
    sql<ByCounty>`SELECT county_id, count(*) AS n FROM apn_subscriptions GROUP BY county_id`,
  );
}

export function nameSubscriptionsByCounty(db: Executor) {
  return rowsOf(
    db,
    sql<ByCounty>`SELECT county_id, count(*) AS n FROM name_subscriptions GROUP BY county_id`,
  );
}

/**
 * The distinct users guarding something in each county: one pass over the (county_id, user_id)
 * indexes of both tables, merged in order, duplicates dropped as they stream by.
 *
 * The planner guesses 40,000 (county, user) pairs where there are about as many as users, and
 * picks a hash aggregate or a sort that spills to disk: 1–3 s instead of ~0.2 s at 1M users
 * (docs/benchmarks.md). These settings, local to the transaction, keep it on the merge.
 */
export function guardingUsersByCounty(db: Executor) {
  return rowsOf(
    db,
    sql<ByCounty>`
      SELECT county_id, count(*) AS n
      FROM (SELECT DISTINCT county_id, user_id
            FROM (SELECT county_id, user_id FROM apn_subscriptions
                  UNION ALL
                  SELECT county_id, user_id FROM name_subscriptions) AS s) AS pairs
      GROUP BY county_id`,
    ['enable_hashagg = off', 'enable_sort = off'],
  );
}

/** Events by the county of their recorded document, grouped by document first (index order). */
export function eventsByCounty(db: Executor) {
  return rowsOf(
    db,
    sql<ByCounty>`
      SELECT d.county_id, sum(e.n) AS n
      FROM (SELECT document_id, count(*) AS n FROM events GROUP BY document_id) AS e
      JOIN recorded_documents d ON d.id = e.document_id
      GROUP BY d.county_id`,
  );
}

export type StaffShare = {
  county_id: number;
  apn: Count;
  names: Count;
  users: Count;
  events: Count;
};

/**
 * The staff accounts' share of the by-county counts: their items, themselves, their events.
 * Their ids go in as one array, so each table is probed through its user_id index
 * (= ANY(array)), however many staff there are; joined instead, the planner may hash a whole
 * table to find a few rows.
 */
export function staffShareByCounty(db: Executor) {
  return rowsOf(
    db,
    sql<StaffShare>`
      WITH staff AS MATERIALIZED (
        SELECT coalesce(array_agg(id), '{}') AS ids FROM users WHERE role <> 'subscriber'
      ),
      items AS (
        SELECT county_id, user_id, true AS is_apn FROM apn_subscriptions
        WHERE user_id = ANY ((SELECT ids FROM staff)::uuid[])
        UNION ALL
        SELECT county_id, user_id, false FROM name_subscriptions
        WHERE user_id = ANY ((SELECT ids FROM staff)::uuid[])
      ),
      guards AS (
        SELECT county_id, count(*) FILTER (WHERE is_apn) AS apn,
               count(*) FILTER (WHERE NOT is_apn) AS names, count(DISTINCT user_id) AS users
        FROM items GROUP BY county_id
      ),
      staff_events AS (
        SELECT d.county_id, count(*) AS events
        FROM events e
        JOIN recorded_documents d ON d.id = e.document_id
        WHERE e.user_id = ANY ((SELECT ids FROM staff)::uuid[])
        GROUP BY d.county_id
      )
      SELECT county_id, coalesce(g.apn, 0) AS apn, coalesce(g.names, 0) AS names,
             coalesce(g.users, 0) AS users, coalesce(x.events, 0) AS events
      FROM guards g FULL JOIN staff_events x USING (county_id)`,
  );
}

/**
 * `days` UTC days from `firstDay` (its UTC midnight is `since`): subscribers registered,
 * subscribers' events, and alert emails sent to subscribers, each day; 0 on a day with none.
 */
export function daily(db: Executor, range: { firstDay: string; since: Date; days: number }) {
  return rowsOf(
    db,
    sql<{
      date: string;
      registrations: Count;
      events: Count;
      alerts_sent: Count;
    }>`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
           coalesce(r.n, 0) AS registrations,
           coalesce(e.n, 0) AS events,
           coalesce(a.n, 0) AS alerts_sent
    FROM (SELECT ${range.firstDay}::date + i AS day
          FROM generate_series(0, ${range.days - 1}) AS i) AS d
    LEFT JOIN (
      SELECT (u.created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n
      FROM users u
      WHERE u.role = 'subscriber' AND u.created_at >= ${range.since}
      GROUP BY 1
    ) AS r USING (day)
    LEFT JOIN (
      SELECT (e.created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n
      FROM events e
      WHERE e.created_at >= ${range.since}
        AND NOT EXISTS (SELECT 1 FROM users s WHERE s.id = e.user_id AND s.role <> 'subscriber')
      GROUP BY 1
    ) AS e USING (day)
    LEFT JOIN (
      SELECT (l.sent_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n
      FROM deliveries l
      WHERE l.kind = 'alert' AND l.status = 'sent' AND l.sent_at >= ${range.since}
        AND NOT EXISTS (SELECT 1 FROM users s WHERE s.id = l.user_id AND s.role <> 'subscriber')
      GROUP BY 1
    ) AS a USING (day)
    ORDER BY d.day`,
  );
}

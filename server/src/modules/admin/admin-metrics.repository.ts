import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

// Counts come back as strings (int8); the service converts them.
type Count = string;
export type ByCounty = { county_id: number; n: Count };

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

/**
 * Subscribers: all (kept by triggers in user_role_counts), signed in since `activeSince` and
 * registered since `registeredSince` (index-only scans of the recent end of two indexes).
 */
export async function subscriberTotals(
  db: Executor,
  since: { activeSince: Date; registeredSince: Date },
) {
  const rows = await rowsOf(
    db,
    sql<{ total: Count; active: Count; registered: Count }>`
      SELECT
        (SELECT users FROM user_role_counts WHERE role = 'subscriber') AS total,
        (SELECT count(*) FROM users
          WHERE role = 'subscriber' AND last_login_at >= ${since.activeSince}) AS active,
        (SELECT count(*) FROM users
          WHERE role = 'subscriber' AND created_at >= ${since.registeredSince}) AS registered`,
  );
  return rows[0]!;
}

export type CountyFigures = {
  county_id: number;
  apn: Count;
  names: Count;
  users: Count;
  events: Count;
  exact: Count;
  strong: Count;
  possible: Count;
  act_now: Count;
  check: Count;
  records: Count;
};

/**
 * Subscribers' items, guarding subscribers, and events in all, per tier and per level, per
 * county: the counters of migrations 0009, 0019 and 0023 plus the changes not yet folded into
 * them.
 */
export async function countyFigures(db: Executor) {
  const { rows } = await sql<CountyFigures>`
      SELECT c.county_id,
             c.apn_subscriptions + coalesce(d.apn, 0) AS apn,
             c.name_subscriptions + coalesce(d.names, 0) AS names,
             c.guarding_users + coalesce(d.users, 0) AS users,
             c.events + coalesce(d.events, 0) AS events,
             c.events_exact + coalesce(d.exact, 0) AS exact,
             c.events_strong + coalesce(d.strong, 0) AS strong,
             c.events_possible + coalesce(d.possible, 0) AS possible,
             c.events_act_now + coalesce(d.act_now, 0) AS act_now,
             c.events_check + coalesce(d.checks, 0) AS "check",
             c.events_records + coalesce(d.records, 0) AS records
      FROM county_stats c
      LEFT JOIN (
        SELECT county_id, sum(apn_subscriptions) AS apn, sum(name_subscriptions) AS names,
               sum(guarding_users) AS users, sum(events) AS events,
               sum(events_exact) AS exact, sum(events_strong) AS strong,
               sum(events_possible) AS possible, sum(events_act_now) AS act_now,
               sum(events_check) AS checks, sum(events_records) AS records
        FROM county_stats_deltas GROUP BY county_id
      ) AS d USING (county_id)`.execute(db);
  return rows;
}

/** Open cases per county (a few hundred at most: an index range of cases_county_status_idx). */
export function openCasesByCounty(db: Executor) {
  return db
    .selectFrom('cases')
    .select(['county_id', (eb) => eb.fn.countAll<Count>().as('n')])
    .where('status', '=', 'open')
    .groupBy('county_id')
    .execute();
}

/** Folds the counters' pending changes into them; returns how many were folded. */
export async function compactCountyFigures(db: Executor): Promise<number> {
  const { rows } = await sql<{ n: Count }>`SELECT county_stats_compact() AS n`.execute(db);
  return Number(rows[0]!.n);
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

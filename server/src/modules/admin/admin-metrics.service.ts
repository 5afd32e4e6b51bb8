import type { Database } from '../../db/database.ts';
import * as repo from './admin-metrics.repository.ts';
import { DAILY_DAYS, type Metrics } from './admin-metrics.schemas.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const ACTIVE_WINDOW_MS = 30 * DAY_MS;
export const REGISTERED_WINDOW_MS = 7 * DAY_MS;

/** The UTC midnight starting the first of the `days` days that end today (UTC). */
export function firstDayOf(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/** Adds a county's `counts` to the `totals` of every county; returns the county's counts. */
function addTo<K extends string>(totals: Record<K, number>, counts: Record<K, number>) {
  for (const key in counts) totals[key] += counts[key];
  return counts;
}

/**
 * The back-office statistics. Everything counts subscribers only: staff accounts, and any
 * item, event or alert of theirs, are left out. The per-county figures, events per tier and
 * per level included, come from counters kept by triggers (migrations 0009, 0019 and 0023);
 * the rest are range scans of recent rows and the open cases. The queries run at once, each on
 * its own connection.
 */
export async function metrics(db: Database, now = new Date()): Promise<Metrics> {
  const since = firstDayOf(now, DAILY_DAYS);
  const [counties, totals, figures, days, cases] = await Promise.all([
    repo.counties(db),
    repo.subscriberTotals(db, {
      activeSince: new Date(now.getTime() - ACTIVE_WINDOW_MS),
      registeredSince: new Date(now.getTime() - REGISTERED_WINDOW_MS),
    }),
    repo.countyFigures(db),
    repo.daily(db, { firstDay: since.toISOString().slice(0, 10), since, days: DAILY_DAYS }),
    repo.openCasesByCounty(db),
  ]);
  const byCounty = new Map(figures.map((f) => [f.county_id, f]));
  const openCasesOf = new Map(cases.map((c) => [c.county_id, Number(c.n)]));

  const result: Metrics = {
    totalUsers: Number(totals.total),
    activeUsersInLast30Days: Number(totals.active),
    totalRegisteredInLast7Days: Number(totals.registered),
    totalApnSubscriptions: 0,
    totalNameSubscriptions: 0,
    totalEvents: 0,
    eventsByCounty: {},
    eventsByTier: { exact: 0, strong: 0, possible: 0 },
    eventsByCountyAndTier: {},
    eventsByLevel: { act_now: 0, check: 0, records: 0 },
    eventsByCountyAndLevel: {},
    openCases: 0,
    openCasesByCounty: {},
    subscriptionsApnByCounty: {},
    subscriptionsNameByCounty: {},
    usersByCounty: {},
    daily: days.map((d) => ({
      date: d.date,
      registrations: Number(d.registrations),
      events: Number(d.events),
      alertsSent: Number(d.alerts_sent),
    })),
  };
  // Every item and every event belongs to exactly one county: the totals are the sums.
  for (const county of counties) {
    const f = byCounty.get(county.id);
    const apn = Number(f?.apn ?? 0);
    const names = Number(f?.names ?? 0);
    const events = Number(f?.events ?? 0);
    result.subscriptionsApnByCounty[county.name] = apn;
    result.subscriptionsNameByCounty[county.name] = names;
    result.usersByCounty[county.name] = Number(f?.users ?? 0);
    result.eventsByCounty[county.name] = events;
    result.eventsByCountyAndTier[county.name] = addTo(result.eventsByTier, {
      exact: Number(f?.exact ?? 0),
      strong: Number(f?.strong ?? 0),
      possible: Number(f?.possible ?? 0),
    });
    result.eventsByCountyAndLevel[county.name] = addTo(result.eventsByLevel, {
      act_now: Number(f?.act_now ?? 0),
      check: Number(f?.check ?? 0),
      records: Number(f?.records ?? 0),
    });
    const open = openCasesOf.get(county.id) ?? 0;
    result.openCasesByCounty[county.name] = open;
    result.openCases += open;
    result.totalApnSubscriptions += apn;
    result.totalNameSubscriptions += names;
    result.totalEvents += events;
  }
  return result;
}

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

/**
 * The back-office statistics. Everything counts subscribers only: staff accounts, and any
 * item, event or alert of theirs, are left out. The independent aggregates run at once, each
 * on its own connection.
 */
export async function metrics(db: Database, now = new Date()): Promise<Metrics> {
  const since = firstDayOf(now, DAILY_DAYS);
  const [counties, totals, apn, names, guarding, events, staff, days] = await Promise.all([
    repo.counties(db),
    repo.subscriberTotals(db, {
      activeSince: new Date(now.getTime() - ACTIVE_WINDOW_MS),
      registeredSince: new Date(now.getTime() - REGISTERED_WINDOW_MS),
    }),
    repo.apnSubscriptionsByCounty(db),
    repo.nameSubscriptionsByCounty(db),
    repo.guardingUsersByCounty(db),
    repo.eventsByCounty(db),
    repo.staffShareByCounty(db),
    repo.daily(db, { firstDay: since.toISOString().slice(0, 10), since, days: DAILY_DAYS }),
  ]);

  const counts = (rows: repo.ByCounty[]) =>
    new Map(rows.map((r): [number, number] => [r.county_id, Number(r.n)]));
  const staffShare = new Map(staff.map((r) => [r.county_id, r]));
  const subscribersOnly = (all: repo.ByCounty[], key: 'apn' | 'names' | 'users' | 'events') => {
    const byId = counts(all);
    return (countyId: number) =>
      (byId.get(countyId) ?? 0) - Number(staffShare.get(countyId)?.[key] ?? 0);
  };
  const perCounty = {
    apn: subscribersOnly(apn, 'apn'),
    names: subscribersOnly(names, 'names'),
    users: subscribersOnly(guarding, 'users'),
    events: subscribersOnly(events, 'events'),
  };

  const result: Metrics = {
    totalUsers: Number(totals.total),
    activeUsersInLast30Days: Number(totals.active),
    totalRegisteredInLast7Days: Number(totals.registered),
    totalApnSubscriptions: 0,
    totalNameSubscriptions: 0,
    totalEvents: 0,
    eventsByCounty: {},
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
    const countyApn = perCounty.apn(county.id);
    const countyNames = perCounty.names(county.id);
    const countyEvents = perCounty.events(county.id);
    result.subscriptionsApnByCounty[county.name] = countyApn;
    result.subscriptionsNameByCounty[county.name] = countyNames;
    result.usersByCounty[county.name] = perCounty.users(county.id);
    result.eventsByCounty[county.name] = countyEvents;
    result.totalApnSubscriptions += countyApn;
    result.totalNameSubscriptions += countyNames;
    result.totalEvents += countyEvents;
  }
  return result;
}

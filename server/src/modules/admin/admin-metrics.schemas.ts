import * as v from 'valibot';

/** How many days `daily` covers, today (UTC) included. */
export const DAILY_DAYS = 30;

export const MetricsQuery = v.strictObject({});

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const ByCounty = (what: string) =>
  v.pipe(
    v.record(v.string(), Count),
    v.description(`${what}, keyed by county name; every county is listed, 0 when it has none`),
  );

export const Day = v.object({
  date: v.pipe(v.string(), v.isoDate(), v.description('A UTC day, YYYY-MM-DD')),
  registrations: v.pipe(Count, v.description('Subscribers who registered that day')),
  events: v.pipe(Count, v.description("Alerts raised that day (events), subscribers' only")),
  alertsSent: v.pipe(
    Count,
    v.description('Alert emails sent that day (deliveries of kind alert, status sent, by sent_at)'),
  ),
});

const Tiers = v.object({
  exact: v.pipe(Count, v.description('The guarded item itself (equal name keys, APN, address)')),
  strong: v.pipe(Count, v.description('A close variant the rules are sure of')),
  possible: v.pipe(
    Count,
    v.description(
      'A variant of a common name, one part of a two-part surname, or an initial: mailed in the morning digest unless the subscriber chose otherwise',
    ),
  ),
});

const Levels = v.object({
  act_now: v.pipe(
    Count,
    v.description(
      'Act now: a conveyance or loan the guarded owner gives or on the guarded property, a notice of default or sale, lis pendens, lien or judgment',
    ),
  ),
  check: v.pipe(Count, v.description('Check: other documents naming the guarded party')),
  records: v.pipe(Count, v.description('For your records: reconveyances, releases, satisfactions')),
});

export const Metrics = v.object({
  totalUsers: v.pipe(Count, v.description('Subscribers: staff accounts are not counted')),
  activeUsersInLast30Days: v.pipe(
    Count,
    v.description('Subscribers who signed in within the last 30 × 24 hours'),
  ),
  totalRegisteredInLast7Days: v.pipe(
    Count,
    v.description('Subscribers who registered within the last 7 × 24 hours'),
  ),
  totalApnSubscriptions: v.pipe(Count, v.description("Guarded APNs, subscribers' only")),
  totalNameSubscriptions: v.pipe(Count, v.description("Guarded names, subscribers' only")),
  totalEvents: v.pipe(Count, v.description("Alerts raised (events), subscribers' only")),
  eventsByCounty: ByCounty('Events, by the county of the recorded document'),
  eventsByTier: v.pipe(
    Tiers,
    v.description("Events by how sure the match is, subscribers' only; they add up to totalEvents"),
  ),
  eventsByCountyAndTier: v.pipe(
    v.record(v.string(), Tiers),
    v.description(
      'Events by county and tier, keyed by county name; every county is listed, 0 when it has none',
    ),
  ),
  eventsByLevel: v.pipe(
    Levels,
    v.description(
      "Events by risk level (the county's level table at the time of the event, or when the county's table last changed), subscribers' only; they add up to totalEvents",
    ),
  ),
  eventsByCountyAndLevel: v.pipe(
    v.record(v.string(), Levels),
    v.description(
      'Events by county and level, keyed by county name; every county is listed, 0 when it has none',
    ),
  ),
  openCases: v.pipe(
    Count,
    v.description(
      '"This wasn\'t me" reports staff have not closed nor contacted the subscriber about yet',
    ),
  ),
  openCasesByCounty: ByCounty('Open cases, by the county of the reported document'),
  subscriptionsApnByCounty: ByCounty('Guarded APNs'),
  subscriptionsNameByCounty: ByCounty('Guarded names'),
  usersByCounty: ByCounty('Subscribers guarding at least one item (APN or name) in the county'),
  daily: v.pipe(
    v.array(Day),
    v.description(`The last ${DAILY_DAYS} UTC days, oldest first, today last; 0 on a quiet day`),
  ),
});
export type Metrics = v.InferOutput<typeof Metrics>;

import { COUNTY_TIME_ZONE, countyDay } from '../../lib/county-time.ts';
import { type DigestItem, digestMail } from '../../mail/digest-template.ts';
import { languageOf } from '../../mail/mail.repository.ts';
import { alertRecipients } from '../alerts/alerts.repository.ts';
import { possibleBecause, reasonOf } from '../alerts/reasons.ts';
import type { Engine } from '../engine.ts';
import * as repo from './digest.repository.ts';

/** The county hour from which the day's digest goes out. */
export const DIGEST_HOUR = 8;
/** Possible matches listed in one email; the rest are counted, and all are on the dashboard. */
export const MAX_DIGEST_ITEMS = 50;
/** Days of digests kept (the last one is what stops a second the same day). */
const KEPT_DAYS = 7;
const USERS_PER_QUERY = 200;
const NO_USER = '00000000-0000-0000-0000-000000000000';

const hourFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: COUNTY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** The wall-clock time `at` shows in the county, read as if it were UTC. */
function countyWallClock(at: number): number {
  const p = Object.fromEntries(hourFormat.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!);
}

/** The instant it is `hour`:00 in the county on the county day `day` (YYYY-MM-DD). */
export function countyHourOf(day: string, hour: number): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d, hour);
  // The zone's offset at the first guess, then again at the corrected one (a day may change
  // offset between midnight and the hour).
  let at = wanted;
  for (let i = 0; i < 2; i++) at += wanted - countyWallClock(at);
  return new Date(at);
}

export type DigestRun = {
  /** The county day the run counted as, YYYY-MM-DD. */
  day: string;
  /** False before DIGEST_HOUR county time: nothing is sent yet. */
  morning: boolean;
  users: number;
  events: number;
  deliveries: number;
};

/**
 * The morning digest of possible matches. At `now`, once the county's day has reached
 * DIGEST_HOUR (every county served shares one time zone, lib/county-time.ts), each subscriber
 * due one gets ONE email listing every possible match of their names set to 'digest' that was
 * found before the hour and not yet mailed, dismissed or found on record; those matches are
 * marked digested in the transaction that queues the mail. A subscriber gets at most one
 * digest per county day: matches found after the hour wait for the next morning. The hourly
 * cron sends it at 08:00 and catches up later in the day after downtime; a run before the hour,
 * or a second run, sends nothing new. One subscriber's failure does not stop the others: the
 * run ends with an error naming how many failed, and its retry sends only what is left.
 */
export async function sendDigests(engine: Engine, now: Date): Promise<DigestRun> {
  const day = countyDay(now);
  const cutoff = countyHourOf(day, DIGEST_HOUR);
  const run: DigestRun = { day, morning: now >= cutoff, users: 0, events: 0, deliveries: 0 };
  if (!run.morning) return run;
  const keepFrom = countyDay(new Date(cutoff.getTime() - KEPT_DAYS * 24 * 3600 * 1000));
  await repo.pruneDays(engine.db, keepFrom);

  let failed = 0;
  let after = NO_USER;
  for (;;) {
    const users = await repo.usersDue(engine.db, { day, cutoff, after, limit: USERS_PER_QUERY });
    for (const userId of users) {
      try {
        const sent = await sendDigest(engine, userId, day, cutoff);
        if (sent.deliveries > 0) {
          run.users++;
          run.events += sent.events;
          run.deliveries += sent.deliveries;
        }
      } catch (err) {
        failed++;
        engine.log.error({ err, userId, day }, 'digest failed');
      }
    }
    if (users.length < USERS_PER_QUERY) break;
    after = users.at(-1)!;
  }
  if (failed > 0) throw new Error(`The digest of ${day} failed for ${failed} subscriber(s).`);
  return run;
}

/** One subscriber's digest of `day`, if they are due one: one delivery per verified email. */
async function sendDigest(
  engine: Engine,
  userId: string,
  day: string,
  cutoff: Date,
): Promise<{ events: number; deliveries: number }> {
  const { db, mailSender, brand } = engine;
  const recipients = await alertRecipients(db, userId);
  if (recipients.length === 0) return { events: 0, deliveries: 0 };
  const language = await languageOf(db, userId);
  return db.transaction().execute(async (trx) => {
    const events = await repo.dueEvents(trx, userId, cutoff);
    if (events.length === 0) return { events: 0, deliveries: 0 };
    if (!(await repo.claimDay(trx, { userId, day, events: events.length })))
      return { events: 0, deliveries: 0 };
    const items: DigestItem[] = events.slice(0, MAX_DIGEST_ITEMS).map((e) => ({
      documentNumber: e.document_number,
      documentType: e.document_type,
      recordedAt: e.recorded_at,
      countyName: e.county,
      guardedName: e.name,
      partyName: e.matched_value,
      partyRole: e.party_role,
      reason: reasonOf({ ...e, guarded: { name: e.name } }, language),
      possibleBecause: possibleBecause(e.name, e.matched_value, language),
      namesakes: e.namesakes,
      documentUrl: `${brand.appUrl}/documents/${encodeURIComponent(e.container)}/${encodeURIComponent(e.file_name)}`,
    }));
    const rendered = digestMail(brand, {
      items,
      more: events.length - items.length,
      dashboardUrl: `${brand.appUrl}/dashboard`,
      language,
    });
    let deliveries = 0;
    for (const method of recipients) {
      const id = await mailSender.enqueue(trx, {
        deliveryKind: 'digest',
        userId,
        notificationMethodId: method.id,
        message: { to: method.email!, ...rendered },
      });
      if (id) deliveries++;
    }
    await repo.markDigested(
      trx,
      events.map((e) => e.id),
    );
    return { events: events.length, deliveries };
  });
}

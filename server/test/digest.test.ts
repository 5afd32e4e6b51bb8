import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_HOUR, countyHourOf, sendDigests } from '../src/engine/digest/digest.service.ts';
import { SEND_DIGESTS_CRON } from '../src/engine/digest/digest.jobs.ts';
import { insertDocument } from '../src/engine/ingest/ingest.repository.ts';
import { matchDocuments } from '../src/engine/matching/match.service.ts';
import { SEND_DIGESTS } from '../src/jobs/queues.ts';
import { COUNTY_TIME_ZONE, countyDate, countyDay } from '../src/lib/county-time.ts';
import { storedName } from '../src/keys/match-keys.ts';
import { nameKey } from '../src/keys/normalize.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import {
  addNotificationMethod,
  createCounty,
  createSubscriber,
  type CountyRow,
  uniqueEmail,
} from './helpers/factories.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// The morning digest of possible matches, run at chosen times. The days it runs on are days
// ahead, and the events it mails are dated just before their morning: the real hourly cron of
// the test app, which runs at the real time, never finds them due.

const DAY_MS = 24 * 3600 * 1000;
/** A county day days ahead, and the next. */
const day = countyDay(new Date(Date.now() + 3 * DAY_MS));
const nextDay = countyDay(new Date(countyHourOf(day, 12).getTime() + DAY_MS));
const at = (d: string, hour: number, minutes = 0) =>
  new Date(countyHourOf(d, hour).getTime() + minutes * 60_000);

let t: TestApp;
let county: CountyRow;

beforeAll(async () => {
  t = await startTestApp();
  county = await createCounty(t.db, { name: 'Digest', code: 'DIG' });
  await t.db
    .insertInto('index_names')
    .values({
      county_id: county.id,
      name: 'GARCIA MARIA',
      name_key: 'GARCIA MARIA',
      document_count: 312,
    })
    .execute();
});
afterAll(() => t.close());

/** A subscriber guarding `names` since before the recordings; verified unless told. */
async function subscriberGuarding(names: string[], verified = true) {
  const user = await createSubscriber(t.db, { verified });
  await insertNameSubscriptions(
    t.db,
    user.id,
    names.map((name) => ({
      countyId: county.id,
      name,
      nameKey: nameKey(name),
      tokens: name.split(' '),
    })),
    new Date(Date.now() - 60_000),
  );
  const setChoice = (name: string, choice: 'digest' | 'immediately' | 'hide') =>
    t.db
      .updateTable('name_subscriptions')
      .set({ possible_matches: choice })
      .where('user_id', '=', user.id)
      .where('name', '=', name)
      .execute();
  return { ...user, setChoice };
}

let documents = 0;
/**
 * A document naming `grantor`, matched as the matcher does; its events dated `createdAt`.
 * Returns the document number.
 */
async function record(grantor: string, createdAt: Date) {
  const number = `DIG-${++documents}`;
  const id = await insertDocument(t.db, {
    countyId: county.id,
    documentNumber: number,
    documentType: 'GRANT DEED',
    recordedAt: new Date(),
    container: 'DIG',
    fileName: `${number}.pdf`,
    pageCount: 1,
    pdfError: null,
    text: '',
    parties: [
      { role: 'grantor', name: grantor, nameKey: nameKey(grantor), ...storedName(grantor) },
    ],
    parcels: [],
  });
  await matchDocuments(t.db, t.boss, [id!]);
  await t.db
    .updateTable('events')
    .set({ created_at: createdAt })
    .where('document_id', '=', id!)
    .execute();
  return number;
}

/** The digests mailed to `to`, once `count` of them are in the outbox. */
async function digestsTo(to: string, count: number) {
  return waitFor(`${count} digest(s) to ${to}`, async () => {
    const mails = await t.db
      .selectFrom('outbox_messages')
      .select(['subject', 'text_body', 'html_body'])
      .where('recipient', '=', to)
      .where('subject', 'like', 'DeedWatch: %to check')
      .orderBy('created_at')
      .execute();
    return mails.length >= count ? mails : undefined;
  });
}

const digestDeliveries = async (userId: string) =>
  (
    await t.db
      .selectFrom('deliveries')
      .select('recipient')
      .where('user_id', '=', userId)
      .where('kind', '=', 'digest')
      .execute()
  ).map((d) => d.recipient);

const digested = async (documentNumber: string) =>
  (
    await t.db
      .selectFrom('events as e')
      .innerJoin('recorded_documents as d', 'd.id', 'e.document_id')
      .select('e.digested_at')
      .where('d.document_number', '=', documentNumber)
      .executeTakeFirstOrThrow()
  ).digested_at;

describe('countyHourOf', () => {
  it('gives the instant of a county hour, in standard and in daylight saving time', () => {
    expect(countyHourOf('2026-11-20', 8).toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(countyHourOf('2026-07-02', 8).toISOString()).toBe('2026-07-02T15:00:00.000Z');
    // The day daylight saving time ends in California.
    expect(countyHourOf('2026-11-01', 8).toISOString()).toBe('2026-11-01T16:00:00.000Z');
  });
});

describe('the morning digest', () => {
  it('is scheduled every hour in the county time zone', async () => {
    const schedules = await t.boss.getSchedules();
    expect(schedules.find((s) => s.name === SEND_DIGESTS)).toMatchObject({
      cron: SEND_DIGESTS_CRON,
      timezone: COUNTY_TIME_ZONE,
    });
  });

  it("waits for the county's morning, then mails each subscriber one email of all their possible matches, to each verified address", async () => {
    const before = at(day, DIGEST_HOUR, -60);
    const user = await subscriberGuarding(['GARCIA MARIA', 'ABERNATHY KEN', 'OKAFOR CHIDI']);
    // Another subscriber guarding one of the names: their own digest.
    const other = await subscriberGuarding(['ABERNATHY KEN']);
    const second = uniqueEmail('second');
    await addNotificationMethod(t.db, user.id, { type: 'Email', address: second, verified: true });
    await addNotificationMethod(t.db, user.id, {
      type: 'Email',
      address: uniqueEmail('unverified'),
      verified: false,
    });
    const common = await record('GARCIA MARIA L', before);
    const initial = await record('ABERNATHY K', before);
    const initialToo = await record('ABERNATHY K', before);
    // Not in a digest: a sure match (alerted at once), a dismissed possible match, one found
    // on record, and one of a name set to alert at once or to hide.
    const sure = await record('OKAFOR CHIDI', before);
    const dismissed = await record('GARCIA MARIA A', before);
    await t.db
      .updateTable('events')
      .set({ is_archived: true })
      .where('matched_value', '=', 'GARCIA MARIA A')
      .execute();
    const onRecord = await record('GARCIA MARIA B', before);
    await t.db
      .updateTable('events')
      .set({ on_record: true })
      .where('matched_value', '=', 'GARCIA MARIA B')
      .execute();
    await user.setChoice('OKAFOR CHIDI', 'immediately');
    const immediate = await record('OKAFOR C', before);
    await user.setChoice('OKAFOR CHIDI', 'hide');
    const hidden = await record('OKAFOR C', before);

    const early = await sendDigests(t.engine, at(day, DIGEST_HOUR - 1, 59));
    expect(early).toEqual({ day, morning: false, users: 0, events: 0, deliveries: 0 });
    expect(await digestDeliveries(user.id)).toEqual([]);
    expect(await digested(common)).toBeNull();

    const run = await sendDigests(t.engine, at(day, DIGEST_HOUR, 5));
    expect(run).toMatchObject({ day, morning: true });
    expect(run.users).toBeGreaterThanOrEqual(2);
    expect((await digestDeliveries(user.id)).sort()).toEqual([user.email, second].sort());

    for (const to of [user.email, second]) {
      const [mail] = await digestsTo(to, 1);
      expect(mail!.subject).toBe('DeedWatch: 3 possible matches to check');
      const text = mail!.text_body;
      const recorded = countyDate(new Date());
      expect(text).toContain(
        `GRANT DEED, document ${common}, recorded ${recorded} in Digest County\n   Your guarded name GARCIA MARIA; the document shows GARCIA MARIA L as grantor, the party giving or selling (a seller or borrower).\n   Possible match — a common name; check whether this is you. Same surname and first name: GARCIA MARIA, middle name L given on one side only. 312 documents in this county carry this name.\n   View the document: http://deedwatch.test/documents/DIG/${common}.pdf`,
      );
      for (const number of [initial, initialToo])
        expect(text).toContain(`document ${number}, recorded`);
      expect(text).toContain(
        'Possible match — only the first initial matches; check whether this is you.',
      );
      for (const number of [sure, dismissed, onRecord, immediate, hidden])
        expect(text).not.toContain(`document ${number},`);
      expect(text).toContain('Your dashboard: http://deedwatch.test/dashboard');
      expect(mail!.html_body).toContain('href="http://deedwatch.test/dashboard"');
    }
    for (const number of [common, initial, initialToo])
      expect(await digested(number)).not.toBeNull();
    for (const number of [dismissed, onRecord, hidden]) expect(await digested(number)).toBeNull();

    // The other subscriber's own digest lists their match of the same documents.
    const [theirs] = await digestsTo(other.email, 1);
    expect(theirs!.subject).toBe('DeedWatch: 2 possible matches to check');
  });

  it('sends nothing twice and at most one a day: later matches wait for the next morning', async () => {
    const user = await subscriberGuarding(['ZAVALA ROSA']);
    const first = await record('ZAVALA R', at(day, DIGEST_HOUR, -30));
    await sendDigests(t.engine, at(day, DIGEST_HOUR, 10));
    await digestsTo(user.email, 1);
    expect(await digested(first)).not.toBeNull();

    // The same morning again, and later that day: a match found before the hour but after
    // the digest went out, and one found after the hour, both wait.
    const late = await record('ZAVALA R', at(day, DIGEST_HOUR, -5));
    const afternoon = await record('ZAVALA R', at(day, 14));
    for (const when of [at(day, DIGEST_HOUR, 10), at(day, 15), at(day, 23, 59)]) {
      const run = await sendDigests(t.engine, when);
      expect(run.morning).toBe(true);
    }
    expect(await digestDeliveries(user.id)).toEqual([user.email]);
    expect(await digested(late)).toBeNull();
    expect(await digested(afternoon)).toBeNull();

    // The next morning's digest lists them, and only them.
    await sendDigests(t.engine, at(nextDay, DIGEST_HOUR, 1));
    const [, second] = await digestsTo(user.email, 2);
    expect(second!.subject).toBe('DeedWatch: 2 possible matches to check');
    expect(second!.text_body).toContain(`document ${late},`);
    expect(second!.text_body).toContain(`document ${afternoon},`);
    expect(second!.text_body).not.toContain(`document ${first},`);
    expect(await digestDeliveries(user.id)).toEqual([user.email, user.email]);
  });

  it('still mails a match that waited for the digest when its name is switched to alert at once', async () => {
    const user = await subscriberGuarding(['QUINTERO LUZ']);
    const waiting = await record('QUINTERO L', at(day, DIGEST_HOUR, -120));
    await user.setChoice('QUINTERO LUZ', 'immediately');

    await sendDigests(t.engine, at(day, DIGEST_HOUR, 5));
    const [mail] = await digestsTo(user.email, 1);
    expect(mail!.subject).toBe('DeedWatch: 1 possible match to check');
    expect(mail!.text_body).toContain(`document ${waiting},`);
    expect(await digested(waiting)).not.toBeNull();
  });

  it('goes to verified emails only: an unverified subscriber is mailed once verified', async () => {
    const user = await subscriberGuarding(['YOUNG YVETTE'], false);
    const number = await record('YOUNG Y', at(day, DIGEST_HOUR, -30));
    await sendDigests(t.engine, at(day, DIGEST_HOUR, 20));
    expect(await digestDeliveries(user.id)).toEqual([]);
    expect(await digested(number)).toBeNull();

    await t.db
      .updateTable('notification_methods')
      .set({ verified_at: new Date() })
      .where('user_id', '=', user.id)
      .execute();
    await sendDigests(t.engine, at(nextDay, DIGEST_HOUR, 20));
    const [mail] = await digestsTo(user.email, 1);
    expect(mail!.subject).toBe('DeedWatch: 1 possible match to check');
    expect(await digested(number)).not.toBeNull();
  });
});

import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHistory } from '../src/engine/history/history.service.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { apnKey, nameKey } from '../src/keys/normalize.ts';
import {
  insertApnSubscriptions,
  insertNameSubscriptions,
} from '../src/modules/user/user.repository.ts';
import {
  createCounty,
  createEvent,
  createStaff,
  createSubscriber,
  type CountyRow,
} from './helpers/factories.ts';
import { feedFolder, feedLine, type FeedLineInput, feedPdf, writeFeed } from './helpers/feed.ts';
import { signInStaff, signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

// Removing a guarded item stops the matching of documents recorded from then on, and nothing
// else: the alerts it already raised stay on the dashboard with what they matched, the cases
// opened on them stay the subscriber's to follow, their documents stay theirs to download, and
// guarding the item again brings its alerts back under it without a second one per document.

const recordedAt = new Date();
const APN = '012-0345-006-0007';

type EventView = {
  id: string;
  documentNumber: string;
  matchedValue: string;
  reason: string;
  countyCodeContainerName: string;
  parsedDocumentName: string;
  case: { id: string; caseNumber: string; status: string; packetUrl: string } | null;
};
type Guard = { id: string; events: EventView[] };
type Me = {
  nameSubscriptions: (Guard & { name: string })[];
  apnSubscriptions: (Guard & { apn: string })[];
  removedNameSubscriptions: (Guard & { name: string; removedAt: string })[];
  removedApnSubscriptions: (Guard & { apn: string; description: string; removedAt: string })[];
};

describe('removing a guarded item', () => {
  let t: TestApp;
  let county: CountyRow;
  let victim: { id: string; email: string };
  let cookie: string;
  let staffCookie: string;
  const folders: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
    county = await createCounty(t.db, { name: 'Removeville', code: 'RMV' });
    victim = await createSubscriber(t.db, { verified: true });
    const since = new Date(recordedAt.getTime() - 60_000);
    await insertNameSubscriptions(
      t.db,
      victim.id,
      [
        {
          countyId: county.id,
          name: 'QUILLFEATHER HOLDINGS LLC',
          nameKey: nameKey('QUILLFEATHER HOLDINGS LLC'),
          tokens: ['QUILLFEATHER', 'HOLDINGS', 'LLC'],
        },
      ],
      since,
    );
    await insertApnSubscriptions(
      t.db,
      victim.id,
      [
        {
          countyId: county.id,
          apn: APN,
          apnKey: apnKey(APN),
          description: '12 ELM ST',
          addressKey: null,
          addressZip: null,
        },
      ],
      since,
    );
    cookie = await signInSubscriber(t, victim.email);
    staffCookie = await signInStaff(t, (await createStaff(t.db, 'customersupport')).email);

    const lines: FeedLineInput[] = [
      feedLine('RMV', recordedAt, {
        documentNumber: 'RMV-2026-0001',
        grantors: ['QUILLFEATHER HOLDINGS LLC'],
        grantees: ['ROGUE RANDALL'],
        apns: [],
        addresses: [],
      }),
      feedLine('RMV', recordedAt, {
        documentNumber: 'RMV-2026-0002',
        grantors: ['SOMEONE ELSE'],
        grantees: ['ROGUE RANDALL'],
        apns: [APN],
        addresses: [],
      }),
    ];
    const folder = await feedFolder();
    folders.push(folder);
    const pdfs: Record<string, Uint8Array> = {};
    for (const l of lines)
      pdfs[l.file] = await feedPdf(l, 3, l.apns.length ? l.apns : undefined, 'Removeville');
    await writeFeed(folder, lines, pdfs);
    expect(await ingestFolder(t.engine, folder)).toMatchObject({ documents: 2, events: 2 });
  });
  afterAll(async () => {
    await t.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, as = cookie) =>
    t.app.inject({
      method,
      url,
      headers: { origin: t.config.appUrl, cookie: as },
      ...(payload ? { payload } : {}),
    });
  const me = async () => (await call('POST', '/api/auth/me')).json() as Me;
  const remove = (type: 'Apn' | 'Name', id: string) =>
    call('POST', '/api/user/subscriptions/remove', {
      guardRecordSubscriptionType: type,
      guardSubscriptionId: id,
    });
  const eventCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', victim.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const download = (e: EventView) =>
    call(
      'GET',
      `/api/document/download?containerName=${e.countyCodeContainerName}&fileName=${e.parsedDocumentName}`,
    );

  let nameGuardId: string;
  let nameEvent: EventView;
  let caseNumber: string;

  it('keeps the alerts of a removed name, the case opened on one and its document', async () => {
    const before = await me();
    nameGuardId = before.nameSubscriptions[0]!.id;
    nameEvent = before.nameSubscriptions[0]!.events[0]!;
    expect(nameEvent.documentNumber).toBe('RMV-2026-0001');
    const reported = await call('POST', `/api/user/events/${nameEvent.id}/report`, {
      problem: 'did_not_sign',
      statement: 'We never sold anything to ROGUE RANDALL.',
      contactEmail: 'owner@example.com',
      contactPhone: '',
      preferredContact: 'email',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    caseNumber = reported.json().caseNumber;
    const events = await eventCount();

    const removed = await remove('Name', nameGuardId);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await eventCount()).toBe(events);

    const after = await me();
    expect(after.nameSubscriptions).toEqual([]);
    expect(after.removedNameSubscriptions).toHaveLength(1);
    const guard = after.removedNameSubscriptions[0]!;
    expect(guard).toMatchObject({ id: nameGuardId, name: 'QUILLFEATHER HOLDINGS LLC' });
    expect(Date.parse(guard.removedAt)).not.toBeNaN();
    expect(guard.events).toHaveLength(1);
    const kept = guard.events[0]!;
    expect(kept).toMatchObject({
      id: nameEvent.id,
      matchedValue: nameEvent.matchedValue,
      reason: nameEvent.reason,
      case: { caseNumber, status: 'open' },
    });

    expect((await call('GET', kept.case!.packetUrl)).statusCode).toBe(200);
    const pdf = await download(kept);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Staff see the case as before.
    const staffView = await call(
      'GET',
      `/api/admin/cases/${kept.case!.id}`,
      undefined,
      staffCookie,
    );
    expect(staffView.statusCode, staffView.body).toBe(200);
  });

  it("lists a removed guard's events through the events API, naming the guard they hit", async () => {
    const res = await call('GET', '/api/user/events?archived=all');
    expect(res.statusCode, res.body).toBe(200);
    const listed = (
      res.json() as { events: { eventId: string; guarded: { kind: string; id: string } }[] }
    ).events.find((e) => e.eventId === nameEvent.id);
    expect(listed?.guarded).toEqual({
      kind: 'name',
      id: nameGuardId,
      value: 'QUILLFEATHER HOLDINGS LLC',
    });
  });

  it('takes a report on an alert of a removed property, naming the property', async () => {
    const guard = (await me()).apnSubscriptions[0]!;
    const event = guard.events[0]!;
    expect((await remove('Apn', guard.id)).statusCode).toBe(200);
    const removed = (await me()).removedApnSubscriptions;
    expect(removed).toMatchObject([
      { id: guard.id, apn: APN, description: '12 ELM ST', events: [{ id: event.id }] },
    ]);
    const reported = await call('POST', `/api/user/events/${event.id}/report`, {
      problem: 'did_not_sign',
      statement: 'Nobody here sold 12 ELM ST to anyone.',
      contactEmail: 'owner@example.com',
      contactPhone: '',
      preferredContact: 'email',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const stored = await t.db
      .selectFrom('cases')
      .select('guarded')
      .where('id', '=', reported.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.guarded).toBe(`${APN} (12 ELM ST)`);
  });

  it('brings the alerts back under the item guarded again, once per document', async () => {
    const events = await eventCount();
    const added = await call('POST', '/api/user/subscriptions/names/list/add', {
      guardNameSubscriptions: [{ county: county.name, name: 'Quillfeather Holdings LLC' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    // The new guard's history check finds the document already recorded: it is there already.
    await checkHistory(t.engine, victim.id);
    expect(await eventCount()).toBe(events);

    const after = await me();
    expect(after.removedNameSubscriptions).toEqual([]);
    const guard = after.nameSubscriptions[0]!;
    expect(guard.id).not.toBe(nameGuardId);
    expect(guard.events.map((e) => e.id)).toEqual([nameEvent.id]);
    expect(guard.events[0]!.case).toMatchObject({ caseNumber });

    // Removed again, it is kept again, under the id it had this time.
    expect((await remove('Name', guard.id)).statusCode).toBe(200);
    expect((await me()).removedNameSubscriptions).toMatchObject([
      { id: guard.id, events: [{ id: nameEvent.id }] },
    ]);
    expect(await eventCount()).toBe(events);
  });

  it('keeps hiding the possible matches of a name removed while set to hide them', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const userCookie = await signInSubscriber(t, user.email);
    await createEvent(t.db, { userId: user.id, countyId: county.id, name: 'ROE RICHARD' });
    await createEvent(t.db, { userId: user.id, countyId: county.id, name: 'ROE RICHARD' });
    const guard = await t.db
      .updateTable('name_subscriptions')
      .set({ possible_matches: 'hide' })
      .where('user_id', '=', user.id)
      .returning('id')
      .executeTakeFirstOrThrow();
    const [possible] = await t.db
      .updateTable('events')
      .set({ tier: 'possible' })
      .where(
        'id',
        '=',
        (
          await t.db
            .selectFrom('events')
            .select('id')
            .where('user_id', '=', user.id)
            .limit(1)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .returning('id')
      .execute();
    const res = await call(
      'POST',
      '/api/user/subscriptions/remove',
      { guardRecordSubscriptionType: 'Name', guardSubscriptionId: guard.id },
      userCookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const removed = (res.json() as Me).removedNameSubscriptions;
    expect(removed).toMatchObject([{ id: guard.id, possibleMatches: 'hide' }]);
    expect(removed[0]!.events).toHaveLength(1);
    expect(removed[0]!.events[0]!.id).not.toBe(possible!.id);
  });

  it('still deletes an account with removed guards, and their events with it', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    await createEvent(t.db, { userId: user.id, countyId: county.id, name: 'DOE JANE' });
    await createEvent(t.db, { userId: user.id, countyId: county.id, name: 'DOE JOHN' });
    await t.db
      .deleteFrom('name_subscriptions')
      .where('user_id', '=', user.id)
      .where('name', '=', 'DOE JANE')
      .execute();
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
    const left = await t.db
      .selectFrom('events')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });
});

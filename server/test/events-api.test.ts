import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsById } from '../src/engine/webhooks/event-webhooks.repository.ts';
import { eventCreatedPayload } from '../src/engine/webhooks/event-webhooks.ts';
import { encodeCursor } from '../src/modules/user/events.schemas.ts';
import {
  createCounty,
  createEvent,
  createSubscriber,
  createToken,
  type CountyRow,
} from './helpers/factories.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

// GET /api/user/events: a subscriber's events, newest first, a page at a time, as a program
// reads them with a token. The same events as webhooks send (not those found on record, not
// the possible matches of a name set to hide them), each as an event.created webhook's data.

type Listed = { eventId: string; createdAt: string };
type Page = { events: Listed[]; nextCursor: string | null };

const MINUTE = 60_000;
const BASE = Date.parse('2026-11-20T08:00:00.000Z');
const at = (minutes: number) => new Date(BASE + minutes * MINUTE);

describe('GET /api/user/events', () => {
  let t: TestApp;
  let county: CountyRow;
  let a: { id: string; email: string };
  let b: { id: string; email: string };
  let aRead: string;
  let bRead: string;
  let aWriteOnly: string;
  /** A's shown, not archived events, newest first by (created_at, id). */
  let aShown: string[];
  let aArchived: string;
  let aOnRecord: string;
  let aHiddenPossible: string;
  let aShownPossible: string;
  let bEvents: string[];

  const get = (query: string, token: string | null, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/user/events${query ? `?${query}` : ''}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(cookie ? { cookie } : {}),
      },
    });

  /** Every page of a listing, following nextCursor; the events in the order given. */
  async function allPages(query: string, token: string) {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(
        [query, cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&'),
        token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<Page>();
      pages.push(page);
      cursor = page.nextCursor;
      expect(pages.length).toBeLessThan(50);
    } while (cursor);
    return { pages, ids: pages.flatMap((p) => p.events.map((e) => e.eventId)) };
  }

  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
    county = await createCounty(t.db, { name: 'Pager', code: 'PGR' });
    a = await createSubscriber(t.db, { verified: true });
    b = await createSubscriber(t.db, { verified: true });
    const event = async (userId: string, createdAt: Date, name?: string) =>
      (await createEvent(t.db, { userId, countyId: county.id, createdAt, name })).id;

    // A: 7 events a minute apart, and 3 raised together (one matcher batch, one created_at).
    const ids: { id: string; at: Date }[] = [];
    for (let minute = 0; minute < 7; minute++) {
      ids.push({ id: await event(a.id, at(minute * 10)), at: at(minute * 10) });
    }
    for (let i = 0; i < 3; i++) ids.push({ id: await event(a.id, at(35)), at: at(35) });
    // A possible match of a name left at its default: shown.
    aShownPossible = await event(a.id, at(45), 'ROE RICHARD');
    await t.db
      .updateTable('events')
      .set({ tier: 'possible' })
      .where('id', '=', aShownPossible)
      .execute();
    ids.push({ id: aShownPossible, at: at(45) });
    aShown = ids
      .sort((x, y) => y.at.getTime() - x.at.getTime() || (x.id < y.id ? 1 : -1))
      .map((e) => e.id);

    // Hidden, and the newest of A's, so that they would lead every listing if listed: found
    // on record by a history check, and a possible match of a name set to hide them.
    aOnRecord = await event(a.id, at(100));
    await t.db.updateTable('events').set({ on_record: true }).where('id', '=', aOnRecord).execute();
    aHiddenPossible = await event(a.id, at(101), 'DOE JANE');
    await t.db
      .updateTable('events')
      .set({ tier: 'possible' })
      .where('id', '=', aHiddenPossible)
      .execute();
    await t.db
      .updateTable('name_subscriptions')
      .set({ possible_matches: 'hide' })
      .where('user_id', '=', a.id)
      .where('name', '=', 'DOE JANE')
      .execute();
    // Archived: listed only when asked for.
    aArchived = await event(a.id, at(52));
    await t.db
      .updateTable('events')
      .set({ is_archived: true })
      .where('id', '=', aArchived)
      .execute();

    // B: events interleaved with A's in time.
    bEvents = [];
    for (const minute of [5, 25, 36, 55, 102]) bEvents.push(await event(b.id, at(minute)));

    aRead = await createToken(t.db, a.id, ['read']);
    aWriteOnly = await createToken(t.db, a.id, ['write']);
    bRead = await createToken(t.db, b.id, ['read']);
  });
  afterAll(() => t.close());

  it('pages through more events than one page holds: each once, newest first, then null', async () => {
    const { pages, ids } = await allPages('limit=3', aRead);
    expect(ids).toEqual(aShown);
    expect(pages.map((p) => p.events.length)).toEqual([3, 3, 3, 2]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages.slice(0, -1).every((p) => typeof p.nextCursor === 'string')).toBe(true);
    // The default page holds them all.
    const res = await get('', aRead);
    expect(res.json<Page>().events.map((e) => e.eventId)).toEqual(aShown);
    expect(res.json<Page>().nextCursor).toBeNull();
  });

  it('gives a page exactly as many as it holds without a cursor to nothing', async () => {
    const { pages } = await allPages(`limit=${aShown.length}`, aRead);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.nextCursor).toBeNull();
  });

  it('lists each event as the data of its event.created webhook', async () => {
    const listed = (await get('limit=100&archived=all', aRead)).json<{ events: unknown[] }>();
    const rows = await eventsById(t.db, [...aShown, aArchived]);
    const byId = new Map(rows.map((r) => [r.id, JSON.parse(eventCreatedPayload(r)).data]));
    expect(listed.events).toHaveLength(aShown.length + 1);
    for (const event of listed.events) {
      expect(event).toEqual(byId.get((event as Listed).eventId));
    }
  });

  it('leaves out the events found on record and the possible matches of a name set to hide', async () => {
    const all = (await allPages('archived=all&limit=2', aRead)).ids;
    expect(all).not.toContain(aOnRecord);
    expect(all).not.toContain(aHiddenPossible);
    expect(all).toContain(aShownPossible);
    // They are A's events, not archived, and the newest: only the rule keeps them out.
    const hidden = await t.db
      .selectFrom('events')
      .select(['id', 'user_id', 'is_archived'])
      .where('id', 'in', [aOnRecord, aHiddenPossible])
      .execute();
    expect(hidden.map((e) => [e.user_id, e.is_archived])).toEqual([
      [a.id, false],
      [a.id, false],
    ]);
    const newest = (await get('limit=1', aRead)).json<Page>().events[0]!.eventId;
    expect(newest).toBe(aShown[0]);
  });

  it('lists archived events only when asked: archived=true only those, all both', async () => {
    expect((await allPages('', aRead)).ids).not.toContain(aArchived);
    expect((await allPages('archived=false', aRead)).ids).toEqual(aShown);
    expect((await allPages('archived=true', aRead)).ids).toEqual([aArchived]);
    const all = (await allPages('archived=all&limit=4', aRead)).ids;
    expect(all).toHaveLength(aShown.length + 1);
    expect(all.filter((id) => id !== aArchived)).toEqual(aShown);
    // In its place by time: between the events of minutes 60 and 50.
    expect(all[1]).toBe(aArchived);
  });

  it('lists with since only the events created after it, paged the same way', async () => {
    const page = (await get('', aRead)).json<Page>();
    const pivot = page.events[4]!;
    const newer = (await allPages(`since=${encodeURIComponent(pivot.createdAt)}&limit=2`, aRead))
      .ids;
    const expected = page.events
      .filter((e) => Date.parse(e.createdAt) > Date.parse(pivot.createdAt))
      .map((e) => e.eventId);
    expect(expected.length).toBeGreaterThan(2);
    expect(newer).toEqual(expected);
    // An offset names the same time; the newest event's createdAt gives nothing new.
    const offset = new Date(Date.parse(pivot.createdAt)).toISOString().replace('Z', '+00:00');
    expect((await allPages(`since=${encodeURIComponent(offset)}`, aRead)).ids).toEqual(expected);
    expect(
      (await get(`since=${encodeURIComponent(page.events[0]!.createdAt)}`, aRead)).json<Page>(),
    ).toEqual({ events: [], nextCursor: null });
    // Combined with archived.
    expect(
      (await allPages(`since=${encodeURIComponent(at(51).toISOString())}&archived=all`, aRead)).ids,
    ).toContain(aArchived);
    expect(
      (await allPages(`since=${encodeURIComponent(at(52).toISOString())}&archived=all`, aRead)).ids,
    ).not.toContain(aArchived);
  });

  it("never lists another subscriber's events, not even with a cursor from their page", async () => {
    expect((await allPages('archived=all', bRead)).ids).toEqual([...bEvents].reverse());
    // A cursor from A's first page, in B's hands: B's events older than it, none of A's.
    const aPage = (await get('limit=2', aRead)).json<Page>();
    const res = await get(`cursor=${encodeURIComponent(aPage.nextCursor!)}`, bRead);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json<Page>().events.map((e) => e.eventId);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((id) => bEvents.includes(id))).toBe(true);
    // A cursor made to name one of A's events exactly gives B nothing of A's either.
    const row = (await eventsById(t.db, [aShown[3]!]))[0]!;
    const forged = encodeCursor({ createdAtKey: row.created_at_key, id: row.id });
    const forgedPage = (await get(`cursor=${forged}&archived=all`, bRead)).json<Page>();
    expect(forgedPage.events.every((e) => bEvents.includes(e.eventId))).toBe(true);
    // And A's own listing never holds B's.
    const aAll = (await allPages('archived=all', aRead)).ids;
    expect(aAll.some((id) => bEvents.includes(id))).toBe(false);
  });

  it('takes a session or a read token; refuses a token without read as other read calls do', async () => {
    const cookie = await signInSubscriber(t, a.email);
    const bySession = await get('', null, cookie);
    expect(bySession.statusCode, bySession.body).toBe(200);
    expect(bySession.json<Page>().events.map((e) => e.eventId)).toEqual(aShown);

    const refused = await get('', aWriteOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/read scope/);
    expect(refused.headers['www-authenticate']).toContain('error="insufficient_scope"');
    expect(refused.headers['www-authenticate']).toContain('scope="read"');
    // As GET /api/webhooks refuses the same token.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks',
      headers: { authorization: `Bearer ${aWriteOnly}` },
    });
    expect([other.statusCode, other.json().message]).toEqual([
      refused.statusCode,
      refused.json().message,
    ]);

    expect((await get('', null)).statusCode).toBe(401);
    const unknown = await get('', `dw_pat_${'A'.repeat(43)}00000000`);
    expect(unknown.statusCode).toBe(401);
  });

  it.each(
    (
      [
        ['limit=0', /limit: must be a whole number from 1 to 100/],
        ['limit=101', /limit: must be a whole number from 1 to 100/],
        ['limit=abc', /limit: must be a whole number from 1 to 100/],
        ['limit=1.5', /limit: must be a whole number from 1 to 100/],
        ['limit=-1', /limit: must be a whole number from 1 to 100/],
        ['limit=1&limit=2', /limit/],
        ['cursor=nope', /cursor: is not a cursor of this call/],
        ['cursor=', /cursor: is not a cursor of this call/],
        [`cursor=${'A'.repeat(86)}`, /cursor: is not a cursor of this call/],
        [`cursor=${'a'.repeat(100 * 1024)}`, /cursor: is not a cursor of this call/],
        [
          `cursor=${Buffer.from(`2026-02-30T08:00:00.000000Z_${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`).toString('base64url')}`,
          /cursor: is not a cursor of this call/,
        ],
        [
          `cursor=${Buffer.from(`2026-11-20T08:00:00.000000Z_' OR 1=1; --${'x'.repeat(25)}`).toString('base64url')}`,
          /cursor: is not a cursor of this call/,
        ],
        ['since=yesterday', /since: must be an ISO 8601 time with its time zone/],
        ['since=2026-11-26T08:14:02', /since: must be an ISO 8601 time with its time zone/],
        ['since=2026-02-30T00:00:00Z', /since: must be an ISO 8601 time/],
        ['since=2026-11-26T24:00:00Z', /since: must be an ISO 8601 time/],
        ['since=2026-11-26T08:00:00%2B25:00', /since: must be an ISO 8601 time/],
        ['since=0000-01-01T00:00:00Z', /since: must be an ISO 8601 time/],
        [`since=${'9'.repeat(100 * 1024)}`, /since: must be an ISO 8601 time/],
        [
          'archived=maybe',
          /archived: must be 'false' \(not archived\), 'true' \(only archived\) or 'all'/,
        ],
        ['page=2', /query parameter field 'page' is not allowed/],
      ] as const
    )
      // A long query is named by its start and its length.
      .map(([query, message]) => [
        query.length > 120 ? `${query.slice(0, 16)}… (${query.length} characters)` : query,
        query,
        message,
      ]),
  )('answers %s with a 400 saying what to change', async (_label, query, message) => {
    const res = await get(query, aRead);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('accepts since with an offset, seconds left out or fractions beyond the millisecond', async () => {
    for (const since of [
      '2026-11-20T00:00-08:00',
      '2026-11-20T08:00:00.000123456Z',
      '2026-11-20T09:30:00+01:30',
    ]) {
      const res = await get(`since=${encodeURIComponent(since)}`, aRead);
      expect(res.statusCode, `${since}: ${res.body}`).toBe(200);
    }
    // 08:00 exactly is A's oldest event, not after it.
    const ids = (await allPages(`since=${encodeURIComponent('2026-11-20T00:00-08:00')}`, aRead))
      .ids;
    expect(ids).toEqual(aShown.slice(0, -1));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../src/engine/ingest/ingest.repository.ts';
import { matchDocuments } from '../src/engine/matching/match.service.ts';
import { storedName } from '../src/keys/match-keys.ts';
import { nameKey } from '../src/keys/normalize.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import { createCounty, createSubscriber, type CountyRow } from './helpers/factories.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

// The per-name choice of what is done with possible matches, and what the dashboard's data
// (the session user) says of each event: its tier, its namesakes, whether it was on record.

type EventBody = {
  id: string;
  documentNumber: string;
  tier: string;
  namesakes: number | null;
  onRecord: boolean;
  isExact: boolean;
};
type SessionUserBody = {
  nameSubscriptions: { id: string; name: string; possibleMatches: string; events: EventBody[] }[];
};

let t: TestApp;
let county: CountyRow;
const activatedAt = new Date(Date.now() - 60_000);

beforeAll(async () => {
  t = await startTestApp(NO_RATE_LIMITS);
  county = await createCounty(t.db, { name: 'Tiers', code: 'TIE' });
  // A common name: 312 documents of the county's index carry GARCIA MARIA.
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

/** A verified subscriber guarding `names` in the county, signed in. */
async function subscriberGuarding(...names: string[]) {
  const user = await createSubscriber(t.db, { verified: true });
  await insertNameSubscriptions(
    t.db,
    user.id,
    names.map((name) => ({
      countyId: county.id,
      name,
      nameKey: nameKey(name),
      tokens: name.split(' '),
    })),
    activatedAt,
  );
  const ids = await t.db
    .selectFrom('name_subscriptions')
    .select(['id', 'name'])
    .where('user_id', '=', user.id)
    .execute();
  const idOf = (name: string) => ids.find((s) => s.name === name)!.id;
  return { ...user, idOf, cookie: await signInSubscriber(t, user.email) };
}

let documents = 0;
/** A document naming `grantor`, recorded now and matched as the matcher does. */
async function record(grantor: string) {
  const number = `TIE-${++documents}`;
  const id = await insertDocument(t.db, {
    countyId: county.id,
    documentNumber: number,
    documentType: 'GRANT DEED',
    recordedAt: new Date(),
    container: 'TIE',
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
  return { id: id!, number };
}

const me = async (cookie: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SessionUserBody;
};

const choose = (cookie: string | undefined, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/user/names/${id}/possible-matches`,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

const storedChoice = async (id: string) =>
  (
    await t.db
      .selectFrom('name_subscriptions')
      .select('possible_matches')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).possible_matches;

describe('PUT /api/user/names/{id}/possible-matches', () => {
  it("starts at 'digest', sets each choice and answers with the updated session user", async () => {
    const user = await subscriberGuarding('ABBOTT ALMA', 'ZUNIGA ZOE');
    const id = user.idOf('ABBOTT ALMA');
    expect((await me(user.cookie)).nameSubscriptions.map((s) => s.possibleMatches)).toEqual([
      'digest',
      'digest',
    ]);
    for (const choice of ['immediately', 'hide', 'digest'] as const) {
      const res = await choose(user.cookie, id, { possibleMatches: choice });
      expect(res.statusCode, res.body).toBe(200);
      const names = (res.json() as SessionUserBody).nameSubscriptions;
      expect(names.find((s) => s.id === id)!.possibleMatches).toBe(choice);
      // Only the name asked about.
      expect(names.find((s) => s.id !== id)!.possibleMatches).toBe('digest');
      expect(await storedChoice(id)).toBe(choice);
    }
  });

  it("answers 404 for another user's name and for an unknown one, and changes nothing", async () => {
    const owner = await subscriberGuarding('BECKETT BEA');
    const stranger = await subscriberGuarding('CORDERO CY');
    const id = owner.idOf('BECKETT BEA');
    const res = await choose(stranger.cookie, id, { possibleMatches: 'hide' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`Guarded name '${id}' not found.`);
    expect(await storedChoice(id)).toBe('digest');
    const unknown = await choose(owner.cookie, '00000000-0000-4000-8000-000000000000', {
      possibleMatches: 'hide',
    });
    expect(unknown.statusCode).toBe(404);

    // A Spanish account is told in Spanish.
    await t.db.updateTable('users').set({ language: 'es' }).where('id', '=', stranger.id).execute();
    const spanish = await choose(stranger.cookie, id, { possibleMatches: 'hide' });
    expect(spanish.statusCode).toBe(404);
    expect(spanish.json().message).toBe(`No se encontró el nombre protegido '${id}'.`);
    expect(await storedChoice(id)).toBe('digest');
  });

  it('answers 400 with a message a person can act on for a bad choice, a bad id or an extra field', async () => {
    const user = await subscriberGuarding('DUBOIS DAN');
    const id = user.idOf('DUBOIS DAN');
    const bad = await choose(user.cookie, id, { possibleMatches: 'weekly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      "body possibleMatches: must be 'digest' (one email each morning), 'immediately' (an alert at once) or 'hide' (not shown)",
    );
    const missing = await choose(user.cookie, id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('body possibleMatches is required');
    const extra = await choose(user.cookie, id, { possibleMatches: 'hide', userId: 'x' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe("body field 'userId' is not allowed");
    const notAnId = await choose(user.cookie, 'abc', { possibleMatches: 'hide' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().message).toBe(
      'path parameter id: must be the id of one of your guarded names (a UUID)',
    );
    expect(await storedChoice(id)).toBe('digest');
  });

  it('needs a session', async () => {
    const res = await choose(undefined, '00000000-0000-4000-8000-000000000000', {
      possibleMatches: 'hide',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("the dashboard's events", () => {
  it('carry their tier, namesakes and whether they were on record; a hidden name keeps its possible ones off', async () => {
    const user = await subscriberGuarding('GARCIA MARIA', 'OKAFOR CHIDI');
    const exact = await record('OKAFOR CHIDI');
    // A middle name on one side only: a variant, but of a name 312 documents carry.
    const possible = await record('GARCIA MARIA L');
    const initial = await record('OKAFOR C');
    // Found by the history check of the guard: recorded before it, never alerted.
    const earlier = await record('NOBODY ELSE');
    await t.db
      .insertInto('events')
      .values({
        user_id: user.id,
        document_id: earlier.id,
        name_subscription_id: user.idOf('OKAFOR CHIDI'),
        apn_subscription_id: null,
        match_kind: 'name',
        matched_value: 'OKAFOR CHIDI',
        party_role: 'grantor',
        is_exact: true,
        confidence: 1,
        tier: 'exact',
        namesakes: 0,
        on_record: true,
      })
      .execute();

    const events = (cookie: string, name: string) =>
      me(cookie).then((u) => {
        const s = u.nameSubscriptions.find((x) => x.name === name)!;
        return Object.fromEntries(s.events.map((e) => [e.documentNumber, e]));
      });
    const okafor = await events(user.cookie, 'OKAFOR CHIDI');
    expect(okafor[exact.number]).toMatchObject({ tier: 'exact', onRecord: false, isExact: true });
    expect(okafor[initial.number]).toMatchObject({ tier: 'possible', onRecord: false });
    expect(okafor[earlier.number]).toMatchObject({ tier: 'exact', onRecord: true });
    const garcia = await events(user.cookie, 'GARCIA MARIA');
    expect(garcia[possible.number]).toMatchObject({
      tier: 'possible',
      namesakes: 312,
      onRecord: false,
      isExact: false,
    });

    // Hidden: the possible match goes, the sure and the on-record ones stay.
    await choose(user.cookie, user.idOf('OKAFOR CHIDI'), { possibleMatches: 'hide' });
    expect(Object.keys(await events(user.cookie, 'OKAFOR CHIDI')).sort()).toEqual(
      [exact.number, earlier.number].sort(),
    );
    // The other name's possible match is still shown.
    expect(Object.keys(await events(user.cookie, 'GARCIA MARIA'))).toEqual([possible.number]);
    // It was kept: shown again when the choice changes back.
    const res = await choose(user.cookie, user.idOf('OKAFOR CHIDI'), {
      possibleMatches: 'immediately',
    });
    const shown = (res.json() as SessionUserBody).nameSubscriptions.find(
      (s) => s.name === 'OKAFOR CHIDI',
    )!;
    expect(shown.events.map((e) => e.documentNumber).sort()).toEqual(
      [exact.number, initial.number, earlier.number].sort(),
    );
  });
});

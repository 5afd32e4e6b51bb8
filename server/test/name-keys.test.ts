import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { matchDocuments } from '../src/engine/matching/match.service.ts';
import { nameKey } from '../src/keys/normalize.ts';
import { registerMailWorker } from '../src/mail/mail.jobs.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import { feedFolder, feedLine, writeFeed } from './helpers/feed.ts';
import { createCounty, createSubscriber, type CountyRow } from './helpers/factories.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// A name's index key (nameKey) is what the county's index of names, the name search and the
// one-guard-per-name rule go by, beside the match keys the matcher joins on. Both read a name
// with its accents dropped, as recorders index it: PEÑAFLOR is PENAFLOR everywhere.

describe('name keys across the index, search, guards and the matcher', () => {
  let t: TestApp;
  let county: CountyRow;
  const activatedAt = new Date('2026-03-01T12:00:00Z');
  let n = 0;

  /** Ingests one document per grantor name, recorded after activation; returns their ids. */
  async function ingest(grantors: string[]): Promise<string[]> {
    const folder = await feedFolder();
    const recordedAt = new Date(activatedAt.getTime() + 3_600_000);
    const lines = grantors.map((name) =>
      feedLine(county.code, recordedAt, { documentNumber: `NK-${++n}`, grantors: [name] }),
    );
    // No PDFs: a document is indexed without its file, which these tests do not need.
    await writeFeed(folder, lines, {});
    const summary = await ingestFolder(t.engine, folder);
    expect(summary.documents).toBe(grantors.length);
    const rows = await t.db
      .selectFrom('recorded_documents')
      .select('id')
      .where(
        'document_number',
        'in',
        lines.map((l) => l.documentNumber),
      )
      .execute();
    return rows.map((r) => r.id);
  }

  async function guard(name: string) {
    const user = await createSubscriber(t.db, { verified: true });
    await insertNameSubscriptions(
      t.db,
      user.id,
      [{ countyId: county.id, name, nameKey: nameKey(name), tokens: nameKey(name).split(' ') }],
      activatedAt,
    );
    return user.id;
  }

  async function eventsOf(userId: string, documentIds: string[]) {
    await matchDocuments(t.db, t.boss, documentIds);
    return t.db
      .selectFrom('events')
      .innerJoin('recorded_documents as d', 'd.id', 'events.document_id')
      .select(['d.document_number', 'events.tier', 'events.namesakes', 'events.matched_value'])
      .where('events.user_id', '=', userId)
      .orderBy('d.document_number')
      .execute();
  }

  const post = (url: string, payload: object, cookie: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  const addNames = (cookie: string, names: string[]) =>
    post(
      '/api/user/subscriptions/names/list/add',
      { guardNameSubscriptions: names.map((name) => ({ county: county.name, name })) },
      cookie,
    );
  const searchNames = async (term: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/search/name',
      query: { SearchTerm: term, County: county.name },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { name: string; documentCount: number }[];
  };

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' }, { workers: false });
    // Workers of their own would match the ingested documents: only the mail worker runs, to sign in.
    await registerMailWorker(t.boss, t.db, t.mailSender);
    county = await createCounty(t.db, { name: 'Accents', code: 'ACC' });
    await ingest([
      ...Array.from({ length: 60 }, () => 'PEÑAFLOR JOSE'),
      'PENAFLOR JOSE',
      ...Array.from({ length: 60 }, () => 'CASTELLANO JOSE'),
      'IBARGÜEN JOSÉ',
    ]);
  });
  afterAll(() => t.close());

  it('counts the documents of an accented name as namesakes of the name without accents', async () => {
    // The control: a name as common, written without accents.
    const castellano = await guard('CASTELLANO JOSE M');
    const penaflor = await guard('PENAFLOR JOSE M');
    const [control] = await eventsOf(castellano, await ingest(['CASTELLANO JOSE']));
    const [accented] = await eventsOf(penaflor, await ingest(['PEÑAFLOR JOSE']));
    expect(control).toMatchObject({ tier: 'possible', namesakes: 61 });
    expect(accented).toMatchObject({ tier: 'possible', namesakes: 62 });
  });

  it('finds an accented name by its letters, and counts both spellings as one name', async () => {
    expect(await searchNames('IBARGUEN')).toEqual([
      expect.objectContaining({ name: 'IBARGÜEN JOSÉ', documentCount: 1 }),
    ]);
    const plain = await searchNames('PENAFLOR');
    expect(plain).toHaveLength(1);
    expect(plain[0]!.documentCount).toBeGreaterThanOrEqual(61);
    expect(await searchNames('PEÑAFLOR')).toEqual(plain);
  });

  it('takes a name guarded again with or without its accents as the repeat it is', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const both = await addNames(cookie, ['IBARGÜEN JOSÉ', 'IBARGUEN JOSE']);
    expect(both.statusCode, both.body).toBe(200);
    const again = await addNames(cookie, ['Ibarguen, José']);
    expect(again.statusCode, again.body).toBe(200);
    const guarded = (again.json() as { nameSubscriptions: { name: string }[] }).nameSubscriptions;
    expect(guarded.map((g) => g.name)).toEqual(['IBARGÜEN JOSÉ']);
  });

  it('refuses a name that leaves nothing to match, in the language of the account', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    for (const name of ['ET AL', 'AKA', 'THE', 'ESTATE OF', 'Trustee']) {
      const res = await addNames(cookie, [name]);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(
        `Name '${name.toUpperCase()}' has no name left to guard: words such as ET AL, AKA, THE, ESTATE OF or TRUSTEE are left out of every recorded name. Enter the person's surname and first name, or the full name of the business or trust.`,
      );
    }
    const guards = await t.db
      .selectFrom('name_subscriptions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(guards).toEqual([]);

    const spanish = await createSubscriber(t.db, { verified: true, language: 'es' });
    const res = await addNames(await signInSubscriber(t, spanish.email), ['ET AL']);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^El nombre 'ET AL' no deja ningún nombre que proteger/);
  });

  it('matches the estate of a guarded person in every order the recorder writes it', async () => {
    const user = await guard('KOWALCZYK JOHN A');
    const ids = await ingest([
      'KOWALCZYK JOHN A',
      'KOWALCZYK JOHN ESTATE OF',
      'KOWALCZYK JOHN A, ESTATE OF',
      'KOWALCZYK JOHN A ESTATE OF',
      'ESTATE OF KOWALCZYK JOHN A',
    ]);
    const events = await eventsOf(user, ids);
    expect(events.map((e) => [e.matched_value, e.tier])).toEqual([
      ['KOWALCZYK JOHN A', 'exact'],
      ['KOWALCZYK JOHN ESTATE OF', 'strong'],
      ['KOWALCZYK JOHN A, ESTATE OF', 'exact'],
      ['KOWALCZYK JOHN A ESTATE OF', 'exact'],
      ['ESTATE OF KOWALCZYK JOHN A', 'exact'],
    ]);
  });
});

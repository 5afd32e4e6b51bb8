import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { checkHistory, typoSurnames } from '../src/engine/history/history.service.ts';
import { insertDocument } from '../src/engine/ingest/ingest.repository.ts';
import { matchDocuments } from '../src/engine/matching/match.service.ts';
import { LABELLED_NAMES } from '../src/keys/labelled-names.ts';
import { storedAddress, storedName } from '../src/keys/match-keys.ts';
import { surnameDeletionKeys } from '../src/keys/names.ts';
import { apnKey, nameKey } from '../src/keys/normalize.ts';
import {
  insertApnSubscriptions,
  insertNameSubscriptions,
} from '../src/modules/user/user.repository.ts';
import {
  createCounty,
  createSubscriber,
  type CountyRow,
  uniqueEmail,
} from './helpers/factories.ts';
import { codeFrom, waitForMail } from './helpers/mail.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// A new guard is matched once against the county's documents already on record (the ten years
// before it began); what it finds are events on record, never alerted one by one, summed up in
// one email to the subscriber's verified addresses.

const DAY = 86_400_000;
const YEAR = 365 * DAY;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('the history check of a new guard', () => {
  let t: TestApp;
  /** The app as main.ts builds it: with the job queue its guard routes send to. */
  let api: FastifyInstance;
  let county: CountyRow;
  let other: CountyRow;
  let documents = 0;

  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
    api = await buildApp(t.config, {
      db: t.db,
      mailSender: t.mailSender,
      boss: t.boss,
      logger: false,
    });
    await api.ready();
    county = await createCounty(t.db, { name: 'Hollister', code: 'HOL' });
    other = await createCounty(t.db, { name: 'Elsewhere', code: 'ELS' });
  });
  afterAll(async () => {
    await api?.close();
    await t?.close();
  });

  const post = (url: string, payload: unknown, cookie?: string) =>
    api.inject({
      method: 'POST',
      url,
      headers: { origin: t.config.appUrl, ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    });

  /** A document of the county, written as ingest writes it, matched by nobody. */
  async function record(
    on: CountyRow,
    recordedAt: Date,
    what: { parties?: string[]; apn?: string; address?: string },
  ): Promise<string> {
    const n = ++documents;
    const address = what.address ? storedAddress(what.address) : undefined;
    const id = await insertDocument(t.db, {
      countyId: on.id,
      documentNumber: `H-${n}`,
      documentType: 'GRANT DEED',
      recordedAt,
      container: on.code,
      fileName: `H-${n}.pdf`,
      pageCount: 1,
      pdfError: null,
      text: '',
      parties: (what.parties ?? []).map((name, k) => ({
        role: k === 0 ? 'grantor' : 'grantee',
        name,
        nameKey: nameKey(name),
        ...storedName(name),
      })),
      parcels: [
        ...(what.apn
          ? [
              {
                apn: what.apn,
                apnKey: apnKey(what.apn),
                address: null,
                addressKey: null,
                zip: null,
                source: 'index' as const,
              },
            ]
          : []),
        ...(what.address && address
          ? [
              {
                apn: null,
                apnKey: null,
                address: what.address,
                addressKey: address.streetKey,
                zip: address.zip,
                source: 'index' as const,
              },
            ]
          : []),
      ],
    });
    return id!;
  }

  const eventsOf = (userId: string) =>
    t.db
      .selectFrom('events')
      .select([
        'document_id',
        'match_kind',
        'matched_value',
        'tier',
        'is_exact',
        'on_record',
        'apn_subscription_id',
        'name_subscription_id',
      ])
      .where('user_id', '=', userId)
      .orderBy('document_id')
      .execute();

  const deliveriesOf = (userId: string, kind: 'alert' | 'history') =>
    t.db
      .selectFrom('deliveries')
      .select(['recipient', 'status'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .execute();

  /** The user's guards once their history check has committed. */
  const checked = (userId: string, table: 'name_subscriptions' | 'apn_subscriptions') =>
    waitFor(`the history check of ${userId}'s ${table}`, async () => {
      const rows = await t.db
        .selectFrom(table)
        .select(['id', 'history_checked_at'])
        .where('user_id', '=', userId)
        .execute();
      return rows.length > 0 && rows.every((r) => r.history_checked_at !== null) && rows;
    });

  /** A guarded APN with no address, activated at `activatedAt`. */
  const guardApn = (userId: string, apn: string, activatedAt: Date) =>
    insertApnSubscriptions(
      t.db,
      userId,
      [
        {
          countyId: county.id,
          apn,
          apnKey: apnKey(apn),
          description: '',
          addressKey: null,
          addressZip: null,
        },
      ],
      activatedAt,
    );

  const sendAlertJobs = async (userId: string) =>
    Number(
      (
        await sql<{ n: string }>`
          SELECT count(*) AS n FROM pgboss.job
          WHERE name = 'send-alert' AND data->>'userId' = ${userId}`.execute(t.db)
      ).rows[0]!.n,
    );

  it("writes a new name's documents on record as events, alerts none, and mails one summary", async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const exact = await record(county, ago(YEAR), { parties: ['SMITH JOHN A', 'DOE JANE'] });
    const typo = await record(county, ago(2 * YEAR), { parties: ['ROE RICHARD', 'SMYTH JOHN A'] });
    await record(county, ago(11 * YEAR), { parties: ['SMITH JOHN A'] });
    await record(other, ago(DAY), { parties: ['SMITH JOHN A'] });
    await record(county, ago(DAY), { parties: ['SMITH JANE B'] });

    const res = await post(
      '/api/user/subscriptions/names/list/add',
      { guardNameSubscriptions: [{ county: county.name, name: 'Smith John A' }] },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [guard] = await checked(user.id, 'name_subscriptions');

    expect(await eventsOf(user.id)).toEqual([
      {
        document_id: exact,
        match_kind: 'name',
        matched_value: 'SMITH JOHN A',
        tier: 'exact',
        is_exact: true,
        on_record: true,
        apn_subscription_id: null,
        name_subscription_id: guard!.id,
      },
      {
        document_id: typo,
        match_kind: 'name',
        matched_value: 'SMYTH JOHN A',
        tier: 'strong',
        is_exact: false,
        on_record: true,
        apn_subscription_id: null,
        name_subscription_id: guard!.id,
      },
    ]);
    const mail = await waitForMail(t.db, user.email, /already on record/);
    expect(mail.subject).toBe('DeedWatch: 2 documents already on record for SMITH JOHN A');
    expect(mail.text_body).toContain(
      'We found 2 documents already recorded against SMITH JOHN A in Hollister County.',
    );
    expect(mail.text_body).toContain(`${t.config.appUrl}/dashboard#on-record-heading`);
    expect(mail.html_body).toContain('We found 2 documents already recorded against SMITH JOHN A');
    expect(await sendAlertJobs(user.id)).toBe(0);
    expect(await deliveriesOf(user.id, 'alert')).toEqual([]);

    // A second run, as a retry of the job would be: nothing is unchecked, nothing is mailed.
    expect(await checkHistory(t.engine, user.id)).toEqual({ checked: 0, events: 0, mails: 0 });
    expect(await eventsOf(user.id)).toHaveLength(2);
    expect(await deliveriesOf(user.id, 'history')).toHaveLength(1);
  });

  it('finds a parcel by its APN and its address, exact or similar, in its county and ten years only', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const apn = '012-0345-006-0000';
    const byApn = await record(county, ago(3 * YEAR), { apn });
    const byAddress = await record(county, ago(YEAR), {
      address: '123 Riverside Blvd, Hollister, CA 95814',
    });
    const similar = await record(county, ago(2 * YEAR), {
      address: '123 RIVERSIDE BLV, HOLLISTER CA 95814',
    });
    await record(county, ago(YEAR), { address: '123 RIVERSIDE BLV, HOLLISTER CA 95818' });
    await record(county, ago(YEAR), { address: '125 Riverside Blvd, Hollister, CA 95814' });
    // Another street type is another address; a similar street under the strong confidence
    // is a possible match.
    await record(county, ago(YEAR), { address: '123 Riverside Ave, Hollister, CA 95814' });
    const possible = await record(county, ago(YEAR), {
      address: '123 RVRSIDE BLVD HOLLISTER CA 95814',
    });
    await record(county, ago(12 * YEAR), { apn });
    await record(other, ago(YEAR), { apn });

    const res = await post(
      '/api/user/subscriptions/apns/list/add',
      {
        guardApnSubscriptions: [
          { county: county.name, apn, description: '123 Riverside Boulevard, Hollister, CA 95814' },
        ],
      },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    await checked(user.id, 'apn_subscriptions');

    expect(
      (await eventsOf(user.id)).map((e) => [e.document_id, e.match_kind, e.tier, e.on_record]),
    ).toEqual([
      [byApn, 'apn', 'exact', true],
      [byAddress, 'address', 'exact', true],
      [similar, 'address', 'strong', true],
      [possible, 'address', 'possible', true],
    ]);
    const mail = await waitForMail(t.db, user.email, /already on record/);
    expect(mail.text_body).toContain(
      'We found 3 documents already recorded against the property 012-0345-006-0000 (123 Riverside Boulevard, Hollister, CA 95814) in Hollister County, and 1 more document at a similar address that may be another property.',
    );
    expect(await sendAlertJobs(user.id)).toBe(0);
  });

  it('leaves documents recorded from the activation on to the live matcher', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const activatedAt = ago(60 * 60 * 1000);
    await insertNameSubscriptions(
      t.db,
      user.id,
      [
        {
          countyId: county.id,
          name: 'QUILL OTTO',
          nameKey: 'QUILL OTTO',
          tokens: ['QUILL', 'OTTO'],
        },
      ],
      activatedAt,
    );
    const before = await record(county, new Date(activatedAt.getTime() - 1000), {
      parties: ['QUILL OTTO'],
    });
    const after = await record(county, new Date(activatedAt.getTime() + 1000), {
      parties: ['QUILL OTTO'],
    });

    expect(await checkHistory(t.engine, user.id)).toMatchObject({ checked: 1, events: 1 });
    await matchDocuments(t.db, t.boss, [before, after]);
    expect((await eventsOf(user.id)).map((e) => [e.document_id, e.tier, e.on_record])).toEqual([
      [before, 'exact', true],
      [after, 'exact', false],
    ]);
  });

  it('finds on record a document the county delivers after the check, and alerts nobody', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const activatedAt = ago(60 * 60 * 1000);
    await insertNameSubscriptions(
      t.db,
      user.id,
      [
        {
          countyId: county.id,
          name: 'LATIMER ROSA',
          nameKey: 'LATIMER ROSA',
          tokens: ['LATIMER', 'ROSA'],
        },
      ],
      activatedAt,
    );
    await guardApn(user.id, '099-0007-002-0003', activatedAt);
    // The check runs at once and finds nothing: the county has not delivered these yet.
    expect(await checkHistory(t.engine, user.id)).toMatchObject({ checked: 2, events: 0 });
    const hoursBefore = new Date(activatedAt.getTime() - 3 * 60 * 60 * 1000);
    const late = await record(county, hoursBefore, {
      parties: ['LATIMER ROSA'],
      apn: '099-0007-002-0003',
    });
    const tooOld = await record(county, ago(11 * 365 * DAY), { parties: ['LATIMER ROSA'] });
    const result = await matchDocuments(t.db, t.boss, [late, tooOld]);

    expect(result).toMatchObject({ documents: 2, alerts: 0 });
    const events = await eventsOf(user.id);
    expect(events.map((e) => [e.document_id, e.match_kind, e.tier, e.on_record])).toEqual(
      expect.arrayContaining([
        [late, 'apn', 'exact', true],
        [late, 'name', 'exact', true],
      ]),
    );
    expect(events).toHaveLength(2);
    expect(await sendAlertJobs(user.id)).toBe(0);
  });

  it('mails one summary for guards checked by two jobs at once, and writes nothing twice', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const activatedAt = new Date();
    await insertNameSubscriptions(
      t.db,
      user.id,
      [
        {
          countyId: county.id,
          name: 'VANCE ODILE',
          nameKey: 'VANCE ODILE',
          tokens: ['VANCE', 'ODILE'],
        },
      ],
      activatedAt,
    );
    await guardApn(user.id, '099-0001-002-0003', activatedAt);
    await record(county, ago(DAY), { parties: ['VANCE ODILE'], apn: '099-0001-002-0003' });
    await record(county, ago(2 * DAY), { parties: ['VANCE ODILE'] });

    const runs = await Promise.all([
      checkHistory(t.engine, user.id),
      checkHistory(t.engine, user.id),
    ]);
    expect(runs.map((r) => r.mails).sort()).toEqual([0, 1]);
    expect(runs.reduce((n, r) => n + r.events, 0)).toBe(3);
    expect(await eventsOf(user.id)).toHaveLength(3);
    const mail = await waitForMail(t.db, user.email, /already on record/);
    // Two documents: the one naming both the name and the property is counted once.
    expect(mail.subject).toBe('DeedWatch: 2 documents already on record for what you guard');
    expect(mail.text_body).toContain('For what you just added, we found 2 documents.');
    expect(mail.text_body).toContain(
      '- We found 2 documents already recorded against VANCE ODILE in Hollister County.',
    );
    expect(mail.text_body).toContain(
      '- We found 1 document already recorded against the property 099-0001-002-0003 in Hollister County.',
    );
    expect(await deliveriesOf(user.id, 'history')).toHaveLength(1);
  });

  it('names a guard with nothing on record in a summary, and sends none when nothing is found', async () => {
    const found = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, found.email);
    await record(county, ago(DAY), { parties: ['ULLMAN PIA'] });
    await post(
      '/api/user/subscriptions/names/list/add',
      {
        guardNameSubscriptions: [
          { county: county.name, name: 'ULLMAN PIA' },
          { county: county.name, name: 'NOBODY AT ALL' },
        ],
      },
      cookie,
    );
    const mail = await waitForMail(t.db, found.email, /already on record/);
    expect(mail.subject).toBe('DeedWatch: 1 document already on record for ULLMAN PIA');
    expect(mail.text_body).toContain(
      '- NOBODY AT ALL in Hollister County: nothing on record in the last ten years.',
    );

    const none = await createSubscriber(t.db, { verified: true });
    const noneCookie = await signInSubscriber(t, none.email);
    await post(
      '/api/user/subscriptions/names/list/add',
      { guardNameSubscriptions: [{ county: county.name, name: 'NOBODY ELSE' }] },
      noneCookie,
    );
    await checked(none.id, 'name_subscriptions');
    expect(await deliveriesOf(none.id, 'history')).toEqual([]);
  });

  it('waits for a registering subscriber to verify before it mails, and covers the wait', async () => {
    const email = uniqueEmail('history');
    await record(county, ago(YEAR), { parties: ['WREN OLIVE'] });
    const res = await post('/api/user/register', {
      email,
      names: [{ county: county.name, name: 'WREN OLIVE' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const userId = (res.json() as { id: string }).id;
    // Checked up to now at once; the guard is not active, so it stays to be checked.
    await waitFor('the documents on record of the unverified guard', async () => {
      const events = await eventsOf(userId);
      return events.length === 1 && events;
    });
    expect(await deliveriesOf(userId, 'history')).toEqual([]);
    const guard = await t.db
      .selectFrom('name_subscriptions')
      .select('history_checked_at')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(guard.history_checked_at).toBeNull();

    // Recorded after that check, before the guard is active: the live matcher never sees it.
    const between = await record(county, new Date(), { parties: ['WREN OLIVE'] });
    const welcome = await waitForMail(t.db, email, /verify your email/);
    const verified = await post(
      `/api/auth/verify-email?code=${codeFrom(welcome.text_body, 'verify-email')}`,
      {},
    );
    expect(verified.statusCode).toBe(200);

    // What the verification queues: the check of the guards it activated, by the worker.
    await checked(userId, 'name_subscriptions');
    expect((await eventsOf(userId)).map((e) => e.document_id)).toContain(between);
    const mail = await waitForMail(t.db, email, /already on record/);
    expect(mail.text_body).toContain(
      'We found 2 documents already recorded against WREN OLIVE in Hollister County.',
    );
    expect(await deliveriesOf(userId, 'history')).toHaveLength(1);
    // Checked for good: running the check again finds nothing left to do.
    expect(await checkHistory(t.engine, userId)).toEqual({ checked: 0, events: 0, mails: 0 });
  });

  it('counts possible matches apart, and leaves out those of a name set to hide them', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const guard = (name: string) => ({
      countyId: county.id,
      name,
      nameKey: name,
      tokens: name.split(' '),
    });
    await insertNameSubscriptions(
      t.db,
      user.id,
      [guard('KOVAC IRIS'), guard('LANDRY IVO')],
      new Date(),
    );
    await t.db
      .updateTable('name_subscriptions')
      .set({ possible_matches: 'hide' })
      .where('user_id', '=', user.id)
      .where('name', '=', 'LANDRY IVO')
      .execute();
    // A first initial for a first name: a possible match whatever the county holds.
    await record(county, ago(DAY), { parties: ['KOVAC IRIS', 'LANDRY IVO'] });
    await record(county, ago(2 * DAY), { parties: ['KOVAC I', 'LANDRY I'] });

    expect(await checkHistory(t.engine, user.id)).toEqual({ checked: 2, events: 4, mails: 1 });
    expect((await eventsOf(user.id)).map((e) => e.tier).sort()).toEqual([
      'exact',
      'exact',
      'possible',
      'possible',
    ]);
    const mail = await waitForMail(t.db, user.email, /already on record/);
    expect(mail.text_body).toContain(
      '- We found 1 document already recorded against KOVAC IRIS in Hollister County, and 1 more document naming someone with a similar name who may be somebody else.',
    );
    expect(mail.text_body).toContain(
      '- We found 1 document already recorded against LANDRY IVO in Hollister County.',
    );
  });

  it('sends no summary to a user without a verified email', async () => {
    const user = await createSubscriber(t.db, { verified: false });
    await insertNameSubscriptions(
      t.db,
      user.id,
      [
        {
          countyId: county.id,
          name: 'YATES INGRID',
          nameKey: 'YATES INGRID',
          tokens: ['YATES', 'INGRID'],
        },
      ],
      new Date(),
    );
    await record(county, ago(DAY), { parties: ['YATES INGRID'] });
    expect(await checkHistory(t.engine, user.id)).toEqual({ checked: 1, events: 1, mails: 0 });
    expect(await deliveriesOf(user.id, 'history')).toEqual([]);
  });

  it('finds every surname that shares a typo key with the guarded one', () => {
    const neighbours = new Set(typoSurnames('SMITH'));
    // One edit each way, and two deletions' worth: SMITH and MITHS both lose a letter to MITH.
    for (const s of ['SMITH', 'SMYTH', 'SMIH', 'SMITHE', 'SMTIH', 'MITHS', 'XMITH'])
      expect(neighbours.has(s), s).toBe(true);
    for (const s of ['SMYTHE', 'JONES']) expect(neighbours.has(s), s).toBe(false);
    // Every surname of the labelled names that shares a key with a guarded one is found.
    const surnames = [...new Set(LABELLED_NAMES.flatMap((l) => [l.guarded, l.candidate]))]
      .flatMap((name) => storedName(name).readings.map((r) => r.surname))
      .filter((s) => s.length > 0);
    for (const a of surnames.slice(0, 60)) {
      const found = new Set(typoSurnames(a));
      const keys = new Set(surnameDeletionKeys(a));
      for (const b of surnames)
        if (surnameDeletionKeys(b).some((k) => keys.has(k)))
          expect(found.has(b), `${a} ~ ${b}`).toBe(true);
    }
  });
});

describe('the history check and the live matcher agree', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('gives every labelled guarded name the events the matcher gives the same documents', async () => {
    const county = await createCounty(t.db, { name: 'Twin', code: 'TWN' });
    // A name carried by thousands of documents, behind 45 rare ones of the same surname and
    // first name: its exact match is less confident than the variant it also is, whose count
    // stops at the first 41 names of the prefix, and both keep the exact one.
    const crowded = 'ZEDD ANNA ZOE';
    const guarded = [...new Set([...LABELLED_NAMES.map((l) => l.guarded), crowded])];
    const candidates = [...new Set([...LABELLED_NAMES.map((l) => l.candidate), crowded])];
    const activatedAt = ago(60 * 60 * 1000);
    // Namesakes, so that tiers and confidences vary: a count under some of the names' prefixes.
    const prefixes = [
      ...new Set(
        candidates.flatMap((name) =>
          storedName(name).readings.map((r) => `${r.surname} ${r.first}`.trim()),
        ),
      ),
    ].filter((_, i) => i % 3 === 0);
    await t.db
      .insertInto('index_names')
      .values(
        prefixes.map((prefix, i) => ({
          county_id: county.id,
          name: prefix,
          name_key: nameKey(prefix),
          document_count: 1 + ((i * 37) % 120),
          last_recorded_at: ago(YEAR),
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    await t.db
      .insertInto('index_names')
      .values(
        [
          ...Array.from(
            { length: 45 },
            (_, i) => `ZEDD ANNA A${String.fromCharCode(65 + (i % 26))}${i < 26 ? '' : 'X'}`,
          ),
          crowded,
        ].map((name) => ({
          county_id: county.id,
          name,
          name_key: nameKey(name),
          document_count: name === crowded ? 5000 : 1,
          last_recorded_at: ago(YEAR),
        })),
      )
      .execute();

    const users = new Map<string, string>();
    for (const name of guarded) {
      // No verified email: the summaries are not what is compared.
      const user = await createSubscriber(t.db);
      const key = nameKey(name);
      await insertNameSubscriptions(
        t.db,
        user.id,
        [{ countyId: county.id, name, nameKey: key, tokens: key.split(' ') }],
        activatedAt,
      );
      users.set(user.id, name);
    }
    /** document id → [candidate, on record]. */
    const documentOf = new Map<string, [string, boolean]>();
    const live: string[] = [];
    // Levels that vary by the document's type and the party's role, as both write them.
    const documentTypes = ['GRANT DEED', 'FULL RECONVEYANCE', 'DEED OF TRUST'];
    for (const [i, name] of candidates.entries()) {
      for (const onRecord of [true, false]) {
        const recordedAt = new Date(activatedAt.getTime() + (onRecord ? -DAY : 60_000));
        const id = await insertDocument(t.db, {
          countyId: county.id,
          documentNumber: `TWN-${i}-${onRecord}`,
          documentType: documentTypes[i % documentTypes.length]!,
          recordedAt,
          container: 'TWN',
          fileName: `TWN-${i}-${onRecord}.pdf`,
          pageCount: 1,
          pdfError: null,
          text: '',
          parties: [
            {
              role: i % 2 === 0 ? 'grantee' : 'grantor',
              name,
              nameKey: nameKey(name),
              ...storedName(name),
            },
          ],
          parcels: [],
        });
        documentOf.set(id!, [name, onRecord]);
        if (!onRecord) live.push(id!);
      }
    }

    await matchDocuments(t.db, t.boss, live);
    for (const userId of users.keys()) await checkHistory(t.engine, userId);

    const events = await t.db
      .selectFrom('events')
      .select([
        'user_id',
        'document_id',
        'on_record',
        'is_exact',
        'confidence',
        'tier',
        'namesakes',
        'matched_value',
        'party_role',
        'level',
      ])
      .execute();
    const seen = new Map<string, Record<string, unknown>>();
    for (const { user_id, document_id, on_record, ...rest } of events) {
      const [candidate, onRecord] = documentOf.get(document_id)!;
      expect(on_record).toBe(onRecord);
      seen.set(`${users.get(user_id)} | ${candidate} | ${onRecord}`, rest);
    }
    const disagreements: string[] = [];
    let matches = 0;
    for (const name of guarded) {
      for (const candidate of candidates) {
        const history = seen.get(`${name} | ${candidate} | true`);
        const matcher = seen.get(`${name} | ${candidate} | false`);
        if (matcher) matches++;
        if (JSON.stringify(history) !== JSON.stringify(matcher))
          disagreements.push(
            `${name} ~ ${candidate}: history ${JSON.stringify(history)}, matcher ${JSON.stringify(matcher)}`,
          );
      }
    }
    expect(disagreements).toEqual([]);
    expect(matches).toBeGreaterThan(LABELLED_NAMES.length / 2);
    expect(seen.get(`${crowded} | ${crowded} | true`)).toMatchObject({
      is_exact: true,
      tier: 'exact',
    });
    const tiers = new Set(events.map((e) => e.tier));
    expect([...tiers].sort()).toEqual(['exact', 'possible', 'strong']);
    const levels = new Set(events.filter((e) => e.on_record).map((e) => e.level));
    expect([...levels].sort()).toEqual(['act_now', 'check', 'records']);
  }, 300_000);
});

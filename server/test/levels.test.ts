import { DOCUMENT_TYPE_NAMES, levelDocumentType } from '@deedwatch/rules';
import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHistory } from '../src/engine/history/history.service.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { matchDocuments } from '../src/engine/matching/match.service.ts';
import { MATCH_DOCUMENTS, SEND_ALERT } from '../src/jobs/queues.ts';
import { apnKey, nameKey } from '../src/keys/normalize.ts';
import {
  insertApnSubscriptions,
  insertNameSubscriptions,
} from '../src/modules/user/user.repository.ts';
import {
  countyForm,
  createCounty,
  createStaff,
  createSubscriber,
  type CountyRow,
} from './helpers/factories.ts';
import { feedFolder, feedLine, type FeedLineInput, feedPdf, writeFeed } from './helpers/feed.ts';
import { holding, waitsOnAdvisoryLock } from './helpers/locks.ts';
import { signInStaff, signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// Risk levels: the default table row by row, event_level() and the trigger that gives every new
// event its level, a county's own rows (saved through Edit County, which recomputes the county's
// events and the per-level counts), and the county's fraud contact.

type Level = 'act_now' | 'check' | 'records';
type Subject = 'grantor' | 'grantee' | 'property';

/** What the product promises, written out here rather than read from the migration. */
const EXPECTED: [types: string[], levels: Record<Subject, Level>][] = [
  [
    [
      'GRANT DEED',
      'QUITCLAIM DEED',
      'QUIT CLAIM DEED',
      'WARRANTY DEED',
      'TRUST TRANSFER DEED',
      'INTERSPOUSAL TRANSFER DEED',
      'INTERSPOUSAL TRANSFER GRANT DEED',
      'GIFT DEED',
      'DEED',
      'TRANSFER ON DEATH DEED',
      'REVOCABLE TRANSFER ON DEATH DEED',
      'AFFIDAVIT OF DEATH OF JOINT TENANT',
      'TRUSTEES DEED',
      'TRUSTEES DEED UPON SALE',
      'SHERIFFS DEED',
      'TAX DEED',
    ],
    { grantor: 'act_now', grantee: 'check', property: 'act_now' },
  ],
  [
    [
      'DEED OF TRUST',
      'SHORT FORM DEED OF TRUST',
      'DEED OF TRUST AND ASSIGNMENT OF RENTS',
      'MORTGAGE',
    ],
    { grantor: 'act_now', grantee: 'check', property: 'act_now' },
  ],
  [
    [
      'NOTICE OF DEFAULT',
      'NOTICE OF DEFAULT AND ELECTION TO SELL',
      'NOTICE OF TRUSTEES SALE',
      'NOTICE OF SALE',
      'LIS PENDENS',
      'NOTICE OF PENDENCY OF ACTION',
      'LIEN',
      'NOTICE OF LIEN',
      'MECHANICS LIEN',
      'TAX LIEN',
      'FEDERAL TAX LIEN',
      'STATE TAX LIEN',
      'NOTICE OF DELINQUENT ASSESSMENT',
      'ABSTRACT OF JUDGMENT',
      'JUDGMENT',
    ],
    { grantor: 'act_now', grantee: 'act_now', property: 'act_now' },
  ],
  [
    [
      'ASSIGNMENT',
      'ASSIGNMENT OF DEED OF TRUST',
      'ASSIGNMENT OF MORTGAGE',
      'SUBSTITUTION OF TRUSTEE',
      'EASEMENT',
      'GRANT OF EASEMENT',
    ],
    { grantor: 'check', grantee: 'check', property: 'check' },
  ],
  [
    [
      'RECONVEYANCE',
      'FULL RECONVEYANCE',
      'PARTIAL RECONVEYANCE',
      'SUBSTITUTION OF TRUSTEE AND FULL RECONVEYANCE',
      'RELEASE',
      'RELEASE OF LIEN',
      'RELEASE OF MECHANICS LIEN',
      'RELEASE OF FEDERAL TAX LIEN',
      'WITHDRAWAL OF FEDERAL TAX LIEN',
      'SATISFACTION',
      'SATISFACTION OF MORTGAGE',
      'SATISFACTION OF JUDGMENT',
      'ACKNOWLEDGMENT OF SATISFACTION OF JUDGMENT',
      'RESCISSION OF NOTICE OF DEFAULT',
    ],
    { grantor: 'records', grantee: 'records', property: 'records' },
  ],
];
const EXPECTED_ROWS = EXPECTED.flatMap(([types, levels]) =>
  types.flatMap((type) =>
    (['grantee', 'grantor', 'property'] as const).map((subject) => ({
      document_type: type,
      subject,
      level: levels[subject],
    })),
  ),
).sort((a, b) =>
  a.document_type === b.document_type
    ? a.subject.localeCompare(b.subject)
    : a.document_type < b.document_type
      ? -1
      : 1,
);

/** The (match kind, party role) pairs an event of each subject can have. */
const MATCHES: Record<Subject, [string, string | null][]> = {
  grantor: [['name', 'grantor']],
  grantee: [['name', 'grantee']],
  property: [
    ['apn', null],
    ['address', null],
  ],
};

const recordedAt = new Date();

describe('risk levels', () => {
  let t: TestApp;
  let county: CountyRow;
  let other: CountyRow;
  let adminCookie: string;
  const folders: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
    county = await createCounty(t.db, { name: 'Levels', code: 'LVL' });
    other = await createCounty(t.db, { name: 'Elsewhere', code: 'ELS' });
    adminCookie = await signInStaff(t, (await createStaff(t.db, 'admin')).email);
  });
  afterAll(async () => {
    await t.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  /** event_level() of each (type, kind, role), in one query. */
  async function levelsOf(countyId: number, rows: [string, string, string | null][]) {
    const { rows: out } = await sql<{ level: string }>`
      SELECT event_level(${countyId}, x.type, x.kind, x.role) AS level
      FROM unnest(${rows.map((r) => r[0])}::text[], ${rows.map((r) => r[1])}::text[],
                  ${rows.map((r) => r[2])}::text[]) WITH ORDINALITY AS x (type, kind, role, n)
      ORDER BY x.n`.execute(t.db);
    return out.map((r) => r.level);
  }

  it('has exactly the default rows the product describes, one per document type and subject', async () => {
    const rows = await t.db
      .selectFrom('level_defaults')
      .select(['document_type', 'subject', 'level'])
      .orderBy('document_type')
      .orderBy('subject')
      .execute();
    expect(rows).toEqual(EXPECTED_ROWS);
    // Every type of the table, and no other, has a name in the reader's language.
    expect(Object.keys(DOCUMENT_TYPE_NAMES).sort()).toEqual(
      [...new Set(rows.map((r) => r.document_type))].sort(),
    );
  });

  it('gives every default row its level, for each way an event can be about its subject', async () => {
    const asked: [string, string, string | null][] = [];
    const wanted: string[] = [];
    for (const row of EXPECTED_ROWS) {
      for (const [kind, role] of MATCHES[row.subject]) {
        asked.push([row.document_type, kind, role]);
        wanted.push(row.level);
      }
    }
    expect(await levelsOf(county.id, asked)).toEqual(wanted);
  });

  it('reads a document type as the recorder may write it, and finds Check for a type in no row', async () => {
    const asked: [string, string, string | null][] = [
      ["  notice of  trustee's sale ", 'name', 'grantee'],
      ['Grant Deed', 'apn', null],
      ['Sheriff’s Deed', 'name', 'grantor'],
      ['AGREEMENT OF SALE', 'name', 'grantor'],
      ['AGREEMENT OF SALE', 'address', null],
      ['', 'name', 'grantee'],
    ];
    expect(await levelsOf(county.id, asked)).toEqual([
      'act_now',
      'act_now',
      'act_now',
      'check',
      'check',
      'check',
    ]);
    // The shared rule the forms use reads types exactly as the database does.
    const { rows } = await sql<{ key: string }>`
      SELECT level_document_type(x) AS key FROM unnest(${asked.map((a) => a[0])}::text[]) AS x`.execute(
      t.db,
    );
    expect(rows.map((r) => r.key)).toEqual(asked.map((a) => levelDocumentType(a[0])));
  });

  /** A verified subscriber guarding a name and an APN in `c` since before the recordings. */
  async function guard(c: CountyRow, name: string, apn: string) {
    const user = await createSubscriber(t.db, { verified: true });
    const since = new Date(recordedAt.getTime() - 60_000);
    await insertNameSubscriptions(
      t.db,
      user.id,
      [{ countyId: c.id, name, nameKey: nameKey(name), tokens: nameKey(name).split(' ') }],
      since,
    );
    await insertApnSubscriptions(
      t.db,
      user.id,
      [
        {
          countyId: c.id,
          apn,
          apnKey: apnKey(apn),
          description: '77 LEVEL WAY',
          addressKey: null,
          addressZip: null,
        },
      ],
      since,
    );
    return user;
  }

  async function ingest(code: string, lines: FeedLineInput[]) {
    const folder = await feedFolder();
    folders.push(folder);
    const pdfs: Record<string, Uint8Array> = {};
    // The text names the line's APNs, or none: a document's parcels are its line's.
    for (const l of lines) {
      pdfs[l.file] = await feedPdf(l, 1, l.apns.length > 0 ? l.apns : ['NOT STATED'], code);
    }
    await writeFeed(folder, lines, pdfs);
    return ingestFolder(t.engine, folder);
  }

  const levelsByDocument = async (userId: string) =>
    Object.fromEntries(
      (
        await t.db
          .selectFrom('events as e')
          .innerJoin('recorded_documents as d', 'd.id', 'e.document_id')
          .select(['d.document_number', 'e.level'])
          .where('e.user_id', '=', userId)
          .execute()
      ).map((r) => [r.document_number, r.level]),
    );

  it("gives each event the matcher writes the level of its document's type and the guarded party's role", async () => {
    const user = await guard(county, 'LEVEL ANNA', '012-0345-006-0001');
    const lines = [
      feedLine('LVL', recordedAt, { documentNumber: 'LVL-1', grantors: ['LEVEL ANNA'] }),
      feedLine('LVL', recordedAt, { documentNumber: 'LVL-2', grantees: ['LEVEL ANNA'] }),
      feedLine('LVL', recordedAt, {
        documentNumber: 'LVL-3',
        documentType: 'FULL RECONVEYANCE',
        grantors: ['LEVEL ANNA'],
      }),
      feedLine('LVL', recordedAt, {
        documentNumber: 'LVL-4',
        documentType: 'DEED OF TRUST',
        grantors: ['SOMEONE ELSE'],
        apns: ['012-0345-006-0001'],
      }),
      feedLine('LVL', recordedAt, {
        documentNumber: 'LVL-5',
        documentType: 'MYSTERY INSTRUMENT',
        grantors: ['LEVEL ANNA'],
      }),
    ];
    expect(await ingest('LVL', lines)).toMatchObject({ documents: 5, events: 5 });
    expect(await levelsByDocument(user.id)).toEqual({
      'LVL-1': 'act_now',
      'LVL-2': 'check',
      'LVL-3': 'records',
      'LVL-4': 'act_now',
      'LVL-5': 'check',
    });

    // The dashboard says the level and what the document does.
    const cookie = await signInSubscriber(t, user.email);
    const me = (
      await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { cookie } })
    ).json();
    const events = [
      ...me.nameSubscriptions.flatMap((s: { events: unknown[] }) => s.events),
      ...me.apnSubscriptions.flatMap((s: { events: unknown[] }) => s.events),
    ] as { documentNumber: string; level: string; whatItDoes: string; recognisedAt: null }[];
    const byNumber = Object.fromEntries(events.map((e) => [e.documentNumber, e]));
    expect(byNumber['LVL-1']).toMatchObject({ level: 'act_now', recognisedAt: null });
    expect(byNumber['LVL-1']!.whatItDoes).toMatch(
      /^A deed transferring property from you was recorded in Levels County on \d\d\/\d\d\/\d{4}\.$/,
    );
    expect(byNumber['LVL-4']!.whatItDoes).toMatch(
      /^A loan secured by 77 LEVEL WAY was recorded in Levels County on /,
    );
    expect(byNumber['LVL-3']!.level).toBe('records');
  });

  const save = (changes: Record<string, unknown>, c: CountyRow = county) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/counties/update',
      headers: { cookie: adminCookie, origin: t.config.appUrl },
      payload: countyForm(c, changes),
    });

  const metrics = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/metrics',
        headers: { cookie: adminCookie },
      })
    ).json();

  it("lets a county's own rows win, recomputes its events and the per-level counts when saved, and audits the change", async () => {
    const user = await guard(county, 'OVERRIDE OTTO', '012-0345-006-0002');
    const elsewhere = await guard(other, 'OVERRIDE OTTO', '012-0345-006-0002');
    const deed = (code: string, n: string) =>
      feedLine(code, recordedAt, { documentNumber: n, grantees: ['OVERRIDE OTTO'] });
    const mystery = (code: string, n: string) =>
      feedLine(code, recordedAt, {
        documentNumber: n,
        documentType: "Owner's Mystery Notice",
        grantors: ['OVERRIDE OTTO'],
      });
    await ingest('LVL', [deed('LVL', 'LVL-O1'), mystery('LVL', 'LVL-O2')]);
    await ingest('ELS', [deed('ELS', 'ELS-O1'), mystery('ELS', 'ELS-O2')]);
    const before = (await metrics()).eventsByCountyAndLevel;

    const res = await save({
      levelOverrides: [
        { documentType: ' grant  deed ', subject: 'grantee', level: 'act_now' },
        { documentType: 'OWNERS MYSTERY NOTICE', subject: 'grantor', level: 'records' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().levelOverrides).toEqual([
      { documentType: 'GRANT DEED', subject: 'grantee', level: 'act_now' },
      { documentType: 'OWNERS MYSTERY NOTICE', subject: 'grantor', level: 'records' },
    ]);
    expect(await levelsByDocument(user.id)).toEqual({ 'LVL-O1': 'act_now', 'LVL-O2': 'records' });
    // Another county's events keep the default table.
    expect(await levelsByDocument(elsewhere.id)).toEqual({ 'ELS-O1': 'check', 'ELS-O2': 'check' });
    // LVL-2 of the earlier test (a grant deed to its guarded name) moved too.
    const after = (await metrics()).eventsByCountyAndLevel;
    expect(after.Levels.act_now - before.Levels.act_now).toBe(2);
    expect(after.Levels.check - before.Levels.check).toBe(-3);
    expect(after.Levels.records - before.Levels.records).toBe(1);
    expect(after.Elsewhere).toEqual(before.Elsewhere);

    // The counters agree with a recount from the tables.
    const counted = await t.db
      .selectFrom('events as e')
      .innerJoin('recorded_documents as d', 'd.id', 'e.document_id')
      .select(['e.level', (eb) => eb.fn.countAll<string>().as('n')])
      .where('d.county_id', '=', county.id)
      .groupBy('e.level')
      .execute();
    expect(after.Levels).toEqual({
      act_now: 0,
      check: 0,
      records: 0,
      ...Object.fromEntries(counted.map((r) => [r.level, Number(r.n)])),
    });

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'county.update')
      .where('target_id', '=', String(county.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({
      levelOverrides: {
        before: [],
        after: [
          { documentType: 'GRANT DEED', subject: 'grantee', level: 'act_now' },
          { documentType: 'OWNERS MYSTERY NOTICE', subject: 'grantor', level: 'records' },
        ],
        events: 3,
      },
    });

    // A new event of the county takes the county's row at once.
    await ingest('LVL', [deed('LVL', 'LVL-O3')]);
    expect((await levelsByDocument(user.id))['LVL-O3']).toBe('act_now');

    // Taking the rows away puts the defaults back.
    expect((await save({ levelOverrides: [] })).statusCode).toBe(200);
    expect(await levelsByDocument(user.id)).toEqual({
      'LVL-O1': 'check',
      'LVL-O2': 'check',
      'LVL-O3': 'check',
    });
    const counties = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/counties',
        headers: { cookie: adminCookie },
      })
    ).json() as { id: number; levelOverrides: unknown[] }[];
    expect(counties.find((c) => c.id === county.id)!.levelOverrides).toEqual([]);
  });

  it('keeps the fraud contact of a county, and refuses one that cannot be reached with a 400 that names it', async () => {
    const contact = {
      fraudContactName: 'Real Estate Fraud Unit',
      fraudContactPhone: '(916) 874-6334 x12',
      fraudContactEmail: 'Fraud@Levels.example.gov',
      fraudContactUrl: 'https://levels.example.gov/fraud',
    };
    const res = await save(contact);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...contact, fraudContactEmail: 'fraud@levels.example.gov' });

    const refused: [Record<string, unknown>, RegExp][] = [
      [{ fraudContactPhone: 'call the front desk' }, /fraudContactPhone: must be a phone number/],
      [{ fraudContactPhone: '874-6334' }, /fraudContactPhone: must be a phone number/],
      [{ fraudContactEmail: 'fraud at levels' }, /fraudContactEmail: must be an email address/],
      [{ fraudContactUrl: 'javascript:alert(1)' }, /fraudContactUrl: must be an http\(s\) URL/],
      [
        {
          levelOverrides: [
            { documentType: 'GRANT DEED', subject: 'grantor', level: 'check' },
            { documentType: 'grant deed', subject: 'grantor', level: 'records' },
          ],
        },
        /levelOverrides: gives a document type the same subject twice/,
      ],
      [
        { levelOverrides: [{ documentType: 'GRANT DEED', subject: 'owner', level: 'check' }] },
        /subject: must be 'grantor', 'grantee' or 'property'/,
      ],
      [
        { levelOverrides: [{ documentType: 'GRANT DEED', subject: 'grantor', level: 'panic' }] },
        /level: must be 'act_now', 'check' or 'records'/,
      ],
      [
        { levelOverrides: [{ documentType: '  ', subject: 'grantor', level: 'check' }] },
        /documentType: is required/,
      ],
      // Longer, or nothing, once kept as compared: upper-cased, apostrophes dropped.
      [
        { levelOverrides: [{ documentType: "' ’", subject: 'grantor', level: 'check' }] },
        /documentType: has no letters once apostrophes and spaces are dropped/,
      ],
      [
        { levelOverrides: [{ documentType: 'ß'.repeat(60), subject: 'grantor', level: 'check' }] },
        /documentType: is at most 100 characters once upper-cased/,
      ],
      // 164 characters as sent, 323 lower-cased (İ becomes i and a combining dot).
      [
        { fraudContactEmail: `${'İ'.repeat(159)}@x.co` },
        /fraudContactEmail: must be an email address of at most 320 characters/,
      ],
      [
        {
          levelOverrides: Array.from({ length: 301 }, (_, i) => ({
            documentType: `TYPE ${i}`,
            subject: 'grantor',
            level: 'check',
          })),
        },
        /levelOverrides: has at most 300 rows/,
      ],
    ];
    const auditBefore = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [changes, message] of refused) {
      const bad = await save({ ...contact, ...changes });
      expect(bad.statusCode, JSON.stringify(changes)).toBe(400);
      expect(bad.json().message).toMatch(message);
    }
    const stored = await t.db
      .selectFrom('counties')
      .select(['fraud_contact_phone', 'fraud_contact_email', 'fraud_contact_url'])
      .where('id', '=', county.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      fraud_contact_phone: '(916) 874-6334 x12',
      fraud_contact_email: 'fraud@levels.example.gov',
      fraud_contact_url: 'https://levels.example.gov/fraud',
    });
    expect(
      await t.db
        .selectFrom('county_level_overrides')
        .selectAll()
        .where('county_id', '=', county.id)
        .execute(),
    ).toEqual([]);
    const auditAfter = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(auditAfter.n).toBe(auditBefore.n);

    // Empty clears the contact.
    const cleared = await save({
      fraudContactName: '',
      fraudContactPhone: '',
      fraudContactEmail: '',
      fraudContactUrl: '',
    });
    expect(cleared.json()).toMatchObject({ fraudContactName: '', fraudContactPhone: '' });
  });

  /**
   * Whether a session that holds county `countyId`'s levels lock shared (a batch or a history
   * check that has written its events) waits on the job table or a queue's partition of it.
   */
  async function holdsLevelsAndWaitsOnJobs(countyId: number) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_locks a
      JOIN pg_locks w ON w.pid = a.pid AND NOT w.granted
      JOIN pg_class c ON c.oid = w.relation
      WHERE a.locktype = 'advisory' AND a.granted AND a.mode = 'ShareLock'
        AND a.objsubid = 2 AND a.objid = ${countyId}
        AND c.relnamespace = 'pgboss'::regnamespace`.execute(t.db);
    return rows[0]!.n > 0;
  }

  /**
   * Starts `writer` (a matcher batch or a history check of `county`) with the job table held,
   * so that it stops after writing its events, waiting to queue its jobs; saves Grant Deed to a
   * grantee at Act now in the county meanwhile; then lets both finish. Returns what each gave.
   */
  async function saveWhileWriting<T>(county: CountyRow, writer: () => Promise<T>) {
    const release = await holding(t.config.databaseUrl, 'LOCK TABLE pgboss.job IN SHARE MODE');
    let written: Promise<T>;
    let saved: Promise<{ statusCode: number; body: string }>;
    let savedYet = false;
    let writtenYet = false;
    try {
      written = writer().finally(() => (writtenYet = true));
      // The workers' own sweep of unmatched documents may have matched the document first:
      // the writer then has nothing to write, and the save alone recomputes the event.
      await waitFor(
        'the writer to wait to queue its jobs, or be done with nothing to write',
        async () => writtenYet || (await holdsLevelsAndWaitsOnJobs(county.id)),
      );
      saved = save(
        { levelOverrides: [{ documentType: 'GRANT DEED', subject: 'grantee', level: 'act_now' }] },
        county,
      ).finally(() => (savedYet = true));
      await waitFor(
        'the save to wait for the writer, or be done without waiting',
        async () => savedYet || (await waitsOnAdvisoryLock(t.db)),
      );
    } finally {
      await release();
    }
    return { written: await written, saved: await saved };
  }

  it("recomputes the events of a matcher batch in flight when a county's rows are saved", async () => {
    const racing = await createCounty(t.db, { name: 'Racing Levels', code: 'RLV' });
    const user = await guard(racing, 'RACING RITA', '012-0345-006-0003');
    await ingest('RLV', [
      feedLine('RLV', recordedAt, { documentNumber: 'RLV-1', grantees: ['RACING RITA'] }),
    ]);
    expect(await levelsByDocument(user.id)).toEqual({ 'RLV-1': 'check' });
    const { id: documentId } = await t.db
      .selectFrom('recorded_documents')
      .select('id')
      .where('document_number', '=', 'RLV-1')
      .executeTakeFirstOrThrow();
    // The jobs of that first match done: its alert's transaction locks the document's row (the
    // excerpt it stores, the deliveries that reference it), and a matcher's claim skips a
    // locked document as another matcher's (it would then wait for the 5-minute sweep); the
    // ingest's match job, late, would take the document from the batch below.
    await waitFor('the first match and its alert to be done', async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pgboss.job
        WHERE state IN ('created', 'retry', 'active')
          AND ((name = ${SEND_ALERT} AND data->>'documentId' = ${documentId})
            OR (name = ${MATCH_DOCUMENTS} AND data->'documentIds' ? ${documentId}))`.execute(t.db);
      return rows[0]!.n === 0;
    });
    // The document unmatched again, for a batch of this test's own.
    await t.db.deleteFrom('events').where('document_id', '=', documentId).execute();
    await t.db
      .updateTable('recorded_documents')
      .set({ matched_at: null })
      .where('id', '=', documentId)
      .execute();

    // The batch has written its event (at Check) when the rows are saved.
    const { saved, written } = await saveWhileWriting(racing, () =>
      matchDocuments(t.db, t.boss, [documentId]),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(written.documents).toBe(1);
    expect(await levelsByDocument(user.id)).toEqual({ 'RLV-1': 'act_now' });
  });

  it("recomputes the events of a history check in flight when a county's rows are saved", async () => {
    const racing = await createCounty(t.db, { name: 'Racing History', code: 'RHS' });
    // A deed recorded a month before the guard: the guard's history check finds it.
    const monthAgo = new Date(recordedAt.getTime() - 30 * 86_400_000);
    await ingest('RHS', [
      feedLine('RHS', monthAgo, { documentNumber: 'RHS-1', grantees: ['RACING HAL'] }),
    ]);
    const user = await createSubscriber(t.db, { verified: true });
    await insertNameSubscriptions(
      t.db,
      user.id,
      [
        {
          countyId: racing.id,
          name: 'RACING HAL',
          nameKey: nameKey('RACING HAL'),
          tokens: ['RACING', 'HAL'],
        },
      ],
      new Date(),
    );

    // The check has written its event (at Check) when the rows are saved.
    const { written, saved } = await saveWhileWriting(racing, () =>
      checkHistory(t.engine, user.id),
    );
    expect(written).toMatchObject({ checked: 1, events: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await levelsByDocument(user.id)).toEqual({ 'RHS-1': 'act_now' });
  });

  it('shows admins the default table, and nobody else', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/levels/defaults',
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(EXPECTED_ROWS.length);
    expect(res.json()).toContainEqual({
      documentType: 'NOTICE OF DEFAULT',
      subject: 'grantee',
      level: 'act_now',
    });
    const support = await signInStaff(t, (await createStaff(t.db, 'customersupport')).email);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/levels/defaults',
          headers: { cookie: support },
        })
      ).statusCode,
    ).toBe(403);
  });
});

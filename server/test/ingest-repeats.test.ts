import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine.ts';
import { pollInboxes } from '../src/engine/inbox/inbox.service.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { SEND_ALERT } from '../src/jobs/queues.ts';
import { nameKey } from '../src/keys/normalize.ts';
import {
  insertApnSubscriptions,
  insertNameSubscriptions,
} from '../src/modules/user/user.repository.ts';
import { createCounty, createSubscriber, type CountyRow } from './helpers/factories.ts';
import { feedFolder, feedLine, type FeedLineInput, feedPdf, writeFeed } from './helpers/feed.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// What an ingest makes of a line that repeats a document, or a file name, of an earlier line or
// feed; APNs a PDF prints with dashes where the county's data mask has none; and what the inbox
// tells the operators of a feed's problems.

const recordedAt = new Date();
// The factory's masks: data 00000000000000, shown as 000-0000-000-0000.
const COUNTY = 'REP';
const line = (overrides: Partial<FeedLineInput> & { documentNumber: string }) =>
  feedLine(COUNTY, recordedAt, overrides);
const pdfFor = (l: FeedLineInput, pages = 1, textApns = l.apns) =>
  feedPdf(l, pages, textApns, 'Repeats');

describe('ingesting repeated documents and file names', () => {
  let t: TestApp;
  let county: CountyRow;
  let subscriber: { id: string };
  const folders: string[] = [];

  /** A feed folder of these lines and PDFs, removed after the tests. */
  const feed = async (lines: (FeedLineInput | string)[], pdfs: Record<string, Uint8Array>) => {
    const folder = await feedFolder();
    folders.push(folder);
    await writeFeed(folder, lines, pdfs);
    return folder;
  };
  const guardName = (name: string) =>
    insertNameSubscriptions(
      t.db,
      subscriber.id,
      [{ countyId: county.id, name, nameKey: nameKey(name), tokens: name.split(' ') }],
      new Date(recordedAt.getTime() - 60_000),
    );
  /** Guards a parcel of the county (APN in its display form), from a minute before the feeds. */
  const guardApn = (apn: string, address: string) =>
    insertApnSubscriptions(
      t.db,
      subscriber.id,
      [
        {
          countyId: county.id,
          apn,
          apnKey: apn.replaceAll('-', ''),
          description: address,
          addressKey: address,
          addressZip: '95814',
        },
      ],
      new Date(recordedAt.getTime() - 60_000),
    );
  /** The send-alert jobs queued for the document. */
  const alertJobs = async (documentId: string) => {
    const { rows } = await sql<{ jobs: number }>`
      SELECT count(*)::int AS jobs FROM pgboss.job
      WHERE name = ${SEND_ALERT} AND data->>'documentId' = ${documentId}`.execute(t.db);
    return rows[0]!.jobs;
  };
  const storedDocument = (documentNumber: string) =>
    t.db
      .selectFrom('recorded_documents')
      .select(['id', 'file_name', 'pdf_error', 'page_count', 'text_search'])
      .where('county_id', '=', county.id)
      .where('document_number', '=', documentNumber)
      .executeTakeFirstOrThrow();
  const storedBytes = async (file: string) => {
    const blob = await t.engine.blobs.get(COUNTY, file);
    return blob && Buffer.concat(await blob.stream.toArray());
  };
  const eventCount = async (documentId: string) =>
    (
      await t.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('document_id', '=', documentId)
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    t = await startTestApp({}, { workers: false });
    county = await createCounty(t.db, { name: 'Repeats', code: COUNTY });
    subscriber = await createSubscriber(t.db, { verified: true });
  });
  afterAll(async () => {
    await t.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('indexes, matches and alerts a document whose file name an earlier document has, storing its PDF under its own name', async () => {
    await guardName('QUILL HARRIET');
    const first = line({ documentNumber: 'R3-D06', file: 'R3-D06.pdf' });
    const firstPdf = await pdfFor(first);
    expect(
      await ingestFolder(t.engine, await feed([first], { [first.file]: firstPdf })),
    ).toMatchObject({ documents: 1, filesRenamed: 0 });

    const later = line({
      documentNumber: 'R3-E02',
      documentType: 'QUITCLAIM DEED',
      grantors: ['QUILL HARRIET'],
      file: 'R3-D06.pdf',
    });
    const laterPdf = await pdfFor(later, 2);
    const folder = await feed([later], { [later.file]: laterPdf });
    const summary = await ingestFolder(t.engine, folder);
    expect(summary).toMatchObject({
      documents: 1,
      skipped: 0,
      pdfProblems: 0,
      events: 1,
      alerts: 1,
      filesRenamed: 1,
      renamedFiles: [
        { line: 1, documentNumber: 'R3-E02', file: 'R3-D06.pdf', storedAs: 'R3-E02.pdf' },
      ],
    });
    const stored = await storedDocument('R3-E02');
    expect(stored).toMatchObject({ file_name: 'R3-E02.pdf', pdf_error: null, page_count: 2 });
    // Each document keeps its own PDF.
    expect((await storedBytes('R3-E02.pdf'))?.equals(laterPdf)).toBe(true);
    expect((await storedBytes('R3-D06.pdf'))?.equals(firstPdf)).toBe(true);
    expect((await storedDocument('R3-D06')).file_name).toBe('R3-D06.pdf');

    // The same folder again changes nothing.
    expect(await ingestFolder(t.engine, folder)).toMatchObject({
      documents: 0,
      repeats: 1,
      filesRenamed: 0,
      events: 0,
    });
    expect(await eventCount(stored.id)).toBe('1');
  });

  it('stores each PDF of a feed that names them all alike under a name of its own', async () => {
    // A recorder naming its files per batch: 0001.pdf every day, and twice in one feed.
    const lines = ['B-1', 'B-2', 'B 3/4'].map((documentNumber) =>
      line({ documentNumber, file: '0001.pdf' }),
    );
    const pdf = await pdfFor(lines[0]!);
    const summary = await ingestFolder(t.engine, await feed(lines, { '0001.pdf': pdf }));
    expect(summary).toMatchObject({ documents: 3, skipped: 0, pdfProblems: 0, filesRenamed: 2 });
    expect(summary.renamedFiles.map((r) => r.storedAs)).toEqual(['B-2.pdf', 'B_3_4.pdf']);
    const nextDay = line({ documentNumber: 'B-5', file: '0001.pdf' });
    const again = await ingestFolder(t.engine, await feed([nextDay], { '0001.pdf': pdf }));
    expect(again.renamedFiles).toEqual([
      { line: 1, documentNumber: 'B-5', file: '0001.pdf', storedAs: 'B-5.pdf' },
    ]);
    // A name a document took for its own is taken: the next one named so gets a number.
    const clash = line({ documentNumber: 'B-2', county: COUNTY, file: 'x.pdf' });
    const other = line({ documentNumber: 'B-6', file: 'B-5.pdf' });
    const third = await ingestFolder(
      t.engine,
      await feed([clash, other], { 'x.pdf': pdf, 'B-5.pdf': pdf }),
    );
    expect(third).toMatchObject({ documents: 1, repeats: 1 });
    expect(third.renamedFiles.map((r) => r.storedAs)).toEqual(['B-6.pdf']);
  });

  it('attaches the PDF a re-delivered line brings to a document stored without one, without alerting again', async () => {
    await guardName('LATE ARRIVAL');
    const late = line({ documentNumber: 'L-1', grantors: ['LATE ARRIVAL'], file: 'late.pdf' });
    const first = await ingestFolder(t.engine, await feed([late], {}));
    expect(first).toMatchObject({ documents: 1, pdfProblems: 1, events: 1, alerts: 1 });
    expect(first.pdfReasons[0]!.reason).toBe('missing: late.pdf is not in the feed folder');
    const before = await storedDocument('L-1');
    expect(before.page_count).toBeNull();

    const pdf = await pdfFor(late, 3);
    const folder = await feed([late], { 'late.pdf': pdf });
    const resent = await ingestFolder(t.engine, folder);
    expect(resent).toMatchObject({
      documents: 0,
      repeats: 1,
      pdfsAttached: 1,
      pdfProblems: 0,
      events: 0,
      alerts: 0,
    });
    expect(resent.repeatReasons).toEqual([
      {
        line: 1,
        documentNumber: 'L-1',
        differs: [],
        reason:
          'Document L-1 is already stored; this line is the same and changed nothing. Its PDF, ' +
          'which the stored document lacked, is now attached as late.pdf. Its text gives APN ' +
          '999-9999-999-9999, which the index did not; the document was matched again for it.',
      },
    ]);
    const after = await storedDocument('L-1');
    expect(after).toMatchObject({ file_name: 'late.pdf', pdf_error: null, page_count: 3 });
    expect(after.text_search).toContain('arrival');
    // Matched again for the APN its text gives (nobody guards it): the name's event is not
    // made again, nor its alert.
    expect((await storedBytes('late.pdf'))?.equals(pdf)).toBe(true);
    expect(await eventCount(before.id)).toBe('1');
    expect(await alertJobs(before.id)).toBe(1);

    // Once attached, a repeat changes nothing.
    const third = await ingestFolder(t.engine, folder);
    expect(third).toMatchObject({ repeats: 1, pdfsAttached: 0 });
    expect(third.repeatReasons[0]!.reason).toBe(
      'Document L-1 is already stored; this line is the same and changed nothing.',
    );
  });

  it('reads the APN a late PDF prints for a document the index gave none, and matches the document again for it', async () => {
    await guardApn('012-0345-999-0003', '3 GUARDED WAY');
    const late = line({
      documentNumber: 'L-3',
      grantors: ['NOBODY GUARDED'],
      apns: [],
      file: 'late3.pdf',
    });
    expect(await ingestFolder(t.engine, await feed([late], {}))).toMatchObject({
      documents: 1,
      pdfProblems: 1,
      apnsFromText: 0,
      events: 0,
    });
    const stored = await storedDocument('L-3');

    const folder = await feed([late], {
      'late3.pdf': await pdfFor(late, 1, ['012-0345-999-0003']),
    });
    const resent = await ingestFolder(t.engine, folder);
    expect(resent).toMatchObject({
      repeats: 1,
      pdfsAttached: 1,
      apnsFromText: 1,
      events: 1,
      alerts: 1,
    });
    expect(resent.repeatReasons[0]!.reason).toBe(
      'Document L-3 is already stored; this line is the same and changed nothing. Its PDF, ' +
        'which the stored document lacked, is now attached as late3.pdf. Its text gives APN ' +
        '012-0345-999-0003, which the index did not; the document was matched again for it.',
    );
    const parcels = await t.db
      .selectFrom('document_parcels')
      .select(['apn', 'source'])
      .where('document_id', '=', stored.id)
      .execute();
    expect(parcels).toEqual([{ apn: '012-0345-999-0003', source: 'text' }]);
    const events = await t.db
      .selectFrom('events')
      .select(['user_id', 'match_kind', 'tier', 'on_record'])
      .where('document_id', '=', stored.id)
      .execute();
    expect(events).toEqual([
      { user_id: subscriber.id, match_kind: 'apn', tier: 'exact', on_record: false },
    ]);
    expect(await alertJobs(stored.id)).toBe(1);

    // Once attached and matched, the same line changes nothing.
    expect(await ingestFolder(t.engine, folder)).toMatchObject({
      repeats: 1,
      pdfsAttached: 0,
      apnsFromText: 0,
      events: 0,
    });
    expect(await eventCount(stored.id)).toBe('1');
  });

  it('says when a re-delivered PDF is no better than the missing one', async () => {
    const late = line({ documentNumber: 'L-2', file: 'late2.pdf' });
    await ingestFolder(t.engine, await feed([late], {}));
    const again = await ingestFolder(
      t.engine,
      await feed([late], { 'late2.pdf': Buffer.from('not a pdf') }),
    );
    expect(again).toMatchObject({ repeats: 1, pdfsAttached: 0 });
    expect(again.repeatReasons[0]!.reason).toBe(
      'Document L-2 is already stored; this line is the same and changed nothing. The stored ' +
        'document has no readable PDF (missing: late2.pdf is not in the feed folder), nor does ' +
        'this line: not-a-pdf: late2.pdf does not start with %PDF-.',
    );
    expect(await storedDocument('L-2')).toMatchObject({ page_count: null });
  });

  it('names each repeat with its line and document number, and what in it was not applied', async () => {
    const original = line({ documentNumber: 'D-1', grantees: ['ROE JANE'] });
    const added = line({ documentNumber: 'D-1', grantees: ['ROE JANE', 'ROE JOHN'] });
    const pdfs = { [original.file]: await pdfFor(original) };
    const summary = await ingestFolder(t.engine, await feed([original, added, original], pdfs));
    expect(summary).toMatchObject({ documents: 1, repeats: 2 });
    expect(summary.repeatReasons).toEqual([
      {
        line: 2,
        documentNumber: 'D-1',
        differs: ['grantees'],
        reason:
          'Document D-1 was given by line 1 of this feed; this line differs in grantees, which ' +
          'were not applied: a feed never changes a stored document. Send a correction as a ' +
          'document of its own, with a new document number.',
      },
      {
        line: 3,
        documentNumber: 'D-1',
        differs: [],
        reason:
          'Document D-1 was given by line 1 of this feed; this line is the same and changed nothing.',
      },
    ]);

    // A later feed's different line: compared with what was stored.
    const changed = line({
      documentNumber: 'D-1',
      documentType: 'QUITCLAIM DEED',
      grantors: ['  doe   richard '],
      grantees: ['ROE JANE'],
      apns: ['012-0345-006-0000'],
    });
    const resent = await ingestFolder(t.engine, await feed([changed, original], pdfs));
    expect(resent.repeatReasons).toEqual([
      expect.objectContaining({
        line: 1,
        documentNumber: 'D-1',
        differs: ['documentType', 'apns'],
      }),
      {
        line: 2,
        documentNumber: 'D-1',
        differs: [],
        reason: 'Document D-1 is already stored; this line is the same and changed nothing.',
      },
    ]);
    expect(resent.repeatReasons[0]!.reason).toMatch(
      /^Document D-1 is already stored; this line differs in documentType, apns, which were not applied/,
    );
    const stored = await storedDocument('D-1');
    const parties = await t.db
      .selectFrom('document_parties')
      .select(['role', 'name'])
      .where('document_id', '=', stored.id)
      .orderBy('role')
      .execute();
    expect(parties).toEqual([
      { role: 'grantee', name: 'ROE JANE' },
      { role: 'grantor', name: 'DOE RICHARD' },
    ]);
  });

  it('finds a labelled APN the PDF prints with dashes where the data mask has none', async () => {
    await guardApn('012-0345-999-0001', '1 GUARDED WAY');
    const deed = line({ documentNumber: 'A-1', grantors: ['NOBODY GUARDED'], apns: [] });
    const summary = await ingestFolder(
      t.engine,
      await feed([deed], { [deed.file]: await pdfFor(deed, 1, ['012-0345-999-0001']) }),
    );
    expect(summary).toMatchObject({ documents: 1, apnsFromText: 1, events: 1, alerts: 1 });
    const parcels = await t.db
      .selectFrom('document_parcels')
      .select(['apn_key', 'source'])
      .where('document_id', '=', (await storedDocument('A-1')).id)
      .execute();
    expect(parcels).toEqual([{ apn_key: '01203459990001', source: 'text' }]);
  });

  it("stores a feed's bare APN in the county's display form, as alerts and the API show it", async () => {
    const deed = line({ documentNumber: 'A-2', grantors: ['NOBODY'], apns: ['01203459990002'] });
    await ingestFolder(t.engine, await feed([deed], { [deed.file]: await pdfFor(deed, 1) }));
    const parcels = await t.db
      .selectFrom('document_parcels')
      .select(['apn', 'apn_key'])
      .where('document_id', '=', (await storedDocument('A-2')).id)
      .execute();
    expect(parcels).toEqual([{ apn: '012-0345-999-0002', apn_key: '01203459990002' }]);
  });
});

describe("the inbox's log line of a processed folder", () => {
  let t: TestApp;
  let root: string;
  let inbox: string;
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  let engine: Engine;

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'deedwatch-county-paths-')));
    t = await startTestApp({ COUNTY_PATH_ROOTS: root }, { workers: false });
    inbox = await mkdtemp(path.join(root, 'inbox-'));
    const county = await createCounty(t.db, { name: 'Logged', code: 'LOG' });
    await t.db
      .updateTable('counties')
      .set({ inbox_path: inbox })
      .where('id', '=', county.id)
      .execute();
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l)) });
    engine = { ...t.engine, log };
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  const processed = (folder: string) =>
    lines.find((l) => l.msg === 'inbox folder processed' && l.folder === folder);

  it('warns with the skipped lines of a feed that is not UTF-8', async () => {
    const folder = path.join(inbox, 'latin1');
    await mkdir(folder);
    const good = feedLine('LOG', recordedAt, { documentNumber: 'X-1', grantors: ['NÚÑEZ JOSÉ'] });
    const latin1 = Buffer.from(`${JSON.stringify(good)}\n${JSON.stringify(good)}\n`, 'latin1');
    await writeFile(path.join(folder, 'index.ndjson'), latin1);
    await pollInboxes(engine);
    expect(processed('latin1')).toMatchObject({
      level: 40,
      outcome: 'done',
      documents: 0,
      skipped: 2,
      pdfProblems: 0,
    });
  });

  it('warns of PDF problems, and logs a clean feed at info', async () => {
    const missing = feedLine('LOG', recordedAt, { documentNumber: 'X-2' });
    const clean = feedLine('LOG', recordedAt, { documentNumber: 'X-3' });
    await writeFeed(await mkdirIn(inbox, 'no-pdf'), [missing], {});
    await writeFeed(await mkdirIn(inbox, 'clean'), [clean], {
      [clean.file]: await feedPdf(clean, 1),
    });
    await pollInboxes(engine);
    expect(processed('no-pdf')).toMatchObject({
      level: 40,
      documents: 1,
      skipped: 0,
      pdfProblems: 1,
    });
    expect(processed('clean')).toMatchObject({
      level: 30,
      documents: 1,
      skipped: 0,
      pdfProblems: 0,
    });
    const summary = JSON.parse(
      await readFile(path.join(inbox, 'done', 'no-pdf', 'ingest-summary.json'), 'utf8'),
    );
    expect(summary.pdfProblems).toBe(1);
  });
});

async function mkdirIn(parent: string, name: string) {
  const folder = path.join(parent, name);
  await mkdir(folder);
  return folder;
}

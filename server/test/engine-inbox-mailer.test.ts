import {
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../src/documents/pdf/extract-text.ts';
import { createRandom } from '../src/lib/random.ts';
import { pollInboxes, SUMMARY_FILE } from '../src/engine/inbox/inbox.service.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { COUNTY_MAILERS } from '../src/jobs/queues.ts';
import { COUNTY_TIME_ZONE } from '../src/lib/county-time.ts';
import {
  makeCountyMailer,
  makeCountyMailers,
  type MailerResult,
  previousCountyDay,
} from '../src/engine/mailer/county-mailer.service.ts';
import {
  isoWithOffset,
  loadPools,
  simulatedLine,
  writeFeedFolder,
} from '../src/engine/simulate/simulate.ts';
import { samplePdf } from '../src/engine/sample-documents.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import { setDemoInboxes } from '../src/demo/seed-demo.ts';
import {
  createCounty,
  createSubscriber,
  enableCountyMailer,
  type CountyRow,
} from './helpers/factories.ts';
import { feedFolder, feedLine, feedPdf, writeFeed } from './helpers/feed.ts';
import { holding } from './helpers/locks.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import type { Engine } from '../src/engine/engine.ts';
import { waitFor } from './helpers/wait.ts';

// The inbox cron over folders the demo recorder writes, and the printed county mailer, on real
// PDFs opened with pdf-lib and pdf.js; then what an inbox's writer or an admin setting could
// make them reach outside their folders.

/** A new folder for the allowed county paths (COUNTY_PATH_ROOTS), as its real path. */
const pathRoot = async () =>
  realpath(await mkdtemp(path.join(os.tmpdir(), 'deedwatch-county-paths-')));

/** An engine like `engine` whose log lines are kept, to see what a poll refused and why. */
function loggingEngine(engine: Engine) {
  const lines: { msg: string; [key: string]: unknown }[] = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  return { engine: { ...engine, log }, lines };
}

describe('county inboxes and the demo recorder', () => {
  let t: TestApp;
  let county: CountyRow;
  let root: string;
  let inbox: string;
  let subscriber: { id: string; email: string };

  beforeAll(async () => {
    root = await pathRoot();
    t = await startTestApp({ COUNTY_PATH_ROOTS: root });
    inbox = await mkdtemp(path.join(root, 'inbox-'));
    county = await createCounty(t.db, { name: 'Inbox', code: 'INB' });
    await t.db
      .updateTable('counties')
      .set({ inbox_path: inbox })
      .where('id', '=', county.id)
      .execute();
    subscriber = await createSubscriber(t.db, { verified: true });
    await insertNameSubscriptions(
      t.db,
      subscriber.id,
      [
        {
          countyId: county.id,
          name: 'LOPEZ MARIA',
          nameKey: 'LOPEZ MARIA',
          tokens: ['LOPEZ', 'MARIA'],
        },
      ],
      new Date(Date.now() - 60_000),
    );
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('ingests what the simulated recorder writes, alerts with 2 pages, and files the folders', async () => {
    const pools = await loadPools(t.db, county.id);
    expect(pools.guardedNames).toEqual(['LOPEZ MARIA']);
    const rng = createRandom(7);
    const simCounty = { id: county.id, code: county.code, name: county.name, inboxPath: inbox };
    // Every document names a guarded name (hit rate 1).
    const lines = [1, 2, 3].map((n) => simulatedLine(simCounty, pools, rng, new Date(), n, 1));
    await writeFeedFolder(inbox, 'batch-1', simCounty, lines);
    // A folder still being written (a dot name) is left alone; one without an index fails.
    await mkdir(path.join(inbox, '.partial-batch-2'));
    await mkdir(path.join(inbox, 'broken'));

    // The inbox cron of this app's worker may get there first: either way, the folders end up
    // filed once.
    await pollInboxes(t.engine);
    await waitFor('both folders filed', async () => {
      const entries = await readdir(inbox);
      return entries.includes('done') && entries.includes('failed') && !entries.includes('broken');
    });
    expect((await readdir(inbox)).sort()).toEqual(['.partial-batch-2', 'done', 'failed']);
    expect(await readdir(path.join(inbox, 'done'))).toEqual(['batch-1']);
    expect(await readdir(path.join(inbox, 'failed'))).toEqual(['broken']);
    const summary = JSON.parse(
      await readFile(path.join(inbox, 'done', 'batch-1', SUMMARY_FILE), 'utf8'),
    );
    expect(summary).toMatchObject({ documents: 3, events: 3, alerts: 3, skipped: 0 });
    expect(
      JSON.parse(await readFile(path.join(inbox, 'failed', 'broken', SUMMARY_FILE), 'utf8')).error,
    ).toMatch(/index\.ndjson/);

    const alert = await waitFor('an alert with its attachment', async () => {
      const rows = await t.db
        .selectFrom('outbox_messages as m')
        .innerJoin('outbox_attachments as a', 'a.message_id', 'm.id')
        .select(['m.subject', 'm.text_body', 'a.content'])
        .where('m.recipient', '=', subscriber.email)
        .execute();
      return rows.length === 3 ? rows : undefined;
    });
    for (const mail of alert) {
      expect(mail.text_body).toContain('LOPEZ MARIA');
      const pdf = await PDFDocument.load(mail.content);
      expect(pdf.getPageCount()).toBe(2);
    }
    // Nothing left to do on the next poll.
    expect(await pollInboxes(t.engine)).toEqual([]);
  });

  it('schedules the county mailers for 01:00 county time, once the county day is over', async () => {
    expect(await t.boss.getSchedules(COUNTY_MAILERS)).toEqual([
      expect.objectContaining({ cron: '0 1 * * *', timezone: COUNTY_TIME_ZONE }),
    ]);
  });
});

describe('county mailers', () => {
  let t: TestApp;
  let county: CountyRow;
  let root: string;
  let output: string;
  let feed: string;
  const day = previousCountyDay(new Date());
  // Noon in California on that day.
  const recordedAt = new Date(`${day}T12:00:00-08:00`);

  beforeAll(async () => {
    root = await pathRoot();
    t = await startTestApp({ COUNTY_PATH_ROOTS: root }, { workers: false });
    output = await mkdtemp(path.join(root, 'mailer-'));
    feed = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-feed-'));
    county = await createCounty(t.db, {
      name: 'Mailer',
      code: 'MLR',
      ui_mask: '000-000-000-000',
      data_mask: '000-000-000-000',
    });
    await enableCountyMailer(
      t.db,
      county.id,
      output,
      { apn: '111-222-333-444', address: '12 OAK ST', owner: 'PATEL ANITA' },
      { use_watermark: true },
    );

    const lines = [
      { n: 'M-1', type: 'GRANT DEED', apn: '111-222-333-444', pages: 5 },
      { n: 'M-2', type: 'DEED OF TRUST', apn: '111-222-333-444', pages: 3 },
      { n: 'M-3', type: 'GRANT DEED', apn: '999-999-999-999', pages: 3 },
    ];
    const index = [];
    for (const l of lines) {
      const file = `${l.n}.pdf`;
      await writeFile(
        path.join(feed, file),
        await samplePdf(
          {
            countyName: 'Mailer',
            documentNumber: l.n,
            recordedAt,
            documentType: l.type,
            grantors: ['PATEL ANITA'],
            grantees: ['SOMEONE ELSE'],
            apns: [l.apn],
            addresses: [],
          },
          { pages: l.pages },
        ),
      );
      index.push(
        JSON.stringify({
          county: 'MLR',
          documentNumber: l.n,
          recordedAt: isoWithOffset(recordedAt),
          documentType: l.type,
          grantors: ['PATEL ANITA'],
          grantees: ['SOMEONE ELSE'],
          apns: [l.apn],
          addresses: [],
          file,
        }),
      );
    }
    await writeFile(path.join(feed, 'index.ndjson'), index.join('\n'));
    await ingestFolder(t.engine, feed);
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
    await rm(feed, { recursive: true, force: true });
  });

  it('writes one letter per matching document to the owner on the roll, with its first 2 pages watermarked', async () => {
    const [result] = await makeCountyMailers(t.engine, day);
    // Only the grant deed whose APN is on the roll: the deed of trust is not a mailer type and
    // the other grant deed's parcel is unknown.
    expect(result).toMatchObject({ county: 'MLR', date: day, letters: 1 });
    expect(result!.file).toBe(path.join(output, `MLR-${day}.pdf`));
    const bytes = await readFile(result!.file!);
    const pdf = await PDFDocument.load(bytes);
    // The letter, then pages 1 and 2 of the 5-page deed.
    expect(pdf.getPageCount()).toBe(3);
    expect(result!.pages).toBe(3);
    const text = await extractPdfText(new Uint8Array(bytes));
    expect(text.ok).toBe(true);
    if (!text.ok) return;
    expect(text.text).toContain('PATEL ANITA');
    expect(text.text).toContain('12 OAK ST');
    expect(text.text).toContain('M-1');
    expect(text.text).toContain('COPY');
    expect(text.text).not.toContain('M-3');
  });

  it('makes a day once, and honours the one-page and sample options', async () => {
    expect(await makeCountyMailer(t.engine, county.id, day)).toMatchObject({ file: null });
    expect(await t.db.selectFrom('county_mailers').selectAll().execute()).toHaveLength(1);

    await t.db.deleteFrom('county_mailers').execute();
    await t.db
      .updateTable('counties')
      .set({ use_one_page_mailer: true, add_sample_to_mailer: true, use_watermark: false })
      .where('id', '=', county.id)
      .execute();
    const result = await makeCountyMailer(t.engine, county.id, day);
    const pdf = await PDFDocument.load(await readFile(result.file!));
    // The sample letter, then the one letter, no document pages.
    expect(pdf.getPageCount()).toBe(2);
    const text = await extractPdfText(new Uint8Array(await readFile(result.file!)));
    expect(text.ok && text.text).toMatch(/SAMPLE/);
  });

  it('writes a day once when two runs start together: the second waits, then finds it made', async () => {
    await t.db.deleteFrom('county_mailers').execute();
    // The mailers' table held against inserts, so that each run gets as far as it can on its
    // own before either records its day.
    const release = await holding(t.config.databaseUrl, 'LOCK TABLE county_mailers IN SHARE MODE');
    let runs: Promise<MailerResult[]>;
    try {
      runs = Promise.all([1, 2].map(() => makeCountyMailer(t.engine, county.id, day)));
      await waitFor('both runs to wait, on the table or on each other', async () => {
        const { rows } = await sql<{ n: number }>`
          SELECT count(DISTINCT pid)::int AS n FROM pg_locks
          WHERE NOT granted AND (locktype = 'advisory' OR relation = 'county_mailers'::regclass)
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(
          t.db,
        );
        return rows[0]!.n >= 2 || undefined;
      });
    } finally {
      await release();
    }
    const results = await runs;
    expect(results.map((r) => r.file !== null).sort()).toEqual([false, true]);
    expect(await t.db.selectFrom('county_mailers').selectAll().execute()).toHaveLength(1);
  });

  it('uses a letterhead PDF from the template path', async () => {
    await t.db.deleteFrom('county_mailers').execute();
    const letterhead = await PDFDocument.create();
    const page = letterhead.addPage([612, 792]);
    page.drawText('RECORDER OF MAILER COUNTY LETTERHEAD', { x: 72, y: 740, size: 12 });
    const file = path.join(output, 'letterhead.pdf');
    await writeFile(file, await letterhead.save());
    await t.db
      .updateTable('counties')
      .set({ mailer_template_path: file, add_sample_to_mailer: false })
      .where('id', '=', county.id)
      .execute();
    const result = await makeCountyMailer(t.engine, county.id, day);
    const text = await extractPdfText(new Uint8Array(await readFile(result.file!)));
    expect(text.ok && text.text).toContain('RECORDER OF MAILER COUNTY LETTERHEAD');
  });

  it("writes every other county's mailer when one county's fails, then fails the job; the retry redoes only that county", async () => {
    await t.db.deleteFrom('county_mailers').execute();
    // The first county (by id) gets a letterhead that is not a PDF.
    const broken = path.join(output, 'letterhead.txt');
    await writeFile(broken, 'not a PDF');
    await t.db
      .updateTable('counties')
      .set({ mailer_template_path: broken })
      .where('id', '=', county.id)
      .execute();
    const otherOutput = path.join(output, 'other');
    const other = await createCounty(t.db, { name: 'Other Mailer', code: 'MLO' });
    await enableCountyMailer(t.db, other.id, otherOutput, {
      apn: '55555555555555',
      address: '9 PINE ST',
      owner: 'NGUYEN LINH',
    });
    const otherFeed = await feedFolder();
    const deed = feedLine('MLO', recordedAt, {
      documentNumber: 'O-1',
      grantors: ['NGUYEN LINH'],
      apns: ['55555555555555'],
    });
    await writeFeed(otherFeed, [deed], { [deed.file]: await feedPdf(deed, 2) });
    await ingestFolder(t.engine, otherFeed);
    await rm(otherFeed, { recursive: true, force: true });

    await expect(makeCountyMailers(t.engine, day)).rejects.toThrow(/MLR.*not a readable PDF/);
    const written = path.join(otherOutput, `MLO-${day}.pdf`);
    const text = await extractPdfText(new Uint8Array(await readFile(written)));
    expect(text.ok && text.text).toContain('NGUYEN LINH');
    const made = await t.db.selectFrom('county_mailers').select('county_id').execute();
    expect(made).toEqual([{ county_id: other.id }]);

    // The retry, once the letterhead is fixed, makes the failed county's and leaves the other's.
    await t.db
      .updateTable('counties')
      .set({ mailer_template_path: '' })
      .where('id', '=', county.id)
      .execute();
    const retried = await makeCountyMailers(t.engine, day);
    expect(retried).toEqual([
      expect.objectContaining({ county: 'MLR', file: path.join(output, `MLR-${day}.pdf`) }),
      expect.objectContaining({ county: 'MLO', file: null }),
    ]);
    expect(await t.db.selectFrom('county_mailers').select('county_id').execute()).toHaveLength(2);
  });

  it('writes and reads no mailer file outside the allowed folders, checked when it runs', async () => {
    await t.db.deleteFrom('county_mailers').execute();
    const outside = await realpath(await mkdtemp(path.join(os.tmpdir(), 'deedwatch-outside-')));
    const letterhead = path.join(outside, 'letterhead.pdf');
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]).drawText('A LETTERHEAD OUTSIDE', { x: 72, y: 740, size: 12 });
    await writeFile(letterhead, await pdf.save());
    await symlink(outside, path.join(root, 'escape'));
    await symlink(letterhead, path.join(output, 'linked-letterhead.pdf'));
    const cases: [Record<string, string>, RegExp][] = [
      [{ mailer_output_path: outside }, /Mailer Output Path '.*' is outside the allowed folders/],
      [
        { mailer_output_path: path.join(root, 'escape', 'mailers') },
        /Mailer Output Path '.*' is outside the allowed folders \(it leads to .*mailers\)/,
      ],
      [{ mailer_output_path: '/etc/cron.d' }, /Mailer Output Path '\/etc\/cron\.d' is outside/],
      [
        { mailer_template_path: path.join(output, 'linked-letterhead.pdf') },
        /Mailer Template Path '.*' is outside the allowed folders \(it leads to .*letterhead\.pdf\)/,
      ],
      [{ mailer_template_path: '/etc/passwd' }, /Mailer Template Path '\/etc\/passwd' is outside/],
    ];
    try {
      for (const [changes, message] of cases) {
        await t.db
          .updateTable('counties')
          .set({ mailer_output_path: output, mailer_template_path: '', ...changes })
          .where('id', '=', county.id)
          .execute();
        await expect(makeCountyMailer(t.engine, county.id, day)).rejects.toThrow(message);
      }
      expect(await readdir(outside)).toEqual(['letterhead.pdf']);
      expect(await t.db.selectFrom('county_mailers').select('county_id').execute()).toEqual([]);
    } finally {
      await t.db
        .updateTable('counties')
        .set({ mailer_output_path: output, mailer_template_path: '' })
        .where('id', '=', county.id)
        .execute();
      await rm(outside, { recursive: true, force: true });
    }
  });
});

describe('what an inbox writer can plant', () => {
  let t: TestApp;
  let root: string;
  let outside: string;
  let county: CountyRow;
  let other: CountyRow;
  let inbox: string;
  const recordedAt = new Date();

  beforeAll(async () => {
    root = await pathRoot();
    outside = await realpath(await mkdtemp(path.join(os.tmpdir(), 'deedwatch-outside-')));
    t = await startTestApp(
      { COUNTY_PATH_ROOTS: root, DATA_DIR: path.join(root, 'data') },
      { workers: false },
    );
    county = await createCounty(t.db, { name: 'Planted', code: 'PLT' });
    other = await createCounty(t.db, { name: 'Neighbour', code: 'NBR' });
    inbox = path.join(root, 'inbox-plt');
    await mkdir(inbox);
    await t.db
      .updateTable('counties')
      .set({ inbox_path: inbox })
      .where('id', '=', county.id)
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  /** A feed folder of `lines` written (whole) into `into` as `name`. */
  async function plantFeed(into: string, name: string, lines: ReturnType<typeof feedLine>[]) {
    const folder = path.join(into, name);
    await mkdir(folder);
    const pdfs: Record<string, Uint8Array> = {};
    for (const l of lines) pdfs[l.file] = await feedPdf(l, 1);
    await writeFeed(folder, lines, pdfs);
    return folder;
  }

  const documents = (numbers: string[]) =>
    t.db
      .selectFrom('recorded_documents as d')
      .innerJoin('counties as c', 'c.id', 'd.county_id')
      .select(['c.code', 'd.document_number'])
      .where('d.document_number', 'in', numbers)
      .orderBy('d.document_number')
      .execute();

  it('writes the summary beside the feed, never through a link planted as ingest-summary.json', async () => {
    const victim = path.join(outside, 'victim.txt');
    await writeFile(victim, 'A FILE THE SERVER MAY WRITE');
    const l = feedLine('PLT', recordedAt, { documentNumber: 'PLT-SUM-1' });
    const folder = await plantFeed(inbox, 'batch-summary', [l]);
    await symlink(victim, path.join(folder, SUMMARY_FILE));

    const results = await pollInboxes(t.engine);
    expect(results).toEqual([
      expect.objectContaining({ folder: 'batch-summary', outcome: 'done' }),
    ]);
    expect(await readFile(victim, 'utf8')).toBe('A FILE THE SERVER MAY WRITE');
    const written = path.join(inbox, 'done', 'batch-summary', SUMMARY_FILE);
    expect((await lstat(written)).isFile()).toBe(true);
    expect(JSON.parse(await readFile(written, 'utf8'))).toMatchObject({ documents: 1 });
    // Nothing but the feed and its summary: no temporary file left behind.
    expect((await readdir(path.join(inbox, 'done', 'batch-summary'))).sort()).toEqual(
      [SUMMARY_FILE, 'index.ndjson', l.file].sort(),
    );
  });

  it('files the other folders when one holds a folder named like the summary', async () => {
    const blocked = feedLine('PLT', recordedAt, { documentNumber: 'PLT-SUM-2' });
    const next = feedLine('PLT', recordedAt, { documentNumber: 'PLT-SUM-3' });
    const folder = await plantFeed(inbox, 'batch-summary-a', [blocked]);
    await mkdir(path.join(folder, SUMMARY_FILE));
    await plantFeed(inbox, 'batch-summary-b', [next]);
    const { engine, lines } = loggingEngine(t.engine);

    expect(await pollInboxes(engine)).toEqual([
      expect.objectContaining({ folder: 'batch-summary-a', outcome: 'done' }),
      expect.objectContaining({ folder: 'batch-summary-b', outcome: 'done' }),
    ]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        folder: 'batch-summary-a',
        msg: 'inbox folder summary not written',
      }),
    );
    expect(
      JSON.parse(await readFile(path.join(inbox, 'done', 'batch-summary-b', SUMMARY_FILE), 'utf8')),
    ).toMatchObject({ documents: 1 });
    expect(await documents([blocked.documentNumber, next.documentNumber])).toHaveLength(2);
  });

  it('fails a folder whose index.ndjson is a link, reading nothing through it', async () => {
    const elsewhere = path.join(outside, 'feed-elsewhere');
    const l = feedLine('PLT', recordedAt, { documentNumber: 'PLT-IDX-1' });
    await mkdir(elsewhere);
    await writeFeed(elsewhere, [l], { [l.file]: await feedPdf(l, 1) });
    const folder = path.join(inbox, 'batch-index');
    await mkdir(folder);
    await symlink(path.join(elsewhere, 'index.ndjson'), path.join(folder, 'index.ndjson'));

    const [result] = await pollInboxes(t.engine);
    expect(result).toMatchObject({ folder: 'batch-index', outcome: 'failed' });
    expect(result!.error).toMatch(/index\.ndjson is a symbolic link, which is not followed/);
    expect(await documents([l.documentNumber])).toEqual([]);
    expect(await readdir(path.join(inbox, 'failed'))).toEqual(['batch-index']);
  });

  it('skips and logs a subfolder that is a symbolic link, leaving what it points at alone', async () => {
    const l = feedLine('PLT', recordedAt, { documentNumber: 'PLT-DIR-1' });
    const target = await plantFeed(outside, 'feed-dir', [l]);
    await symlink(target, path.join(inbox, 'batch-linked'));
    const { engine, lines } = loggingEngine(t.engine);

    expect(await pollInboxes(engine)).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        folder: 'batch-linked',
        msg: 'inbox entry is a symbolic link: skipped, not followed',
      }),
    );
    expect(await documents([l.documentNumber])).toEqual([]);
    expect((await readdir(target)).sort()).toEqual(['index.ndjson', l.file].sort());
    expect((await lstat(path.join(inbox, 'batch-linked'))).isSymbolicLink()).toBe(true);
    await rm(path.join(inbox, 'batch-linked'));
  });

  it("refuses a line of another county: an inbox writes only its own county's documents", async () => {
    const own = feedLine('PLT', recordedAt, { documentNumber: 'PLT-OWN-1' });
    const foreign = feedLine('NBR', recordedAt, { documentNumber: 'NBR-0001' });
    await plantFeed(inbox, 'batch-foreign', [own, foreign]);

    const [result] = await pollInboxes(t.engine);
    expect(result).toMatchObject({ folder: 'batch-foreign', outcome: 'done' });
    expect(result!.summary).toMatchObject({ documents: 1, skipped: 1 });
    expect(result!.summary!.skippedReasons).toEqual([
      {
        line: 2,
        reason:
          "County 'NBR' is not this inbox's county: the inbox of PLT takes only PLT documents.",
      },
    ]);
    expect(await documents([own.documentNumber, foreign.documentNumber])).toEqual([
      { code: 'PLT', document_number: 'PLT-OWN-1' },
    ]);

    // The neighbour's real document, from the command line, is new: nothing was pre-claimed.
    const real = await feedFolder();
    try {
      await writeFeed(real, [foreign], { [foreign.file]: await feedPdf(foreign, 1) });
      expect(await ingestFolder(t.engine, real)).toMatchObject({ documents: 1, repeats: 0 });
    } finally {
      await rm(real, { recursive: true, force: true });
    }
    expect(await documents([foreign.documentNumber])).toEqual([
      { code: other.code, document_number: foreign.documentNumber },
    ]);
  });

  it('polls the other counties while one is being polled elsewhere, never the same one twice', async () => {
    const second = await createCounty(t.db, { name: 'Side By Side', code: 'SBS' });
    const secondInbox = path.join(root, 'inbox-sbs');
    await mkdir(secondInbox);
    await t.db
      .updateTable('counties')
      .set({ inbox_path: secondInbox })
      .where('id', '=', second.id)
      .execute();
    const slow = feedLine('PLT', recordedAt, { documentNumber: 'PLT-SIDE-1' });
    const quick = feedLine('SBS', recordedAt, { documentNumber: 'SBS-SIDE-1' });
    await plantFeed(inbox, 'batch-side', [slow]);
    await plantFeed(secondInbox, 'batch-side', [quick]);
    // The first poll stops in the middle of PLT's folder, storing its PDF.
    let storing!: () => void;
    const stored = new Promise<void>((resolve) => (storing = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let first: Promise<unknown> = Promise.resolve();
    try {
      const blobs = {
        ...t.engine.blobs,
        put: async (container: string, file: string, bytes: Uint8Array) => {
          if (container === 'PLT') {
            storing();
            await finished;
          }
          return t.engine.blobs.put(container, file, bytes);
        },
      };
      first = pollInboxes({ ...t.engine, blobs });
      await stored;

      // Another process's poll meanwhile: it leaves PLT to the first and ingests SBS.
      expect(await pollInboxes(t.engine)).toEqual([
        expect.objectContaining({ county: 'SBS', folder: 'batch-side', outcome: 'done' }),
      ]);
      expect(await documents([slow.documentNumber, quick.documentNumber])).toEqual([
        { code: 'SBS', document_number: quick.documentNumber },
      ]);

      finish();
      // The first finds SBS's folder filed by then.
      expect(await first).toEqual([
        expect.objectContaining({ county: 'PLT', folder: 'batch-side', outcome: 'done' }),
      ]);
      expect(await readdir(path.join(secondInbox, 'done'))).toEqual(['batch-side']);
      expect(await documents([slow.documentNumber])).toHaveLength(1);
    } finally {
      finish();
      await first.catch(() => {});
      await t.db
        .updateTable('counties')
        .set({ inbox_path: '' })
        .where('id', '=', second.id)
        .execute();
    }
  });

  it('refuses an inbox whose done/ is a link, moving nothing through it', async () => {
    const target = path.join(outside, 'done-target');
    await mkdir(target);
    const linkedInbox = path.join(root, 'inbox-nbr');
    await mkdir(linkedInbox);
    await symlink(target, path.join(linkedInbox, 'done'));
    await t.db
      .updateTable('counties')
      .set({ inbox_path: linkedInbox })
      .where('id', '=', other.id)
      .execute();
    const l = feedLine('NBR', recordedAt, { documentNumber: 'NBR-DONE-1' });
    await plantFeed(linkedInbox, 'batch-done', [l]);
    const { engine, lines } = loggingEngine(t.engine);
    try {
      expect(await pollInboxes(engine)).toEqual([]);
      expect(await readdir(target)).toEqual([]);
      expect((await readdir(linkedInbox)).sort()).toEqual(['batch-done', 'done']);
      expect(lines).toContainEqual(
        expect.objectContaining({
          county: 'NBR',
          msg: 'county inbox refused: not polled',
          reason: expect.stringMatching(/done is a symbolic link, which is not followed/),
        }),
      );
    } finally {
      await t.db
        .updateTable('counties')
        .set({ inbox_path: '' })
        .where('id', '=', other.id)
        .execute();
    }
  });

  it('polls no inbox outside the allowed folders, nor one a link leads out of, and says why', async () => {
    const l = feedLine('PLT', recordedAt, { documentNumber: 'PLT-OUT-1' });
    const outsideInbox = path.join(outside, 'inbox');
    await mkdir(outsideInbox);
    await plantFeed(outsideInbox, 'batch-outside', [l]);
    await symlink(outsideInbox, path.join(root, 'escape'));
    const { engine, lines } = loggingEngine(t.engine);
    try {
      for (const inboxPath of [outsideInbox, path.join(root, 'escape')]) {
        await t.db
          .updateTable('counties')
          .set({ inbox_path: inboxPath })
          .where('id', '=', county.id)
          .execute();
        expect(await pollInboxes(engine)).toEqual([]);
        expect(lines.at(-1)).toMatchObject({
          county: 'PLT',
          msg: 'county inbox refused: not polled',
          reason: expect.stringMatching(/^Inbox Folder '.*' is outside the allowed folders/),
        });
      }
      expect(await documents([l.documentNumber])).toEqual([]);
      expect(await readdir(outsideInbox)).toEqual(['batch-outside']);
    } finally {
      await t.db
        .updateTable('counties')
        .set({ inbox_path: inbox })
        .where('id', '=', county.id)
        .execute();
    }
  });

  it("polls the demo seed's inboxes under the data folder", async () => {
    const demo = await createCounty(t.db, { name: 'Demo Inbox', code: 'DMI' });
    expect(await setDemoInboxes(t.db, t.config.dataDir)).toBeGreaterThanOrEqual(1);
    const { inbox_path } = await t.db
      .selectFrom('counties')
      .select('inbox_path')
      .where('id', '=', demo.id)
      .executeTakeFirstOrThrow();
    expect(inbox_path).toBe(path.join(t.config.dataDir, 'inbox', 'DMI'));
    const l = feedLine('DMI', recordedAt, { documentNumber: 'DMI-0001' });
    await mkdir(inbox_path, { recursive: true });
    await plantFeed(inbox_path, 'batch-demo', [l]);
    const results = await pollInboxes(t.engine);
    expect(results).toContainEqual(
      expect.objectContaining({ county: 'DMI', folder: 'batch-demo', outcome: 'done' }),
    );
    expect(await documents([l.documentNumber])).toEqual([
      { code: 'DMI', document_number: 'DMI-0001' },
    ]);
  });
});

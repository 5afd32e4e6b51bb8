import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../src/documents/pdf/extract-text.ts';
import { createRandom } from '../src/db/seed/random.ts';
import { pollInboxes, SUMMARY_FILE } from '../src/engine/inbox/inbox.service.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { COUNTY_MAILERS } from '../src/jobs/queues.ts';
import { COUNTY_TIME_ZONE } from '../src/lib/county-time.ts';
import {
  makeCountyMailer,
  makeCountyMailers,
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
import { createCounty, createSubscriber, type CountyRow } from './helpers/factories.ts';
import { feedFolder, feedLine, feedPdf, writeFeed } from './helpers/feed.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// The inbox cron over folders the demo recorder writes, and the printed county mailer, on real
// PDFs opened with pdf-lib and pdf.js.

describe('county inboxes and the demo recorder', () => {
  let t: TestApp;
  let county: CountyRow;
  let inbox: string;
  let subscriber: { id: string; email: string };

  beforeAll(async () => {
    t = await startTestApp();
    inbox = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-inbox-'));
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
    await rm(inbox, { recursive: true, force: true });
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
  let output: string;
  let feed: string;
  const day = previousCountyDay(new Date());
  // Noon in California on that day.
  const recordedAt = new Date(`${day}T12:00:00-08:00`);

  beforeAll(async () => {
    t = await startTestApp({}, { workers: false });
    output = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-mailer-'));
    feed = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-feed-'));
    county = await createCounty(t.db, {
      name: 'Mailer',
      code: 'MLR',
      ui_mask: '000-000-000-000',
      data_mask: '000-000-000-000',
    });
    await t.db
      .updateTable('counties')
      .set({
        create_county_mailer: true,
        mailer_document_types: ['GRANT DEED'],
        mailer_output_path: output,
        use_watermark: true,
      })
      .where('id', '=', county.id)
      .execute();
    await t.db
      .insertInto('parcels')
      .values([
        {
          county_id: county.id,
          apn: '111-222-333-444',
          apn_key: '111222333444',
          address: '12 OAK ST',
          address_key: '12 OAK ST',
          city: 'AUBURN',
          state: 'CA',
          zip: '95603',
          owner_names: ['PATEL ANITA'],
        },
      ])
      .execute();

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
    await rm(output, { recursive: true, force: true });
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
    await t.db
      .updateTable('counties')
      .set({
        create_county_mailer: true,
        mailer_document_types: ['GRANT DEED'],
        mailer_output_path: otherOutput,
      })
      .where('id', '=', other.id)
      .execute();
    await t.db
      .insertInto('parcels')
      .values({
        county_id: other.id,
        apn: '55555555555555',
        apn_key: '55555555555555',
        address: '9 PINE ST',
        address_key: '9 PINE ST',
        city: 'AUBURN',
        state: 'CA',
        zip: '95603',
        owner_names: ['NGUYEN LINH'],
      })
      .execute();
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
});

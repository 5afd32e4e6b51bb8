import { access, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flateBombPdf } from '../src/documents/pdf/hostile-pdfs.ts';
import { runningPdfWorkers } from '../src/documents/pdf/pdf-worker.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import {
  makeCountyMailers,
  previousCountyDay,
} from '../src/engine/mailer/county-mailer.service.ts';
import { createCounty, enableCountyMailer, type CountyRow } from './helpers/factories.ts';
import { feedFolder, feedLine, feedPdf, writeFeed } from './helpers/feed.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// A county's letterhead is a file an admin names: one that needs more than the PDF limits fails
// that county's mailer with the reason, while the server answers and the other counties print.
describe('county mailers under the PDF limits', { timeout: 60_000 }, () => {
  let t: TestApp;
  let root: string;
  const counties: Record<'bomb' | 'plain', CountyRow & { output: string }> = {} as never;
  const day = previousCountyDay(new Date());
  const recordedAt = new Date(`${day}T12:00:00-08:00`);

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'deedwatch-county-paths-')));
    t = await startTestApp({ COUNTY_PATH_ROOTS: root }, { workers: false });
    const feed = await feedFolder();
    const lines = [];
    const pdfs: Record<string, Uint8Array> = {};
    for (const [key, code, apn] of [
      ['bomb', 'BMB', '11111111111111'],
      ['plain', 'PLN', '22222222222222'],
    ] as const) {
      const county = await createCounty(t.db, { code, name: `${code} Mailer` });
      const output = await mkdtemp(path.join(root, `${code}-`));
      counties[key] = { ...county, output };
      await enableCountyMailer(t.db, county.id, output, {
        apn,
        address: '1 ELM ST',
        owner: `OWNER OF ${code}`,
      });
      const line = feedLine(code, recordedAt, { documentNumber: `${code}-1`, apns: [apn] });
      lines.push(line);
      pdfs[line.file] = await feedPdf(line, 3);
    }
    await writeFeed(feed, lines, pdfs);
    await ingestFolder(t.engine, feed);
    await rm(feed, { recursive: true, force: true });

    // 256 kB on disk; drawing it as the letterhead decodes 256 MB of page content.
    const letterhead = path.join(root, 'letterhead.pdf');
    await writeFile(letterhead, await flateBombPdf(256));
    await t.db
      .updateTable('counties')
      .set({ mailer_template_path: letterhead })
      .where('id', '=', counties.bomb.id)
      .execute();
  });

  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it("fails the county whose letterhead needs more than the memory cap, naming why; the server answers throughout and the other county's mailer is written", async () => {
    const engine = { ...t.engine, pdfLimits: { maxMemoryMb: 64 } };
    const run = makeCountyMailers(engine, day);
    let settled = false;
    run.then(
      () => (settled = true),
      () => (settled = true),
    );
    // A health check at each turn of the event loop until the mailers are made: every one
    // answered, and some while a PDF thread was at work on a letterhead, so this thread was free.
    const statuses = new Set<number>();
    let answeredBesideAPdfThread = 0;
    while (!settled) {
      await setImmediate();
      statuses.add((await t.app.inject({ url: '/healthz' })).statusCode);
      if (runningPdfWorkers() > 0) answeredBesideAPdfThread++;
    }

    await expect(run).rejects.toThrow(
      `County mailer of ${day} failed for BMB (The mailer letterhead is not usable: Reading the PDF needed more than 64 MB); the other counties' mailers were written.`,
    );
    expect([...statuses]).toEqual([200]);
    expect(answeredBesideAPdfThread).toBeGreaterThan(0);

    await access(path.join(counties.plain.output, `PLN-${day}.pdf`));
    const made = await t.db.selectFrom('county_mailers').select('county_id').execute();
    expect(made).toEqual([{ county_id: counties.plain.id }]);
  });
});

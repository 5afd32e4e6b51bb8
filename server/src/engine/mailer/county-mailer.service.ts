import { COUNTY_PATH_LABELS } from '@deedwatch/rules';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { confineCountyPath } from '../../lib/county-paths.ts';
import { countyDay } from '../../lib/county-time.ts';
import { assertRealFolder, openFileIn, readUpTo, writeFileIn } from '../../lib/safe-fs.ts';
import type { Engine } from '../engine.ts';
import { countyMailerPdf, type MailerLetter, NO_OWNER_NAME } from './county-mailer-pdf.ts';
import * as repo from './county-mailer.repository.ts';

export type MailerResult = {
  county: string;
  date: string;
  /** Where the PDF was written; null when the day had no letter or was done before. */
  file: string | null;
  letters: number;
  pages: number;
};

/** The calendar day before `now` in the county's time zone, as YYYY-MM-DD. */
export function previousCountyDay(now: Date): string {
  const today = countyDay(now);
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Every county with createCountyMailer on gets the mailer of `date` (default: yesterday in
 * county time) written once. A day already made is skipped, so the cron may run again safely.
 * One county's failure (a letterhead that is not a PDF, an unwritable output path) is logged
 * and the other counties still get theirs; then this throws, naming the failed counties, so the
 * job is retried — and the retry redoes only those, the others' days being recorded as made.
 */
export async function makeCountyMailers(engine: Engine, date?: string): Promise<MailerResult[]> {
  const day = date ?? previousCountyDay(new Date());
  const counties = await repo.countiesWithMailer(engine.db);
  const results: MailerResult[] = [];
  const failures: { county: string; err: unknown }[] = [];
  for (const county of counties) {
    try {
      results.push(await makeCountyMailer(engine, county.id, day));
    } catch (err) {
      engine.log.error({ county: county.code, day, err }, 'county mailer failed');
      failures.push({ county: county.code, err });
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(
      failures.map((f) => f.err),
      `County mailer of ${day} failed for ${failures
        .map((f) => `${f.county} (${f.err instanceof Error ? f.err.message : String(f.err)})`)
        .join(', ')}; the other counties' mailers were written.`,
    );
  }
  return results;
}

/**
 * One county's mailer for one day: a letter for each document recorded that day whose type is
 * one of the county's mailerDocumentTypes, to the owners on the parcel roll of each APN it
 * names, written to mailerOutputPath/<CODE>-<date>.pdf. Runs for one county one at a time, in
 * any number of processes: a run that starts while another writes the same county waits, and
 * then finds the day made.
 */
export function makeCountyMailer(
  engine: Engine,
  countyId: number,
  day: string,
): Promise<MailerResult> {
  return repo.withMailerLock(engine.db, countyId, () => writeCountyMailer(engine, countyId, day));
}

async function writeCountyMailer(
  engine: Engine,
  countyId: number,
  day: string,
): Promise<MailerResult> {
  const { db, blobs, log } = engine;
  const county = await repo.findCounty(db, countyId);
  const done = await repo.findMailer(db, countyId, day);
  if (done) return { county: county.code, date: day, file: null, letters: 0, pages: 0 };

  const rows = await repo.mailerRows(db, countyId, county.mailer_document_types, day);
  if (rows.length === 0)
    return { county: county.code, date: day, file: null, letters: 0, pages: 0 };

  const pdfs = new Map<string, Uint8Array | null>();
  const letters: MailerLetter[] = [];
  for (const row of rows) {
    if (!pdfs.has(row.document_id)) {
      const blob = await blobs.get(row.container, row.file_name);
      pdfs.set(row.document_id, blob ? new Uint8Array(await buffer(blob.stream)) : null);
    }
    letters.push({
      owner: {
        names: row.owner_names.length > 0 ? row.owner_names : [NO_OWNER_NAME],
        address: row.address,
        cityStateZip: [row.city, [row.state, row.zip].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(', '),
      },
      document: {
        documentNumber: row.document_number,
        documentType: row.document_type,
        recordedAt: row.recorded_at,
        apn: row.apn,
      },
      countyName: county.name,
      countyLinkUrl: county.link_url,
      documentPdf: pdfs.get(row.document_id)!,
    });
  }

  let letterhead: Uint8Array | null = null;
  if (county.mailer_template_path) {
    const read = await readLetterhead(engine, county.mailer_template_path);
    if (read.ok) letterhead = read.bytes;
    else {
      log.warn(
        { county: county.code, path: county.mailer_template_path, err: read.reason },
        'county mailer letterhead unreadable: using the built-in one',
      );
    }
  }
  // Built in a PDF thread under the engine's PDF limits: a hostile or huge letterhead fails this
  // county's mailer with the reason, and the process goes on serving.
  const pdf = await countyMailerPdf(
    letters,
    {
      letterhead,
      useOnePageMailer: county.use_one_page_mailer,
      useWatermark: county.use_watermark,
      addSample: county.add_sample_to_mailer,
    },
    engine.pdfLimits,
  );

  // Written beside its final name and renamed, so a printer watching the folder never picks
  // up half a file.
  const output = await outputFolder(engine, county.mailer_output_path);
  const file = await writeFileIn(output, `${county.code}-${day}.pdf`, pdf.bytes);
  await repo.recordMailer(db, {
    countyId,
    day,
    file,
    letters: letters.length,
    pages: pdf.pages,
  });
  log.info({ county: county.code, day, file, letters: letters.length }, 'county mailer written');
  return { county: county.code, date: day, file, letters: letters.length, pages: pdf.pages };
}

/** A letterhead is one or two pages of artwork: anything larger is not one. */
const MAX_LETTERHEAD_BYTES = 20 * 1024 * 1024;

/**
 * The letterhead file, read only within the allowed folders (checked now, not only when the
 * setting was saved: a link may have changed since) and without following a link. A missing
 * or unreadable file is a reason (the built-in letterhead is used); one the rules refuse
 * throws, failing the county's mailer with the reason.
 */
async function readLetterhead(
  engine: Engine,
  value: string,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; reason: string }> {
  const confined = await confineCountyPath(engine.countyPaths, 'mailerTemplatePath', value);
  if (!confined.ok) throw new Error(confined.message);
  const opened = await openFileIn(path.dirname(confined.real), path.basename(confined.real));
  if (!opened.ok) {
    if (opened.problem === 'missing' || opened.problem === 'unreadable') {
      return { ok: false, reason: opened.detail };
    }
    throw new Error(
      `${COUNTY_PATH_LABELS.mailerTemplatePath} '${value}' is refused: ${opened.detail}.`,
    );
  }
  try {
    const { bytes, truncated } = await readUpTo(opened.handle, MAX_LETTERHEAD_BYTES);
    if (truncated) {
      throw new Error(
        `${COUNTY_PATH_LABELS.mailerTemplatePath} '${value}' is over ${MAX_LETTERHEAD_BYTES / 1024 / 1024} MB: not a letterhead.`,
      );
    }
    return { ok: true, bytes };
  } finally {
    await opened.handle.close();
  }
}

/**
 * The real path of the mailer output folder, created when missing, within the allowed folders
 * and reached through no link — checked before it is created and again after, so a link
 * made on its way in between is not written through.
 */
async function outputFolder(engine: Engine, value: string): Promise<string> {
  const confined = await confineCountyPath(engine.countyPaths, 'mailerOutputPath', value);
  if (!confined.ok) throw new Error(confined.message);
  await mkdir(confined.real, { recursive: true });
  const again = await confineCountyPath(engine.countyPaths, 'mailerOutputPath', value);
  if (!again.ok) throw new Error(again.message);
  if (again.real !== confined.real) {
    throw new Error(
      `${COUNTY_PATH_LABELS.mailerOutputPath} '${value}' changed while it was created: refused.`,
    );
  }
  await assertRealFolder(confined.real);
  return confined.real;
}

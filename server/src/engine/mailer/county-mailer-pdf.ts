import {
  type Color,
  degrees,
  ParseSpeeds,
  type PDFEmbeddedPage,
  type PDFFont,
  type PDFPage,
  PDFDocument,
  rgb,
  StandardFonts,
} from 'pdf-lib';
import { dropAllButContent, keepPageContentOnly } from '../../documents/pdf/content-only.ts';
import { firstPages, PdfProblem } from '../../documents/pdf/first-pages.ts';
import {
  message,
  type PdfLimits,
  precheck,
  resolveLimits,
  runPdfWorker,
  type WorkerReply,
} from '../../documents/pdf/pdf-worker.ts';
import { samplePdf } from '../sample-documents.ts';
import { countyDate } from '../../lib/county-time.ts';
import { printable, printableWhole, textWidth, wrap } from '../pdf-text.ts';

/**
 * The printed "county mailer": a notice the county recorder mails to a property's owners when
 * a document is recorded against it, so an owner learns of a forged deed from the county and
 * not from a foreclosure. One PDF per batch, ready for a print-and-mail house.
 */

export type MailerLetter = {
  owner: { names: string[]; address: string; cityStateZip: string };
  document: { documentNumber: string; documentType: string; recordedAt: Date; apn: string };
  countyName: string;
  countyLinkUrl: string;
  documentPdf: Uint8Array | null;
};

export type MailerOptions = {
  letterhead: Uint8Array | null;
  useOnePageMailer: boolean;
  useWatermark: boolean;
  addSample: boolean;
};

/** How many pages of the recorded document follow each letter (fewer when it is shorter). */
const MAILER_DOCUMENT_PAGES = 2;

const PAGE: [number, number] = [612, 792];
const INCH = 72;
const MARGIN = INCH;
const TEXT_WIDTH = PAGE[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.1);
const ACCENT = rgb(0x91 / 255, 0x09 / 255, 0x33 / 255);

/**
 * Where the owner's address prints: 1" from the left, 2 1/8" from the top, at most 4 lines in
 * 3 3/4" by 1" — inside the window of a #10 window envelope with the letter tri-folded.
 */
const ADDRESS_BLOCK = {
  x: INCH,
  top: PAGE[1] - 2.125 * INCH,
  width: 3.75 * INCH,
  lines: 4,
  size: 10,
};
/** The body starts below the window area, whatever letterhead is above it. */
const BODY_TOP = PAGE[1] - 3.5 * INCH;

type Fonts = { regular: PDFFont; bold: PDFFont };

/** Cuts a line to `width`, marking the cut, rather than printing outside the envelope window. */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (textWidth(font, text, size) <= width) return text;
  // Letter by letter from the start, so a 2,000-character web address is measured once.
  const room = width - textWidth(font, '...', size);
  let cut = '';
  let used = 0;
  for (const ch of text) {
    used += textWidth(font, ch, size);
    if (used > room && cut !== '') break;
    cut += ch;
  }
  return `${cut.trimEnd()}...`;
}

function countyLabel(name: string): string {
  const trimmed = name.trim();
  return /\bcounty$/i.test(trimmed) ? trimmed : `${trimmed} County`;
}

/** Whom a letter is addressed to when the roll names no owner, or none that can be printed. */
export const NO_OWNER_NAME = 'CURRENT OWNER';

const ZIP = /^\d{5}(?:-\d{4})?$/;
const STATE = /^[A-Z]{2}$/i;

/**
 * The state and ZIP at the end of a city line, which the mail is sorted by: from its last comma
 * ("SACRAMENTO, CA 95814"), or its last two words when they are a state and a ZIP
 * ("SACRAMENTO CA 95814"). Found by position, with no pattern run over the whole line.
 */
function stateZipTail(text: string): string | undefined {
  const comma = text.lastIndexOf(',');
  if (comma >= 0) return text.slice(comma);
  const zipAt = text.lastIndexOf(' ');
  const stateAt = text.lastIndexOf(' ', zipAt - 1);
  if (stateAt < 0) return undefined;
  const [state, zip] = [text.slice(stateAt + 1, zipAt), text.slice(zipAt + 1)];
  return STATE.test(state) && ZIP.test(zip) ? text.slice(stateAt) : undefined;
}

/**
 * The city line cut to `width` in the city only: the state and ZIP are what the mail is
 * delivered by, so they are never cut.
 */
function fitCityLine(text: string, font: PDFFont, size: number, width: number): string {
  if (textWidth(font, text, size) <= width) return text;
  const tail = stateZipTail(text);
  const room = tail === undefined ? 0 : width - textWidth(font, tail, size);
  if (tail === undefined || tail === text || room <= 0) return fit(text, font, size, width);
  return `${fit(text.slice(0, -tail.length), font, size, room)}${tail}`;
}

/**
 * The window's lines, as printed: two owners at most (the rest as ET AL), then the address and
 * city line. A name wraps into the lines the window has free; a name the font cannot print
 * (李 小龍) is left out rather than printed as question marks, and the letter goes to
 * NO_OWNER_NAME when none is left.
 */
function addressLines(
  owner: MailerLetter['owner'],
  font: PDFFont,
  printName: (s: string) => string | null,
  clean: (s: string) => string,
): string[] {
  const size = ADDRESS_BLOCK.size;
  const width = ADDRESS_BLOCK.width;
  const given = owner.names.filter((n) => n.trim() !== '');
  const names = given
    .map((n) => printName(n.toUpperCase()))
    .filter((n): n is string => n !== null && n !== '');
  const shown = names.slice(0, 2);
  if (shown.length === 0) shown.push(NO_OWNER_NAME);
  else if (given.length > shown.length) shown[shown.length - 1] += ' ET AL';

  const address = clean(owner.address.toUpperCase());
  const city = clean(owner.cityStateZip.toUpperCase());
  const rest = [
    ...(address ? [fit(address, font, size, width)] : []),
    ...(city ? [fitCityLine(city, font, size, width)] : []),
  ];
  let free = ADDRESS_BLOCK.lines - shown.length - rest.length;
  const nameLines: string[] = [];
  for (const name of shown) {
    const wrapped = wrap(name, font, size, width);
    const kept = wrapped.slice(0, 1 + Math.max(0, free));
    free -= kept.length - 1;
    // What still does not fit is cut on the name's last line, marked.
    const last = wrapped.slice(kept.length - 1).join(' ');
    kept[kept.length - 1] = fit(last, font, size, width);
    nameLines.push(...kept);
  }
  return [...nameLines, ...rest].slice(0, ADDRESS_BLOCK.lines);
}

/** Draws text diagonally across the page's visible area, light enough to read through. */
function drawDiagonal(page: PDFPage, text: string, font: PDFFont, color: Color, opacity: number) {
  const box = page.getCropBox();
  const angle = Math.atan2(box.height, box.width);
  const diagonal = Math.hypot(box.width, box.height);
  const size = (diagonal * 0.55) / font.widthOfTextAtSize(text, 1);
  const width = font.widthOfTextAtSize(text, size);
  const capHeight = font.heightAtSize(size, { descender: false });
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // Start so that the middle of the text, not its baseline corner, lands on the centre.
  const x = cx - (width / 2) * Math.cos(angle) + (capHeight / 2) * Math.sin(angle);
  const y = cy - (width / 2) * Math.sin(angle) - (capHeight / 2) * Math.cos(angle);
  page.drawText(text, {
    x,
    y,
    size,
    font,
    color,
    opacity,
    rotate: degrees((angle * 180) / Math.PI),
  });
}

/**
 * The first pages of a document, copied into `pdf`; null when there is none or it cannot be read,
 * so the letter can say so and the rest of the batch still prints. A recorded document arrives as
 * firstPages made it (content only, at most MAILER_DOCUMENT_PAGES pages).
 */
async function documentPages(pdf: PDFDocument, source: Uint8Array | null) {
  if (!source) return null;
  try {
    const extract = await PDFDocument.load(source, { updateMetadata: false });
    const pages = Math.min(MAILER_DOCUMENT_PAGES, extract.getPageCount());
    if (pages === 0) return null;
    return await pdf.copyPages(
      extract,
      Array.from({ length: pages }, (_, i) => i),
    );
  } catch {
    return null;
  }
}

type Enclosure = { kind: 'enclosed'; pages: number } | { kind: 'one-page' | 'unavailable' };

function enclosureLine(enclosure: Enclosure, county: string, url: string): string {
  switch (enclosure.kind) {
    case 'enclosed':
      return enclosure.pages === 1
        ? 'A copy of the document is enclosed.'
        : `A copy of the first ${enclosure.pages} pages of the document is enclosed.`;
    case 'one-page':
      return `A copy of the document is not enclosed. You can view it or order a copy from the ${county} Recorder at ${url}.`;
    case 'unavailable':
      return `A copy of the document could not be included with this notice. You can view it or order a copy from the ${county} Recorder at ${url}.`;
  }
}

type Page = {
  page: PDFPage;
  fonts: Fonts;
  clean: (s: string) => string;
  /** A name as the font prints it, or null when it cannot print all of it. */
  printName: (s: string) => string | null;
  y: number;
};

function paragraph(p: Page, text: string, options: { font?: PDFFont; size?: number } = {}) {
  const size = options.size ?? 10.5;
  const font = options.font ?? p.fonts.regular;
  for (const line of wrap(p.clean(text), font, size, TEXT_WIDTH)) {
    p.page.drawText(line, { x: MARGIN, y: p.y, size, font, color: INK });
    p.y -= size * 1.4;
  }
  p.y -= size * 0.7;
}

function drawBuiltInLetterhead(p: Page, county: string, url: string) {
  const top = PAGE[1] - 0.6 * INCH;
  const name = p.clean(county.toUpperCase());
  p.page.drawText(name, { x: MARGIN, y: top - 14, size: 16, font: p.fonts.bold, color: ACCENT });
  p.page.drawText('OFFICE OF THE COUNTY RECORDER', {
    x: MARGIN,
    y: top - 30,
    size: 9,
    font: p.fonts.bold,
    color: INK,
  });
  const link = fit(p.clean(url), p.fonts.regular, 9, 3 * INCH);
  p.page.drawText(link, {
    x: PAGE[0] - MARGIN - textWidth(p.fonts.regular, link, 9),
    y: top - 30,
    size: 9,
    font: p.fonts.regular,
    color: INK,
  });
  p.page.drawLine({
    start: { x: MARGIN, y: top - 38 },
    end: { x: PAGE[0] - MARGIN, y: top - 38 },
    thickness: 1.5,
    color: ACCENT,
  });
}

function drawLetterhead(page: PDFPage, letterhead: PDFEmbeddedPage) {
  // Scaled to the sheet (an A4 letterhead on Letter paper), never stretched out of shape.
  const scale = Math.min(PAGE[0] / letterhead.width, PAGE[1] / letterhead.height);
  const width = letterhead.width * scale;
  const height = letterhead.height * scale;
  page.drawPage(letterhead, {
    x: (PAGE[0] - width) / 2,
    y: PAGE[1] - height,
    width,
    height,
  });
}

function drawLetter(
  p: Page,
  letter: MailerLetter,
  enclosure: Enclosure,
  letterhead: PDFEmbeddedPage | null,
) {
  const county = countyLabel(letter.countyName);
  if (letterhead) drawLetterhead(p.page, letterhead);
  else drawBuiltInLetterhead(p, county, letter.countyLinkUrl);

  let y = ADDRESS_BLOCK.top;
  for (const line of addressLines(letter.owner, p.fonts.regular, p.printName, p.clean)) {
    p.page.drawText(line, {
      x: ADDRESS_BLOCK.x,
      y,
      size: ADDRESS_BLOCK.size,
      font: p.fonts.regular,
      color: INK,
    });
    y -= 12;
  }

  p.y = BODY_TOP;
  paragraph(p, 'NOTICE OF RECORDED DOCUMENT', { font: p.fonts.bold, size: 13 });
  paragraph(p, 'Dear Property Owner:');
  paragraph(
    p,
    `This notice is to inform you that the document described below was recorded in the Official Records of the ${county} Recorder and concerns property for which you are listed as an owner. It is sent to help protect owners from real estate fraud. It is not a bill, and no payment is due.`,
  );
  const details: [string, string][] = [
    ['Document number', letter.document.documentNumber],
    ['Document type', letter.document.documentType],
    ['Recording date', countyDate(letter.document.recordedAt)],
    ["Assessor's Parcel Number (APN)", letter.document.apn],
  ];
  for (const [label, value] of details) {
    const labelText = `${label}:`;
    p.page.drawText(labelText, {
      x: MARGIN + 18,
      y: p.y,
      size: 10.5,
      font: p.fonts.regular,
      color: INK,
    });
    p.page.drawText(fit(p.clean(value), p.fonts.bold, 10.5, TEXT_WIDTH - 220), {
      x: MARGIN + 200,
      y: p.y,
      size: 10.5,
      font: p.fonts.bold,
      color: INK,
    });
    p.y -= 15;
  }
  p.y -= 8;
  paragraph(p, enclosureLine(enclosure, county, letter.countyLinkUrl));
  paragraph(p, 'If you authorised this document or know why it was recorded, no action is needed.');
  paragraph(p, 'If you did not authorise it, it may be a sign of real estate fraud. Please:', {
    font: p.fonts.bold,
  });
  for (const step of [
    `1. Contact the ${county} Recorder at ${letter.countyLinkUrl} and give the document number above.`,
    "2. Report it to your local law enforcement agency or the District Attorney's real estate fraud unit.",
    '3. Consider speaking with an attorney about your rights.',
  ]) {
    paragraph(p, step);
  }
  paragraph(
    p,
    'The Recorder records documents that meet recording requirements and cannot decide whether a document is valid or remove it from the record.',
    { size: 9 },
  );
  paragraph(p, 'Sincerely,');
  paragraph(p, `${county} Recorder`, { font: p.fonts.bold });
}

const SAMPLE_OWNER: MailerLetter['owner'] = {
  names: ['JANE Q SAMPLE', 'JOHN Q SAMPLE'],
  address: '123 ANY STREET',
  cityStateZip: 'ANYTOWN, CA 90000',
};

/** The sample at the front of a batch: fictional owner and document, in the batch's county. */
async function sampleLetter(like: MailerLetter): Promise<MailerLetter> {
  const document = {
    documentNumber: 'SAMPLE-0000001',
    documentType: like.document.documentType,
    recordedAt: like.document.recordedAt,
    apn: '000-000-000-000',
  };
  const documentPdf = await samplePdf(
    {
      countyName: like.countyName,
      documentNumber: document.documentNumber,
      recordedAt: document.recordedAt,
      documentType: document.documentType,
      grantors: SAMPLE_OWNER.names,
      grantees: ['SAMPLE LENDING CORP'],
      apns: [document.apn],
      addresses: [`${SAMPLE_OWNER.address}, ${SAMPLE_OWNER.cityStateZip}`],
    },
    { pages: 3 },
  );
  return { ...like, owner: SAMPLE_OWNER, document, documentPdf };
}

export type MailerPdf = { bytes: Uint8Array; pages: number };

const WORKER = new URL('./county-mailer-pdf.worker.ts', import.meta.url);

/**
 * Work a batch's thread may spend per letter on top of `limits`: putting a letter and its two
 * enclosed pages together took 6-7 ms and 0.1-0.15 MB of heap and as much in buffers here (1,000
 * letters: 8 s, 9 MB of PDF), so these leave room for a busy machine, where the buffers a batch
 * has finished with are still counted until the garbage collector gets to them (300 letters
 * once went past 64 + 0.25 MB each under a loaded test run). The growth stops at
 * MAX_BATCH_FACTOR times the limits: memory at about 1,500 letters, time at 1,800, at the
 * default limits.
 */
const MS_PER_LETTER = 25;
const MB_PER_LETTER = 0.5;
const MAX_BATCH_FACTOR = 4;

/**
 * The limits of putting a batch together. Its inputs are ours (the letters, excerpts that
 * firstPages cut under `limits`, a letterhead already redrawn under `limits`), so its work
 * grows with its letters, and so do its time and memory, up to a bound.
 */
export function mailerBatchLimits(limits: PdfLimits, letters: number): PdfLimits {
  return {
    ...limits,
    timeoutMs: Math.min(
      limits.timeoutMs + letters * MS_PER_LETTER,
      limits.timeoutMs * MAX_BATCH_FACTOR,
    ),
    maxMemoryMb: Math.ceil(
      Math.min(limits.maxMemoryMb + letters * MB_PER_LETTER, limits.maxMemoryMb * MAX_BATCH_FACTOR),
    ),
  };
}

/**
 * One print-ready PDF: optionally a sample letter first (marked SAMPLE, fictional owner), then
 * per letter the letter page (on the letterhead's first page, or a built-in one), addressed for
 * a window envelope, followed — unless useOnePageMailer — by the document's first 2 pages, each
 * marked COPY when useWatermark. A document that is missing or unreadable is left out and the
 * letter says so.
 *
 * Nothing is parsed on the calling thread, and nothing from outside is parsed beyond the PDF
 * limits: the letterhead (a file an admin names, as untrusted as a recorder's) is read and
 * redrawn in a pooled PDF thread under `limits`, as firstPages cuts each recorded document's
 * pages; the batch is then put together in a PDF thread under mailerBatchLimits. Throws
 * PdfProblem, naming what failed, when the letterhead is not a usable PDF or the batch hits a
 * limit.
 */
export async function countyMailerPdf(
  letters: MailerLetter[],
  options: MailerOptions,
  limits?: Partial<PdfLimits>,
): Promise<MailerPdf> {
  if (letters.length === 0) throw new RangeError('A county mailer needs at least one letter.');
  const resolved = resolveLimits(limits);
  const letterhead = options.letterhead && (await redrawLetterhead(options.letterhead, resolved));

  // One excerpt per document, however many owners' letters enclose it.
  const excerpts = new Map<Uint8Array, Uint8Array | null>();
  if (!options.useOnePageMailer) {
    for (const { documentPdf } of letters) {
      if (!documentPdf || excerpts.has(documentPdf)) continue;
      excerpts.set(documentPdf, await excerptOf(documentPdf, resolved));
    }
  }
  const reply = await runPdfWorker<MailerPdf>(
    WORKER,
    {
      step: 'batch',
      ...(letterhead ? { bytes: letterhead } : {}),
      letters: letters.map((letter) => ({
        ...letter,
        documentPdf: letter.documentPdf ? (excerpts.get(letter.documentPdf) ?? null) : null,
      })),
      options: { ...options, letterhead: null },
    },
    mailerBatchLimits(resolved, letters.length),
  );
  if (reply.ok) return { bytes: reply.bytes, pages: reply.pages };
  const count = `${letters.length} ${letters.length === 1 ? 'letter' : 'letters'}`;
  throw new PdfProblem(
    reply.reason,
    `The county mailer PDF of ${count} could not be made: ${reply.detail}`,
  );
}

/** The letterhead's first page, read and redrawn in a PDF thread under `limits`. */
async function redrawLetterhead(bytes: Uint8Array, limits: PdfLimits): Promise<Uint8Array> {
  const reply =
    precheck(bytes, limits) ??
    (await runPdfWorker<{ bytes: Uint8Array }>(WORKER, { step: 'letterhead', bytes }, limits));
  if (reply.ok) return reply.bytes;
  throw new PdfProblem(
    reply.reason,
    reply.detail.startsWith('The mailer letterhead')
      ? reply.detail
      : `The mailer letterhead is not usable: ${reply.detail}`,
  );
}

async function excerptOf(source: Uint8Array, limits: PdfLimits): Promise<Uint8Array | null> {
  try {
    return (await firstPages(source, MAILER_DOCUMENT_PAGES, limits)).bytes;
  } catch (err) {
    if (err instanceof PdfProblem) return null;
    throw err;
  }
}

/**
 * Step one, in a PDF thread: a one-page PDF that draws the letterhead's first page and holds
 * nothing else of its file. Drawing the page decodes its content, so a letterhead that inflates
 * or loops is stopped here, under the document limits; the batch then copies the drawing as it
 * is, without decoding it again. A letterhead that cannot be used comes back as a failure whose
 * detail says so.
 */
export async function redrawLetterheadPage(
  bytes: Uint8Array,
): Promise<WorkerReply<{ bytes: Uint8Array }>> {
  let template: PDFDocument;
  try {
    template = await PDFDocument.load(bytes, {
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch (err) {
    return {
      ok: false,
      reason: 'corrupt',
      detail: `The mailer letterhead is not a readable PDF: ${message(err)}`,
    };
  }
  if (template.getPageCount() === 0) {
    return { ok: false, reason: 'empty', detail: 'The mailer letterhead PDF has no pages.' };
  }
  try {
    keepPageContentOnly(template, 0);
    const out = await PDFDocument.create({ updateMetadata: false });
    const drawing = await out.embedPage(template.getPage(0));
    out.addPage([drawing.width, drawing.height]).drawPage(drawing);
    await dropAllButContent(out);
    return { ok: true, bytes: await out.save() };
  } catch (err) {
    return {
      ok: false,
      reason: 'corrupt',
      detail: `The mailer letterhead's first page cannot be drawn: ${message(err)}`,
    };
  }
}

/**
 * Step two, in a PDF thread (county-mailer-pdf.worker.ts): the batch put together. Each
 * letter's documentPdf is already its excerpt, and the letterhead is redrawLetterheadPage's.
 */
export async function buildCountyMailerPdf(
  letters: MailerLetter[],
  options: MailerOptions,
): Promise<WorkerReply<MailerPdf>> {
  const first = letters[0];
  if (!first) throw new RangeError('A county mailer needs at least one letter.');

  // Dates left out, so the same batch prints the same bytes.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  // Letters to owners of record, in English: title and language for a screen reader.
  pdf.setTitle(`${countyLabel(first.countyName)} recorded document notices`, {
    showInWindowTitleBar: true,
  });
  pdf.setLanguage('en');
  pdf.setCreator('DeedWatch');
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const clean = printable(fonts.regular);
  const printName = printableWhole(fonts.regular);
  const letterhead = options.letterhead
    ? await pdf.embedPage((await PDFDocument.load(options.letterhead)).getPage(0))
    : null;

  const batch = options.addSample ? [{ letter: await sampleLetter(first), sample: true }] : [];
  batch.push(...letters.map((letter) => ({ letter, sample: false })));

  for (const { letter, sample } of batch) {
    const copies = options.useOnePageMailer ? null : await documentPages(pdf, letter.documentPdf);
    const enclosure: Enclosure = options.useOnePageMailer
      ? { kind: 'one-page' }
      : copies
        ? { kind: 'enclosed', pages: copies.length }
        : { kind: 'unavailable' };

    const page = pdf.addPage(PAGE);
    drawLetter({ page, fonts, clean, printName, y: BODY_TOP }, letter, enclosure, letterhead);
    const added = [page];
    for (const copy of copies ?? []) {
      pdf.addPage(copy);
      // pdf-lib wraps a copied page's own content in q…Q before drawing on it, so a transform
      // the document leaves open cannot move the watermark.
      if (options.useWatermark) drawDiagonal(copy, 'COPY', fonts.bold, rgb(0.6, 0.6, 0.6), 0.3);
      added.push(copy);
    }
    if (sample) {
      // The diagonal on the letter only: across a document page it would hide the text.
      drawDiagonal(page, 'SAMPLE', fonts.bold, ACCENT, 0.25);
      for (const p of added) {
        p.drawText('SAMPLE - NOT A NOTICE - DO NOT MAIL', {
          x: p.getCropBox().x + MARGIN / 2,
          y: p.getCropBox().y + 0.4 * INCH,
          size: 12,
          font: fonts.bold,
          color: ACCENT,
        });
      }
    }
  }

  const bytes = await pdf.save({ useObjectStreams: false });
  return { ok: true, bytes, pages: pdf.getPageCount() };
}

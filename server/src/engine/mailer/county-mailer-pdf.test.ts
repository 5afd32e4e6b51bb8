import {
  concatTransformationMatrix,
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFPage,
  PDFRawStream,
  StandardFonts,
} from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { flateBombPdf, normalPdf } from '../../documents/pdf/hostile-pdfs.ts';
import {
  PdfProblem,
  pdfWorkersStarted,
  resolveLimits,
  runningPdfWorkers,
} from '../../documents/pdf/pdf-worker.ts';
import { PDFJS_OPTIONS } from '../../documents/pdf/pdfjs-options.ts';
import { samplePdf } from '../sample-documents.ts';
import {
  countyMailerPdf,
  mailerBatchLimits,
  type MailerLetter,
  type MailerOptions,
} from './county-mailer-pdf.ts';

const RECORDED_AT = new Date('2024-11-22T06:30:00Z'); // 11/21/2024 in Sacramento

function recorded(documentNumber: string, pages: number) {
  return samplePdf(
    {
      countyName: 'Sacramento',
      documentNumber,
      recordedAt: RECORDED_AT,
      documentType: 'GRANT DEED',
      grantors: ['JANE Q PUBLIC'],
      grantees: ['ACME HOLDINGS LLC'],
      apns: ['012-0345-006-0000'],
      addresses: ['123 MAIN ST, SACRAMENTO, CA 95814'],
    },
    { pages },
  );
}

function letter(
  documentPdf: Uint8Array | null,
  overrides: Partial<MailerLetter> = {},
): MailerLetter {
  return {
    owner: {
      names: ['JANE Q PUBLIC', 'JOHN Q PUBLIC'],
      address: '123 Main St',
      cityStateZip: 'Sacramento, CA 95814',
    },
    document: {
      documentNumber: '202411210000042',
      documentType: 'GRANT DEED',
      recordedAt: RECORDED_AT,
      apn: '012-0345-006-0000',
    },
    countyName: 'Sacramento',
    countyLinkUrl: 'https://ccr.saccounty.gov',
    documentPdf,
    ...overrides,
  };
}

const OPTIONS: MailerOptions = {
  letterhead: null,
  useOnePageMailer: false,
  useWatermark: false,
  addSample: false,
};

type TextItem = { str: string; x: number; y: number; width: number };

/** Each page's text as a reader extracts it, with where each piece sits on the page. */
async function readPages(bytes: Uint8Array): Promise<{ text: string; items: TextItem[] }[]> {
  const task = getDocument({ ...PDFJS_OPTIONS, data: bytes.slice(), verbosity: 0 });
  const pdf = await task.promise;
  const pages = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    const items: TextItem[] = [];
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      items.push({ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width });
      text += item.str + (item.hasEOL ? '\n' : '');
    }
    pages.push({ text: text.replace(/[ \n]+/g, ' '), items });
  }
  await task.destroy();
  return pages;
}

/** A page's content streams, decoded, in order. */
function contentStreams(page: PDFPage): string[] {
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs.map((ref) => {
    const stream = page.doc.context.lookup(ref);
    return stream instanceof PDFRawStream
      ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
      : '';
  });
}

/** The fill opacities (ca) of the page's graphics states. */
function fillOpacities(page: PDFPage): number[] {
  const states = page.node.Resources()?.lookupMaybe(PDFName.of('ExtGState'), PDFDict);
  if (!states) return [];
  return states
    .values()
    .map((ref) => page.doc.context.lookup(ref, PDFDict).lookupMaybe(PDFName.of('ca'), PDFNumber))
    .filter((n): n is PDFNumber => n !== undefined)
    .map((n) => n.asNumber());
}

// pdf-lib writes StandardFont text as hex: "COPY" is <434F5059>.
const COPY_TEXT = '<434F5059> Tj';

describe('countyMailerPdf', () => {
  let onePage: Uint8Array;
  let fivePages: Uint8Array;
  beforeAll(async () => {
    onePage = await recorded('202411210000001', 1);
    fivePages = await recorded('202411210000005', 5);
  });

  describe('page counts', () => {
    const documents = { 'a 1-page': 1, 'a 5-page': 5, no: null } as const;
    const cases = [false, true].flatMap((addSample) =>
      [false, true].flatMap((useOnePageMailer) =>
        (Object.keys(documents) as (keyof typeof documents)[]).map(
          (document) => [addSample, useOnePageMailer, document] as const,
        ),
      ),
    );

    it.each(cases)(
      'sample %s, one-page %s, with %s document',
      async (addSample, useOnePageMailer, document) => {
        const pagesOf = documents[document];
        const pdf = pagesOf === 1 ? onePage : pagesOf === 5 ? fivePages : null;
        const result = await countyMailerPdf([letter(pdf)], {
          ...OPTIONS,
          addSample,
          useOnePageMailer,
        });
        // The sample's own document has 3 pages, so it brings 2 unless the mailer is one page.
        const sample = addSample ? 1 + (useOnePageMailer ? 0 : 2) : 0;
        const appended = useOnePageMailer || pagesOf === null ? 0 : Math.min(2, pagesOf);
        expect(result.pages).toBe(sample + 1 + appended);
        expect((await PDFDocument.load(result.bytes)).getPageCount()).toBe(result.pages);
      },
    );

    it('puts each letter before its own document pages, in order', async () => {
      const result = await countyMailerPdf(
        [
          letter(fivePages, { owner: { ...letter(null).owner, names: ['FIRST OWNER'] } }),
          letter(null, { owner: { ...letter(null).owner, names: ['SECOND OWNER'] } }),
          letter(onePage, { owner: { ...letter(null).owner, names: ['THIRD OWNER'] } }),
        ],
        OPTIONS,
      );
      const pages = await readPages(result.bytes);
      expect(result.pages).toBe(6);
      expect(pages[0]!.text).toContain('FIRST OWNER');
      expect(pages[1]!.text).toContain('DOC # 202411210000005 Page 1 of 5');
      expect(pages[2]!.text).toContain('DOC # 202411210000005 Page 2 of 5');
      expect(pages[3]!.text).toContain('SECOND OWNER');
      expect(pages[4]!.text).toContain('THIRD OWNER');
      expect(pages[5]!.text).toContain('DOC # 202411210000001 Page 1 of 1');
    });
  });

  describe('the letter', () => {
    it('addresses the owners in the envelope window and gives the document details', async () => {
      const [page] = await readPages((await countyMailerPdf([letter(fivePages)], OPTIONS)).bytes);
      const lines = ['JANE Q PUBLIC', 'JOHN Q PUBLIC', '123 MAIN ST', 'SACRAMENTO, CA 95814'];
      for (const line of lines) {
        const item = page!.items.find((i) => i.str === line);
        expect(item, line).toBeDefined();
        // A #10 window: about 1" from the left, between 2" and 3 1/8" from the top.
        expect(item!.x).toBe(72);
        expect(item!.y).toBeLessThanOrEqual(792 - 2 * 72);
        expect(item!.y).toBeGreaterThanOrEqual(792 - 3.125 * 72);
      }
      expect(page!.text).toContain('Document number: 202411210000042');
      expect(page!.text).toContain('Document type: GRANT DEED');
      expect(page!.text).toContain('Recording date: 11/21/2024');
      expect(page!.text).toContain("Assessor's Parcel Number (APN): 012-0345-006-0000");
      expect(page!.text).toContain('recorded in the Official Records of the Sacramento County');
      expect(page!.text).toContain('If you did not authorise it');
      expect(page!.text).toContain(
        'Contact the Sacramento County Recorder at https://ccr.saccounty.gov',
      );
    });

    it('shows two owners at most, marking the rest ET AL', async () => {
      const owner = { ...letter(null).owner, names: ['ANN ONE', 'BOB TWO', 'CAT THREE'] };
      const [page] = await readPages(
        (await countyMailerPdf([letter(null, { owner })], OPTIONS)).bytes,
      );
      expect(page!.text).toContain('ANN ONE');
      expect(page!.text).toContain('BOB TWO ET AL');
      expect(page!.text).not.toContain('CAT THREE');
    });

    it('breaks a long web address across lines, all of it inside the margins', async () => {
      const url = `https://recorder.example.gov/official-records/search/document-index?county=SAC&${'q=0123456789&'.repeat(8)}view=full`;
      const result = await countyMailerPdf([letter(null, { countyLinkUrl: url })], {
        ...OPTIONS,
        useOnePageMailer: true,
      });
      const [page] = await readPages(result.bytes);
      for (const item of page!.items) {
        expect(item.x + item.width, item.str).toBeLessThanOrEqual(612 - 72 + 0.01);
      }
      // The lines joined give the address whole, in both sentences that name it.
      const joined = page!.items.map((i) => i.str).join('');
      expect(joined.split(url)).toHaveLength(3);
    });

    it('prints letters the font lacks as the Latin letters they are read as, accents it has as they are', async () => {
      const owner = {
        names: ['Łukasz Żółć', 'Đorđe Ştefan Ħasan'],
        address: '12 Calle José Núñez',
        cityStateZip: 'Sacramento, CA 95814',
      };
      const document = { ...letter(null).document, documentType: 'ŁĄKA ĮRAŠAS' };
      const [page] = await readPages(
        (await countyMailerPdf([letter(null, { owner, document })], OPTIONS)).bytes,
      );
      const lines = page!.items.map((i) => i.str);
      expect(lines).toContain('LUKASZ ZÓLC');
      expect(lines).toContain('DORDE STEFAN HASAN');
      expect(lines).toContain('12 CALLE JOSÉ NÚÑEZ');
      expect(page!.text).toContain('Document type: LAKA IRAŠAS');
      expect(page!.text).not.toContain('?');
    });

    it('addresses an owner whose name the font cannot print to the current owner', async () => {
      const alone = { ...letter(null).owner, names: ['李 小龍'] };
      const withOther = { ...letter(null).owner, names: ['李 小龍', 'Ann One'] };
      const [first, second] = await readPages(
        (
          await countyMailerPdf(
            [letter(null, { owner: alone }), letter(null, { owner: withOther })],
            OPTIONS,
          )
        ).bytes,
      );
      const window = (page: typeof first) =>
        page!.items.filter(
          (i) =>
            i.str.trim() !== '' && i.x === 72 && i.y <= 792 - 2 * 72 && i.y >= 792 - 3.125 * 72,
        );
      expect(window(first).map((i) => i.str)).toEqual([
        'CURRENT OWNER',
        '123 MAIN ST',
        'SACRAMENTO, CA 95814',
      ]);
      // Another owner it can print is named, with ET AL for the one it cannot.
      expect(window(second).map((i) => i.str)).toEqual([
        'ANN ONE ET AL',
        '123 MAIN ST',
        'SACRAMENTO, CA 95814',
      ]);
      expect(first!.text).not.toContain('?');
      expect(second!.text).not.toContain('?');
    });

    it('wraps a long name into free window lines and shortens a long city, never its state and ZIP', async () => {
      const owner = {
        names: ['The Margaret Elizabeth Worthington-Fitzgerald Family Trust'],
        address: '4410 Old Auburn Folsom Road',
        cityStateZip: 'Rancho Santa Margarita Heights North Village, CA 95610',
      };
      const [page] = await readPages(
        (await countyMailerPdf([letter(null, { owner })], OPTIONS)).bytes,
      );
      const window = page!.items.filter(
        (i) => i.str.trim() !== '' && i.x === 72 && i.y <= 792 - 2 * 72 && i.y >= 792 - 3.125 * 72,
      );
      expect(window).toHaveLength(4);
      for (const item of window) {
        expect(item.x + item.width, item.str).toBeLessThanOrEqual(72 + 3.75 * 72 + 0.01);
      }
      const [name1, name2, address, city] = window.map((i) => i.str);
      expect(`${name1} ${name2}`).toBe(
        'THE MARGARET ELIZABETH WORTHINGTON-FITZGERALD FAMILY TRUST',
      );
      expect(address).toBe('4410 OLD AUBURN FOLSOM ROAD');
      expect(city).toMatch(/^RANCHO SANTA MARGARITA .*\.\.\., CA 95610$/);
    });

    it.each<[string, () => Uint8Array | null, Partial<MailerOptions>, string]>([
      [
        '2 of 5 pages enclosed',
        () => fivePages,
        {},
        'A copy of the first 2 pages of the document is enclosed.',
      ],
      ['a 1-page document enclosed', () => onePage, {}, 'A copy of the document is enclosed.'],
      [
        'no document',
        () => null,
        {},
        'A copy of the document could not be included with this notice.',
      ],
      [
        'an unreadable document',
        () => new TextEncoder().encode('%PDF-1.7 not really'),
        {},
        'A copy of the document could not be included with this notice.',
      ],
      [
        'a one-page mailer',
        () => fivePages,
        { useOnePageMailer: true },
        'A copy of the document is not enclosed.',
      ],
    ])('says what is enclosed: %s', async (_case, pdf, options, line) => {
      const result = await countyMailerPdf([letter(pdf())], { ...OPTIONS, ...options });
      const [page] = await readPages(result.bytes);
      expect(page!.text).toContain(line);
    });

    it('skips an unreadable document without failing the batch', async () => {
      const garbage = new TextEncoder().encode('%PDF-1.7 not really');
      const result = await countyMailerPdf([letter(garbage), letter(fivePages)], OPTIONS);
      expect(result.pages).toBe(1 + 1 + 2);
    });

    it('draws a built-in letterhead when there is no template', async () => {
      const result = await countyMailerPdf([letter(null)], OPTIONS);
      const [page] = await readPages(result.bytes);
      expect(page!.text).toContain('SACRAMENTO COUNTY OFFICE OF THE COUNTY RECORDER');
      const loaded = await PDFDocument.load(result.bytes);
      const xobjects = loaded
        .getPage(0)
        .node.Resources()
        ?.lookupMaybe(PDFName.of('XObject'), PDFDict);
      expect(xobjects?.keys() ?? []).toHaveLength(0);
    });

    it("embeds the first page of the county's letterhead as the letter's background", async () => {
      const template = await PDFDocument.create();
      const font = await template.embedFont(StandardFonts.TimesRoman);
      template
        .addPage([612, 792])
        .drawText('PLACER COUNTY CLERK-RECORDER TEMPLATE', { x: 72, y: 740, size: 14, font });
      template
        .addPage([612, 792])
        .drawText('SECOND TEMPLATE PAGE', { x: 72, y: 740, size: 14, font });
      const result = await countyMailerPdf([letter(null), letter(null)], {
        ...OPTIONS,
        letterhead: await template.save(),
      });

      const pages = await readPages(result.bytes);
      for (const page of pages) {
        expect(page.text).toContain('PLACER COUNTY CLERK-RECORDER TEMPLATE');
        expect(page.text).not.toContain('SECOND TEMPLATE PAGE');
        expect(page.text).not.toContain('OFFICE OF THE COUNTY RECORDER');
        expect(page.text).toContain('JANE Q PUBLIC');
      }
      // Embedded once as a form XObject, which every letter draws: not copied per letter.
      const loaded = await PDFDocument.load(result.bytes);
      const forms = loaded.getPages().map((page) => {
        const xobjects = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
        const [ref] = xobjects.values();
        const form = loaded.context.lookup(ref);
        expect(form).toBeInstanceOf(PDFRawStream);
        expect((form as PDFRawStream).dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('Form'));
        return ref;
      });
      expect(forms[0]).toBe(forms[1]);
    });

    it('refuses a letterhead that is not a PDF, naming it', async () => {
      await expect(
        countyMailerPdf([letter(null)], { ...OPTIONS, letterhead: new Uint8Array([1, 2, 3]) }),
      ).rejects.toThrow(/letterhead is not a readable PDF/);
    });

    it('prints the same bytes for the same batch', async () => {
      const options = { ...OPTIONS, addSample: true, useWatermark: true };
      const a = await countyMailerPdf([letter(fivePages), letter(null)], options);
      const b = await countyMailerPdf([letter(fivePages), letter(null)], options);
      expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    });

    it('refuses an empty batch', async () => {
      await expect(countyMailerPdf([], OPTIONS)).rejects.toThrow(/at least one letter/);
    });
  });

  describe('the COPY watermark', () => {
    it('marks each appended document page, light and diagonal, and never the letter', async () => {
      const result = await countyMailerPdf([letter(fivePages)], { ...OPTIONS, useWatermark: true });
      const loaded = await PDFDocument.load(result.bytes);
      const [letterPage, ...documentPages] = loaded.getPages();
      expect(documentPages).toHaveLength(2);
      for (const page of documentPages) {
        const drawn = contentStreams(page).join('\n');
        expect(drawn).toContain(COPY_TEXT);
        // A 45°-ish rotation matrix (a, b, -b, a) before the text, and a translucent fill.
        expect(drawn).toMatch(/0\.6\d+ 0\.7\d+ -0\.7\d+ 0\.6\d+ [\d.]+ [\d.]+ Tm/);
        expect(drawn).toMatch(/0\.6 0\.6 0\.6 rg/);
        expect(fillOpacities(page)).toContain(0.3);
      }
      expect(contentStreams(letterPage!).join('\n')).not.toContain(COPY_TEXT);

      const pages = await readPages(result.bytes);
      expect(pages[1]!.text).toContain('DOC # 202411210000005 Page 1 of 5');
      expect(pages[1]!.items.some((i) => i.str === 'COPY')).toBe(true);
    });

    it('is left off when the county does not use it', async () => {
      const result = await countyMailerPdf([letter(fivePages)], OPTIONS);
      const loaded = await PDFDocument.load(result.bytes);
      for (const page of loaded.getPages()) {
        expect(contentStreams(page).join('\n')).not.toContain(COPY_TEXT);
      }
    });

    it('lands in the middle of the page even when the document leaves its drawing scaled', async () => {
      const source = await PDFDocument.create();
      const page = source.addPage([612, 792]);
      // An unbalanced cm: were it left in force, the watermark would shrink into the corner.
      page.pushOperators(concatTransformationMatrix(0.1, 0, 0, 0.1, 0, 0));
      const result = await countyMailerPdf([letter(await source.save())], {
        ...OPTIONS,
        useWatermark: true,
      });
      const [, copy] = await readPages(result.bytes);
      const mark = copy!.items.find((i) => i.str === 'COPY');
      expect(mark).toBeDefined();
      // The text starts lower left of the centre and runs up through it.
      expect(mark!.x).toBeGreaterThan(60);
      expect(mark!.x).toBeLessThan(306);
      expect(mark!.y).toBeGreaterThan(60);
      expect(mark!.y).toBeLessThan(396);
    });
  });

  describe('in a PDF thread, under the PDF limits', { timeout: 60_000 }, () => {
    afterEach(() => vi.waitFor(() => expect(runningPdfWorkers()).toBe(0), { timeout: 5000 }));

    /**
     * Runs `build` with a timer on the calling thread that looks at the PDF threads: it sees one
     * at work only if this thread is free while a PDF thread does the build.
     */
    async function watchingTheLoop<T>(build: () => Promise<T>) {
      let sawThreadAtWork = false;
      const timer = setInterval(() => (sawThreadAtWork ||= runningPdfWorkers() > 0), 1);
      try {
        const [outcome] = await Promise.allSettled([build()]);
        return { outcome, thisThreadFree: sawThreadAtWork };
      } finally {
        clearInterval(timer);
      }
    }

    it('fails on a letterhead that inflates past the memory cap, naming why, without stalling this thread', async () => {
      // 256 kB on disk, 256 MB of content once decoded, which drawing the letterhead needs.
      const letterhead = await flateBombPdf(256);
      const { outcome, thisThreadFree } = await watchingTheLoop(() =>
        countyMailerPdf([letter(fivePages)], { ...OPTIONS, letterhead }, { maxMemoryMb: 64 }),
      );
      expect(outcome.status).toBe('rejected');
      const err = (outcome as PromiseRejectedResult).reason as PdfProblem;
      expect(err).toBeInstanceOf(PdfProblem);
      expect(err.reason).toBe('out-of-memory');
      expect(err.message).toBe(
        'The mailer letterhead is not usable: Reading the PDF needed more than 64 MB',
      );
      expect(thisThreadFree).toBe(true);

      // The pool still serves: the next batch builds.
      expect((await countyMailerPdf([letter(fivePages)], OPTIONS)).pages).toBe(3);
    });

    it('fails on a letterhead that takes longer than the time limit, without stalling this thread', async () => {
      const letterhead = await flateBombPdf(256);
      const { outcome, thisThreadFree } = await watchingTheLoop(() =>
        countyMailerPdf(
          [letter(null), letter(null)],
          { ...OPTIONS, letterhead },
          { maxMemoryMb: 2048, timeoutMs: 300 },
        ),
      );
      expect(outcome).toMatchObject({
        status: 'rejected',
        reason: {
          reason: 'timeout',
          message: 'The mailer letterhead is not usable: Reading the PDF took longer than 300 ms',
        },
      });
      expect(thisThreadFree).toBe(true);
    });

    it('gives a batch time and memory in proportion to its letters, up to a bound', async () => {
      const limits = resolveLimits({ timeoutMs: 200, maxMemoryMb: 64 });
      expect(mailerBatchLimits(limits, 1)).toMatchObject({ timeoutMs: 225, maxMemoryMb: 65 });
      expect(mailerBatchLimits(limits, 100)).toMatchObject({ timeoutMs: 800, maxMemoryMb: 114 });
      expect(mailerBatchLimits(limits, 100_000)).toMatchObject({
        timeoutMs: 800,
        maxMemoryMb: 256,
      });

      // The batch runs under those limits, not the document's: no machine builds 300 letters in
      // 4 ms, so it fails, and the failure names the limit it ran under (4 ms, not 1 ms). Whether
      // a real batch fits its limit depends on how loaded the machine is, so no test asks that.
      const batch = Array.from({ length: 300 }, () => letter(null));
      await expect(countyMailerPdf(batch, OPTIONS, { timeoutMs: 1 })).rejects.toMatchObject({
        reason: 'timeout',
        message:
          'The county mailer PDF of 300 letters could not be made: Reading the PDF took longer than 4 ms',
      });
    });

    it('refuses a letterhead over maxBytes without starting a thread', async () => {
      const started = pdfWorkersStarted();
      await expect(
        countyMailerPdf(
          [letter(null)],
          { ...OPTIONS, letterhead: await normalPdf() },
          { maxBytes: 100 },
        ),
      ).rejects.toMatchObject({
        reason: 'too-large',
        message: expect.stringMatching(
          /^The mailer letterhead is not usable: The file has \d+ bytes; the limit is 100$/,
        ),
      });
      expect(pdfWorkersStarted()).toBe(started);
    });

    it('builds the batch in a PDF thread', async () => {
      let sawThreadAtWork = false;
      const timer = setInterval(() => (sawThreadAtWork ||= runningPdfWorkers() > 0), 1);
      try {
        const letterhead = await normalPdf();
        await countyMailerPdf([letter(null)], { ...OPTIONS, useOnePageMailer: true, letterhead });
      } finally {
        clearInterval(timer);
      }
      expect(sawThreadAtWork).toBe(true);
    });
  });

  describe('the sample', () => {
    it('comes first, with a fictional owner, marked SAMPLE on each of its pages', async () => {
      const result = await countyMailerPdf([letter(fivePages)], { ...OPTIONS, addSample: true });
      const pages = await readPages(result.bytes);
      expect(pages).toHaveLength(3 + 3);
      const [sampleLetter, ...rest] = pages;
      expect(sampleLetter!.text).toContain('JANE Q SAMPLE');
      expect(sampleLetter!.text).not.toContain('JANE Q PUBLIC');
      expect(sampleLetter!.items.some((i) => i.str === 'SAMPLE')).toBe(true);
      for (const page of pages.slice(0, 3)) {
        expect(page.text).toContain('SAMPLE - NOT A NOTICE - DO NOT MAIL');
      }
      for (const page of rest.slice(2)) expect(page.text).not.toContain('SAMPLE');
      expect(rest[2]!.text).toContain('JANE Q PUBLIC');
    });
  });
});

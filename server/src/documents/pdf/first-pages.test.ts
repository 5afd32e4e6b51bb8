import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractPdfText } from './extract-text.ts';
import { firstPages, PdfProblem } from './first-pages.ts';
import type { PdfProblemReason } from './first-pages.ts';
import {
  ACTIVE_CONTENT_MARKERS,
  activeContentPdf,
  emptyFile,
  encryptedPdf,
  garbage,
  manyPagesPdf,
  normalPdf,
  numberedPdf,
  truncatedPdf,
} from './hostile-pdfs.ts';
import { pdfWorkersStarted, runningPdfWorkers } from './pdf-worker.ts';

const LIMITS = { timeoutMs: 5000, maxMemoryMb: 128 };

const pdfName = (name: string) => PDFName.of(name);
const names = (keys: PDFName[]) => keys.map((key) => key.decodeText()).sort();

async function problemOf(run: Promise<unknown>): Promise<PdfProblemReason> {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PdfProblem);
  return (err as PdfProblem).reason;
}

describe('firstPages', { timeout: 30_000 }, () => {
  afterEach(() => vi.waitFor(() => expect(runningPdfWorkers()).toBe(0), { timeout: 5000 }));

  it('keeps the first two pages of a five-page document, text and all', async () => {
    const result = await firstPages(await numberedPdf(5), 2, LIMITS);
    expect(result).toMatchObject({ pages: 2, totalPages: 5 });
    expect(await extractPdfText(result.bytes)).toEqual({
      ok: true,
      pageCount: 2,
      pagesRead: 2,
      text: 'Page 1 of 5\nPage 2 of 5',
    });
  });

  it('keeps the whole of a document no longer than n', async () => {
    const one = await firstPages(await numberedPdf(1), 2, LIMITS);
    expect(one).toMatchObject({ pages: 1, totalPages: 1 });
    expect(await extractPdfText(one.bytes)).toMatchObject({ ok: true, text: 'Page 1 of 1' });

    const three = await firstPages(await normalPdf(), 10, LIMITS);
    expect(three).toMatchObject({ pages: 3, totalPages: 3 });
  });

  it('copies two pages out of 5,000 without reading the rest', async () => {
    const result = await firstPages(manyPagesPdf(5000), 2, LIMITS);
    expect(result).toMatchObject({ pages: 2, totalPages: 5000 });
    expect(await extractPdfText(result.bytes)).toMatchObject({ ok: true, text: 'Page 1\nPage 2' });
  });

  it("leaves the caller's bytes usable", async () => {
    const bytes = await normalPdf();
    const length = bytes.byteLength;
    await firstPages(bytes, 1, LIMITS);
    expect(bytes.byteLength).toBe(length);
  });

  it.each([
    ['an empty file', emptyFile, 'empty'],
    ['an encrypted file', encryptedPdf, 'encrypted'],
    ['a truncated file', truncatedPdf, 'corrupt'],
    ['random garbage', () => garbage(65_536, 1, false), 'corrupt'],
    ['garbage behind a PDF header', () => garbage(65_536, 2, true), 'corrupt'],
  ] as const)(
    'throws PdfProblem for %s, and the next document still copies',
    async (_name, make, reason) => {
      expect(await problemOf(firstPages(await make(), 2, LIMITS))).toBe(reason);
      expect(await firstPages(await normalPdf(), 2, LIMITS)).toMatchObject({ pages: 2 });
    },
  );

  it('copies the next document in the same warm thread, including after a corrupt one', async () => {
    const bytes = await numberedPdf(5);
    await firstPages(bytes, 2, LIMITS);
    const started = pdfWorkersStarted();
    expect(await problemOf(firstPages(await truncatedPdf(), 2, LIMITS))).toBe('corrupt');
    const copy = await firstPages(bytes, 2, LIMITS);
    expect(copy).toMatchObject({ pages: 2, totalPages: 5 });
    expect(pdfWorkersStarted()).toBe(started);
    expect(await extractPdfText(copy.bytes)).toMatchObject({ text: 'Page 1 of 5\nPage 2 of 5' });
  });

  it('refuses a file over maxBytes', async () => {
    expect(await problemOf(firstPages(await normalPdf(), 2, { maxBytes: 100 }))).toBe('too-large');
  });

  it('stops at the time limit and at the memory cap', async () => {
    // Copying all 5,000 pages takes about 2 s and more than 24 MB of heap here; the memory case gets
    // a generous time limit because V8 collects harder and harder as the heap nears its cap.
    expect(
      await problemOf(firstPages(manyPagesPdf(5000), 5000, { ...LIMITS, timeoutMs: 400 })),
    ).toBe('timeout');
    expect(
      await problemOf(
        firstPages(manyPagesPdf(5000), 5000, {
          ...LIMITS,
          maxMemoryMb: 24,
          timeoutMs: 20_000,
        }),
      ),
    ).toBe('out-of-memory');
    await vi.waitFor(() => expect(runningPdfWorkers()).toBe(0), { timeout: 5000 });
    expect(await firstPages(await normalPdf(), 2, { ...LIMITS, maxMemoryMb: 32 })).toMatchObject({
      pages: 2,
    });
  });

  it('keeps what the pages draw and nothing a reader acts on', async () => {
    const source = activeContentPdf();
    const original = await PDFDocument.load(source);
    expect(original.catalog.has(pdfName('OpenAction'))).toBe(true);
    expect(original.getPage(0).node.has(pdfName('AA'))).toBe(true);
    expect(original.getPage(0).node.Annots()?.size()).toBe(5);

    const excerpt = await firstPages(source, 2, LIMITS);
    expect(excerpt).toMatchObject({ pages: 2, totalPages: 3 });

    const copy = await PDFDocument.load(excerpt.bytes);
    expect(names(copy.catalog.keys())).toEqual(['Pages', 'Type']);
    for (const page of copy.getPages()) {
      expect(names(page.node.keys())).toEqual([
        'Contents',
        'MediaBox',
        'Parent',
        'Resources',
        'Type',
      ]);
    }
    // Every object the file holds, dictionaries as written and streams decoded: no action,
    // script, annotation, field, file or outline anywhere, nor what the scripts and file held.
    const structure: string[] = [];
    for (const [, object] of copy.context.enumerateIndirectObjects()) {
      const text =
        object instanceof PDFRawStream
          ? `${object.dict.toString()}\n${Buffer.from(decodePDFRawStream(object).decode()).toString('latin1')}`
          : object.toString();
      expect(text).not.toMatch(
        /\/(A|AA|OpenAction|Next|JS|JavaScript|URI|Names|Dest|AcroForm|FT|Outlines|Annots|Annot|EmbeddedFiles?|EF|FS|Filespec|Action)\b/,
      );
      structure.push(...[...text.matchAll(/\/Type \/(Catalog|Pages?)\b/g)].map((m) => m[1]!));
      for (const marker of [...ACTIVE_CONTENT_MARKERS, 'payload.exe', 'app.alert', 'Page three']) {
        expect(text).not.toContain(marker);
      }
    }
    // One catalog and page tree, the excerpt's own, and two pages: page 3, which a link on page 2
    // pointed at, and the original catalog, which a resource of page 2 named, were not kept.
    expect(structure.sort()).toEqual(['Catalog', 'Page', 'Page', 'Pages']);

    // The text the pages drew, the stamp's and the field's appearances drawn in, the hidden
    // annotation not.
    const text = await extractPdfText(excerpt.bytes);
    expect(text).toMatchObject({ ok: true, pageCount: 2 });
    const read = text.ok ? text.text : '';
    for (const drawn of [
      'Active content page one',
      'RECORDED STAMP',
      'FILLED BY FORM',
      'Active content page two',
    ]) {
      expect(read).toContain(drawn);
    }
    expect(read).not.toContain('HIDDEN NOTE');
  });

  it('wants a whole number of pages, at least one', async () => {
    const bytes = await normalPdf();
    await expect(firstPages(bytes, 0)).rejects.toThrow(RangeError);
    await expect(firstPages(bytes, 1.5)).rejects.toThrow(RangeError);
  });
});

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectApns } from './apn-detect.ts';
import { DEFAULT_PDF_LIMITS, extractPdfText } from './extract-text.ts';
import type { PdfText } from './extract-text.ts';
import {
  emptyFile,
  encryptedPdf,
  flateBombPdf,
  fontExploitPdf,
  garbage,
  manyPagesPdf,
  NORMAL_APN,
  normalPdf,
  textPdf,
  truncatedPdf,
  xrefLoopPdf,
} from './hostile-pdfs.ts';
import { pdfWorkersStarted, runningPdfWorkers, runPdfWorker } from './pdf-worker.ts';

const LIMITS = { timeoutMs: 5000, maxMemoryMb: 128, maxPages: 50 };
const NORMAL_TEXT = [
  'GRANT DEED',
  `Assessor's Parcel No. ${NORMAL_APN}`,
  'Recorded at the request of Jane Q. Owner',
  'Page 2 of 3',
  'The land is described in Exhibit A',
  'Page 3 of 3',
  'Exhibit A: Lot 12 of Tract 3456',
].join('\n');

async function expectNoWorkerLeft() {
  await vi.waitFor(() => expect(runningPdfWorkers()).toBe(0), { timeout: 5000 });
}

async function expectNormalStillReads() {
  const result = await extractPdfText(await normalPdf(), LIMITS);
  expect(result).toEqual({ ok: true, pageCount: 3, pagesRead: 3, text: NORMAL_TEXT });
  await expectNoWorkerLeft();
}

describe('extractPdfText', { timeout: 30_000 }, () => {
  afterEach(expectNoWorkerLeft);

  it('reads every page of a normal deed, pages joined by newlines, and the APN in it', async () => {
    const result = await extractPdfText(await normalPdf(), LIMITS);
    expect(result).toEqual({ ok: true, pageCount: 3, pagesRead: 3, text: NORMAL_TEXT });
    expect(detectApns(result.ok ? result.text : '', '000-0000-000-0000')).toEqual([NORMAL_APN]);
  });

  it('collapses runs of whitespace within a line', async () => {
    const result = await extractPdfText(await textPdf(['Lot   12 \t of    Tract\n   Indented']));
    expect(result).toMatchObject({ ok: true, text: 'Lot 12 of Tract\nIndented' });
  });

  it("leaves the caller's bytes usable", async () => {
    const bytes = await normalPdf();
    const length = bytes.byteLength;
    await extractPdfText(bytes, LIMITS);
    expect(bytes.byteLength).toBe(length);
    expect(await extractPdfText(bytes, LIMITS)).toMatchObject({ ok: true, pageCount: 3 });
  });

  it('waits for a PDF thread behind any other task: one queued after it goes first', async () => {
    const cores = Math.max(1, availableParallelism());
    // gates[i] lets holder i finish; gates[cores + 1] is set once the later task has a thread.
    const gates = new Int32Array(new SharedArrayBuffer(4 * (cores + 2)));
    const hold = new URL(
      `data:text/javascript,${encodeURIComponent(`
        export async function handle({ gates, gate, started }) {
          if (started !== undefined) Atomics.store(gates, started, 1);
          Atomics.wait(gates, gate, 0);
          return { ok: true };
        }`)}`,
    );
    const open = (gate: number) => {
      Atomics.store(gates, gate, 1);
      Atomics.notify(gates, gate);
    };
    const limits = { ...DEFAULT_PDF_LIMITS, ...LIMITS };
    const holders = Array.from({ length: cores }, (_, gate) =>
      runPdfWorker(hold, { gates, gate }, limits),
    );
    await vi.waitFor(() => expect(runningPdfWorkers()).toBe(cores), { timeout: 10_000 });

    let read = false;
    const text = extractPdfText(await normalPdf(), LIMITS).finally(() => (read = true));
    // An alert's excerpt, say: it asks for a thread after the text extraction did.
    const later = runPdfWorker(hold, { gates, gate: cores, started: cores + 1 }, limits);
    open(0);
    await vi.waitFor(() => expect(Atomics.load(gates, cores + 1)).toBe(1), { timeout: 10_000 });
    expect(read).toBe(false);

    for (let gate = 1; gate <= cores; gate++) open(gate);
    expect(await Promise.all([...holders, later])).toEqual(Array(cores + 1).fill({ ok: true }));
    expect(await text).toEqual({ ok: true, pageCount: 3, pagesRead: 3, text: NORMAL_TEXT });
  });

  it('refuses an empty file and an oversized one without reaching a worker', async () => {
    const bytes = await normalPdf();
    const started = pdfWorkersStarted();
    const empty = extractPdfText(emptyFile());
    const tooLarge = extractPdfText(bytes, { maxBytes: 100 });
    expect(runningPdfWorkers()).toBe(0);
    expect(await empty).toMatchObject({ ok: false, reason: 'empty' });
    expect(await tooLarge).toMatchObject({ ok: false, reason: 'too-large' });
    expect(pdfWorkersStarted()).toBe(started);
  });

  it('reads the next document in the same warm thread', async () => {
    const bytes = await normalPdf();
    await extractPdfText(bytes, LIMITS);
    const started = pdfWorkersStarted();
    for (let i = 0; i < 3; i++) {
      expect(await extractPdfText(bytes, LIMITS)).toEqual({
        ok: true,
        pageCount: 3,
        pagesRead: 3,
        text: NORMAL_TEXT,
      });
    }
    expect(pdfWorkersStarted()).toBe(started);
  });

  it('reads a normal deed right, in the thread that has just parsed hostile files', async () => {
    const bytes = await normalPdf();
    await extractPdfText(bytes, LIMITS);
    const started = pdfWorkersStarted();
    for (const hostile of [garbage(65_536, 2, true), encryptedPdf(), xrefLoopPdf()]) {
      await extractPdfText(hostile, LIMITS);
      expect(await extractPdfText(bytes, LIMITS)).toEqual({
        ok: true,
        pageCount: 3,
        pagesRead: 3,
        text: NORMAL_TEXT,
      });
    }
    expect(pdfWorkersStarted()).toBe(started); // each answered cleanly, so the thread was kept
  });

  it('leaves nothing that keeps a process alive once the document is read', async () => {
    // Idle pooled threads are unreferenced: a script that reads one PDF exits by itself.
    const script = [
      `import { extractPdfText } from ${JSON.stringify(new URL('./extract-text.ts', import.meta.url).href)};`,
      `import { normalPdf } from ${JSON.stringify(new URL('./hostile-pdfs.ts', import.meta.url).href)};`,
      'const result = await extractPdfText(await normalPdf());',
      'console.log(JSON.stringify(result));',
    ].join('\n');
    // A file rather than --eval: the PDF threads inherit the process's flags, --input-type too.
    const dir = await mkdtemp(path.join(tmpdir(), 'deedwatch-pdf-'));
    const file = path.join(dir, 'read-one.mjs');
    await writeFile(file, script);
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(JSON.parse(output)).toEqual({
        ok: true,
        pageCount: 3,
        pagesRead: 3,
        text: NORMAL_TEXT,
      });
    } finally {
      child.kill();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('has defaults sized for recorder documents', () => {
    expect(DEFAULT_PDF_LIMITS).toEqual({
      timeoutMs: 15_000,
      maxMemoryMb: 256,
      maxPages: 50,
      maxBytes: 50 * 1024 * 1024,
    });
  });

  describe('hostile input comes back bounded, and the next deed still reads', () => {
    const cases: Array<[string, () => Uint8Array | Promise<Uint8Array>, (r: PdfText) => void]> = [
      [
        'a truncated file',
        truncatedPdf,
        (r) => expect(r).toMatchObject({ ok: false, reason: 'corrupt' }),
      ],
      [
        'random garbage',
        () => garbage(65_536, 1, false),
        (r) => expect(r).toMatchObject({ ok: false, reason: 'corrupt' }),
      ],
      [
        'garbage behind a PDF header',
        () => garbage(65_536, 2, true),
        (r) => expect(r).toMatchObject({ ok: false, reason: 'corrupt' }),
      ],
      [
        'an encrypted file',
        encryptedPdf,
        (r) =>
          expect(r).toEqual({ ok: false, reason: 'encrypted', detail: 'The PDF needs a password' }),
      ],
      [
        'a cross-reference section that is its own /Prev',
        xrefLoopPdf,
        (r) => expect(r).toEqual({ ok: true, pageCount: 1, pagesRead: 1, text: 'Looped xref' }),
      ],
      [
        'a 5,000-page document (only the first maxPages are read)',
        () => manyPagesPdf(5000),
        (r) => {
          expect(r).toMatchObject({ ok: true, pageCount: 5000, pagesRead: 50 });
          const lines = r.ok ? r.text.split('\n') : [];
          expect(lines).toHaveLength(50);
          expect(lines.at(0)).toBe('Page 1');
          expect(lines.at(-1)).toBe('Page 50');
        },
      ],
    ];

    // Each answer is its own outcome, never the time limit's.
    it.each(cases)('%s', async (_name, make, check) => {
      check(await extractPdfText(await make(), LIMITS));
      await expectNoWorkerLeft();
      await expectNormalStillReads();
    });
  });

  it('survives malformed TrueType and Type1 font programs', async () => {
    // pdfjs recovers from both fonts and falls back to a standard one, but on the way it reserves
    // a buffer the size the TrueType table directory claims (4 GB, never written, so not resident)
    // for a few milliseconds. Whether the memory watchdog sees it depends on timing, so either
    // outcome is right; a hang, a crash, a wrong text or a lost worker is not.
    const result = await extractPdfText(fontExploitPdf(), LIMITS);
    if (result.ok) {
      expect(result).toEqual({ ok: true, pageCount: 1, pagesRead: 1, text: 'Font one\nFont two' });
    } else {
      expect(result.reason).toBe('out-of-memory');
    }
    await expectNoWorkerLeft();
    await expectNormalStillReads();
  });

  it('stops a document that takes longer than the time limit', async () => {
    const result = await extractPdfText(manyPagesPdf(5000), {
      ...LIMITS,
      maxPages: 5000,
      timeoutMs: 400,
    });
    expect(result).toEqual({
      ok: false,
      reason: 'timeout',
      detail: 'Reading the PDF took longer than 400 ms',
    });
    await expectNoWorkerLeft();
    await expectNormalStillReads();
  });

  it('stops a document that needs more memory than the cap', async () => {
    // 5,000 pages of text need more than 24 MB of heap; the normal deed reads in 32 MB. The time
    // limit is generous because V8 collects harder and harder as the heap nears its cap.
    const result = await extractPdfText(manyPagesPdf(5000), {
      ...LIMITS,
      maxPages: 5000,
      maxMemoryMb: 24,
      timeoutMs: 20_000,
    });
    expect(result).toMatchObject({ ok: false, reason: 'out-of-memory' });
    await expectNoWorkerLeft();
    expect(await extractPdfText(await normalPdf(), { ...LIMITS, maxMemoryMb: 32 })).toMatchObject({
      ok: true,
      pageCount: 3,
    });
  });

  it('stops a decompression bomb, whose buffers V8 does not count in the heap', async () => {
    // 256 kB on disk, 256 MB once inflated: the cap is checked on heap and array buffers together.
    const bomb = await flateBombPdf(256);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const result = await extractPdfText(bomb, { ...LIMITS, maxMemoryMb: 64 });
    expect(result).toEqual({
      ok: false,
      reason: 'out-of-memory',
      detail: 'Reading the PDF needed more than 64 MB',
    });
    await expectNoWorkerLeft();
    await expectNormalStillReads();
  });

  it('reads documents in parallel, each in its own worker', async () => {
    const results = await Promise.all([
      extractPdfText(await normalPdf(), LIMITS),
      extractPdfText(encryptedPdf(), LIMITS),
      extractPdfText(garbage(4096, 3, true), LIMITS),
      extractPdfText(await normalPdf(), LIMITS),
    ]);
    expect(results.map((r) => (r.ok ? r.pageCount : r.reason))).toEqual([
      3,
      'encrypted',
      'corrupt',
      3,
    ]);
  });
});

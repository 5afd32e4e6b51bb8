// npm run bench:pdfs
//
// The hostile PDFs of the reliability tests (server/src/documents/pdf/hostile-pdfs.ts: the
// same files the tests use), each read 3 times by text extraction and by the first-2-pages
// excerpt through the warm worker pool, with the default limits: the outcome and the median
// time of each, then a normal document read after all of them (the pool still serves). Prints
// one JSON object; figures in docs/reliability.md.
import os from 'node:os';
import { extractPdfText } from '../../server/src/documents/pdf/extract-text.ts';
import { firstPages, PdfProblem } from '../../server/src/documents/pdf/first-pages.ts';
import * as hostile from '../../server/src/documents/pdf/hostile-pdfs.ts';
import { closePdfWorkers } from '../../server/src/documents/pdf/pdf-worker.ts';
import { log, percentiles } from './dataset.ts';

const RUNS = 3;

const samples: [string, () => Promise<Uint8Array> | Uint8Array][] = [
  ['normal 3-page', hostile.normalPdf],
  ['empty', hostile.emptyFile],
  ['truncated', hostile.truncatedPdf],
  ['garbage', () => hostile.garbage(64 * 1024, 1, false)],
  ['garbage after a PDF header', () => hostile.garbage(64 * 1024, 2, true)],
  ['encrypted', hostile.encryptedPdf],
  ['xref loop', hostile.xrefLoopPdf],
  ['5,000 pages', () => hostile.manyPagesPdf(5000)],
  ['malformed font program', hostile.fontExploitPdf],
  ['flate bomb', () => hostile.flateBombPdf()],
];

/** The median of `RUNS` timings of `read`, with the outcome of the last. */
async function timed(read: () => Promise<string>) {
  const ms: number[] = [];
  let outcome = '';
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    outcome = await read();
    ms.push(performance.now() - started);
  }
  return { outcome, medianMs: percentiles(ms).p50 };
}

const text = (bytes: Uint8Array) => async () => {
  const r = await extractPdfText(bytes);
  return r.ok ? `ok, ${r.pageCount} pages, ${r.pagesRead} read` : r.reason;
};
const excerpt = (bytes: Uint8Array) => async () => {
  try {
    const r = await firstPages(bytes, 2);
    return `ok ${r.pages}/${r.totalPages}`;
  } catch (err) {
    if (err instanceof PdfProblem) return err.reason;
    throw err;
  }
};

const rows = [];
try {
  for (const [name, make] of samples) {
    const bytes = await make();
    const row = {
      input: name,
      bytes: bytes.byteLength,
      text: await timed(text(bytes)),
      firstPages: await timed(excerpt(bytes)),
    };
    log(`${name}: ${JSON.stringify(row)}`);
    rows.push(row);
  }
  const after = await extractPdfText(await hostile.normalPdf());
  console.log(
    JSON.stringify(
      {
        machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg() },
        runs: RUNS,
        rows,
        normalAfterAll: after.ok ? `ok, ${after.pageCount} pages` : after.reason,
      },
      null,
      2,
    ),
  );
} finally {
  await closePdfWorkers();
}

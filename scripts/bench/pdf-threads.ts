// npm run bench:pdf-threads
//
// What an alert's excerpt (the first 2 pages of a normal 3-page deed) waits for in a worker
// process, which also reads the text of the feeds it ingests:
// - its first excerpt, on a pool with no thread yet and on one warmed as a worker warms it at
//   start (warmFirstPages);
// - excerpts while the process's ingest reads the text of 4 documents at a time (50 pages of
//   each, the most it reads), one excerpt every 50 ms, 40 of them: their latency, and how many
//   documents the ingest read a second meanwhile.
// Prints one JSON object; figures in docs/benchmarks.md.
import os from 'node:os';
import { extractPdfText } from '../../server/src/documents/pdf/extract-text.ts';
import { firstPages, warmFirstPages } from '../../server/src/documents/pdf/first-pages.ts';
import { manyPagesPdf, normalPdf } from '../../server/src/documents/pdf/hostile-pdfs.ts';
import { closePdfWorkers } from '../../server/src/documents/pdf/pdf-worker.ts';
import { percentiles } from './dataset.ts';

const EXCERPTS = 40;
const EVERY_MS = 50;
const READ_AT_ONCE = 4;

const deed = await normalPdf();
const long = await manyPagesPdf();

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 10) / 10;
}

const excerpt = () => firstPages(deed, 2);

// The first excerpt of a process, without and with the threads warmed.
await closePdfWorkers();
const coldFirstMs = await timed(excerpt);
await closePdfWorkers();
const warmingMs = await timed(() => warmFirstPages());
const warmFirstMs = await timed(excerpt);

// Excerpts beside an ingest reading text, both on threads already warm.
for (let i = 0; i < READ_AT_ONCE; i++) await extractPdfText(long);
let reading = true;
let read = 0;
const readStarted = performance.now();
const readers = Array.from({ length: READ_AT_ONCE }, async () => {
  while (reading) {
    const text = await extractPdfText(long);
    if (!text.ok) throw new Error(`the long document did not read: ${text.detail}`);
    read++;
  }
});
const latencies: number[] = [];
for (let i = 0; i < EXCERPTS; i++) {
  await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
  latencies.push(await timed(excerpt));
}
reading = false;
const readSeconds = (performance.now() - readStarted) / 1000;
await Promise.all(readers);
await closePdfWorkers();

console.log(
  JSON.stringify(
    {
      machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((x) => +x.toFixed(2)) },
      firstExcerptMs: { cold: coldFirstMs, warmed: warmFirstMs, warmingMs },
      besideIngest: {
        excerptMs: percentiles(latencies),
        documentsReadPerSecond: Math.round((read / readSeconds) * 10) / 10,
      },
    },
    null,
    2,
  ),
);

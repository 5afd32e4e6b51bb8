// npm run ingest -- <folder> [--json]
// Ingests a recorder feed v1 folder (docs/recorder-feed-v1.md) into DATABASE_URL (or the embedded
// Postgres, shared with a running `npm start`), matches it, and prints a summary.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openCliEngine } from '../server/src/engine/cli.ts';
import { FeedError, INDEX_FILE, resolveFeedFolder } from '../server/src/engine/feed/read-feed.ts';
import { ingestFolder } from '../server/src/engine/ingest/ingest.service.ts';
import { createProgress } from '../server/src/lib/progress.ts';
import { openFileIn } from '../server/src/lib/safe-fs.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { json: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  console.error('Usage: npm run ingest -- <folder> [--json]');
  process.exit(2);
}
const folder = path.resolve(positionals[0]!);

/**
 * Lines in the index, for the progress bar: a byte scan, far cheaper than the ingest. The index
 * is opened as the ingest opens it (a plain file of the folder, no link followed); anything
 * else is the ingest's to report.
 */
async function countLines(): Promise<number | undefined> {
  let opened;
  try {
    opened = await openFileIn(await resolveFeedFolder(folder), INDEX_FILE);
  } catch {
    return undefined;
  }
  if (!opened.ok) return undefined;
  let lines = 0;
  try {
    for await (const chunk of opened.handle.createReadStream() as AsyncIterable<Buffer>) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
  } catch {
    return undefined;
  } finally {
    await opened.handle.close().catch(() => undefined);
  }
  return lines;
}

const { engine, close } = await openCliEngine();
try {
  const progress = createProgress({
    label: 'ingesting',
    total: await countLines(),
  });
  let shown = 0;
  const summary = await ingestFolder(engine, folder, {
    onLine: (lines) => {
      progress.tick(lines - shown);
      shown = lines;
    },
  });
  progress.done();
  if (values.json) {
    console.log(JSON.stringify(summary, null, 2));
  } else {
    console.log(
      [
        `Ingested ${folder} in ${summary.seconds} s`,
        `  documents   ${summary.documents} new, ${summary.repeats} repeats`,
        ...summary.repeatReasons
          .filter((r) => r.differs.length > 0)
          .map((r) => `    line ${r.line} (${r.documentNumber}): ${r.reason}`),
        `  PDFs attached to stored documents  ${summary.pdfsAttached}`,
        `  PDFs stored under the document number (file name taken)  ${summary.filesRenamed}`,
        ...summary.renamedFiles.map(
          (r) => `    line ${r.line} (${r.documentNumber}): ${r.file} stored as ${r.storedAs}`,
        ),
        `  parties     ${summary.parties}`,
        `  skipped     ${summary.skipped}`,
        ...summary.skippedReasons.map((r) => `    line ${r.line}: ${r.reason}`),
        `  PDF issues  ${summary.pdfProblems} (indexed and alerted without the attachment)`,
        ...summary.pdfReasons.map((r) => `    line ${r.line} (${r.documentNumber}): ${r.reason}`),
        `  APNs read from document text  ${summary.apnsFromText}`,
        `  events      ${summary.events}`,
        `  alerts      ${summary.alerts} queued (one per user and document)`,
      ].join('\n'),
    );
  }
} catch (err) {
  if (!(err instanceof FeedError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await close();
}

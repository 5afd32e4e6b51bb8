import type { DB } from '../../db/types.ts';
import { detectApns } from '../../documents/pdf/apn-detect.ts';
import { extractPdfText } from '../../documents/pdf/extract-text.ts';
import { resolveLimits } from '../../documents/pdf/pdf-worker.ts';
import { bossDb } from '../../db/pg-boss-db.ts';
import { mapConcurrently } from '../../lib/concurrency.ts';
import { recordIngested } from '../../lib/metrics.ts';
import { openFileIn, readUpTo } from '../../lib/safe-fs.ts';
import { MATCH_DOCUMENTS } from '../../jobs/queues.ts';
import { storedAddress, storedName } from '../../keys/match-keys.ts';
import { apnKey, formatApn, nameKey } from '../../keys/normalize.ts';
import type { Engine } from '../engine.ts';
import type { FeedLine } from '../feed/feed-line.ts';
import { readFeed, resolveFeedFolder } from '../feed/read-feed.ts';
import { matchedCounts } from '../matching/match.repository.ts';
import { matchDocuments } from '../matching/match.service.ts';
import * as repo from './ingest.repository.ts';

/** Documents written per transaction, and per match-documents job. */
export const INGEST_CHUNK = 25;
/**
 * Documents of a chunk whose PDFs are read, stored and parsed at the same time: the store's
 * writes and the file reads overlap the parsing, which the PDF pool holds to a thread per core.
 * Each holds its PDF's bytes (up to the PDF size limit) until it is parsed.
 */
export const PREPARED_AT_ONCE = 4;
/** Reasons kept in a summary; the counts cover all. */
const MAX_REASONS = 100;

export type IngestSummary = {
  folder: string;
  /** Lines that were valid documents. */
  lines: number;
  /** Documents new to the database. */
  documents: number;
  /** Documents the database already had (the same county and document number). */
  repeats: number;
  parties: number;
  skipped: number;
  skippedReasons: { line: number; reason: string }[];
  /** Documents indexed without a readable PDF, and why. */
  pdfProblems: number;
  pdfReasons: { line: number; documentNumber: string; reason: string }[];
  /** APNs found in the text layer of documents whose index gave none. */
  apnsFromText: number;
  events: number;
  alerts: number;
  seconds: number;
};

export type IngestOptions = {
  /**
   * The code of the county whose inbox the folder came from. An inbox belongs to its county:
   * a line of any other county is skipped, and the folder may not be a symbolic link. Unset
   * (the command line), a folder may carry documents of any county.
   */
  inboxOf?: string;
  /** Match each chunk right after it commits (default), rather than leaving it to the job. */
  matchNow?: boolean;
  /** Called after each line read, with the count so far. */
  onLine?: (lines: number) => void;
  /** Called right after each chunk commits, with the ids of the documents it inserted. */
  onCommitted?: (documentIds: string[]) => void;
};

type County = Awaited<ReturnType<typeof repo.countiesByCode>>[number];
type Pending = { line: number; feed: FeedLine; county: County };

/**
 * Ingests a recorder feed v1 folder (docs/recorder-feed-v1.md): every valid line becomes a
 * document with its parties and parcels, its PDF in the blob store (container = county code)
 * and its text indexed; a bad line is skipped with its line number and reason; a PDF that is
 * missing, unreadable, not a PDF or not a plain file of the folder (a link is never followed)
 * is reported and the document still indexed (and alerted without it).
 * Each chunk commits with its match-documents job, so nothing ingested is left unmatched.
 * Ingesting the same folder again changes nothing.
 */
export async function ingestFolder(
  engine: Engine,
  folder: string,
  options: IngestOptions = {},
): Promise<IngestSummary> {
  const started = performance.now();
  const real = await resolveFeedFolder(folder, { followLink: options.inboxOf === undefined });
  const summary: IngestSummary = {
    folder,
    lines: 0,
    documents: 0,
    repeats: 0,
    parties: 0,
    skipped: 0,
    skippedReasons: [],
    pdfProblems: 0,
    pdfReasons: [],
    apnsFromText: 0,
    events: 0,
    alerts: 0,
    seconds: 0,
  };
  const skip = (line: number, reason: string) => {
    summary.skipped++;
    if (summary.skippedReasons.length < MAX_REASONS) summary.skippedReasons.push({ line, reason });
  };
  const counties = new Map<string, County | null>();
  const countyOf = async (code: string) => {
    if (!counties.has(code)) {
      const [row] = await repo.countiesByCode(engine.db, [code]);
      counties.set(code, row ?? null);
    }
    return counties.get(code)!;
  };

  let chunk: Pending[] = [];
  let read = 0;
  for await (const entry of readFeed(real)) {
    options.onLine?.(++read);
    if (!entry.ok) {
      skip(entry.lineNumber, entry.reason);
      continue;
    }
    summary.lines++;
    if (options.inboxOf !== undefined && entry.line.county !== options.inboxOf) {
      skip(
        entry.lineNumber,
        `County '${entry.line.county}' is not this inbox's county: the inbox of ${options.inboxOf} takes only ${options.inboxOf} documents.`,
      );
      continue;
    }
    const county = await countyOf(entry.line.county);
    if (!county) {
      skip(entry.lineNumber, `Unknown county code '${entry.line.county}'.`);
      continue;
    }
    chunk.push({ line: entry.lineNumber, feed: entry.line, county });
    if (chunk.length === INGEST_CHUNK) {
      await ingestChunk(engine, real, chunk, summary, skip, options);
      chunk = [];
    }
  }
  if (chunk.length > 0) await ingestChunk(engine, real, chunk, summary, skip, options);
  summary.seconds = Math.round((performance.now() - started) / 100) / 10;
  return summary;
}

async function ingestChunk(
  engine: Engine,
  folder: string,
  chunk: Pending[],
  summary: IngestSummary,
  skip: (line: number, reason: string) => void,
  options: IngestOptions,
) {
  // Repeats are found first, so their PDFs are not read or stored again.
  const fresh: Pending[] = [];
  const seen = new Set<string>();
  for (const [countyId, items] of Map.groupBy(chunk, (p) => p.county.id)) {
    const existing = await repo.existingNumbers(
      engine.db,
      countyId,
      items.map((p) => p.feed.documentNumber),
    );
    const container = items[0]!.county.code;
    const files = await repo.filesInUse(
      engine.db,
      container,
      items.map((p) => p.feed.file),
    );
    for (const p of items) {
      const key = `${countyId}:${p.feed.documentNumber}`;
      if (existing.has(p.feed.documentNumber) || seen.has(key)) {
        summary.repeats++;
        continue;
      }
      const holder = files.get(p.feed.file);
      if (holder !== undefined) {
        skip(p.line, `File ${p.feed.file} already holds document ${holder} of ${container}.`);
        continue;
      }
      seen.add(key);
      files.set(p.feed.file, p.feed.documentNumber);
      fresh.push(p);
    }
  }

  const documents = await mapConcurrently(fresh, PREPARED_AT_ONCE, (p) =>
    prepare(engine, folder, p),
  );
  // Tallied in the lines' order, whichever document was ready first.
  for (const [i, doc] of documents.entries()) {
    summary.apnsFromText += doc.parcels.filter((parcel) => parcel.source === 'text').length;
    if (doc.pdfError === null) continue;
    summary.pdfProblems++;
    if (summary.pdfReasons.length < MAX_REASONS) {
      summary.pdfReasons.push({
        line: fresh[i]!.line,
        documentNumber: doc.documentNumber,
        reason: doc.pdfError,
      });
    }
  }

  const insertedCounties: string[] = [];
  const ids = await engine.db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    // A document another ingest (the inbox cron) inserted since the repeat check is a repeat
    // too, and its names were counted by that ingest.
    const inserted: repo.NewDocument[] = [];
    for (const doc of documents) {
      const id = await repo.insertDocument(trx, doc);
      if (id === undefined) summary.repeats++;
      else {
        ids.push(id);
        inserted.push(doc);
        insertedCounties.push(doc.container);
        summary.parties += doc.parties.length;
      }
    }
    const names = new Map<string, Parameters<typeof repo.countIndexNames>[1][number]>();
    for (const doc of inserted) {
      for (const party of doc.parties) {
        if (!party.nameKey) continue;
        const key = `${doc.countyId}:${party.nameKey}`;
        const entry = names.get(key);
        if (entry) {
          entry.documents++;
          if (doc.recordedAt > entry.lastRecordedAt) entry.lastRecordedAt = doc.recordedAt;
        } else {
          names.set(key, {
            countyId: doc.countyId,
            name: party.name,
            nameKey: party.nameKey,
            documents: 1,
            lastRecordedAt: doc.recordedAt,
          });
        }
      }
    }
    await repo.countIndexNames(trx, [...names.values()]);
    if (ids.length > 0) {
      await engine.boss.send(MATCH_DOCUMENTS, { documentIds: ids }, { db: bossDb<DB>(trx) });
    }
    return ids;
  });
  summary.documents += ids.length;
  recordIngested(insertedCounties);
  if (ids.length > 0) options.onCommitted?.(ids);

  if (options.matchNow !== false && ids.length > 0) {
    // The chunk's job may claim some documents first: the summary counts what the documents
    // got, whoever matched them.
    await matchDocuments(engine.db, engine.boss, ids);
    const matched = await matchedCounts(engine.db, ids);
    summary.events += matched.events;
    summary.alerts += matched.alerts;
  }
}

/** Reads, stores and extracts the document's PDF, and computes every key of the document. */
async function prepare(engine: Engine, folder: string, p: Pending): Promise<repo.NewDocument> {
  const { feed, county } = p;
  const pdf = await readPdf(engine, folder, feed.file);
  let text = '';
  let pageCount: number | null = null;
  let pdfError: string | null = pdf.ok ? null : pdf.reason;
  if (pdf.ok) {
    await engine.blobs.put(county.code, feed.file, pdf.bytes);
    const extracted = await extractPdfText(pdf.bytes, engine.pdfLimits);
    if (extracted.ok) {
      text = extracted.text;
      pageCount = extracted.pageCount;
    } else {
      pdfError = `${extracted.reason}: ${extracted.detail}`.slice(0, 500);
    }
  }
  const parcels: repo.NewDocument['parcels'] = [];
  const apns =
    feed.apns.length > 0
      ? feed.apns
      : text
        ? detectApns(text, county.data_mask, county.ui_mask)
        : [];
  const source = feed.apns.length > 0 ? 'index' : 'text';
  for (const apn of apns) {
    const key = apnKey(apn);
    if (!key) continue;
    parcels.push({
      apn: formatApn(key, county.data_mask) ?? apn,
      apnKey: key,
      address: null,
      addressKey: null,
      zip: null,
      source,
    });
  }
  for (const address of feed.addresses) {
    const stored = storedAddress(address);
    if (!stored.streetKey) continue;
    parcels.push({
      apn: null,
      apnKey: null,
      address,
      addressKey: stored.streetKey,
      zip: stored.zip,
      source: 'index',
    });
  }

  const parties: repo.NewDocument['parties'] = [];
  for (const [role, names] of [
    ['grantor', feed.grantors],
    ['grantee', feed.grantees],
  ] as const) {
    for (const raw of names) {
      const name = raw.trim().replace(/\s+/g, ' ').toUpperCase();
      parties.push({ role, name, nameKey: nameKey(name), ...storedName(name) });
    }
  }

  return {
    countyId: county.id,
    documentNumber: feed.documentNumber,
    documentType: feed.documentType.trim().toUpperCase(),
    recordedAt: feed.recordedAt,
    container: county.code,
    fileName: feed.file,
    pageCount,
    pdfError,
    text,
    parties,
    parcels,
  };
}

type ReadPdf = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

const PDF_HEADER = Buffer.from('%PDF-');

/**
 * The PDF named by a line, read only when it is a regular file directly in the feed folder
 * (`folder` is its real path), opened without following a link, within the size limit, and
 * starting with the PDF header; otherwise why not. Whatever else sits at the name — a link to
 * the server's own files, a hard link, a FIFO — is never read into the store.
 */
async function readPdf(engine: Engine, folder: string, file: string): Promise<ReadPdf> {
  const maxBytes = resolveLimits(engine.pdfLimits).maxBytes;
  const opened = await openFileIn(folder, file);
  if (!opened.ok) {
    switch (opened.problem) {
      case 'missing':
        return { ok: false, reason: `missing: ${file} is not in the feed folder` };
      case 'unreadable':
        return { ok: false, reason: `unreadable: ${opened.detail}` };
      default:
        return {
          ok: false,
          reason: `refused: ${opened.detail}; a PDF must be a plain file in the feed folder`,
        };
    }
  }
  try {
    if (opened.size > maxBytes) {
      return {
        ok: false,
        reason: `too-large: ${file} has ${opened.size} bytes, over the ${maxBytes}-byte limit`,
      };
    }
    const { bytes, truncated } = await readUpTo(opened.handle, maxBytes);
    if (truncated) {
      return { ok: false, reason: `too-large: ${file} grew over the ${maxBytes}-byte limit` };
    }
    if (!PDF_HEADER.equals(bytes.subarray(0, PDF_HEADER.length))) {
      return { ok: false, reason: `not-a-pdf: ${file} does not start with %PDF-` };
    }
    return { ok: true, bytes };
  } catch (err) {
    return { ok: false, reason: `unreadable: ${file}: ${(err as Error).message}` };
  } finally {
    await opened.handle.close();
  }
}

import { randomUUID } from 'node:crypto';
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
  /**
   * Lines of a document the database already had (the same county and document number), or
   * that an earlier line of the feed gave: nothing of such a line is applied.
   */
  repeats: number;
  /**
   * Each repeat: its line, its document number, the fields in which it differs from the stored
   * document (or the earlier line), and what became of it.
   */
  repeatReasons: { line: number; documentNumber: string; differs: string[]; reason: string }[];
  /** Repeats that brought the readable PDF their stored document lacked: now attached. */
  pdfsAttached: number;
  /**
   * New documents whose PDF is stored under a name of their own, since an earlier document of
   * the county (or line of the feed) has the name the line gave.
   */
  filesRenamed: number;
  renamedFiles: { line: number; documentNumber: string; file: string; storedAs: string }[];
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
/** A new document's line, with the name its PDF is stored under. */
type Fresh = Pending & { fileName: string };

/** What the chunks of one ingest share: the summary, and the documents it inserted. */
type Run = {
  summary: IngestSummary;
  skip: (line: number, reason: string) => void;
  repeat: (p: Pending, differs: string[], reason: string) => void;
  /** The line that inserted each document of this ingest, by `countyId:documentNumber`. */
  inserted: Map<string, number>;
  options: IngestOptions;
};

/**
 * Ingests a recorder feed v1 folder (docs/recorder-feed-v1.md): every valid line becomes a
 * document with its parties and parcels, its PDF in the blob store (container = county code)
 * and its text indexed; a bad line is skipped with its line number and reason; a PDF that is
 * missing, unreadable, not a PDF or not a plain file of the folder (a link is never followed)
 * is reported and the document still indexed (and alerted without it); a PDF whose name
 * another document of the county has is stored under the document number instead.
 * Each chunk commits with its match-documents job, so nothing ingested is left unmatched.
 * A line of a document already stored (or given by an earlier line) is a repeat, reported with
 * the fields in which it differs and not applied, but for the readable PDF it may bring to a
 * document stored without one (whose text, when the index gave the document no APN, is read
 * for APNs, and the document matched again for those it prints). Ingesting the same folder
 * again changes nothing.
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
    repeatReasons: [],
    parties: 0,
    skipped: 0,
    skippedReasons: [],
    pdfProblems: 0,
    pdfReasons: [],
    pdfsAttached: 0,
    filesRenamed: 0,
    renamedFiles: [],
    apnsFromText: 0,
    events: 0,
    alerts: 0,
    seconds: 0,
  };
  const skip = (line: number, reason: string) => {
    summary.skipped++;
    if (summary.skippedReasons.length < MAX_REASONS) summary.skippedReasons.push({ line, reason });
  };
  const run: Run = {
    summary,
    skip,
    repeat: (p, differs, reason) => {
      summary.repeats++;
      if (summary.repeatReasons.length < MAX_REASONS) {
        summary.repeatReasons.push({
          line: p.line,
          documentNumber: p.feed.documentNumber,
          differs,
          reason,
        });
      }
    },
    inserted: new Map(),
    options,
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
      await ingestChunk(engine, real, chunk, run);
      chunk = [];
    }
  }
  if (chunk.length > 0) await ingestChunk(engine, real, chunk, run);
  summary.seconds = Math.round((performance.now() - started) / 100) / 10;
  return summary;
}

async function ingestChunk(engine: Engine, folder: string, chunk: Pending[], run: Run) {
  const { summary, options } = run;
  // Repeats are found first, so their PDFs are not read or stored again (but for a stored
  // document without a readable PDF: a repeat may bring it).
  const fresh: Fresh[] = [];
  const attaching: Attaching[] = [];
  for (const [countyId, items] of Map.groupBy(chunk, (p) => p.county.id)) {
    const existing = await repo.existingDocuments(
      engine.db,
      countyId,
      items.map((p) => p.feed.documentNumber),
    );
    const contents = await repo.indexContents(
      engine.db,
      [...existing.values()].map((d) => d.id),
    );
    const container = items[0]!.county.code;
    const files = await repo.filesInUse(
      engine.db,
      container,
      items.map((p) => p.feed.file),
    );
    const names = new Set<string>();
    const earlier = new Map<string, Pending>();
    for (const p of items) {
      const number = p.feed.documentNumber;
      const stored = existing.get(number);
      const first = earlier.get(number);
      if (stored !== undefined || first !== undefined) {
        const differs = differences(
          lineContent(p.feed),
          stored !== undefined
            ? storedContent(stored, contents.get(stored.id)!)
            : lineContent(first!.feed),
        );
        // The line of this ingest that gave the document, if one did.
        const line =
          run.inserted.get(`${countyId}:${number}`) ??
          (stored === undefined ? first?.line : undefined);
        if (stored !== undefined && stored.pdf_error !== null && first === undefined) {
          const indexedApn = contents.get(stored.id)!.apnKeys.length > 0;
          attaching.push({ p, stored, indexedApn, differs, line });
        } else {
          run.repeat(p, differs, repeatReason(number, line, differs));
        }
        earlier.set(number, first ?? p);
        continue;
      }
      earlier.set(number, p);
      const fileName =
        files.has(p.feed.file) || names.has(p.feed.file)
          ? await nameOfItsOwn(engine, container, number, names)
          : p.feed.file;
      names.add(fileName);
      fresh.push({ ...p, fileName });
    }
  }

  // In the lines' order, whichever PDF was read first.
  const attached = await mapConcurrently(attaching, PREPARED_AT_ONCE, (a) =>
    attachPdf(engine, folder, a),
  );
  const rematched: { id: string; since: Date }[] = [];
  for (const [i, a] of attaching.entries()) {
    const result = attached[i]!;
    if (result.attached) {
      summary.pdfsAttached++;
      summary.apnsFromText += result.apnsFromText;
      if (result.rematchedSince) rematched.push({ id: a.stored.id, since: result.rematchedSince });
    }
    run.repeat(
      a.p,
      a.differs,
      `${repeatReason(a.p.feed.documentNumber, a.line, a.differs)} ${result.note}`,
    );
  }
  if (options.matchNow !== false && rematched.length > 0) {
    // Counted as for new documents, but only the events this match made: the documents' earlier
    // ones were counted by the ingest that stored them.
    const ids = rematched.map((r) => r.id);
    await matchDocuments(engine.db, engine.boss, ids);
    const since = new Date(Math.min(...rematched.map((r) => r.since.getTime())));
    const matched = await matchedCounts(engine.db, ids, since);
    summary.events += matched.events;
    summary.alerts += matched.alerts;
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
  const insertedLines: Fresh[] = [];
  const ids = await engine.db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    // A document another ingest (the inbox cron) inserted since the repeat check is a repeat
    // too, and its names were counted by that ingest.
    const inserted: repo.NewDocument[] = [];
    for (const [i, doc] of documents.entries()) {
      const id = await repo.insertDocument(trx, doc);
      if (id === undefined) {
        run.repeat(
          fresh[i]!,
          [],
          `Document ${doc.documentNumber} was stored by another ingest at the same time; nothing of this line was applied.`,
        );
      } else {
        ids.push(id);
        inserted.push(doc);
        insertedLines.push(fresh[i]!);
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
  for (const p of insertedLines) {
    run.inserted.set(`${p.county.id}:${p.feed.documentNumber}`, p.line);
    if (p.fileName === p.feed.file) continue;
    summary.filesRenamed++;
    if (summary.renamedFiles.length < MAX_REASONS) {
      summary.renamedFiles.push({
        line: p.line,
        documentNumber: p.feed.documentNumber,
        file: p.feed.file,
        storedAs: p.fileName,
      });
    }
  }
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

/**
 * The parcels of a document's APNs, each stored as people read it (the county's display form,
 * like every other writer of parcels), else as the recorder wrote it; one that has no key is
 * left out.
 */
function apnParcels(
  apns: readonly string[],
  county: County,
  source: 'index' | 'text',
): repo.NewDocument['parcels'] {
  return apns.flatMap((apn) => {
    const key = apnKey(apn);
    if (!key) return [];
    return [
      {
        apn: formatApn(key, county.ui_mask) ?? formatApn(key, county.data_mask) ?? apn,
        apnKey: key,
        address: null,
        addressKey: null,
        zip: null,
        source,
      },
    ];
  });
}

/** Reads, stores and extracts the document's PDF, and computes every key of the document. */
async function prepare(engine: Engine, folder: string, p: Fresh): Promise<repo.NewDocument> {
  const { feed, county } = p;
  const pdf = await readPdf(engine, folder, feed.file);
  let text = '';
  let pageCount: number | null = null;
  let pdfError: string | null = pdf.ok ? null : pdf.reason;
  if (pdf.ok) {
    await engine.blobs.put(county.code, p.fileName, pdf.bytes);
    const extracted = await extractPdfText(pdf.bytes, engine.pdfLimits);
    if (extracted.ok) {
      text = extracted.text;
      pageCount = extracted.pageCount;
    } else {
      pdfError = `${extracted.reason}: ${extracted.detail}`.slice(0, 500);
    }
  }
  const parcels =
    feed.apns.length > 0
      ? apnParcels(feed.apns, county, 'index')
      : apnParcels(text ? detectApns(text, county.data_mask, county.ui_mask) : [], county, 'text');
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
      const name = partyName(raw);
      parties.push({ role, name, nameKey: nameKey(name), ...storedName(name) });
    }
  }

  return {
    countyId: county.id,
    documentNumber: feed.documentNumber,
    documentType: feed.documentType.trim().toUpperCase(),
    recordedAt: feed.recordedAt,
    container: county.code,
    fileName: p.fileName,
    pageCount,
    pdfError,
    text,
    parties,
    parcels,
  };
}

/** A party's name as stored: trimmed, spaces collapsed, upper-case. */
const partyName = (raw: string) => raw.trim().replace(/\s+/g, ' ').toUpperCase();

/** What a line gives a document, as it is stored: a repeat is compared with it. */
type Content = {
  documentType: string;
  recordedAt: number;
  grantors: string[];
  grantees: string[];
  apns: string[];
  addresses: string[];
};

function lineContent(feed: FeedLine): Content {
  return {
    documentType: feed.documentType.trim().toUpperCase(),
    recordedAt: feed.recordedAt.getTime(),
    grantors: feed.grantors.map(partyName).sort(),
    grantees: feed.grantees.map(partyName).sort(),
    apns: feed.apns
      .map((apn) => apnKey(apn))
      .filter(Boolean)
      .sort(),
    addresses: feed.addresses.filter((a) => storedAddress(a).streetKey).sort(),
  };
}

function storedContent(
  doc: repo.StoredDocument,
  index: { parties: { role: string; name: string }[]; apnKeys: string[]; addresses: string[] },
): Content {
  const named = (role: string) =>
    index.parties
      .filter((p) => p.role === role)
      .map((p) => p.name)
      .sort();
  return {
    documentType: doc.document_type,
    recordedAt: doc.recorded_at.getTime(),
    grantors: named('grantor'),
    grantees: named('grantee'),
    apns: index.apnKeys.toSorted(),
    addresses: index.addresses.toSorted(),
  };
}

/** The fields of the line in which it differs from the stored document, in the line's order. */
function differences(line: Content, stored: Content): string[] {
  return (Object.keys(line) as (keyof Content)[]).filter(
    (field) => JSON.stringify(line[field]) !== JSON.stringify(stored[field]),
  );
}

/** What became of a repeated line, for the summary. */
function repeatReason(documentNumber: string, line: number | undefined, differs: string[]): string {
  const what =
    line === undefined
      ? `Document ${documentNumber} is already stored`
      : `Document ${documentNumber} was given by line ${line} of this feed`;
  if (differs.length === 0) return `${what}; this line is the same and changed nothing.`;
  return (
    `${what}; this line differs in ${differs.join(', ')}, which were not applied: a feed never ` +
    `changes a stored document. Send a correction as a document of its own, with a new ` +
    `document number.`
  );
}

/** A repeat of a document stored without a readable PDF: its line may bring one. */
type Attaching = {
  p: Pending;
  stored: repo.StoredDocument;
  /** Whether the index gave the stored document an APN. */
  indexedApn: boolean;
  differs: string[];
  /** The line of this ingest that inserted the document, if one did. */
  line: number | undefined;
};

type Attached =
  | { attached: false; note: string }
  | { attached: true; note: string; apnsFromText: number; rematchedSince: Date | null };

/**
 * Reads the repeat's PDF and, when it is readable, stores it under the document's own key and
 * clears its PDF problem. When the index gave the document no APN, its text is read for APNs as
 * a new document's is, and a document that prints some is matched again (its match-documents
 * job, in the same transaction): the events those parcels make are new ones, and an alert is
 * delivered at most once per document and address, so nobody is alerted twice.
 * `rematchedSince` is the attaching transaction's time, before any event of that match.
 */
async function attachPdf(engine: Engine, folder: string, a: Attaching): Promise<Attached> {
  const lacking = `The stored document has no readable PDF (${a.stored.pdf_error})`;
  const pdf = await readPdf(engine, folder, a.p.feed.file);
  if (!pdf.ok) return { attached: false, note: `${lacking}, nor does this line: ${pdf.reason}.` };
  const extracted = await extractPdfText(pdf.bytes, engine.pdfLimits);
  if (!extracted.ok) {
    const reason = `${extracted.reason}: ${extracted.detail}`.slice(0, 500);
    return { attached: false, note: `${lacking}, nor does this line: ${reason}.` };
  }
  const { county } = a.p;
  const parcels = a.indexedApn
    ? []
    : apnParcels(detectApns(extracted.text, county.data_mask, county.ui_mask), county, 'text');
  await engine.blobs.put(a.stored.container, a.stored.file_name, pdf.bytes);
  const done = await engine.db.transaction().execute(async (trx) => {
    const at = await repo.attachPdf(trx, a.stored.id, {
      pageCount: extracted.pageCount,
      text: extracted.text,
    });
    if (at === null) return null;
    if (parcels.length === 0) return { at, rematch: false };
    await repo.addParcelsToMatch(trx, a.stored.id, parcels);
    await engine.boss.send(
      MATCH_DOCUMENTS,
      { documentIds: [a.stored.id] },
      { db: bossDb<DB>(trx) },
    );
    return { at, rematch: true };
  });
  if (done === null) return { attached: false, note: 'Another ingest attached its PDF first.' };
  const note = `Its PDF, which the stored document lacked, is now attached as ${a.stored.file_name}.`;
  if (!done.rematch) return { attached: true, note, apnsFromText: 0, rematchedSince: null };
  const apns = parcels.map((parcel) => parcel.apn).join(', ');
  return {
    attached: true,
    note: `${note} Its text gives APN ${apns}, which the index did not; the document was matched again for ${parcels.length === 1 ? 'it' : 'them'}.`,
    apnsFromText: parcels.length,
    rematchedSince: done.at,
  };
}

/** How many numbered names a document's own PDF name tries before a random one. */
const OWN_NAME_TRIES = 9;

/**
 * A name for the PDF of a new document whose line gives a name another document of the
 * container has: its document number (any character but a letter, digit, `-` or `_` written as
 * `_`), then that with -2, -3, …, and past those a random suffix. `taken` are the names of
 * the chunk so far.
 */
async function nameOfItsOwn(
  engine: Engine,
  container: string,
  documentNumber: string,
  taken: Set<string>,
): Promise<string> {
  const base = documentNumber.replace(/[^A-Za-z0-9_-]/g, '_');
  const candidates = Array.from({ length: OWN_NAME_TRIES }, (_, i) =>
    i === 0 ? `${base}.pdf` : `${base}-${i + 1}.pdf`,
  );
  const inUse = await repo.filesInUse(engine.db, container, candidates);
  return (
    candidates.find((name) => !inUse.has(name) && !taken.has(name)) ?? `${base}-${randomUUID()}.pdf`
  );
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

import { lstat, realpath } from 'node:fs/promises';
import { errorCode, openFileIn } from '../../lib/safe-fs.ts';
import { type FeedLineResult, parseFeedLine } from './feed-line.ts';

/** The feed's folder or its index cannot be read: nothing of it can be ingested. */
export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedError';
  }
}

export const INDEX_FILE = 'index.ndjson';
export const MAX_LINE_BYTES = 1024 * 1024;

export type FeedEntry = { lineNumber: number } & FeedLineResult;

/** `last` is the line's last byte, kept even when the bytes before it were dropped. */
type RawLine = { lineNumber: number; bytes: Buffer[]; size: number; last: number };

/**
 * Splits a byte stream at LF. A line keeps at most `maxBytes`; past that its bytes are counted
 * and dropped, so one enormous line costs no more memory than a line at the limit (readline
 * would hold the whole of it before we could measure it).
 */
async function* splitLines(source: AsyncIterable<Buffer>, maxBytes: number) {
  let line: RawLine = { lineNumber: 1, bytes: [], size: 0, last: -1 };
  const append = (part: Buffer) => {
    // One byte over the limit is kept: it may be the CR of a CRLF, which does not count.
    if (part.length === 0) return;
    if (line.size + part.length <= maxBytes + 1) line.bytes.push(part);
    line.size += part.length;
    line.last = part[part.length - 1]!;
  };
  for await (const chunk of source) {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      append(chunk.subarray(start, end));
      yield line;
      line = { lineNumber: line.lineNumber + 1, bytes: [], size: 0, last: -1 };
      start = end + 1;
    }
    if (start < chunk.length) append(chunk.subarray(start));
  }
  if (line.size > 0) yield line;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decode(line: RawLine, maxBytes: number): FeedEntry | string {
  const { lineNumber } = line;
  // A CR of a CRLF ending is not part of the line (and not counted against the limit).
  const size = line.last === 13 ? line.size - 1 : line.size;
  if (size > maxBytes) {
    return {
      lineNumber,
      ok: false,
      reason: `the line is ${size.toLocaleString('en-US')} bytes long; a line may be at most ${maxBytes.toLocaleString('en-US')} bytes`,
    };
  }
  let text: string;
  try {
    text = utf8.decode(Buffer.concat(line.bytes, line.size).subarray(0, size));
  } catch {
    return { lineNumber, ok: false, reason: 'the line is not valid UTF-8 text' };
  }
  // A byte-order mark at the start of the file is not part of the first line's JSON.
  return lineNumber === 1 && text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/**
 * The real path of a feed folder, which every file of the feed is then checked to be directly
 * inside. `followLink: false` (an inbox's folders, which the feed's writer controls) refuses a
 * folder that is itself a symbolic link or reached through one; the command line's folder,
 * typed by an operator, may be a link. Throws a FeedError when it is not a folder.
 */
export async function resolveFeedFolder(
  folder: string,
  options: { followLink?: boolean } = {},
): Promise<string> {
  let real: string;
  try {
    if (options.followLink === false && (await lstat(folder)).isSymbolicLink()) {
      throw new FeedError(`Feed folder '${folder}' is a symbolic link, which is not followed`);
    }
    real = await realpath(folder);
    if (!(await lstat(real)).isDirectory()) throw new FeedError(`'${folder}' is not a folder`);
  } catch (err) {
    if (err instanceof FeedError) throw err;
    const code = errorCode(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new FeedError(`Feed folder '${folder}' does not exist`);
    }
    throw new FeedError(`Cannot read feed folder '${folder}': ${(err as Error).message}`);
  }
  if (options.followLink === false && real !== folder) {
    throw new FeedError(
      `Feed folder '${folder}' is reached through a symbolic link, which is not followed`,
    );
  }
  return real;
}

/**
 * The documents of a feed folder, in the order of its index.ndjson, one entry per non-blank
 * line: the parsed line, or why it was rejected. Reads as the caller consumes, so a feed of
 * any size takes the memory of one line. `folder` is the folder's real path
 * (resolveFeedFolder): the index must be a regular file directly in it, opened without
 * following a link. Throws a FeedError when the folder or its index is missing, unreadable or
 * refused; a bad line is an entry, never a throw.
 */
export async function* readFeed(
  folder: string,
  options: { maxLineBytes?: number } = {},
): AsyncGenerator<FeedEntry> {
  const maxBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
  const opened = await openFileIn(folder, INDEX_FILE);
  if (!opened.ok) {
    if (opened.problem === 'missing') {
      throw new FeedError(`Feed folder '${folder}' has no ${INDEX_FILE}`);
    }
    if (opened.problem === 'unreadable') {
      throw new FeedError(`Cannot read ${INDEX_FILE} of '${folder}': ${opened.detail}`);
    }
    throw new FeedError(
      `${INDEX_FILE} of '${folder}' is refused: ${opened.detail}; it must be a plain file in the feed folder`,
    );
  }
  const { handle } = opened;
  const file = `${INDEX_FILE} of '${folder}'`;
  const stream = handle.createReadStream({ highWaterMark: 256 * 1024 });
  try {
    for await (const line of splitLines(stream, maxBytes)) {
      const decoded = decode(line, maxBytes);
      if (typeof decoded !== 'string') {
        yield decoded;
      } else if (decoded.trim() !== '') {
        yield { lineNumber: line.lineNumber, ...parseFeedLine(decoded) };
      }
    }
  } catch (err) {
    if (err instanceof FeedError) throw err;
    throw new FeedError(`Cannot read ${file}: ${(err as Error).message}`);
  } finally {
    stream.destroy();
  }
}

export type FeedStats = {
  documents: number;
  invalid: number;
  /** The first 100 rejected lines. */
  reasons: { lineNumber: number; reason: string }[];
  /** Valid documents per county code. */
  counties: Record<string, number>;
  /**
   * Valid lines whose PDF is not a plain file of the folder (missing, a link, not a regular
   * file): the count, and the first 100 names.
   */
  missingFiles: number;
  missingFileNames: string[];
  /** Document numbers seen more than once within a county (counted once per repeat). */
  duplicateDocuments: number;
};

const MAX_REASONS = 100;

/** Reads a whole feed and says what an ingest of it would find, without ingesting it. */
export async function feedStats(given: string): Promise<FeedStats> {
  const folder = await resolveFeedFolder(given);
  const stats: FeedStats = {
    documents: 0,
    invalid: 0,
    reasons: [],
    counties: {},
    missingFiles: 0,
    missingFileNames: [],
    duplicateDocuments: 0,
  };
  const seen = new Set<string>();
  for await (const entry of readFeed(folder)) {
    if (!entry.ok) {
      stats.invalid++;
      if (stats.reasons.length < MAX_REASONS) {
        stats.reasons.push({ lineNumber: entry.lineNumber, reason: entry.reason });
      }
      continue;
    }
    const { county, documentNumber, file } = entry.line;
    stats.documents++;
    stats.counties[county] = (stats.counties[county] ?? 0) + 1;
    const key = JSON.stringify([county, documentNumber]);
    if (seen.has(key)) stats.duplicateDocuments++;
    else seen.add(key);
    const opened = await openFileIn(folder, file);
    if (opened.ok) {
      await opened.handle.close();
    } else {
      stats.missingFiles++;
      if (stats.missingFileNames.length < MAX_REASONS) stats.missingFileNames.push(file);
    }
  }
  return stats;
}

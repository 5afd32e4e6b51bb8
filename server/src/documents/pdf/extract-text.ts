import { precheck, resolveLimits, runPdfWorker } from './pdf-worker.ts';
import type { PdfLimits, PdfProblemReason } from './pdf-worker.ts';
import type { TextReply } from './pdf-text.worker.ts';

export { DEFAULT_PDF_LIMITS } from './pdf-worker.ts';
export type { PdfLimits } from './pdf-worker.ts';

/**
 * `pageCount` is the document's; `pagesRead` is how many of its first pages gave `text`
 * (fewer than `pageCount` when the document is longer than `maxPages`).
 */
export type PdfText =
  | { ok: true; pageCount: number; pagesRead: number; text: string }
  | { ok: false; reason: PdfProblemReason; detail: string };

const WORKER = new URL('./pdf-text.worker.ts', import.meta.url);

/**
 * The text layer of a PDF, read with pdfjs in a worker thread under `limits`: pages joined with
 * '\n', whitespace collapsed within each line. Never throws for a bad PDF: an unreadable file, a
 * timeout, an out-of-memory or a crashed worker comes back as `{ ok: false }`. It runs at
 * background priority: other PDF tasks waiting for a thread go first.
 */
export async function extractPdfText(
  bytes: Uint8Array,
  limits?: Partial<PdfLimits>,
): Promise<PdfText> {
  const resolved = resolveLimits(limits);
  const rejected = precheck(bytes, resolved);
  if (rejected) return rejected;
  // The ingest's bulk work: an alert's excerpt or a case packet waiting for a PDF thread goes
  // first, so a large feed being read does not hold up the alerts of what it already matched.
  const reply = await runPdfWorker<TextReply>(
    WORKER,
    { bytes, maxPages: resolved.maxPages },
    resolved,
    'background',
  );
  if (!reply.ok) return reply;
  return { ok: true, pageCount: reply.pageCount, pagesRead: reply.pagesRead, text: reply.text };
}

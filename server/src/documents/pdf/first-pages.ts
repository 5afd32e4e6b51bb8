import { PdfProblem, precheck, resolveLimits, runPdfWorker, warmPdfWorkers } from './pdf-worker.ts';
import type { PdfLimits } from './pdf-worker.ts';

export { PdfProblem } from './pdf-worker.ts';
export type { PdfProblemReason } from './pdf-worker.ts';

export type FirstPages = { bytes: Uint8Array; pages: number; totalPages: number };
/** The excerpt's document title (shown in a reader's title bar) and language (/Lang). */
export type ExcerptMeta = { title: string; language: string };

const WORKER = new URL('./first-pages.worker.ts', import.meta.url);

/**
 * A new PDF made with pdf-lib holding the first `n` pages of `source` (the whole document when it
 * has n pages or fewer): what they draw, with visible annotations drawn in, and nothing a reader
 * acts on — no script, action, link, form field, attachment, outline or annotation
 * (content-only.ts). Parsing happens in a worker thread under `limits` (`maxPages` does not
 * apply). `meta`, when given, is the excerpt's title and language. Throws PdfProblem when the source cannot be read (empty, too large, encrypted, corrupt,
 * or the worker hit its time or memory limit).
 */
export async function firstPages(
  source: Uint8Array,
  n: number,
  limits?: Partial<PdfLimits>,
  meta?: ExcerptMeta,
): Promise<FirstPages> {
  if (!Number.isInteger(n) || n < 1) {
    throw new RangeError(`firstPages needs a whole number of pages of at least 1, got ${n}`);
  }
  const resolved = resolveLimits(limits);
  const reply =
    precheck(source, resolved) ??
    (await runPdfWorker<FirstPages>(
      WORKER,
      { bytes: source, n, ...(meta ? { meta } : {}) },
      resolved,
    ));
  if (!reply.ok) throw new PdfProblem(reply.reason, reply.detail);
  return { bytes: reply.bytes, pages: reply.pages, totalPages: reply.totalPages };
}

/**
 * Warms the threads that make excerpts (pdf-worker.ts warmPdfWorkers) under `limits`: a worker
 * process calls it at start, so the first alerts it sends are as quick as the rest.
 */
export function warmFirstPages(limits?: Partial<PdfLimits>): Promise<number> {
  return warmPdfWorkers(WORKER, resolveLimits(limits));
}

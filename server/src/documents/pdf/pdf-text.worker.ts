import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api.js';
import { PDFJS_OPTIONS } from './pdfjs-options.ts';
import { message } from './pdf-worker.ts';
import type { WorkerReply } from './pdf-worker.ts';

export type TextReply = { pageCount: number; pagesRead: number; text: string };

/** The text task, run by a pooled thread (pdf-thread.ts); pdfjs loads once per thread. */
export async function handle({
  bytes,
  maxPages,
}: {
  bytes: Uint8Array;
  maxPages: number;
}): Promise<WorkerReply<TextReply>> {
  const task = getDocument({
    ...PDFJS_OPTIONS,
    data: bytes,
    // A damaged file makes pdfjs warn once per broken object; the reply already says what matters.
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    let doc;
    try {
      doc = await task.promise;
    } catch (err) {
      if (err instanceof Error && err.name === 'PasswordException') {
        return { ok: false, reason: 'encrypted', detail: 'The PDF needs a password' };
      }
      return { ok: false, reason: 'corrupt', detail: `The PDF cannot be read: ${message(err)}` };
    }
    const pageCount = doc.numPages;
    if (pageCount === 0) return { ok: false, reason: 'empty', detail: 'The PDF has no pages' };

    const pagesRead = Math.min(pageCount, maxPages);
    const pages: string[] = [];
    for (let i = 1; i <= pagesRead; i++) {
      try {
        const page = await doc.getPage(i);
        const content = await page.getTextContent();
        pages.push(pageText(content.items));
        page.cleanup();
      } catch (err) {
        return {
          ok: false,
          reason: 'corrupt',
          detail: `Page ${i} of the PDF cannot be read: ${message(err)}`,
        };
      }
    }
    return { ok: true, pageCount, pagesRead, text: pages.join('\n') };
  } finally {
    await task.destroy();
  }
}

function pageText(items: Array<TextItem | TextMarkedContent>): string {
  let raw = '';
  for (const item of items) {
    if (!('str' in item)) continue;
    raw += item.str;
    if (item.hasEOL) raw += '\n';
  }
  return raw
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { dropAllButContent, keepPageContentOnly } from './content-only.ts';
import type { ExcerptMeta, FirstPages } from './first-pages.ts';
import { message } from './pdf-worker.ts';
import type { WorkerReply } from './pdf-worker.ts';

// pdf-lib warns once per damaged object it skips; the reply already says whether the file was
// usable, and a hostile file could otherwise write without bound to the service's log.
console.warn = () => {};

/** The first-pages task, run by a pooled thread (pdf-thread.ts); the reply's bytes move to the host. */
export async function handle({
  bytes,
  n,
  meta,
}: {
  bytes: Uint8Array;
  n: number;
  meta?: ExcerptMeta;
}): Promise<WorkerReply<FirstPages>> {
  let source: PDFDocument;
  try {
    // Fastest: no yielding to the event loop, which only matters on a thread that serves others.
    // Encryption is checked below rather than caught: pdf-lib's errors are ES5 classes that
    // `instanceof` does not recognise.
    source = await PDFDocument.load(bytes, {
      parseSpeed: ParseSpeeds.Fastest,
      updateMetadata: false,
      ignoreEncryption: true,
    });
  } catch (err) {
    return { ok: false, reason: 'corrupt', detail: `The PDF cannot be read: ${message(err)}` };
  }

  if (source.isEncrypted) {
    // pdf-lib cannot decrypt, so copied pages would carry streams still encrypted.
    return { ok: false, reason: 'encrypted', detail: 'The PDF is encrypted' };
  }

  try {
    const totalPages = source.getPageCount();
    if (totalPages === 0) return { ok: false, reason: 'empty', detail: 'The PDF has no pages' };
    const pages = Math.min(n, totalPages);
    const indices = Array.from({ length: pages }, (_, i) => i);
    // The excerpt goes out by email: it carries what the pages draw and nothing a reader could
    // act on (scripts, actions, links, fields, attachments), whatever the recorder's file held.
    for (const i of indices) keepPageContentOnly(source, i);
    const out = await PDFDocument.create({ updateMetadata: false });
    for (const page of await out.copyPages(source, indices)) out.addPage(page);
    await dropAllButContent(out);
    if (meta) {
      out.setTitle(meta.title, { showInWindowTitleBar: true });
      out.setLanguage(meta.language);
    }
    const saved = await out.save();
    return { ok: true, bytes: saved, pages, totalPages };
  } catch (err) {
    return {
      ok: false,
      reason: 'corrupt',
      detail: `The PDF's pages cannot be copied: ${message(err)}`,
    };
  }
}

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DocumentInitParameters } from 'pdfjs-dist/types/src/display/api.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractPdfText } from './extract-text.ts';
import { postScriptFunctionPdf } from './hostile-pdfs.ts';
import { PDFJS_OPTIONS } from './pdfjs-options.ts';

// The server's type settings leave out the DOM's declarations, WebAssembly's among them.
const wasm = (
  globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object } }
).WebAssembly;

/** Parses the page as a renderer would (shadings, functions and all), with these options. */
async function paint(options: DocumentInitParameters): Promise<void> {
  const task = getDocument({ ...options, data: postScriptFunctionPdf(), verbosity: 0 });
  try {
    const doc = await task.promise;
    await (await doc.getPage(1)).getOperatorList();
  } finally {
    await task.destroy();
  }
}

describe('PDFJS_OPTIONS', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never compiles code from a PDF: its PostScript function is interpreted, not made WebAssembly', async () => {
    const compiled = vi.spyOn(wasm, 'Module');
    await paint(PDFJS_OPTIONS);
    expect(compiled).not.toHaveBeenCalled();
    // The same page with pdf.js's defaults does compile it: the check above can see it.
    await paint({ standardFontDataUrl: PDFJS_OPTIONS.standardFontDataUrl });
    expect(compiled).toHaveBeenCalled();
  });

  it('turns off font loading, system fonts and XFA', () => {
    expect(PDFJS_OPTIONS).toMatchObject({
      useWasm: false,
      disableFontFace: true,
      useSystemFonts: false,
      enableXfa: false,
      stopAtErrors: false,
    });
  });

  it('is given to every getDocument in the server, and pdf.js has no eval path to turn off', async () => {
    // Older pdf.js had isEvalSupported for its `new Function` code generation; this one has no
    // eval path, so there is no such option to set. Were a pdf.js with one installed, this fails.
    const build = fileURLToPath(import.meta.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs'));
    expect(await readFile(build, 'utf8')).not.toMatch(
      /isEvalSupported|new Function\s*\(|\beval\s*\(/,
    );

    const src = fileURLToPath(new URL('../../', import.meta.url));
    const calls: string[] = [];
    for (const file of await readdir(src, { recursive: true })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = await readFile(path.join(src, file), 'utf8');
      for (const call of text.matchAll(/getDocument\([^)]{0,40}/g))
        calls.push(`${file}: ${call[0]}`);
    }
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toMatch(/getDocument\(\{\s*\.\.\.PDFJS_OPTIONS,/);
  });

  it('still reads the text of the page', async () => {
    expect(await extractPdfText(postScriptFunctionPdf())).toEqual({
      ok: true,
      pageCount: 1,
      pagesRead: 1,
      text: 'PostScript shading',
    });
  });
});

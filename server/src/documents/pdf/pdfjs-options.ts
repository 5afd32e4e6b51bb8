import { fileURLToPath } from 'node:url';
import type { DocumentInitParameters } from 'pdfjs-dist/types/src/display/api.js';

// pdfjs reads these with fs in Node, so they must be paths, and it insists on the trailing slash.
const pdfjsRoot = new URL('../../', import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs'));

/**
 * What every getDocument call is given besides the bytes: pdf.js opens files from outside, so
 * every feature that runs something a PDF describes, or reaches beyond the bytes, is off.
 *
 * - `useWasm: false`: pdf.js compiles a PDF's PostScript calculator functions into WebAssembly
 *   and runs them; off, it interprets them. This is what `isEvalSupported: false` guarded in
 *   older pdf.js, whose code generation used `new Function`: this version has no such option and
 *   no eval path left (a test checks the build), so the WebAssembly compiler is the one to shut.
 *   It also keeps the WebAssembly image and colour decoders unloaded, which text never needs.
 * - `disableFontFace: true`, `useSystemFonts: false`: embedded fonts are never handed to a font
 *   loader, and no font is looked up outside the PDF and pdf.js's own standard fonts.
 * - `enableXfa: false`: XFA forms (XML and scripts) are ignored.
 * - `stopAtErrors` stays false: a damaged object is skipped rather than failing the page, so a
 *   recorder file with one broken font or xref still gives its text (a cross-reference loop, for
 *   one, reads); time and memory are bounded by the worker, not by giving up early.
 */
export const PDFJS_OPTIONS = Object.freeze({
  standardFontDataUrl: fileURLToPath(new URL('standard_fonts/', pdfjsRoot)),
  cMapUrl: fileURLToPath(new URL('cmaps/', pdfjsRoot)),
  cMapPacked: true,
  useWasm: false,
  disableFontFace: true,
  useSystemFonts: false,
  enableXfa: false,
  isOffscreenCanvasSupported: false,
  isImageDecoderSupported: false,
  stopAtErrors: false,
} satisfies DocumentInitParameters);

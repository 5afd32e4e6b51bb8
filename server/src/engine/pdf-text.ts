import type { PDFFont } from 'pdf-lib';
import { foldInto } from '../lib/fold.ts';

/**
 * StandardFonts encode WinAnsi only: an owner name in another script would make drawText
 * throw, so accents are stripped where that helps and anything else becomes "?".
 */
export function printable(font: PDFFont) {
  const supported = new Set(font.getCharacterSet());
  return (text: string) =>
    foldInto(
      text.replace(/\s+/g, ' ').trim(),
      (ch) => supported.has(ch.codePointAt(0)!),
      () => '?',
    );
}

/** Breaks text into lines no wider than `width` at `size`, between words. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

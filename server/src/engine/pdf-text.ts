import type { PDFFont } from 'pdf-lib';
import { foldInto } from '../lib/fold.ts';

/**
 * StandardFonts encode WinAnsi only, and drawText throws on anything else. A letter outside it
 * is written as the Latin letter it is read as where there is one (Ż as Z, Ł as L); letters
 * WinAnsi has (É, Ñ, Ø) print as they are.
 */
function inFont(font: PDFFont) {
  const supported = new Set(font.getCharacterSet());
  return (text: string, otherwise: (ch: string) => string) =>
    foldInto(
      text.replace(/\s+/g, ' ').trim(),
      (ch) => supported.has(ch.codePointAt(0)!),
      otherwise,
    );
}

/** Text as `font` can draw it, with "?" for what no Latin letter stands for (李, Ж). */
export function printable(font: PDFFont) {
  const fold = inFont(font);
  return (text: string) => fold(text, () => '?');
}

/**
 * Text as `font` can draw it, or null when some of it cannot be drawn at all: for a name, where
 * "?" in place of letters would print something that is not the name.
 */
export function printableWhole(font: PDFFont) {
  const fold = inFont(font);
  return (text: string): string | null => {
    let whole = true;
    const folded = fold(text, () => {
      whole = false;
      return '';
    });
    return whole ? folded : null;
  };
}

/**
 * How wide `text` prints at `size`. pdf-lib's widthOfTextAtSize takes off the font's kerning,
 * but drawText draws without it, so a line measured that way prints up to a few points wider
 * than measured: this adds up the letters' own widths, as they print.
 */
export function textWidth(font: PDFFont, text: string, size: number): number {
  let width = 0;
  for (const ch of text) width += font.widthOfTextAtSize(ch, size);
  return width;
}

/** Characters after which a web address reads well broken across lines. */
const BREAK_AFTER = new Set(['/', '-', '.', '?', '&', '=']);

/**
 * How many characters of `word` fit after `before` in `fits`: the most that end just after a
 * BREAK_AFTER character, or, when `anywhere`, the most that fit at all if there is no such end
 * in the second half of them. 0 when none do.
 */
function fittingPart(
  before: string,
  word: string[],
  fits: (s: string) => boolean,
  anywhere: boolean,
): number {
  // Wider with each character, so the longest part that fits can be searched for by halves:
  // a 2,000-character address does not measure every one of its beginnings.
  let low = 0;
  let high = word.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(before + word.slice(0, mid).join(''))) low = mid;
    else high = mid - 1;
  }
  for (let n = low; n > (anywhere ? low / 2 : 0); n--) {
    if (BREAK_AFTER.has(word[n - 1]!)) return n;
  }
  return anywhere ? low : 0;
}

/**
 * Breaks text into lines no wider than `width` at `size`, between words; a word wider than a
 * line (a long web address) is broken too, after a "/" or "." where it can be, so that no line
 * runs off the page.
 */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => textWidth(font, s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (fits(word)) {
      lines.push(line);
      line = word;
      continue;
    }
    let rest = [...word];
    // The address starts on the line before it where a readable part of it fits there.
    if (line) {
      const head = fittingPart(`${line} `, rest, fits, false);
      lines.push(head > 0 ? `${line} ${rest.slice(0, head).join('')}` : line);
      rest = rest.slice(head);
    }
    // Then whole lines of it; at least one character a line, however narrow the width.
    while (!fits(rest.join(''))) {
      const part = Math.max(1, fittingPart('', rest, fits, true));
      lines.push(rest.slice(0, part).join(''));
      rest = rest.slice(part);
    }
    line = rest.join('');
  }
  if (line) lines.push(line);
  return lines;
}

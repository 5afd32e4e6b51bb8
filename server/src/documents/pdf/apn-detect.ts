import { apnKey, formatApn } from '../../keys/normalize.ts';

// PDFs set hyphens as any of these; a text layer keeps whichever the typesetter chose.
const DASH = '[-\\u2010\\u2011\\u2012\\u2013]';
const SPACE = '[ \\t\\u00a0]+';
const ALNUM = '[0-9A-Za-z]';

// Checked against the text just before a match; `\s*` lets the number sit on the next line.
const LABEL_BEFORE =
  /(?<![A-Za-z])(?:A\.?\s?P\.?\s?N\.?|Assessor['\u2019]?s?\s+Parcel\s+(?:No\.?|Number|#)|Parcel\s+(?:No\.?|Number|ID|#))\s*[#:.]*\s*$/i;
const LABEL_REACH = 48;

const patterns = new Map<string, RegExp>();

/** The pattern of a county's APNs in text, built from its data mask (and kept per mask). */
export function apnPattern(dataMask: string): RegExp {
  const cached = patterns.get(dataMask);
  if (cached) return cached;
  if (!/^[0a]+(?:-[0a]+)*$/.test(dataMask)) {
    throw new RangeError(
      `APN mask '${dataMask}' is not made of '0' (digit), 'a' (letter) and single '-' between groups`,
    );
  }
  const groups = dataMask
    .split('-')
    .map((group) => [...group].map((c) => (c === '0' ? '[0-9]' : '[A-Za-z]')).join(''));
  // One separator style per number: "916-555-12 34" is not an APN in any county's form.
  const body = `(?<dash>${groups.join(DASH)})|(?<space>${groups.join(SPACE)})|(?<bare>${groups.join('')})`;
  const pattern = new RegExp(
    `(?<!${ALNUM})(?<!${ALNUM}${DASH})(?:${body})(?!${ALNUM})(?!${DASH}${ALNUM})`,
    'g',
  );
  patterns.set(dataMask, pattern);
  return pattern;
}

/**
 * Distinct APNs found in the text that fit the mask (`0` a digit, `a` a letter, `-` a dash), in the
 * mask's formatted form, in order of first appearance. A number may be written with dashes,
 * spaces or nothing between its groups, the same throughout; written with nothing it must follow
 * a label ('APN', 'A.P.N.', "Assessor's Parcel No.", 'Parcel Number'), since a bare run of digits
 * may as well be a phone or account number. Never matches inside a longer run of digits.
 */
export function detectApns(text: string, dataMask: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(apnPattern(dataMask))) {
    if (match.groups?.bare !== undefined) {
      const before = text.slice(Math.max(0, match.index - LABEL_REACH), match.index);
      if (!LABEL_BEFORE.test(before)) continue;
    }
    const apn = formatApn(apnKey(match[0]), dataMask);
    if (apn !== undefined) found.add(apn);
  }
  return [...found];
}

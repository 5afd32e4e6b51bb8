import { apnKey, formatApn } from '../../keys/normalize.ts';

// PDFs set hyphens as any of these; a text layer keeps whichever the typesetter chose.
const DASH = '[-\\u2010\\u2011\\u2012\\u2013]';
const SPACE = '[ \\t\\u00a0]+';
const DOT = '\\.';
const ONE_SPACE = '[ \\u00a0]';
const ALNUM = '[0-9A-Za-z]';

// Checked against the text just before a match; `\s*` lets the number sit on the next line.
const LABEL_BEFORE =
  /(?<![A-Za-z])(?:A\.?\s?P\.?\s?N\.?|Assessor['\u2019]?s?\s+Parcel\s+(?:No\.?|Number|#)|Parcel\s+(?:No\.?|Number|ID|#))\s*[#:.]*\s*$/i;
const LABEL_REACH = 48;

/** The longest mask a pattern is built from: an APN is at most 64 characters. */
export const MAX_MASK_LENGTH = 64;
/**
 * Characters of a text layer searched for APNs: the first pages, where a deed names its parcel.
 * A longer text (the text layer of a PDF is outside input) is searched up to here only.
 */
export const MAX_SEARCHED_TEXT = 1_000_000;

const MASK = /^[0a]+(?:-[0a]+)*$/;
const patterns = new Map<string, RegExp>();

function checkMask(mask: string): void {
  if (mask.length > MAX_MASK_LENGTH || !MASK.test(mask)) {
    throw new RangeError(
      `APN mask '${mask.slice(0, MAX_MASK_LENGTH)}' is not made of '0' (digit), 'a' (letter) and single '-' between groups, in at most ${MAX_MASK_LENGTH} characters`,
    );
  }
}

/** Each character of a mask group as a character class: `0` a digit, `a` a letter. */
const classesOf = (group: string) => [...group].map((c) => (c === '0' ? '[0-9]' : '[A-Za-z]'));
const groupsOf = (mask: string) => mask.split('-').map((group) => classesOf(group).join(''));

/**
 * The pattern of a county's APNs in text, built from its data mask and its display mask (and
 * kept per pair). The display mask counts only when it has the data mask's digits and letters
 * in the same order, grouped its own way; otherwise it is ignored.
 */
export function apnPattern(dataMask: string, uiMask: string = dataMask): RegExp {
  const cacheKey = `${dataMask}|${uiMask}`;
  const cached = patterns.get(cacheKey);
  if (cached) return cached;
  checkMask(dataMask);
  const groupings = [dataMask];
  if (uiMask !== dataMask) {
    checkMask(uiMask);
    if (uiMask.replaceAll('-', '') === dataMask.replaceAll('-', '')) groupings.push(uiMask);
  }
  // One separator style per number: "916-555-12 34" is not an APN in any county's form. Dashes
  // or spaces between the groups of either mask stand alone. After a label, the number may be
  // grouped any way, with dashes, dots or single spaces, or not at all.
  const free: string[] = [];
  for (const mask of new Set(groupings)) {
    const groups = groupsOf(mask);
    if (groups.length === 1) continue;
    free.push(groups.join(DASH), groups.join(SPACE));
  }
  const characters = classesOf(dataMask.replaceAll('-', ''));
  const labelled = [
    characters.join(`${DASH}?`),
    characters.join(`${DOT}?`),
    characters.join(`${ONE_SPACE}?`),
  ];
  const body = [
    ...(free.length > 0 ? [`(?<free>${free.join('|')})`] : []),
    `(?<labelled>${labelled.join('|')})`,
  ].join('|');
  const pattern = new RegExp(
    `(?<!${ALNUM})(?<!${ALNUM}${DASH})(?<![0-9]${DOT})(?:${body})(?!${ALNUM})(?!(?:${DASH}|${DOT})${ALNUM})`,
    'g',
  );
  patterns.set(cacheKey, pattern);
  return pattern;
}

/**
 * Distinct APNs found in the text that fit the county's masks (`0` a digit, `a` a letter, `-`
 * between groups), in the data mask's formatted form, in order of first appearance. A number
 * grouped as the data mask or as the display mask (`uiMask`, the form subscribers see), with
 * dashes or with spaces between its groups, is found anywhere. After a label ('APN', 'A.P.N.',
 * "Assessor's Parcel No.", 'Parcel Number') the number may be written with nothing between its
 * characters, or with dashes, dots or single spaces between any of them, one kind throughout:
 * without a label, that may as well be a phone or account number. Never matches inside a longer
 * run of digits. Only the first MAX_SEARCHED_TEXT characters of the text are searched.
 */
export function detectApns(text: string, dataMask: string, uiMask?: string): string[] {
  const pattern = apnPattern(dataMask, uiMask);
  const searched = text.length > MAX_SEARCHED_TEXT ? text.slice(0, MAX_SEARCHED_TEXT) : text;
  const found = new Set<string>();
  for (const match of searched.matchAll(pattern)) {
    if (match.groups?.labelled !== undefined) {
      const before = searched.slice(Math.max(0, match.index - LABEL_REACH), match.index);
      if (!LABEL_BEFORE.test(before)) continue;
      // Not the first part of a longer number written with spaces (checked here: a lookahead
      // in the pattern makes it polynomial).
      const end = match.index + match[0].length;
      if (/^[ \u00a0][0-9]/.test(searched.slice(end, end + 2))) continue;
    }
    const apn = formatApn(apnKey(match[0]), dataMask);
    if (apn !== undefined) found.add(apn);
  }
  return [...found];
}

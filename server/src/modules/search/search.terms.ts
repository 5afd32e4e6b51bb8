import { addressKey, apnKey, nameKey } from '../../keys/normalize.ts';

/**
 * What a search term becomes before it reaches SQL: the normalised keys and the prefixes to scan
 * for. Pure, so every rule here is unit-tested.
 */

export const MAX_RESULTS = 10;
/** Shorter terms (after trimming), and terms with fewer key characters, find nothing. */
export const MIN_TERM_LENGTH = 2;
export const MAX_TERM_LENGTH = 200;
/** Words shorter than this are never corrected: one edit away from them is nearly everything. */
export const MIN_CORRECTABLE_LENGTH = 3;

/** A normalised term. `complete` when it ended with a space: its last word is finished. */
export type Typed = {
  key: string;
  complete: boolean;
  /** The last word as typed, before suffix normalisation ("COURT" while "COURTLAND" is coming). */
  rawLastWord?: string;
};

const endsWord = (term: string) => /\s$/.test(term);

/** The term is too short to search when trimmed, or once normalised. */
const tooShort = (term: string, key: string) =>
  term.trim().length < MIN_TERM_LENGTH || key.length < MIN_TERM_LENGTH;

/** The least string above every string that starts with `prefix`, in code point order. */
function successor(prefix: string): string {
  const points = [...prefix].map((c) => c.codePointAt(0)!);
  while (points.length > 0) {
    const last = points.pop()!;
    if (last < 0x10ffff)
      return String.fromCodePoint(...points, last === 0xd7ff ? 0xe000 : last + 1);
  }
  // Only a run of U+10FFFF (never in a key) has no successor: nothing sorts above it.
  return String.fromCodePoint(0x10ffff).repeat(prefix.length + 1);
}

/**
 * The prefix as a key range [from, below) under the C collation (byte order of UTF-8, which is
 * code point order): bounds a btree scan can take from a parameter, where a LIKE pattern could
 * not be used. A prefix ending in a space (a finished word) matches the word itself or the word
 * followed by more words: "SMITH " finds SMITH and SMITH JOHN, not SMITHSON. Keys hold no
 * character below '!' other than the space, so `key < 'SMITH!'` keeps exactly those.
 */
export function prefixRange(prefix: string): { from: string; below: string } {
  const word = prefix.trimEnd();
  return word === prefix
    ? { from: prefix, below: successor(prefix) }
    : { from: word, below: `${word}!` };
}

/** Drops prefixes another prefix of the list already covers, so the scans never overlap. */
export function minimalPrefixes(prefixes: string[]): string[] {
  const kept: string[] = [];
  for (const p of [...new Set(prefixes)].sort((a, b) => a.length - b.length || (a < b ? -1 : 1))) {
    if (!kept.some((k) => p.startsWith(k))) kept.push(p);
  }
  return kept;
}

/** A finished last word is searched with its space, so "SMITH " no longer finds SMITHSON. */
function prefixOf(typed: Typed, key = typed.key): string {
  return typed.complete ? `${key} ` : key;
}

export function parseNameTerm(term: string): Typed | undefined {
  const key = nameKey(term.toUpperCase());
  return tooShort(term, key) ? undefined : { key, complete: endsWord(term) };
}

export function namePrefix(typed: Typed): string {
  return prefixOf(typed);
}

/** Formatted or bare APNs compare by letters and digits only. */
export function apnPrefix(term: string): string | undefined {
  const key = apnKey(term);
  return tooShort(term, key) ? undefined : key;
}

/** The last word of a term as typed, cleaned like a key but not suffix-normalised. */
function rawLastWordOf(term: string): string | undefined {
  const chunk = term.trim().split(/\s+/).at(-1) ?? '';
  // A lone word is the first word of its own key, which addressKey keeps as written.
  const words = addressKey(chunk).split(' ');
  return words.length === 1 && words[0] ? words[0] : undefined;
}

export function parseAddressTerm(term: string): Typed | undefined {
  const key = addressKey(term);
  if (tooShort(term, key)) return undefined;
  const complete = endsWord(term);
  return { key, complete, rawLastWord: complete ? undefined : rawLastWordOf(term) };
}

/** The key with its last word as typed, when that differs from its normalised form. */
function withRawLastWord(typed: Typed): string | undefined {
  const words = typed.key.split(' ');
  if (!typed.rawLastWord || words.length < 2 || words.at(-1) === typed.rawLastWord) return;
  return [...words.slice(0, -1), typed.rawLastWord].join(' ');
}

/**
 * Address prefixes: the normalised key ("123 MAIN STREET" → "123 MAIN ST"), and while the last
 * word is being typed, that word as typed too ("123 COURT" is on its way to "123 COURTLAND",
 * whose key does not start with "123 CT").
 */
export function addressPrefixes(typed: Typed): string[] {
  const raw = withRawLastWord(typed);
  return minimalPrefixes([prefixOf(typed), ...(raw ? [prefixOf(typed, raw)] : [])]);
}

const HOUSE_NUMBER = /^[0-9]+[A-Z]? /;

/**
 * The street part of an address key: the key after its house number. The generated column
 * parcels.street_key is this same expression (migration 20261122_0006_search).
 */
export function streetKeyOf(key: string): string {
  return key.replace(HOUSE_NUMBER, '');
}

/** The house number an address key starts with ("123A" of "123A OAK AVE"), if any. */
export function houseNumberOf(key: string): string | undefined {
  return HOUSE_NUMBER.exec(key)?.[0].trimEnd();
}

/**
 * A street term is normalised as the words after a house number are ("NORTH MAIN STREET" →
 * "N MAIN ST"), and a house number typed before it is dropped ("123 MAIN" → "MAIN").
 */
export function parseStreetTerm(term: string): Typed | undefined {
  const complete = endsWord(term);
  const words = addressKey(`0 ${term}`).slice(2);
  const key = streetKeyOf(complete ? `${words} ` : words).trimEnd();
  if (tooShort(term, key)) return undefined;
  return { key, complete, rawLastWord: complete ? undefined : rawLastWordOf(term) };
}

export const DIRECTIONS = ['N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW'] as const;
const isDirection = (word: string | undefined) =>
  (DIRECTIONS as readonly (string | undefined)[]).includes(word);

/**
 * Street prefixes over street_key. A term that names no direction finds the street with any
 * pre-directional ("MAIN" finds MAIN ST and N MAIN ST); a term that starts with one
 * ("N MAIN") finds only that side.
 */
export function streetPrefixes(typed: Typed): string[] {
  const raw = withRawLastWord(typed);
  const bases = [prefixOf(typed), ...(raw ? [prefixOf(typed, raw)] : [])];
  const words = typed.key.split(' ');
  const namesDirection = isDirection(words[0]) && words.length > 1;
  const all = namesDirection
    ? bases
    : [...bases, ...DIRECTIONS.flatMap((d) => bases.map((b) => `${d} ${b}`))];
  return minimalPrefixes(all);
}

/** The key itself and each of its one-letter deletions: the keys of the token dictionary. */
export function deletionKeys(word: string): string[] {
  const keys = new Set([word]);
  for (let i = 0; i < word.length; i++) keys.add(word.slice(0, i) + word.slice(i + 1));
  return [...keys];
}

/**
 * Whether two words are exactly one typo apart: a letter missing, extra or wrong, or two
 * neighbouring letters swapped (optimal string alignment distance 1).
 */
export function isOneTypo(a: string, b: string): boolean {
  if (a === b) return false;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length !== b.length) {
    const [long, short] = a.length > b.length ? [a, b] : [b, a];
    let i = 0;
    while (i < short.length && long[i] === short[i]) i++;
    return long.slice(i + 1) === short.slice(i);
  }
  const diff: number[] = [];
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) {
      diff.push(i);
      if (diff.length > 2) return false;
    }
  }
  if (diff.length === 1) return true;
  const [i, j] = diff as [number, number];
  return j === i + 1 && a[i] === b[j] && a[j] === b[i];
}

/** A word of a key that the typo fallback may correct, by its position in the key. */
export type Word = { index: number; word: string };

/** Names are written last-first: the surname is the word corrected. */
export function correctableNameWords(key: string): Word[] {
  const word = key.split(' ')[0] ?? '';
  return word.length >= MIN_CORRECTABLE_LENGTH ? [{ index: 0, word }] : [];
}

/** Street words: words with a letter, not a leading house number. */
export function correctableStreetWords(key: string): Word[] {
  return key
    .split(' ')
    .map((word, index) => ({ index, word }))
    .filter(
      ({ index, word }) =>
        word.length >= MIN_CORRECTABLE_LENGTH &&
        /[A-Z]/.test(word) &&
        !(index === 0 && HOUSE_NUMBER.test(`${word} `)),
    );
}

/** A dictionary token found for some key, with how common it is when that is known. */
export type Token = { token: string; weight: number };

/**
 * The corrected keys to try, best first: for each word that is not in the dictionary, the
 * tokens one typo away, commonest first. One word is corrected per key (one typo).
 */
export function correctedKeys(key: string, words: Word[], found: Token[], max = 3): string[] {
  const known = new Set(found.map((t) => t.token));
  const parts = key.split(' ');
  const candidates: { key: string; weight: number; token: string }[] = [];
  for (const { index, word } of words) {
    if (known.has(word)) continue;
    for (const t of found) {
      if (!isOneTypo(word, t.token)) continue;
      const corrected = [...parts];
      corrected[index] = t.token;
      candidates.push({ key: corrected.join(' '), weight: t.weight, token: t.token });
    }
  }
  candidates.sort((a, b) => b.weight - a.weight || (a.token < b.token ? -1 : 1));
  return [...new Set(candidates.map((c) => c.key))].slice(0, max);
}

/** The keys to look up in the dictionary for these words. */
export function dictionaryKeys(words: Word[]): string[] {
  return [...new Set(words.flatMap((w) => deletionKeys(w.word)))];
}

/** "SACRAMENTO, CA 95814", leaving out whatever part is missing. */
export function cityStateZip(p: { city: string; state: string; zip: string }): string {
  const stateZip = [p.state, p.zip].filter(Boolean).join(' ');
  return [p.city, stateZip].filter(Boolean).join(', ');
}

/**
 * Normalisers: the keys stored beside every APN, address and name at write time, so search and
 * matching compare keys with plain btree equality and prefix scans.
 * Pure functions; the name-matching rules built on these keys are in names.ts.
 */

// The web app shows an item as already guarded by these same two keys.
export { apnKey, nameKey } from '@deedwatch/rules';

/**
 * Formats an APN key by a county mask: 0 takes a digit, a takes a letter, - is written as is.
 * Returns undefined when the key does not fit the mask.
 */
export function formatApn(key: string, mask: string): string | undefined {
  let out = '';
  let i = 0;
  for (const m of mask) {
    if (m === '-') {
      out += '-';
      continue;
    }
    if (i === key.length) return undefined;
    // Character codes, not a pattern per character: an import formats 2M APNs twice.
    const code = key.charCodeAt(i);
    if (m === '0' && !(code >= 48 && code <= 57)) return undefined; // 0-9
    if (m === 'a' && !(code >= 65 && code <= 90)) return undefined; // A-Z
    out += key[i++];
  }
  return i === key.length ? out : undefined;
}

// USPS Publication 28 street suffixes and unit designators, the forms seen in recorder data.
const SUFFIXES: Record<string, string> = {
  ALLEY: 'ALY',
  AVENUE: 'AVE',
  AV: 'AVE',
  AVN: 'AVE',
  BOULEVARD: 'BLVD',
  BOUL: 'BLVD',
  CIRCLE: 'CIR',
  CIRC: 'CIR',
  COURT: 'CT',
  CRT: 'CT',
  DRIVE: 'DR',
  DRV: 'DR',
  EXPRESSWAY: 'EXPY',
  FREEWAY: 'FWY',
  HIGHWAY: 'HWY',
  HIWAY: 'HWY',
  LANE: 'LN',
  LOOP: 'LOOP',
  PARKWAY: 'PKWY',
  PKY: 'PKWY',
  PLACE: 'PL',
  PLAZA: 'PLZ',
  ROAD: 'RD',
  SQUARE: 'SQ',
  STREET: 'ST',
  STR: 'ST',
  TERRACE: 'TER',
  TRAIL: 'TRL',
  WAY: 'WAY',
};
const UNITS: Record<string, string> = {
  APARTMENT: 'APT',
  SUITE: 'STE',
  UNIT: 'UNIT',
  BUILDING: 'BLDG',
  FLOOR: 'FL',
  '#': 'UNIT',
};
const DIRECTIONS: Record<string, string> = {
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
};

// The three tables as one lookup: one Map probe per word instead of three misses through object
// prototypes, for the 2M addresses of an import. Built from the last table to the first, so that
// a word in two of them keeps the earlier table's form, as a chain of lookups would.
const STANDARD_WORDS = new Map(
  [DIRECTIONS, UNITS, SUFFIXES].flatMap((table) => Object.entries(table)),
);

/** The standard forms addressKey writes: street types (ST, AVE …), unit words, directions. */
export const STREET_TYPE_WORDS: ReadonlySet<string> = new Set(Object.values(SUFFIXES));
export const UNIT_WORDS: ReadonlySet<string> = new Set(Object.values(UNITS));
export const DIRECTION_WORDS: ReadonlySet<string> = new Set(Object.values(DIRECTIONS));

/** One word of an address past the house number, as addressKey writes it ("Street" → "ST"). */
export function standardAddressWord(word: string): string {
  return STANDARD_WORDS.get(word) ?? word;
}

/** "123 North Main Street, Apt. 4" → "123 N MAIN ST APT 4". */
export function addressKey(address: string): string {
  const words = address
    .toUpperCase()
    .replace(/#/g, ' # ')
    .replace(/[^A-Z0-9# ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : (STANDARD_WORDS.get(w) ?? w))).join(' ');
}

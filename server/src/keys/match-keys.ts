/**
 * The stored forms of a name and an address for the matcher (migration 0010): what
 * names.ts and normalize.ts compute, shaped as the rows the SQL joins on.
 */
import { nicknamesOf } from './nicknames.ts';
import { type NameKind, type NameSuffix, nameKeys, readingDeletionKeys } from './names.ts';
import {
  addressKey,
  DIRECTION_WORDS,
  STREET_TYPE_WORDS,
  standardAddressWord,
  UNIT_WORDS,
} from './normalize.ts';

/**
 * The version of the keys storedName and nameKey compute. Raise it whenever a change to the name
 * rules changes what is stored: the worker then recomputes the stored keys (engine/rekey) instead
 * of matching new documents against keys of the old rules.
 */
export const NAME_KEYS_VERSION = 3;

/**
 * The version of the address keys storedAddress and guardedAddress compute, as NAME_KEYS_VERSION
 * is of the name keys: raised whenever a change to the address rules changes what is stored, so
 * that the worker recomputes the stored street keys and zips (engine/rekey). Version 2 reads a
 * city, state and zip written without commas, and spelled ordinals (FIFTH is 5TH); version 3
 * keeps the quadrant NE written right after the street type (700 MAIN ST NE 98101), but for a
 * zip of Nebraska's, and a guarded parcel's ZIP+4 from the roll as its five digits.
 */
export const ADDRESS_KEYS_VERSION = 3;

export type StoredReading = {
  surname: string;
  first: string;
  middle: string;
  /** One part of a two-part surname alone: its matches are only ever possible. */
  isPart: boolean;
  /** Read first-last: two reversed readings never make a typo match. */
  isReversed: boolean;
  /** The surname's one-edit deletion keys (names.ts readingDeletionKeys; [] but for base readings). */
  deletionKeys: string[];
  /** The first names the nickname table links to this one (nicknames.ts). */
  nicknames: readonly string[];
};

export type StoredName = {
  matchKey: string;
  nameKind: NameKind;
  suffix: NameSuffix;
  readings: StoredReading[];
};

export function storedName(raw: string): StoredName {
  const keys = nameKeys(raw);
  return {
    matchKey: keys.key,
    nameKind: keys.nameKind,
    suffix: keys.suffix,
    readings: keys.readings.map((r) => ({
      surname: r.surname,
      first: r.first,
      middle: r.middle,
      isPart: r.form === 'part',
      isReversed: r.form === 'reversed',
      deletionKeys: readingDeletionKeys(r),
      nicknames: nicknamesOf(r.first),
    })),
  };
}

export type StoredAddress = { streetKey: string; zip: string | null };

/**
 * Two addresses with equal street keys are one address unless both give a zip and the zips
 * differ: 123 MAIN ST in 95814 and in 95624 are two houses of one county. A ZIP+4 (a parcel
 * roll may give one) counts by its first five digits.
 * SQL twin (match.repository.ts address_hits): either zip NULL, or equal left(zip, 5).
 */
export function zipsDiffer(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && a.slice(0, 5) !== b.slice(0, 5);
}

/**
 * The longest address read, in characters: a recorded document's address is at most 200, a
 * guard's description 300. What is longer is read up to this length.
 */
export const MAX_STORED_ADDRESS = 300;

/** The two-letter codes of the US states, the District of Columbia and the territories. */
const US_STATES: ReadonlySet<string> = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH ' +
    'NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI'
  ).split(' '),
);

const DIGIT = (c: number) => c >= 48 && c <= 57;

/** The five digits of a zip written 95814, 95814-1234 or 958141234; null for anything else. */
function zipOf(token: string): string | null {
  if (token.length !== 5 && token.length !== 9 && token.length !== 10) return null;
  for (let i = 0; i < token.length; i++) {
    const ok = token.length === 10 && i === 5 ? token[i] === '-' : DIGIT(token.charCodeAt(i));
    if (!ok) return null;
  }
  return token.slice(0, 5);
}

type Token = { text: string; end: number; words: string[] };

/**
 * The words of an address, split at white space and commas, each with where it ends in the text
 * and the standard words addressKey makes of it ("STREET" → ["ST"], "#5" → ["UNIT", "5"]).
 */
function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = text.charCodeAt(i);
    const split = i === text.length || c === 44 /* , */ || c <= 32;
    if (!split && start < 0) start = i;
    if (split && start >= 0) {
      const raw = text.slice(start, i);
      const words = addressKey(`0 ${raw}`).split(' ').slice(1);
      tokens.push({ text: raw, end: i, words });
      start = -1;
    }
  }
  return tokens;
}

const isStreetType = (t: Token) => t.words.some((w) => STREET_TYPE_WORDS.has(w));
const isUnitWord = (t: Token) => t.words.length === 1 && UNIT_WORDS.has(t.words[0]!);
/** A token that ends a unit: its number after a unit word, or unit word and number in one (#5). */
const endsUnit = (tokens: Token[], i: number) =>
  (i > 0 && isUnitWord(tokens[i - 1]!)) ||
  (tokens[i]!.words.length > 1 && UNIT_WORDS.has(tokens[i]!.words[0]!));

/**
 * Where the street ends among the first `before` tokens, past the house number: after the last
 * street type or unit, and an abbreviated direction after it (700 MAIN ST NE); -1 when none
 * of them is there.
 */
function streetEndIndex(tokens: Token[], before: number): number {
  for (let i = before - 1; i >= 1; i--) {
    if (!isStreetType(tokens[i]!) && !endsUnit(tokens, i)) continue;
    const next = tokens[i + 1];
    return i + 1 < before && next !== undefined && DIRECTION_WORDS.has(next.text) ? i + 1 : i;
  }
  return -1;
}

/**
 * A street address as the recorder's index or a parcel roll writes it, with or without the city,
 * state and zip: "123 Main Street, Sacramento, CA 95814" and "123 MAIN ST SACRAMENTO CA 95814"
 * → street key "123 MAIN ST", zip 95814. A trailing zip (5 or 9 digits) is the zip; a US state
 * code before it the state; the city, the words between the street's type or unit and the state
 * (or the zip). Without a street type or unit the city cannot be told from the street and stays
 * in the key. A state code that is also a street word (CT is a court, NE a direction) is the
 * state only when a street type or unit comes before it, and NE right after the street type
 * only when the zip is Nebraska's: 700 MAIN ST NE 98101 is on Main Street NE in Seattle, and
 * 700 MAIN ST NE 68102 in Omaha. A comma ends the street too.
 */
export function storedAddress(raw: string): StoredAddress {
  const text = raw.slice(0, MAX_STORED_ADDRESS).toUpperCase();
  const tokens = tokensOf(text);
  const comma = text.indexOf(',');
  let streetEnd = comma >= 0 ? comma : text.length;
  const zip = tokens.length > 0 ? zipOf(tokens.at(-1)!.text) : null;
  if (zip !== null) {
    let tail = tokens.length - 1;
    const state = tokens[tail - 1]!;
    if (tail >= 3 && US_STATES.has(state.text)) {
      const word = standardAddressWord(state.text);
      const ambiguous =
        STREET_TYPE_WORDS.has(word) || DIRECTION_WORDS.has(word) || UNIT_WORDS.has(word);
      const streetEnd = streetEndIndex(tokens, tail - 1);
      // Right after the street type, with no city between, NE is the street's quadrant, unless
      // the zip is one of Nebraska's (680xx to 693xx).
      const quadrant =
        DIRECTION_WORDS.has(word) && streetEnd === tail - 2 && !(zip >= '680' && zip < '694');
      if (!ambiguous || (streetEnd >= 0 && !quadrant)) tail--;
    }
    const end = streetEndIndex(tokens, tail);
    const last = end >= 0 ? end : tail - 1;
    streetEnd = Math.min(streetEnd, last >= 0 ? tokens[last]!.end : 0);
  }
  return { streetKey: matchStreetKey(addressKey(text.slice(0, streetEnd))), zip };
}

const ORDINALS = [
  'FIRST',
  'SECOND',
  'THIRD',
  'FOURTH',
  'FIFTH',
  'SIXTH',
  'SEVENTH',
  'EIGHTH',
  'NINTH',
  'TENTH',
  'ELEVENTH',
  'TWELFTH',
  'THIRTEENTH',
  'FOURTEENTH',
  'FIFTEENTH',
  'SIXTEENTH',
  'SEVENTEENTH',
  'EIGHTEENTH',
  'NINETEENTH',
  'TWENTIETH',
];
const TENS = ['TWENTY', 'THIRTY', 'FORTY', 'FIFTY', 'SIXTY', 'SEVENTY', 'EIGHTY', 'NINETY'];
const TENTHS = [
  'THIRTIETH',
  'FORTIETH',
  'FIFTIETH',
  'SIXTIETH',
  'SEVENTIETH',
  'EIGHTIETH',
  'NINETIETH',
];
const ORDINAL_NUMBERS = new Map<string, number>([
  ...ORDINALS.map((w, i) => [w, i + 1] as const),
  ...TENTHS.map((w, i) => [w, 30 + 10 * i] as const),
]);
const TENS_NUMBERS = new Map(TENS.map((w, i) => [w, 20 + 10 * i] as const));

function numericOrdinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'TH' : (['TH', 'ST', 'ND', 'RD'][n % 10] ?? 'TH');
  return `${n}${suffix}`;
}

/**
 * An address key (normalize.ts addressKey) as the matcher compares it: a spelled ordinal past the
 * house number written in digits (FIFTH → 5TH, TWENTY FIRST → 21ST), as the recorder writes
 * most numbered streets. Applying it twice changes nothing.
 */
export function matchStreetKey(key: string): string {
  const words = key.split(' ');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const tens = i > 0 ? TENS_NUMBERS.get(word) : undefined;
    const unit = ORDINAL_NUMBERS.get(words[i + 1] ?? '');
    if (tens !== undefined && unit !== undefined && unit < 10) {
      out.push(numericOrdinal(tens + unit));
      i++;
      continue;
    }
    const n = i > 0 ? ORDINAL_NUMBERS.get(word) : undefined;
    out.push(n === undefined ? word : numericOrdinal(n));
  }
  return out.join(' ');
}

/**
 * The street key and zip a guarded parcel is matched by: the parcel roll's (its key read as
 * matchStreetKey reads it, a ZIP+4 as its five digits, as a recorded address's zip is kept),
 * else what the subscriber described, else none.
 */
export function guardedAddress(
  parcel: { address_key: string; zip: string } | undefined,
  description: string | null | undefined,
): { streetKey: string | null; zip: string | null } {
  const described = description ? storedAddress(description) : null;
  return {
    streetKey:
      (parcel?.address_key && matchStreetKey(parcel.address_key)) || described?.streetKey || null,
    zip: (parcel?.zip && (zipOf(parcel.zip) ?? parcel.zip)) || described?.zip || null,
  };
}

/**
 * What an address key says beyond its street name, '' where it says nothing: the direction
 * (700 N MAIN ST, 700 MAIN ST NE), the street type (ST, AVE …) and the unit (what follows APT,
 * UNIT, STE, BLDG or FL, or #). SQL twin: address_parts (migration 0035), which returns
 * {direction, type, unit}.
 */
export type AddressParts = { direction: string; type: string; unit: string };

export function addressParts(key: string): AddressParts {
  const words = key.split(' ');
  let end = words.length;
  let unit = '';
  for (let i = 2; i < words.length; i++) {
    if (UNIT_WORDS.has(words[i]!)) {
      unit = words.slice(i + 1).join(' ');
      end = i;
      break;
    }
  }
  let start = 1;
  let pre = '';
  let post = '';
  let type = '';
  if (end - start >= 2 && DIRECTION_WORDS.has(words[start]!)) pre = words[start++]!;
  if (end - start >= 2 && DIRECTION_WORDS.has(words[end - 1]!)) post = words[--end]!;
  if (end - start >= 2 && STREET_TYPE_WORDS.has(words[end - 1]!)) type = words[end - 1]!;
  return { direction: pre || post, type, unit };
}

/**
 * Which part, given on both sides, differs between two address keys: another unit, another
 * direction or another street type makes another address, however similar the rest. Null when
 * none does.
 */
export function conflictingAddressPart(a: string, b: string): keyof AddressParts | null {
  const pa = addressParts(a);
  const pb = addressParts(b);
  for (const part of ['unit', 'direction', 'type'] as const) {
    if (pa[part] !== '' && pb[part] !== '' && pa[part] !== pb[part]) return part;
  }
  return null;
}

/** Whether one address key gives a unit and the other none: a building and one of its units. */
export function unitOnOneSide(a: string, b: string): boolean {
  return (addressParts(a).unit === '') !== (addressParts(b).unit === '');
}

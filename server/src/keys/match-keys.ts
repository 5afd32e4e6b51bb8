/**
 * The stored forms of a name and an address for the matcher (migration 0010): what
 * names.ts and normalize.ts compute, shaped as the rows the SQL joins on.
 */
import { nicknamesOf } from './nicknames.ts';
import { type NameKind, type NameSuffix, nameKeys, readingDeletionKeys } from './names.ts';
import { addressKey } from './normalize.ts';

/**
 * The version of the keys storedName and nameKey compute. Raise it whenever a change to the name
 * rules changes what is stored: the worker then recomputes the stored keys (engine/rekey) instead
 * of matching new documents against keys of the old rules.
 */
export const NAME_KEYS_VERSION = 3;

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

const ZIP = /\b(\d{5})(?:-\d{4})?\s*$/;

/**
 * A street address as the recorder's index or a parcel roll writes it, with or without the city,
 * state and zip: "123 Main Street, Sacramento, CA 95814" → street key "123 MAIN ST", zip 95814.
 * The street is what precedes the first comma; without a comma, a trailing zip is dropped.
 */
export function storedAddress(raw: string): StoredAddress {
  const trimmed = raw.trim();
  const zip = ZIP.exec(trimmed)?.[1] ?? null;
  const comma = trimmed.indexOf(',');
  const street = comma >= 0 ? trimmed.slice(0, comma) : trimmed.replace(ZIP, '');
  return { streetKey: addressKey(street), zip };
}

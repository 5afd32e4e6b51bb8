/**
 * The stored forms of a name and an address for the matcher (migration 0010): what
 * names.ts and normalize.ts compute, shaped as the rows the SQL joins on.
 */
import { type NameKind, nameKeys, surnameDeletionKeys } from './names.ts';
import { addressKey } from './normalize.ts';

export type StoredReading = {
  surname: string;
  first: string;
  middle: string;
  /** The surname's one-edit deletion keys (names.ts surnameDeletionKeys). */
  deletionKeys: string[];
};

export type StoredName = { matchKey: string; nameKind: NameKind; readings: StoredReading[] };

export function storedName(raw: string): StoredName {
  const keys = nameKeys(raw);
  return {
    matchKey: keys.key,
    nameKind: keys.nameKind,
    readings: keys.readings.map((r) => ({
      surname: r.surname,
      first: r.first,
      middle: r.middle,
      deletionKeys: surnameDeletionKeys(r.surname),
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

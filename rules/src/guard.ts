/** A county as a request names it (GET /api/config's names, in any letter case). */
export const MAX_COUNTY_NAME_LENGTH = 100;
/** A guarded name: a person (LAST FIRST MIDDLE), a business or a trust. */
export const MAX_GUARD_NAME_LENGTH = 200;
/** A guarded APN, formatted or bare. */
export const MAX_APN_LENGTH = 40;
/** The address of a guarded APN, when known. */
export const MAX_APN_DESCRIPTION_LENGTH = 300;

/** What an APN is not compared by: everything but letters and digits. */
export const APN_SEPARATORS = /[^A-Za-z0-9]+/g;

/** The letters and digits of an APN as typed: the only characters APNs are compared by. */
export function apnCharacters(input: string): string {
  return input.replace(APN_SEPARATORS, '');
}

/** Runs of whitespace, which a guarded name keeps as one space. */
export const NAME_SPACING = /\s+/g;

/** A guarded name as it is kept and compared: trimmed, spaces collapsed, upper-cased. */
export function guardName(name: string): string {
  return name.trim().replace(NAME_SPACING, ' ').toUpperCase();
}

import { guardName } from './guard.ts';

/** A county's code: short, upper-case. */
export const MAX_COUNTY_CODE_LENGTH = 50;
export const COUNTY_CODE_PATTERN = /^[A-Z0-9_]+$/;

/** An APN mask: 0 for a digit, a for a letter, - written as it is. */
export const MAX_MASK_LENGTH = 50;
export const MASK_PATTERN = /^[0a-]+$/;

/**
 * Mailer document types as a county keeps them: each written as a guarded name is (trimmed,
 * inner spaces collapsed, upper-cased), blanks dropped, the first of any repeat kept.
 */
export function normaliseDocumentTypes(types: readonly string[]): string[] {
  const unique = new Set<string>();
  for (const type of types) {
    const normal = guardName(type);
    if (normal) unique.add(normal);
  }
  return [...unique];
}

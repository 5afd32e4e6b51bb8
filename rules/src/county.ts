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

/**
 * The fields Edit County requires, by their API names: the server names every missing or blank
 * one in a single 400, and the form marks them.
 */
export const REQUIRED_COUNTY_FIELDS = [
  'name',
  'code',
  'uiMask',
  'dataMask',
  'format',
  'linkUrl',
  'alertSendGridEmailTemplateId',
  'isEnabled',
] as const;
export type RequiredCountyField = (typeof REQUIRED_COUNTY_FIELDS)[number];

/** The required fields written as text (isEnabled is a switch, always set). */
export const REQUIRED_COUNTY_TEXT_FIELDS = REQUIRED_COUNTY_FIELDS.filter(
  (field): field is Exclude<RequiredCountyField, 'isEnabled'> => field !== 'isEnabled',
);

/**
 * The county settings that are paths on the server, by the labels Edit County shows: the
 * server's refusal of a path names it so, and the form puts that refusal on the field it names.
 */
export const COUNTY_PATH_LABELS = {
  inboxPath: 'Inbox Folder',
  mailerOutputPath: 'Mailer Output Path',
  mailerTemplatePath: 'Mailer Template Path',
} as const;
export type CountyPathField = keyof typeof COUNTY_PATH_LABELS;

/** The required fields `county` lacks: absent, null, or a blank string. */
export function missingRequiredCountyFields(county: unknown): RequiredCountyField[] {
  if (typeof county !== 'object' || county === null || Array.isArray(county)) return [];
  const record = county as Record<string, unknown>;
  return REQUIRED_COUNTY_FIELDS.filter((field) => {
    const value = record[field];
    return value === undefined || value === null || (typeof value === 'string' && !value.trim());
  });
}

/**
 * Every county served is in California: its recorder stamps documents in Pacific time, so a
 * document's recording date is the Pacific day, wherever the server or the reader is.
 */
export const COUNTY_TIME_ZONE = 'America/Los_Angeles';

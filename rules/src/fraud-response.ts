/**
 * The rules of taking a subscriber from an alert to action, shared by the server and the web app:
 * risk levels, a county's fraud contact, the "This wasn't me" report and its case, and trusted
 * contacts.
 */

/** How urgently an event asks the subscriber to act, most urgent first. */
export const LEVELS = ['act_now', 'check', 'records'] as const;
export type Level = (typeof LEVELS)[number];

export const LEVEL_LABELS: Record<Level, string> = {
  act_now: 'Act now',
  check: 'Check',
  records: 'For your records',
};

/** 0 for the most urgent level: sorts events most urgent first. */
export const levelRank = (level: Level): number => LEVELS.indexOf(level);

/** Whom a row of the level table is about. */
export const LEVEL_SUBJECTS = ['grantor', 'grantee', 'property'] as const;
export type LevelSubject = (typeof LEVEL_SUBJECTS)[number];

export const LEVEL_SUBJECT_LABELS: Record<LevelSubject, string> = {
  grantor: 'Guarded name as grantor',
  grantee: 'Guarded name as grantee',
  property: 'Guarded property',
};

export const MAX_LEVEL_DOCUMENT_TYPE_LENGTH = 100;
/** A county's own rows of the level table. */
export const MAX_LEVEL_OVERRIDES = 300;

/**
 * A document type as the level tables are keyed by it: apostrophes dropped (TRUSTEE'S and
 * TRUSTEES are one type), spaces collapsed, trimmed, upper-cased. The twin of the database's
 * level_document_type().
 */
export function levelDocumentType(type: string): string {
  return type.replace(/['’]/g, '').replace(/\s+/g, ' ').trim().toUpperCase();
}

// A county's fraud contact (Edit County): every field optional.
export const MAX_FRAUD_CONTACT_NAME_LENGTH = 200;
export const MAX_FRAUD_CONTACT_PHONE_LENGTH = 40;
export const MAX_FRAUD_CONTACT_URL_LENGTH = 2000;

const PHONE_DIGITS = /^\+?[0-9]+$/;
const EXTENSION = /^(x|ext)[0-9]{1,6}$/;

/** What a phone number must be, for messages that name the field before it. */
export const PHONE_RULE =
  'must be a phone number: 10 digits, or + and the country code (an extension after x is fine)';

/**
 * Whether `value` (trimmed) is a phone number a person can call: 10 digits (a 1 before them
 * allowed), or + and a country code with 8 to 15 digits in all, written with any spaces,
 * brackets, dots and dashes, and an extension after x or ext.
 */
export function isPhone(value: string): boolean {
  if (value.length > MAX_FRAUD_CONTACT_PHONE_LENGTH) return false;
  const compact = value.toLowerCase().replace(/[\s().-]/g, '');
  const cut = compact.search(/[a-z]/);
  const number = cut < 0 ? compact : compact.slice(0, cut);
  if (cut >= 0 && !EXTENSION.test(compact.slice(cut))) return false;
  if (!PHONE_DIGITS.test(number)) return false;
  const digits = number.replace('+', '').length;
  if (number.startsWith('+')) return digits >= 8 && digits <= 15;
  return digits === 10 || (digits === 11 && number.startsWith('1'));
}

/** A phone as +<country code><number> (ten digits are a US number), or undefined when it is not one. */
export function normalisePhoneNumber(input: string): string | undefined {
  const compact = input.replace(/[\s().-]/g, '');
  if (/^\+[0-9]{8,15}$/.test(compact)) return compact;
  if (/^[0-9]{10}$/.test(compact)) return `+1${compact}`;
  if (/^1[0-9]{10}$/.test(compact)) return `+${compact}`;
  return undefined;
}

// The "This wasn't me" report.
export const CASE_PROBLEMS = [
  'did_not_sign',
  'not_authorised',
  'unknown_parties',
  'other',
] as const;
export type CaseProblem = (typeof CASE_PROBLEMS)[number];

export const CASE_PROBLEM_LABELS: Record<CaseProblem, string> = {
  did_not_sign: 'I did not sign this document',
  not_authorised: 'I did not authorise anyone to sign it for me',
  unknown_parties: 'I do not know the people or companies named on it',
  other: 'Something else is wrong',
};

export const MIN_STATEMENT_LENGTH = 10;
export const MAX_STATEMENT_LENGTH = 2000;
export const MAX_CASE_NOTE_LENGTH = 2000;

export const PREFERRED_CONTACTS = ['email', 'phone'] as const;
export type PreferredContact = (typeof PREFERRED_CONTACTS)[number];

/** Where a case stands; it only moves forward, in this order. */
export const CASE_STATUSES = ['open', 'contacted', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  open: 'Open',
  contacted: 'Contacted',
  closed: 'Closed',
};

// Trusted contacts.
export const MAX_TRUSTED_CONTACTS = 2;
export const MAX_TRUSTED_CONTACT_NAME_LENGTH = 100;

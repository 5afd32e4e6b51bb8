import { sql } from 'kysely';

// Column lists that several repositories select under the same table aliases, so that an alert,
// a digest, a case report and the dashboard read a document, its county and an event alike.
// Each is `as const` for Kysely to type the selection exactly: spread one into `.select([...])`.

/** What an event says of its match (events as `e`). */
export const EVENT_MATCH_COLUMNS = [
  'e.match_kind',
  'e.matched_value',
  'e.party_role',
  'e.is_exact',
] as const;

/**
 * The guarded item of an event: its APN guard (`a`) or its name guard (`n`), both left-joined,
 * or, when the subscriber has removed it, what the event kept of it (events as `e`).
 */
export const GUARDED_COLUMNS = [
  sql<string | null>`coalesce(a.apn, e.removed_guard_apn)`.as('apn'),
  sql<string | null>`coalesce(a.description, e.removed_guard_description)`.as('description'),
  sql<string | null>`coalesce(n.name, e.removed_guard_name)`.as('name'),
] as const;

/** What a recorded document is and where its file is stored (recorded_documents as `d`). */
export const DOCUMENT_COLUMNS = [
  'd.document_number',
  'd.document_type',
  'd.recorded_at',
  'd.container',
  'd.file_name',
] as const;

/**
 * The same document in a row of raw SQL, which selects it as `d.id AS document_id,
 * d.document_number, d.document_type, d.recorded_at, d.container, d.file_name`.
 */
export type DocumentRow = {
  document_id: string;
  document_number: string;
  document_type: string;
  recorded_at: Date;
  container: string;
  file_name: string;
};

/** The county's fraud contact (counties as `c`), which alerts and case packets point to. */
export const FRAUD_CONTACT_COLUMNS = [
  'c.fraud_contact_name',
  'c.fraud_contact_phone',
  'c.fraud_contact_email',
  'c.fraud_contact_url',
] as const;

/**
 * What an alert and a case packet show of a document: the document, its PDF excerpt (or why
 * there is none), and its county with the recorder's link and fraud contact.
 */
export const ALERTED_DOCUMENT_COLUMNS = [
  ...DOCUMENT_COLUMNS,
  'd.pdf_error',
  'd.excerpt_file',
  'd.county_id',
  'c.name as county_name',
  'c.link_url',
  ...FRAUD_CONTACT_COLUMNS,
] as const;

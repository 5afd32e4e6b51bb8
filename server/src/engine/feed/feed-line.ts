import { FIRST_ISSUE_ONLY } from '@deedwatch/rules';
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { blobKeyProblem } from '../../storage/blob-store.ts';

/**
 * "Recorder feed v1": one line of a feed's index.ndjson, one recorded document (see
 * docs/recorder-feed-v1.md). The valibot schema below is the only definition; the published
 * docs/recorder-feed-v1.schema.json is generated from it by feedLineJsonSchema() and a unit test
 * keeps the two equal. Rules JSON Schema cannot state (a real calendar date, at least one party,
 * the file name's blob-key rules) are `check` actions, restated for the JSON Schema through
 * metadata where it can express them.
 */

export const MAX_DOCUMENT_NUMBER = 64;
export const MAX_DOCUMENT_TYPE = 100;
export const MAX_NAME = 200;
export const MAX_NAMES_PER_SIDE = 50;
export const MAX_APN = 64;
export const MAX_ADDRESS = 200;
export const MAX_PARCELS = 20;
export const MAX_FILE = 255;
const MAX_COUNTY = 16;
/** 2026-11-20T09:15:00.123456789+08:00 */
const MAX_TIMESTAMP = 35;

// C0 and C1 control characters and DEL; written as escapes that JSON Schema's ECMA-262 dialect
// reads the same way (a `u` flag cannot be carried into a JSON Schema pattern).
const CONTROL = String.raw`\x00-\x1F\x7F-\x9F`;
/**
 * Not blank, no control characters: blanks, the first character that is not one, then anything
 * but a control character. Only one split of the input fits, so a backtracking engine gives up
 * after one pass; `^[^CONTROL]*[^\sCONTROL][^CONTROL]*$` (the same strings) tried every
 * non-blank character as the split and took seconds on a long field ending in a control character.
 */
export const PRINTABLE = new RegExp(String.raw`^[^\S${CONTROL}]*[^\s${CONTROL}][^${CONTROL}]*$`);
export const COUNTY = /^[A-Z0-9_]{1,16}$/;
export const TIMESTAMP =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
export const PDF_FILE = new RegExp(String.raw`^(?!.*\.\.)[^/\\${CONTROL}]+\.[pP][dD][fF]$`);

const MESSAGES = {
  county: 'must be a county code: 1 to 16 capital letters, digits or underscores, e.g. SAC',
  documentNumber: `must be 1 to ${MAX_DOCUMENT_NUMBER} characters, not blank, with no control characters`,
  recordedAt: 'must be an ISO 8601 timestamp with an offset, e.g. 2026-11-20T09:15:00-08:00',
  documentType: `must be 1 to ${MAX_DOCUMENT_TYPE} characters, not blank, with no control characters`,
  name: `must be a name of 1 to ${MAX_NAME} characters, not blank, with no control characters`,
  names: `must be a list of at most ${MAX_NAMES_PER_SIDE} names`,
  apn: `must be 1 to ${MAX_APN} characters, not blank, with no control characters`,
  apns: `must be a list of at most ${MAX_PARCELS} APNs`,
  address: `must be 1 to ${MAX_ADDRESS} characters, not blank, with no control characters`,
  addresses: `must be a list of at most ${MAX_PARCELS} addresses`,
  file: "must be a file name ending in .pdf, with no '/', '\\', '..' or control characters",
  parties: 'a document needs at least one grantor or grantee',
  line: 'a line must be a JSON object with the fields of recorder feed v1',
} as const;

function text(max: number, message: string, description: string) {
  return v.pipe(
    v.string(message),
    v.minLength(1, message),
    v.maxLength(max, message),
    v.regex(PRINTABLE, message),
    v.description(description),
  );
}

function list<T extends v.GenericSchema<string>>(
  item: T,
  max: number,
  message: string,
  description: string,
) {
  return v.pipe(v.array(item, message), v.maxLength(max, message), v.description(description));
}

/** A real calendar day: the pattern admits 2026-02-30, and Date would roll it into March. */
function isCalendarDate(value: string): boolean {
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const name = text(MAX_NAME, MESSAGES.name, 'A party as the index writes it.');

export const FeedLineSchema = v.pipe(
  v.strictObject(
    {
      county: v.pipe(
        v.string(MESSAGES.county),
        v.maxLength(MAX_COUNTY, MESSAGES.county),
        v.regex(COUNTY, MESSAGES.county),
        v.description("The county's code in DeedWatch, e.g. SAC."),
      ),
      documentNumber: text(
        MAX_DOCUMENT_NUMBER,
        MESSAGES.documentNumber,
        "The recorder's document number, unique within the county.",
      ),
      recordedAt: v.pipe(
        v.string(MESSAGES.recordedAt),
        v.maxLength(MAX_TIMESTAMP, MESSAGES.recordedAt),
        v.regex(TIMESTAMP, MESSAGES.recordedAt),
        v.metadata({ format: 'date-time' }),
        v.description(
          'When the document was recorded: ISO 8601 with seconds and an explicit offset (Z or ±hh:mm).',
        ),
        v.check(isCalendarDate, MESSAGES.recordedAt),
        v.transform((s) => new Date(s)),
      ),
      documentType: text(
        MAX_DOCUMENT_TYPE,
        MESSAGES.documentType,
        'The document type as the recorder names it, e.g. GRANT DEED.',
      ),
      grantors: list(name, MAX_NAMES_PER_SIDE, MESSAGES.names, 'The grantors (may be empty).'),
      grantees: list(name, MAX_NAMES_PER_SIDE, MESSAGES.names, 'The grantees (may be empty).'),
      apns: list(
        text(MAX_APN, MESSAGES.apn, 'An APN, with or without its dashes.'),
        MAX_PARCELS,
        MESSAGES.apns,
        'The parcel numbers the document affects (may be empty).',
      ),
      addresses: list(
        text(MAX_ADDRESS, MESSAGES.address, 'A street address.'),
        MAX_PARCELS,
        MESSAGES.addresses,
        'The street addresses the document affects (may be empty).',
      ),
      file: v.pipe(
        v.string(MESSAGES.file),
        v.maxLength(MAX_FILE, MESSAGES.file),
        v.regex(PDF_FILE, MESSAGES.file),
        v.description(
          "The document's PDF: a file name in the feed folder, beside index.ndjson, ending in .pdf.",
        ),
        v.check((s) => blobKeyProblem(s) === undefined, MESSAGES.file),
      ),
    },
    MESSAGES.line,
  ),
  v.check((line) => line.grantors.length + line.grantees.length > 0, MESSAGES.parties),
  v.metadata({
    title: 'Recorder feed v1: one line of index.ndjson',
    anyOf: [
      { properties: { grantors: { minItems: 1 } } },
      { properties: { grantees: { minItems: 1 } } },
    ],
    examples: [
      {
        county: 'SAC',
        documentNumber: '202611200001234',
        recordedAt: '2026-11-20T09:15:00-08:00',
        documentType: 'GRANT DEED',
        grantors: ['SMITH JOHN A', 'SMITH MARY'],
        grantees: ['GARCIA ROSA'],
        apns: ['012-0345-006-0000'],
        addresses: ['123 N MAIN ST, SACRAMENTO, CA 95814'],
        file: '202611200001234.pdf',
      },
    ],
  }),
  v.description(
    'One recorded document of a county recorder feed: who granted to whom, the parcels it affects, and the PDF beside index.ndjson. At least one grantor or grantee. No other fields.',
  ),
);

export type FeedLine = v.InferOutput<typeof FeedLineSchema>;

export type FeedLineResult = { ok: true; line: FeedLine } | { ok: false; reason: string };

const FIELDS = Object.keys(FeedLineSchema.entries);

/** The published JSON Schema of one line (docs/recorder-feed-v1.schema.json). */
export function feedLineJsonSchema(): Record<string, unknown> {
  const { $schema, title, description, ...rest } = toJsonSchema(FeedLineSchema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    // Restated through metadata where JSON Schema can say it (format, anyOf); every other
    // action must convert, or this throws.
    ignoreActions: ['check'],
  });
  // The reader of the published file meets what it is before its properties.
  return { $schema, title, description, ...rest };
}

function fieldPath(issue: v.BaseIssue<unknown>): string {
  let out = '';
  for (const item of issue.path ?? []) {
    const key = String(item.key);
    out += typeof item.key === 'number' ? `[${key}]` : out ? `.${key}` : key;
  }
  return out;
}

function sentence(issue: v.BaseIssue<unknown>): string {
  const path = fieldPath(issue);
  return path ? `${path} ${issue.message}` : issue.message;
}

const notAllowed = (key: string) =>
  `field '${key}' is not part of recorder feed v1 (allowed: ${FIELDS.join(', ')})`;

/**
 * Parses one line of index.ndjson. The reason of a rejected line is a sentence for the person
 * who fixes the feed, naming the field: "recordedAt must be an ISO 8601 timestamp with an
 * offset, e.g. 2026-11-20T09:15:00-08:00". Blank lines are the caller's to skip.
 */
export function parseFeedLine(text: string): FeedLineResult {
  if (text.trim() === '') return { ok: false, reason: 'the line is empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: `invalid JSON: ${(err as Error).message}` };
  }
  // valibot takes an array for an object.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: MESSAGES.line };
  }
  // valibot passes over __proto__, constructor and prototype keys without reporting them;
  // a feed line has no business carrying them, so they are refused like any other extra field.
  const extra = Object.keys(value).find((key) => !FIELDS.includes(key));
  if (extra !== undefined) return { ok: false, reason: notAllowed(extra) };
  // Each field's pipe stops at its first failed action: no pattern reads an overlong field.
  const result = v.safeParse(FeedLineSchema, value, FIRST_ISSUE_ONLY);
  if (result.success) return { ok: true, line: result.output };
  // The strict object reports each missing key on its own: one sentence names them all.
  const isMissing = (i: v.BaseIssue<unknown>) =>
    i.type === 'strict_object' && i.path?.length === 1 && i.input === undefined;
  const missing = result.issues.filter(isMissing).map(fieldPath);
  const reasons = [
    ...(missing.length > 0
      ? [`missing ${missing.length === 1 ? 'field' : 'fields'}: ${missing.join(', ')}`]
      : []),
    ...new Set(result.issues.filter((i) => !isMissing(i)).map(sentence)),
  ];
  const shown = reasons.slice(0, 3).join('; ');
  return {
    ok: false,
    reason: reasons.length > 3 ? `${shown}; and ${reasons.length - 3} more` : shown,
  };
}

import * as v from 'valibot';
import { EXAMPLE_EVENT, WebhookEvent } from '../../engine/webhooks/webhook-payloads.ts';

/** How many events a page holds unless `limit` says otherwise, and at most. */
export const DEFAULT_EVENTS_PAGE = 50;
export const MAX_EVENTS_PAGE = 100;

/** Where a page ends: its last event's created_at to the microsecond (UTC), and its id. */
export type EventsCursor = { createdAtKey: string; id: string };

// created_at as the repository writes it, a separator, and the event's id: 64 characters, 86 in
// base64url. Checked for its length before any pattern reads it.
const CURSOR_LENGTH = 86;
const CURSOR_CHARACTERS = /^[A-Za-z0-9_-]+$/;
const CURSOR_PAYLOAD =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CURSOR_MESSAGE =
  "is not a cursor of this call: pass the previous page's nextCursor as it was given, or leave it out to start from the newest event";

/** The opaque `nextCursor` of a page that ends at this event. */
export function encodeCursor(cursor: EventsCursor): string {
  return Buffer.from(`${cursor.createdAtKey}_${cursor.id}`, 'latin1').toString('base64url');
}

/** The position a cursor names, or undefined for anything encodeCursor did not write. */
export function decodeCursor(text: string): EventsCursor | undefined {
  if (text.length !== CURSOR_LENGTH || !CURSOR_CHARACTERS.test(text)) return undefined;
  const payload = Buffer.from(text, 'base64url').toString('latin1');
  const parts = CURSOR_PAYLOAD.exec(payload);
  if (!parts || utcMillis(parts.slice(1, 7).map(Number), 0) === undefined) return undefined;
  return { createdAtKey: payload.slice(0, 27), id: payload.slice(28) };
}

/**
 * The time these calendar fields (year, month, day, hour, minute, second, UTC) name, less
 * `offsetMinutes`; undefined unless each is in its range (no 30 February, no hour 24) and the
 * year is 1 to 9999, which both JavaScript and Postgres read.
 */
function utcMillis(fields: number[], offsetMinutes: number): number | undefined {
  const [year, month, day, hour, minute, second] = fields as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  const valid =
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return valid ? date.getTime() - offsetMinutes * 60_000 : undefined;
}

// An ISO 8601 time with its zone: seconds and fractions optional, fractions beyond the
// millisecond ignored. At most 35 characters, checked before the pattern reads them.
const SINCE_LENGTH = 35;
const SINCE_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;
const SINCE_MESSAGE =
  "must be an ISO 8601 time with its time zone, like 2026-11-26T08:14:02.118Z (an event's createdAt) or 2026-11-26T00:00:00-08:00";

/** A `since` value as a time, or undefined when it is not a real one. */
export function parseSince(text: string): Date | undefined {
  if (text.length > SINCE_LENGTH) return undefined;
  const parts = SINCE_PATTERN.exec(text);
  if (!parts) return undefined;
  const [, year, month, day, hour, minute, second, fraction, sign, offsetHours, offsetMinutes] =
    parts;
  const offset =
    sign === undefined
      ? 0
      : (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  if (sign !== undefined && (Number(offsetHours) > 14 || Number(offsetMinutes) > 59))
    return undefined;
  const millis = utcMillis([year, month, day, hour, minute, second ?? '0'].map(Number), offset);
  if (millis === undefined) return undefined;
  return new Date(millis + Number((fraction ?? '').padEnd(3, '0').slice(0, 3)));
}

export const ARCHIVED = ['false', 'true', 'all'] as const;

export const ListEventsQuery = v.strictObject({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.description(
        `Events per page, 1 to ${MAX_EVENTS_PAGE}; ${DEFAULT_EVENTS_PAGE} unless given`,
      ),
      v.maxLength(3, `must be a whole number from 1 to ${MAX_EVENTS_PAGE}`),
      v.regex(/^[1-9][0-9]{0,2}$/, `must be a whole number from 1 to ${MAX_EVENTS_PAGE}`),
      v.transform(Number),
      v.maxValue(MAX_EVENTS_PAGE, `must be a whole number from 1 to ${MAX_EVENTS_PAGE}`),
    ),
    String(DEFAULT_EVENTS_PAGE),
  ),
  cursor: v.optional(
    v.pipe(
      v.string(),
      v.description(
        "The previous page's nextCursor, to get the page after it (older events); send the same since and archived with it",
      ),
      v.maxLength(CURSOR_LENGTH, CURSOR_MESSAGE),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const cursor = decodeCursor(dataset.value);
        if (cursor) return cursor;
        addIssue({ message: CURSOR_MESSAGE });
        return NEVER;
      }),
    ),
  ),
  since: v.optional(
    v.pipe(
      v.string(),
      v.description(
        'Only the events created after this time (to the millisecond, as createdAt gives it): the createdAt of the newest event you have, to poll for new ones',
      ),
      v.maxLength(SINCE_LENGTH, SINCE_MESSAGE),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const since = parseSince(dataset.value);
        if (since) return since;
        addIssue({ message: SINCE_MESSAGE });
        return NEVER;
      }),
    ),
  ),
  archived: v.optional(
    v.pipe(
      v.picklist(ARCHIVED, "must be 'false' (not archived), 'true' (only archived) or 'all'"),
      v.description(
        "'false' (the default): events not archived; 'true': only archived ones; 'all'",
      ),
    ),
    'false',
  ),
});
export type ListEventsQuery = v.InferOutput<typeof ListEventsQuery>;

export const EventPage = v.pipe(
  v.object({
    events: v.pipe(
      v.array(WebhookEvent),
      v.description('Newest first, each as the data of an event.created webhook'),
    ),
    nextCursor: v.pipe(
      v.nullable(v.string()),
      v.description('Pass as cursor for the next (older) page; null when this page is the last'),
    ),
  }),
  v.examples([
    {
      events: [EXAMPLE_EVENT],
      nextCursor:
        'MjAyNi0xMS0yNlQwODoxNDowMi4xMTgxMjNaXzNmMmExYzRlLTViNmQtNGU3Zi04YTliLTBjMWQyZTNmNGE1Yg',
    },
  ]),
);

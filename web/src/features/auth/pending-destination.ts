/**
 * Where a person was going when a page asked them to sign in first (a mail's document link), so
 * the magic link they are sent continues there. Kept in local storage, not session storage: a
 * mail client opens the link in a new tab of the same browser, which has a session storage of
 * its own.
 *
 * Only the pages listed here can be a destination, each rebuilt from its parameters for the
 * router: anything else in the storage is ignored, so it can never send the person elsewhere,
 * let alone to another site.
 */
export const PENDING_DESTINATION_KEY = 'deedwatch.after-sign-in';

/** A little longer than the sign-in link lives (10 minutes), so a link opened late still continues. */
export const PENDING_DESTINATION_TTL_MS = 15 * 60_000;

export type Destination =
  | { to: '/dashboard'; search?: { event: string } }
  | { to: '/documents/$folder/$file'; params: { folder: string; file: string } };

/** A document key part, as the blob store allows it: one name of at most 255 UTF-8 bytes. */
const MAX_SEGMENT_BYTES = 255;
const MAX_PATH_LENGTH = 2 * 3 * MAX_SEGMENT_BYTES + '/documents//'.length;
const DOCUMENT_PATH = /^\/documents\/([^/?#\\]+)\/([^/?#\\]+)$/;
/** An alert's link to its event on the dashboard: the event's id, nothing else. */
const EVENT_PATH =
  /^\/dashboard\?event=([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
// Control and format characters (bidi overrides, zero-width), line and paragraph separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

function isSegment(value: string): boolean {
  return (
    value !== '' &&
    value !== '.' &&
    value !== '..' &&
    new TextEncoder().encode(value).length <= MAX_SEGMENT_BYTES &&
    !/[/\\]/.test(value) &&
    !INVISIBLE.test(value)
  );
}

function decodeSegment(value: string): string | null {
  try {
    const decoded = decodeURIComponent(value);
    return isSegment(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

/** The path of a destination, as the address bar shows it. */
export function pathOf(destination: Destination): string {
  if (destination.to === '/dashboard')
    return destination.search ? `/dashboard?event=${destination.search.event}` : '/dashboard';
  const { folder, file } = destination.params;
  return `/documents/${encodeURIComponent(folder)}/${encodeURIComponent(file)}`;
}

/** The destination a same-origin path names, or null when it is not one of the allowed pages. */
export function destinationOf(path: unknown): Destination | null {
  if (typeof path !== 'string' || path.length > MAX_PATH_LENGTH) return null;
  if (path === '/dashboard') return { to: '/dashboard' };
  const event = EVENT_PATH.exec(path);
  if (event) return { to: '/dashboard', search: { event: event[1]! } };
  const match = DOCUMENT_PATH.exec(path);
  if (!match) return null;
  const folder = decodeSegment(match[1]!);
  const file = decodeSegment(match[2]!);
  if (folder === null || file === null) return null;
  return { to: '/documents/$folder/$file', params: { folder, file } };
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Continue to `destination` after the next magic-link sign-in in this browser. */
export function rememberDestination(destination: Destination, now = Date.now()): void {
  const path = pathOf(destination);
  if (destinationOf(path) === null) return;
  try {
    storage()?.setItem(
      PENDING_DESTINATION_KEY,
      JSON.stringify({ path, until: now + PENDING_DESTINATION_TTL_MS }),
    );
  } catch {
    // Full or disabled storage: the sign-in still works and lands on the dashboard.
  }
}

export function forgetDestination(): void {
  try {
    storage()?.removeItem(PENDING_DESTINATION_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The remembered destination, once: it is forgotten as it is read. Null when none is valid. */
export function takeDestination(now = Date.now()): Destination | null {
  let raw: string | null;
  try {
    raw = storage()?.getItem(PENDING_DESTINATION_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  forgetDestination();
  if (raw.length > MAX_PATH_LENGTH + 100) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { path, until } = parsed as Record<string, unknown>;
    if (typeof until !== 'number' || until < now || until > now + PENDING_DESTINATION_TTL_MS) {
      return null;
    }
    return destinationOf(path);
  } catch {
    return null;
  }
}

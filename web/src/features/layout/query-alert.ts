/**
 * The messages the product itself puts in a URL (`?message=<key>&type=success`), by key. A page
 * shows only these: a link that carries any other text (`?message=Call 555-0100 to verify your
 * account`) shows nothing, so nobody can put words in the product's mouth.
 */
export const QUERY_MESSAGES = {
  'email-verified': 'Your email is verified.',
  'phone-verified': 'Your phone number is verified.',
} as const;

export type QueryMessageKey = keyof typeof QUERY_MESSAGES;

/** The `message` and `type` query parameters any page accepts. */
export interface AlertSearch {
  /**
   * The message's key (one of QUERY_MESSAGES'): the address keeps the key whatever the language,
   * and the page words it in the reader's language as it shows it.
   */
  message?: QueryMessageKey | undefined;
  type?: string | undefined;
}

/** Longer values are no message of ours, and are not compared. */
const MAX_MESSAGE_LENGTH = 200;

const comparable = (text: string) => text.trim().replace(/\.$/, '').toLowerCase();

// Links written before the keys carried the English text itself; they still show it.
const byText = new Map<string, QueryMessageKey>(
  (Object.entries(QUERY_MESSAGES) as [QueryMessageKey, string][]).map(([key, text]) => [
    comparable(text),
    key,
  ]),
);

/** The key of a known message, given by its key or its English words; undefined for anything else. */
export function queryMessageKey(value: string): QueryMessageKey | undefined {
  if (value.length > MAX_MESSAGE_LENGTH) return undefined;
  if (Object.hasOwn(QUERY_MESSAGES, value)) return value as QueryMessageKey;
  return byText.get(comparable(value));
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  // The router parses search values as JSON, so `?type=1` arrives as a number.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * The root route's search validation. The router lays the result over the raw parameters, so an
 * unknown message is overwritten with undefined rather than left out; a known one is kept as its
 * key, since the router writes what this returns back into the address as the page navigates.
 */
export function parseAlertSearch(search: Record<string, unknown>): AlertSearch {
  const raw = asText(search.message);
  const message = raw === undefined ? undefined : queryMessageKey(raw);
  const type = message === undefined ? undefined : asText(search.type);
  return { message, type };
}

/** type=success is teal, anything else red. */
export function alertColorFor(type: string | undefined): 'teal' | 'red' {
  return type === 'success' ? 'teal' : 'red';
}

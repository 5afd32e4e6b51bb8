/** The `message` and `type` query parameters any page accepts (spec §2). */
export interface AlertSearch {
  message?: string;
  type?: string;
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  // The router parses search values as JSON, so `?message=404` arrives as a number.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function parseAlertSearch(search: Record<string, unknown>): AlertSearch {
  const message = asText(search.message);
  const type = asText(search.type);
  return {
    ...(message ? { message } : {}),
    ...(type ? { type } : {}),
  };
}

/** type=success is teal, anything else red. */
export function alertColorFor(type: string | undefined): 'teal' | 'red' {
  return type === 'success' ? 'teal' : 'red';
}

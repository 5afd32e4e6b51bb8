// Dates are formatted in the site's language: see i18n/format.ts.
export { formatDateTime } from '../../i18n/format';

/** The message of a failed call's answer, when it has one. */
export function messageOf(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

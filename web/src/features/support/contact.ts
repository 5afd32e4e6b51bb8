/**
 * How to reach DeedWatch. The server mails the same phone and address (its SUPPORT_PHONE and
 * SUPPORT_EMAIL defaults) but does not expose them to the web app yet, so they are repeated here.
 */
export const SUPPORT_PHONE = '(800) 555-0142';
export const SUPPORT_EMAIL = 'support@deedwatch.localhost';
export const PRIVACY_EMAIL = 'privacy@deedwatch.localhost';

/** `tel:` form of a displayed phone number: its digits, with the US country code. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

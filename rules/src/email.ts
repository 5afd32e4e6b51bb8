import * as v from 'valibot';

/** The longest address SMTP carries (64 + @ + 255): longer input is refused before any pattern. */
export const MAX_EMAIL_LENGTH = 320;

/**
 * text@text: non-space characters, an @, then non-space characters. The same strings as
 * /^\S+@\S+$/, written so a backtracking engine reads each character a bounded number of times:
 * the first character on its own (it may be an @), then everything up to the first @ after it,
 * then the rest. /^\S+@\S+$/ retries every @ against the whole rest of the input, which takes
 * seconds on 100 KB of @.
 */
export const EMAIL_PATTERN = /^\S[^\s@]*@\S+$/;

/** Whether `value` (already trimmed) is text@text of at most MAX_EMAIL_LENGTH characters. */
export function isEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

/** The email rule as valibot actions, length first; each fails with the screen's `message`. */
export function emailActions(message: string) {
  return [
    v.maxLength<string, typeof MAX_EMAIL_LENGTH, string>(MAX_EMAIL_LENGTH, message),
    v.regex<string, string>(EMAIL_PATTERN, message),
  ] as const;
}

import { emailActions } from '@deedwatch/rules';
import * as v from 'valibot';

/**
 * An email field as the server takes it: trimmed, then required and text@text, with the messages
 * in the reader's language.
 */
export const requiredEmail = (required: string, invalid: string) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(required), ...emailActions(invalid));

import { emailActions, firstIssueOnly } from '@deedwatch/rules';
import * as v from 'valibot';

export const NO_GUARDS_MESSAGE = 'At least one guard record subscription is required';

/**
 * Step 1 of the register page, validated on every change. Each field stops at its first
 * failed rule; the emails are compared once both are valid.
 */
export const RegisterEmailsSchema = v.pipe(
  v.object({
    email: firstIssueOnly(
      v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty('Email is required'),
        ...emailActions('Invalid email'),
      ),
    ),
    confirmEmail: v.pipe(v.string(), v.trim(), v.nonEmpty('Confirm Email is required')),
  }),
  v.forward(
    v.partialCheck(
      [['email'], ['confirmEmail']],
      ({ email, confirmEmail }) => email === confirmEmail,
      'Emails do not match',
    ),
    ['confirmEmail'],
  ),
);

export type RegisterEmails = v.InferInput<typeof RegisterEmailsSchema>;

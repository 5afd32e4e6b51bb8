import * as v from 'valibot';

/** Spec §5: non-space characters, an @, then non-space characters. */
export const EMAIL_PATTERN = /^\S+@\S+$/;

export const NO_GUARDS_MESSAGE = 'At least one guard record subscription is required';

/** Step 1 of the register page (spec §5), validated on every change. */
export const RegisterEmailsSchema = v.pipe(
  v.object({
    email: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('Email is required'),
      v.regex(EMAIL_PATTERN, 'Invalid email'),
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

import { firstIssueOnly } from '@deedwatch/rules';
import type { TFunction } from 'i18next';
import * as v from 'valibot';
import { requiredEmail } from '../../components/required-email';

/**
 * Step 1 of the register page, validated on every change, with its messages in `t`'s language.
 * Each field stops at its first failed rule; the emails are compared once both are valid.
 */
export function registerEmailsSchema(t: TFunction) {
  return v.pipe(
    v.object({
      email: firstIssueOnly(
        requiredEmail(t('guards.validation.emailRequired'), t('guards.validation.emailInvalid')),
      ),
      confirmEmail: v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty(t('guards.validation.confirmRequired')),
      ),
    }),
    v.forward(
      v.partialCheck(
        [['email'], ['confirmEmail']],
        ({ email, confirmEmail }) => email === confirmEmail,
        t('guards.validation.emailsDiffer'),
      ),
      ['confirmEmail'],
    ),
  );
}

export type RegisterEmails = v.InferInput<ReturnType<typeof registerEmailsSchema>>;

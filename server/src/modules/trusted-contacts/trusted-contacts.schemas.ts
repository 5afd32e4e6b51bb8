import { MAX_EMAIL_LENGTH, MAX_TRUSTED_CONTACT_NAME_LENGTH } from '@deedwatch/rules';
import * as v from 'valibot';

const CONTROL_CHARACTER = /\p{Cc}/u;

export const AddTrustedContactBody = v.pipe(
  v.strictObject({
    email: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(MAX_EMAIL_LENGTH, `is at most ${MAX_EMAIL_LENGTH} characters`),
      v.description("The person's email address; never the subscriber's own"),
    ),
    name: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(
          MAX_TRUSTED_CONTACT_NAME_LENGTH,
          `is at most ${MAX_TRUSTED_CONTACT_NAME_LENGTH} characters`,
        ),
        v.check((s) => !CONTROL_CHARACTER.test(s), 'must not contain control characters'),
        v.description('What the subscriber calls them, used in the mail they get'),
      ),
      '',
    ),
  }),
  v.examples([{ email: 'sam.doe@example.com', name: 'Sam Doe' }]),
);

export const TrustedContactParams = v.strictObject({
  id: v.pipe(
    v.string(),
    v.uuid('must be the id of one of your trusted contacts (a UUID)'),
    v.description('The contact, by the id the session user gives it'),
  ),
});

export const ContactCodeQuery = v.strictObject({
  code: v.pipe(v.string(), v.maxLength(4096), v.description("The code in the link's path")),
});

export const TrustedContact = v.object({
  id: v.pipe(v.string(), v.uuid()),
  email: v.string(),
  name: v.string(),
  status: v.pipe(
    v.picklist(['invited', 'active', 'stopped']),
    v.description(
      'invited (no answer yet: nothing is sent), active (accepted: gets copies of Act now alerts), stopped (said stop: nothing is sent)',
    ),
  ),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  acceptedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  stoppedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
});

export const ContactAnswer = v.object({
  status: v.picklist(['active', 'stopped']),
  subscriberEmail: v.pipe(v.string(), v.description('Whose trusted contact this is')),
});

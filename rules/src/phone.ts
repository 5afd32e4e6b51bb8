/**
 * At most this many notification methods (emails and phones, the account's own email included)
 * per account: each one added mails or texts a verification to an address of the subscriber's
 * choosing.
 */
export const MAX_NOTIFICATION_METHODS = 10;

/** At most this many alert texts go to one number a day; past it, alerts go by email only. */
export const TEXTS_PER_NUMBER_PER_DAY = 10;

/** The longest phone number a person types, with spaces and punctuation (E.164 has 15 digits). */
export const MAX_PHONE_LENGTH = 40;

/** The add-method form's message for an empty phone number. */
export const PHONE_REQUIRED = 'Phone Number is required';

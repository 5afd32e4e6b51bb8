/**
 * Reasons our own code writes into the database, always in this English (staff screens and the
 * logs read them as stored). A subscriber's screen or mail re-says a stored reason in the
 * reader's language (resayStored in ../stored.ts), which recognises exactly these sentences:
 * their placeholders are the ones it knows how to match (see SLOTS there).
 */
export const stored = {
  sms: {
    invalidNumber: 'The carrier says this is not a valid phone number. (Twilio error {{code}})',
    cannotText:
      'The carrier says this number cannot receive texts (a landline, or no carrier that takes texts). (Twilio error {{code}})',
    unreachable:
      'The carrier could not reach this number (switched off, out of service, or unknown). (Twilio error {{code}})',
    notDelivered: 'The carrier did not deliver the text (Twilio error {{code}}).',
    notDeliveredNoCode: 'The carrier did not deliver the text.',
  },
  mail: {
    workerStopped: 'The worker stopped while sending; it may have been sent.',
    unopenable: 'The queued message could not be opened (was SESSION_SECRET changed?).',
    attachmentMissing: 'The attachment {{attachment}} is missing from the document store.',
  },
  webhooks: {
    disabledByYou: 'Disabled by you.',
    failedForADay: 'Every delivery failed for 24 hours; the last: {{error}}',
    /** Why one attempt failed; a receiver's own answer is kept as it sent it, never in here. */
    secretUnreadable:
      "The endpoint's signing secret cannot be read (the server's SESSION_SECRET changed): delete the endpoint and register it again.",
    redirect: 'HTTP {{code}}: a redirect, which is not followed: give the final URL',
    noBody: 'HTTP {{code}}: no body',
    hostUnresolved: 'Refused: {{host}} does not resolve to an address.',
    hostRefused: 'Refused: {{host}} is {{why}}: webhooks go only to public addresses.',
    hostResolvesTo:
      'Refused: {{host}} resolves to {{address}}, {{why}}: webhooks go only to public addresses.',
    couldNotDeliver: 'Could not deliver: {{error}}',
    timedOut: 'no complete answer within {{seconds}} s',
    connectionClosed: 'the receiver closed the connection',
  },
};

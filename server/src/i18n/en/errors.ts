/** API error messages a subscriber can meet, translated when the request asks for Spanish. */
export const errors = {
  signIn: 'You need to sign in to do that.',
  forbidden: 'You do not have permission to do that.',
  invalidLink: 'This link is invalid or has expired. Please request a new one.',
  spentLink: 'This link has already been used or has expired. You are still signed in.',
  otherAccountSignedIn:
    'This browser is signed in to another DeedWatch account. Sign out, then open the link again.',
  accountGone: 'Your account no longer exists.',
  invalidEmail: 'Invalid email',
  emailTaken: 'User with this email already exists',
  noItems: 'At least one guard record subscription is required',
  apnFormat: "APN '{{apn}}' does not fit the {{county}} format {{mask}} (for example {{example}}).",
  nameNoLetters: "Name '{{name}}' has no letters or digits.",
  nameNothingToMatch:
    "Name '{{name}}' has no name left to guard: words such as ET AL, AKA, THE, ESTATE OF or TRUSTEE are left out of every recorded name. Enter the person's surname and first name, or the full name of the business or trust.",
  tooManyNames:
    "You can guard at most {{max}} names per account (the FAQ's limit): you have {{existing}} and asked for {{adding}} more.",
  tooManyNamesAtOnce:
    "You can guard at most {{max}} names per account (the FAQ's limit): this request has {{adding}}.",
  tooManyApns:
    "You can guard at most {{max}} APNs per account (the FAQ's limit): you have {{existing}} and asked for {{adding}} more.",
  tooManyApnsAtOnce:
    "You can guard at most {{max}} APNs per account (the FAQ's limit): this request has {{adding}}.",
  tooManyRequests: 'Too many requests. Please try again in {{wait}}.',
  tooManyInvalidTokens:
    'Too many invalid tokens from your address. Please try again in {{wait}}; a valid token still works meanwhile.',
  phoneNotANumber:
    "'{{number}}' is not a phone number that can receive texts: give the whole number with its area code, for example (916) 555-0142, or + and the country code.",
  phoneCountry:
    'Numbers from {{from}} cannot receive alerts for your counties: use a number from {{allowed}}.',
  smsNotOffered:
    'Text messages are not offered on this server: add an email notification method instead.',
  methodExists: '{{address}} is already one of your notification methods.',
  methodIsContact:
    '{{address}} is one of your trusted contacts: an alert email is yours alone. Remove the contact first to make it one.',
  onlyPhoneLevels: 'Only a phone (SMS) method has text alert levels.',
  accountEmailStays: 'The email of your account cannot be removed: it is where we reach you.',
  alreadyVerified: 'This notification method is already verified.',
  contactIsYou:
    '{{email}} is your own email: a trusted contact is somebody else you trust, who gets a copy of your Act now alerts.',
  contactExists: '{{email}} is already one of your trusted contacts.',
  tooManyMethods:
    'You can have at most {{max}} notification methods: remove one before adding another.',
  tooManyContacts:
    'You can name at most {{max}} trusted contacts: remove one before adding another.',
  invalidContactLink:
    'This link is invalid, used or expired. If you were invited, ask the person who named you to name you again.',
  alertNotFound: 'Alert not found among your alerts.',
  reportedNotRecognised:
    'You reported document {{document}} as not yours (case {{caseNumber}}): it cannot also be recognised.',
  alreadyReported:
    'You already reported document {{document}}: it is case {{caseNumber}}. Download its packet from the alert.',
  contactEmail: 'body/contactEmail: must be an email address',
  contactPhone: 'body/contactPhone: must be a phone number: 10 digits, or + and the country code',
  contactPhoneNeeded: 'body/contactPhone: is required when you would rather be called',
  webhookUrlInvalid: 'body url: must be a valid https:// URL.',
  webhookUrlNotHttps: 'body url: must start with https://.',
  webhookUrlCredentials:
    'body url: must not hold a user name or password; verify deliveries by their signature instead.',
  webhookUrlFragment: 'body url: must not have a #fragment (it is never sent).',
  webhookUrlTooLong:
    'body url: must be at most {{max}} characters once percent-encoded (it is {{length}}).',
  /** A host that may not receive a webhook; {{reason}} is one of the three messages below. */
  webhookUrlHost: 'body url: {{reason}}',
  webhookHostUnresolved: '{{host}} does not resolve to an address.',
  webhookHostRefused: '{{host}} is {{why}}: webhooks go only to public addresses.',
  webhookHostResolvesTo:
    '{{host}} resolves to {{address}}, {{why}}: webhooks go only to public addresses.',
  /** Why an address may not receive a webhook: the {{why}} above. */
  webhookAddress: {
    notIp: 'not an IP address',
    loopback: 'a loopback address',
    thisNetwork: "an address of 'this network'",
    private: 'a private address',
    carrierNat: 'a carrier-grade NAT address',
    linkLocal: 'a link-local address (cloud metadata lives there)',
    reserved: 'a reserved address',
    documentation: 'a documentation address',
    benchmarking: 'a benchmarking address',
    multicast: 'a multicast address',
    ietf: 'a reserved address (IETF protocol assignments, Teredo)',
    sixToFour: 'a 6to4 address (it could lead to any IPv4 address)',
    ipv4Mapped: 'an IPv4-mapped address',
    notPublicV6:
      'not a public IPv6 address (private, link-local, unique local, mapped or reserved)',
  },
  tooManyWebhooks:
    'You have {{max}} webhook endpoints, the most an account may have: delete one first.',
  webhookExists: 'You already have a webhook endpoint at this URL.',
  webhookNotFound: 'No such webhook endpoint among yours.',
  webhookDeliveryNotFound: 'No such webhook delivery among yours.',
  webhookDisabled: 'Its endpoint is disabled: enable it again first, then resend.',
  webhookDeliveryPending:
    'This delivery is still being retried: its next attempt is at {{at}}. Resend it once it has failed or been delivered.',
  webhookDeliveryQueued:
    'This delivery is being sent now. Resend it once it has failed or been delivered.',
  webhookDeliveryHeld:
    'This delivery is held: it is sent in its turn, after the messages before it, now that its endpoint is enabled. Resend it once it has failed or been delivered.',
  tooManyTokens:
    'You have {{max}} active tokens, the most an account may hold: revoke one you no longer use first.',
  tokenNotFound: 'No such token among yours.',
  /** A personal access token that speaks for nobody, or may not make this call. */
  tokenEmpty:
    "The Authorization header says Bearer but holds no token: put a personal access token from your dashboard after 'Bearer '.",
  tokenMalformed:
    'The bearer token is not a DeedWatch personal access token (they start with dw_pat_ and are 58 characters long). Create one on your dashboard under API Access.',
  tokenUnknown: 'The bearer token is not known: it was mistyped or its account is gone.',
  tokenRevoked: 'The bearer token was revoked on {{at}}. Create a new one on your dashboard.',
  tokenExpired: 'The bearer token expired on {{at}}. Create a new one on your dashboard.',
  tokenTooManyCalls:
    'This token made more than {{limit}} calls this minute. Please try again in {{wait}}.',
  tokenStaffRoute:
    'Personal access tokens act for a subscriber and never call staff routes: sign in as staff in the browser instead.',
  tokenSessionOnly:
    'This call is made only from a signed-in browser session (tokens are managed there): a personal access token cannot make it.',
  tokenScopeNeeded:
    'This call needs a token with the {{needed}} scope; this token has only {{has}}. Create a token with {{needed}} on your dashboard.',
  tokenScopesAnd: '{{first}} and {{last}}',
  subscribersOnly:
    'Personal access tokens and webhooks belong to subscriber accounts; staff accounts have neither.',
  crossSite: 'Requests from another site are not allowed.',
  guardedNameNotFound: "Guarded name '{{id}}' not found.",
  guardedPropertyNotFound: "Guarded property '{{id}}' not found.",
  methodNotFound: "Notification method '{{id}}' not found.",
  /** Archiving an alert that is not the caller's (its id as the request gave it). */
  alertIdNotFound: "Alert '{{id}}' not found.",
  trustedContactEmail: 'body/email: must be an email address',
  accountNotFound: 'Account not found.',
  trustedContactNotFound: "Trusted contact '{{id}}' not found.",
  caseNotFound: 'Case not found.',
  casePacketMissing:
    'The packet of case {{caseNumber}} is not available right now. Please try again later, or contact support and quote case {{caseNumber}}.',
  documentNotFound: 'Document not found. Please open it from one of your alerts on the dashboard.',
  documentFileMissing:
    'The file of document {{document}} is not available right now. Please try again later, or contact support and quote document number {{document}}.',
  countyNotCovered:
    "County '{{county}}' is not one we cover. Choose one listed by GET /api/config.",
};

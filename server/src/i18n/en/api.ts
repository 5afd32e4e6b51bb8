/**
 * What the API itself says to a caller, beyond the errors of the services (errors.ts): the
 * request's shape (validation), the framework's refusals, personal access tokens. Each is told in
 * the request's language (plugins/error-handler.ts), field and parameter names as the API
 * spells them.
 */
export const api = {
  /** A request that does not fit its route's schema (lib/schema.ts). */
  validation: {
    /** The part of the request a field is in. */
    part: {
      body: 'body',
      querystring: 'query parameter',
      params: 'path parameter',
      headers: 'header',
    },
    required: '{{subject}} is required',
    notAllowed: "{{where}} field '{{path}}' is not allowed",
    issue: '{{subject}}: {{problem}}',
    nul: '{{subject}} contains a NUL character (U+0000), which no text may hold.',
    /** Problems said from the check that failed, when its schema gave no words of its own. */
    problem: {
      typeString: 'must be a string',
      typeNumber: 'must be a number',
      typeBoolean: 'must be true or false',
      typeObject: 'must be a JSON object',
      typeArray: 'must be a list',
      empty: 'is required',
      atMostCharacters: 'must be at most {{n}} characters',
      atLeastCharacters: 'must be at least {{n}} characters',
      atMostItems: 'must have at most {{n}} items',
      atLeastItems: 'must have at least {{n}} items',
      atMost: 'must be at most {{n}}',
      atLeast: 'must be at least {{n}}',
      wholeNumber: 'must be a whole number',
      uuid: 'must be an id (a UUID)',
      oneOf: 'must be one of {{values}}',
      invalid: 'is not valid',
    },
    /**
     * The words the route schemas give their own checks, re-said in the caller's language when
     * a schema's message is exactly one of these ({{n}}: a whole number).
     */
    said: {
      codeCharacters: 'may contain only letters A-Z, digits and _',
      maskCharacters: 'may contain only 0 (a digit), a (a letter) and -',
      maskNeedsOne: 'needs at least one 0 or a',
      recorderUrl: 'must be an http(s) URL, such as https://recorder.example.gov',
      fraudUrl: 'must be an http(s) URL, such as https://recorder.example.gov/fraud',
      subjectTwice: 'gives a document type the same subject twice',
      phone:
        'must be a phone number: 10 digits, or + and the country code (an extension after x is fine)',
      emailOfAtMost: 'must be an email address of at most {{n}} characters',
      noLetters: 'has no letters once apostrophes and spaces are dropped',
      atMostUpperCased: 'is at most {{n}} characters once upper-cased',
      userSort: "must be 'email' or 'createdAt', a colon, then 'asc' or 'desc' (createdAt:desc)",
      wholeNumberUpTo: 'must be a whole number from 1 to {{n}}',
      invalidEmail: 'Invalid email',
      passwordRequired: 'Password is required',
      countyId: 'must be a county id (a whole number)',
      statementRequired: 'is required: say in your own words what is wrong',
      statementTooShort:
        'is required: say in your own words what is wrong (at least {{n}} characters)',
      listedCounty: 'must name a county listed by GET /api/config',
      noControlLineBreaks: 'must not contain control characters such as line breaks',
      noControl: 'must not contain control characters',
      oneScope: 'must name at least one scope: read, write or both',
      scopesOnce: 'must name read, write or both, each once',
      scopeOnce: 'must name each scope once',
      wholeDays: 'must be a whole number of days',
      cursor:
        "is not a cursor of this call: pass the previous page's nextCursor as it was given, or leave it out to start from the newest event",
      since:
        "must be an ISO 8601 time with its time zone, like 2026-11-26T08:14:02.118Z (an event's createdAt) or 2026-11-26T00:00:00-08:00",
      archived: "must be 'false' (not archived), 'true' (only archived) or 'all'",
      possibleMatches:
        "must be 'digest' (one email each morning), 'immediately' (an alert at once) or 'hide' (not shown)",
      itemsPerRequest: 'at most {{n}} items per request',
      httpsUrl: 'must be an https:// URL with no spaces',
      oneEventType: 'must name at least one event type',
      eventTypeOnce: 'must name each event type once',
      changeSomething: 'must change something: description, eventTypes or enabled',
      unicode: 'must be valid Unicode text',
      singleName: 'must be a single name, without / or \\',
      notDots: "must not be '.' or '..'",
      atMostBytes: 'must be at most {{n}} bytes long',
      notAName: 'is not a valid name',
    },
  },
  /** The framework's refusals of a request's form (plugins/error-handler.ts, web.ts). */
  request: {
    invalidJson: 'The request body is not valid JSON.',
    tooLarge: 'The request body is too large: this call takes at most {{size}}.',
    sizeKiB: '{{n}} KiB',
    sizeBytes: '{{n}} bytes',
    mediaType: 'Send the request body as application/json.',
    notAllowedBody: 'The request body is not allowed.',
    useMethod: 'Use {{methods}} for {{path}}.',
    methodsOr: '{{first}} or {{last}}',
    nothingAt: 'There is nothing at {{method}} {{path}}.',
    signInRequested:
      'If an account exists for that email, a sign-in link is on its way. Please check your inbox.',
  },
};

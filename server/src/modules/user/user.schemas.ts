import {
  LANGUAGES,
  LEVELS,
  MAX_APN_DESCRIPTION_LENGTH,
  MAX_APN_LENGTH,
  MAX_COUNTY_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_GUARD_NAME_LENGTH,
} from '@deedwatch/rules';
import * as v from 'valibot';
import { SubscriberCase } from '../cases/cases.schemas.ts';
import { TrustedContact } from '../trusted-contacts/trusted-contacts.schemas.ts';

const County = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'County is required'),
  v.maxLength(MAX_COUNTY_NAME_LENGTH, `County is at most ${MAX_COUNTY_NAME_LENGTH} characters`),
  v.description('A county name as GET /api/config gives it (any letter case)'),
);
const Uuid = (what: string) => v.pipe(v.string(), v.uuid(`must be ${what} id (a UUID)`));

export const GuardApn = v.strictObject({
  county: County,
  apn: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'APN is required'),
    v.maxLength(MAX_APN_LENGTH, `APN is at most ${MAX_APN_LENGTH} characters`),
    v.description('Formatted or bare: only letters and digits are compared'),
  ),
  description: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(
        MAX_APN_DESCRIPTION_LENGTH,
        `description is at most ${MAX_APN_DESCRIPTION_LENGTH} characters`,
      ),
      v.description('The address, when known'),
    ),
    '',
  ),
});

export const GuardName = v.strictObject({
  county: County,
  name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'name is required'),
    v.maxLength(MAX_GUARD_NAME_LENGTH, `name is at most ${MAX_GUARD_NAME_LENGTH} characters`),
    v.description('A person (LAST FIRST MIDDLE), a business or a trust'),
  ),
});

export type GuardApnInput = v.InferOutput<typeof GuardApn>;
export type GuardNameInput = v.InferOutput<typeof GuardName>;

// Lists are bounded well above the per-account limit, which the service enforces after
// ignoring repeats, with a message that names it.
const MAX_ITEMS = 100;
const guardList = <T extends v.GenericSchema>(item: T) =>
  v.pipe(v.array(item), v.maxLength(MAX_ITEMS, `at most ${MAX_ITEMS} items per request`));

/** The languages the product speaks: the site, and everything sent to a subscriber. */
export const Language = v.pipe(
  v.picklist(LANGUAGES, `must be one of ${LANGUAGES.join(', ')}`),
  v.description("The subscriber's language: 'en' (English) or 'es' (Spanish)"),
);

const EXAMPLE_APN = { county: 'Sacramento', apn: '012-0345-006-0000', description: '1200 J ST' };
const EXAMPLE_NAME = { county: 'Sacramento', name: 'DOE JANE' };
const EXAMPLE_ID = '3f2a1c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

export const RegisterBody = v.pipe(
  v.strictObject({
    // Checked by the service, so a bad address gets exactly the message the web app shows.
    email: v.pipe(v.string(), v.maxLength(MAX_EMAIL_LENGTH, 'Invalid email')),
    apns: v.optional(guardList(GuardApn), []),
    names: v.optional(guardList(GuardName), []),
    language: v.optional(
      v.pipe(
        Language,
        v.description(
          "The subscriber's language, 'en' or 'es'; when left out, the request's: its Accept-Language's first language DeedWatch speaks, else en",
        ),
      ),
    ),
  }),
  v.examples([
    { email: 'jane.doe@example.com', apns: [EXAMPLE_APN], names: [EXAMPLE_NAME], language: 'en' },
  ]),
);

export const SetLanguageBody = v.pipe(
  v.strictObject({ language: Language }),
  v.examples([{ language: 'es' }]),
);

export const Registered = v.object({ id: v.pipe(v.string(), v.uuid()), email: v.string() });

export const AddApnsBody = v.pipe(
  v.strictObject({ guardApnSubscriptions: guardList(GuardApn) }),
  v.examples([{ guardApnSubscriptions: [EXAMPLE_APN] }]),
);
export const AddNamesBody = v.pipe(
  v.strictObject({ guardNameSubscriptions: guardList(GuardName) }),
  v.examples([
    { guardNameSubscriptions: [EXAMPLE_NAME, { county: 'Sacramento', name: 'DOE FAMILY TRUST' }] },
  ]),
);

/** One of `values`, in any letter case; the output is the value as written here. */
const caseInsensitive = <const T extends string>(values: readonly [T, ...T[]], message: string) =>
  v.pipe(
    v.string(),
    v.description(`One of ${values.map((x) => `'${x}'`).join(', ')}, in any letter case`),
    v.transform((s) => values.find((value) => value.toLowerCase() === s.trim().toLowerCase()) ?? s),
    v.picklist(values, message),
  );

export const RemoveSubscriptionBody = v.pipe(
  v.strictObject({
    guardRecordSubscriptionType: caseInsensitive(['Apn', 'Name'], "must be 'Apn' or 'Name'"),
    guardSubscriptionId: Uuid('a guarded item'),
  }),
  v.examples([{ guardRecordSubscriptionType: 'Name', guardSubscriptionId: EXAMPLE_ID }]),
);

export const AddNotificationMethodBody = v.pipe(
  v.strictObject({
    email: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(MAX_EMAIL_LENGTH, `is at most ${MAX_EMAIL_LENGTH} characters`),
      v.description('The email address; for an SMS method, the phone number'),
    ),
    notificationMethodType: caseInsensitive(['Email', 'SMS'], "must be 'Email' or 'SMS'"),
  }),
  v.examples([
    { email: 'title-desk@example.com', notificationMethodType: 'Email' },
    { email: '(916) 555-0142', notificationMethodType: 'SMS' },
  ]),
);

export const RemoveNotificationMethodBody = v.pipe(
  v.strictObject({
    notificationMethodId: Uuid('a notification method'),
    notificationMethodType: v.optional(
      caseInsensitive(['Email', 'SMS'], "must be 'Email' or 'SMS'"),
    ),
  }),
  v.examples([
    {
      notificationMethodId: '3f2a1c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
      notificationMethodType: 'Email',
    },
  ]),
);

export const ResendVerificationBody = v.pipe(
  v.strictObject({
    notificationMethodId: Uuid('a notification method'),
  }),
  v.examples([{ notificationMethodId: '3f2a1c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b' }]),
);

export const SetTextLevelsBody = v.pipe(
  v.strictObject({
    notificationMethodId: Uuid('a notification method'),
    checkLevel: v.pipe(
      v.boolean('must be true or false'),
      v.description('true: Check alerts are texted too; false: only Act now alerts'),
    ),
  }),
  v.examples([{ notificationMethodId: '3f2a1c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b', checkLevel: true }]),
);

export const ArchiveEventBody = v.pipe(
  v.strictObject({ eventId: Uuid('an alert') }),
  v.examples([{ eventId: EXAMPLE_ID }]),
);

/** What a subscriber wants done with the possible matches of one guarded name. */
export const POSSIBLE_MATCHES = ['digest', 'immediately', 'hide'] as const;
export const PossibleMatches = v.pipe(
  v.picklist(
    POSSIBLE_MATCHES,
    "must be 'digest' (one email each morning), 'immediately' (an alert at once) or 'hide' (not shown)",
  ),
  v.description(
    "What to do with this name's possible matches: 'digest' lists them in one email each morning (the default), 'immediately' alerts at once as for a sure match, 'hide' keeps them off the dashboard and out of email",
  ),
);

// The session user: what the dashboard shows, returned by sign-in and by every change to it.
const Id = v.pipe(v.string(), v.uuid());
const Timestamp = v.pipe(v.string(), v.isoTimestamp());

export const Event = v.object({
  id: Id,
  isArchived: v.boolean(),
  createdAt: Timestamp,
  documentDate: Timestamp,
  documentNumber: v.string(),
  documentType: v.string(),
  countyCodeContainerName: v.string(),
  parsedDocumentName: v.string(),
  county: v.pipe(v.string(), v.description("The document's county")),
  matchKind: v.pipe(
    v.picklist(['apn', 'address', 'name']),
    v.description('What of the guarded item the document hit'),
  ),
  matchedValue: v.pipe(v.string(), v.description("The document's value that matched")),
  partyRole: v.pipe(
    v.nullable(v.picklist(['grantor', 'grantee'])),
    v.description('For a name: whether the document names it as a grantor or a grantee'),
  ),
  isExact: v.pipe(v.boolean(), v.description('Exactly the guarded item, not a variant of it')),
  tier: v.pipe(
    v.picklist(['exact', 'strong', 'possible']),
    v.description(
      'How sure the match is: exact (the guarded item itself), strong (a close variant of it), possible (a variant of a common name, one part of a two-part surname, or an initial: it may well be somebody else)',
    ),
  ),
  namesakes: v.pipe(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
    v.description(
      "For a name: the county's documents under the surname and first name of the commoner of the two names, whom the match cannot tell apart (for the commonest names, a lower bound: counting stops once the figure decides nothing more); null for a property",
    ),
  ),
  onRecord: v.pipe(
    v.boolean(),
    v.description(
      'Found when the item began to be guarded: recorded before that, so never alerted one by one (the dashboard lists these under Already on record)',
    ),
  ),
  confidence: v.pipe(
    v.number(),
    v.description('0 to 1: lower for variants and for names common in the county'),
  ),
  reason: v.pipe(v.string(), v.description('Why it matched, for a person')),
  level: v.pipe(
    v.picklist(LEVELS),
    v.description(
      "How urgently to act, from the document type and the guarded party's role (the county's level table): act_now (a conveyance or loan the guarded owner gives or on the guarded property, a notice of default or sale, lis pendens, lien or judgment), check (other documents naming the guarded party), records (reconveyances, releases, satisfactions)",
    ),
  ),
  whatItDoes: v.pipe(
    v.string(),
    v.description(
      'What the document does, in a sentence: "A deed transferring 123 MAIN ST from you was recorded in Sacramento County on 11/24/2026."',
    ),
  ),
  recognisedAt: v.pipe(
    v.nullable(Timestamp),
    v.description('When the subscriber said "I recognise this"; null until then'),
  ),
  case: v.pipe(
    v.nullable(SubscriberCase),
    v.description('The case opened when the subscriber said "This wasn\'t me" about its document'),
  ),
  fraudContact: v.pipe(
    v.nullable(
      v.object({ name: v.string(), phone: v.string(), email: v.string(), url: v.string() }),
    ),
    v.description(
      "Whom the document's county wants a suspected fraud reported to; null when it set none",
    ),
  ),
  deliveryStatus: v.pipe(
    v.picklist(['none', 'queued', 'sending', 'sent', 'failed', 'ambiguous']),
    v.description(
      "The alert email's state: none when the user had no verified email; the best of its deliveries when several",
    ),
  ),
  deliveryError: v.pipe(
    v.nullable(v.string()),
    v.description(
      "Why the last failed delivery failed, when one did; DeedWatch's own reasons in the account's language, a provider's as it sent them",
    ),
  ),
  deliveries: v.pipe(
    v.array(
      v.object({
        notificationMethodId: v.nullable(Id),
        notificationMethodType: v.picklist(['Email', 'SMS']),
        status: v.pipe(
          v.picklist(['queued', 'sending', 'sent', 'delivered', 'failed', 'ambiguous', 'skipped']),
          v.description(
            'delivered: the carrier says the text reached the phone; skipped: not sent by design (a daily text limit), the reason in error',
          ),
        ),
        error: v.pipe(
          v.nullable(v.string()),
          v.description(
            "Why it failed or was skipped: DeedWatch's own reasons in the account's language, a provider's as it sent them",
          ),
        ),
      }),
    ),
    v.description("The alert's delivery to each notification method, email and text"),
  ),
});

export const ApnSubscription = v.object({
  id: Id,
  county: v.string(),
  apn: v.string(),
  description: v.string(),
  events: v.array(Event),
});

export const NameSubscription = v.object({
  id: Id,
  county: v.string(),
  name: v.string(),
  possibleMatches: PossibleMatches,
  events: v.pipe(
    v.array(Event),
    v.description(
      "Its events, newest first; possible ones left out when possibleMatches is 'hide'",
    ),
  ),
});

const RemovedAt = v.pipe(
  Timestamp,
  v.description(
    'When the subscriber stopped guarding it: documents recorded since are not matched',
  ),
);

export const RemovedApnSubscription = v.pipe(
  v.object({
    id: v.pipe(Id, v.description('The id it had while guarded')),
    county: v.string(),
    apn: v.string(),
    description: v.string(),
    removedAt: RemovedAt,
    events: v.array(Event),
  }),
  v.description(
    'A property no longer guarded, with the events it had: removing a guard keeps them. Guarding it again moves them back under the new guard',
  ),
);

export const RemovedNameSubscription = v.pipe(
  v.object({
    id: v.pipe(Id, v.description('The id it had while guarded')),
    county: v.string(),
    name: v.string(),
    possibleMatches: v.pipe(
      PossibleMatches,
      v.description('What the subscriber chose for its possible matches when they removed it'),
    ),
    removedAt: RemovedAt,
    events: v.pipe(
      v.array(Event),
      v.description(
        "Its events, newest first; possible ones left out when possibleMatches is 'hide'",
      ),
    ),
  }),
  v.description(
    'A name no longer guarded, with the events it had: removing a guard keeps them. Guarding it again moves them back under the new guard',
  ),
);

export const NotificationMethod = v.object({
  id: Id,
  email: v.pipe(
    v.string(),
    v.description('The address, or the phone number of an SMS method (E.164, +15551234567)'),
  ),
  verified: v.boolean(),
  verifiedAt: v.nullable(Timestamp),
  notificationMethodType: v.picklist(['Email', 'SMS']),
  optedOut: v.pipe(
    v.boolean(),
    v.description(
      'An SMS method whose phone replied STOP: no text goes to it until it replies START',
    ),
  ),
  undeliverable: v.pipe(
    v.nullable(v.string()),
    v.description(
      "Why nothing can be delivered to it (the mail bounced, the carrier cannot text the number), in the account's language where DeedWatch wrote it; null while deliverable",
    ),
  ),
  textsCheckLevel: v.pipe(
    v.boolean(),
    v.description('An SMS method: Check alerts are texted too, not only Act now ones'),
  ),
});

export const SessionUser = v.object({
  id: Id,
  role: v.picklist(['subscriber', 'customersupport', 'admin']),
  email: v.string(),
  language: Language,
  apnSubscriptions: v.array(ApnSubscription),
  nameSubscriptions: v.array(NameSubscription),
  removedApnSubscriptions: v.array(RemovedApnSubscription),
  removedNameSubscriptions: v.array(RemovedNameSubscription),
  emailNotificationMethods: v.array(NotificationMethod),
  trustedContacts: v.pipe(
    v.array(TrustedContact),
    v.description('Up to 2 people who get a copy of Act now alerts once they accept'),
  ),
  isImpersonated: v.boolean(),
});
export type SessionUser = v.InferOutput<typeof SessionUser>;
export type Event = v.InferOutput<typeof Event>;

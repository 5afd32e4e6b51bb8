import {
  MAX_APN_DESCRIPTION_LENGTH,
  MAX_APN_LENGTH,
  MAX_COUNTY_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_GUARD_NAME_LENGTH,
} from '@deedwatch/rules';
import * as v from 'valibot';

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

export const RegisterBody = v.strictObject({
  // Checked by the service, so a bad address gets exactly the message the web app shows.
  email: v.pipe(v.string(), v.maxLength(MAX_EMAIL_LENGTH, 'Invalid email')),
  apns: v.optional(guardList(GuardApn), []),
  names: v.optional(guardList(GuardName), []),
});

export const Registered = v.object({ id: v.pipe(v.string(), v.uuid()), email: v.string() });

export const AddApnsBody = v.strictObject({ guardApnSubscriptions: guardList(GuardApn) });
export const AddNamesBody = v.strictObject({ guardNameSubscriptions: guardList(GuardName) });

/** One of `values`, in any letter case; the output is the value as written here. */
const caseInsensitive = <const T extends string>(values: readonly [T, ...T[]], message: string) =>
  v.pipe(
    v.string(),
    v.description(`One of ${values.map((x) => `'${x}'`).join(', ')}, in any letter case`),
    v.transform((s) => values.find((value) => value.toLowerCase() === s.trim().toLowerCase()) ?? s),
    v.picklist(values, message),
  );

export const RemoveSubscriptionBody = v.strictObject({
  guardRecordSubscriptionType: caseInsensitive(['Apn', 'Name'], "must be 'Apn' or 'Name'"),
  guardSubscriptionId: Uuid('a guarded item'),
});

export const AddNotificationMethodBody = v.strictObject({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(MAX_EMAIL_LENGTH, `is at most ${MAX_EMAIL_LENGTH} characters`),
    v.description('The email address; for an SMS method, the phone number'),
  ),
  notificationMethodType: caseInsensitive(['Email', 'SMS'], "must be 'Email' or 'SMS'"),
});

export const RemoveNotificationMethodBody = v.strictObject({
  notificationMethodId: Uuid('a notification method'),
  notificationMethodType: v.optional(caseInsensitive(['Email', 'SMS'], "must be 'Email' or 'SMS'")),
});

export const ResendVerificationBody = v.strictObject({
  notificationMethodId: Uuid('a notification method'),
});

export const ArchiveEventBody = v.strictObject({ eventId: Uuid('an alert') });

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
  confidence: v.pipe(
    v.number(),
    v.description('0 to 1: lower for variants and for names common in the county'),
  ),
  reason: v.pipe(v.string(), v.description('Why it matched, for a person')),
  deliveryStatus: v.pipe(
    v.picklist(['none', 'queued', 'sending', 'sent', 'failed', 'ambiguous']),
    v.description(
      "The alert email's state: none when the user had no verified email; the best of its deliveries when several",
    ),
  ),
  deliveryError: v.pipe(
    v.nullable(v.string()),
    v.description('Why the last failed delivery failed, when one did'),
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
  events: v.array(Event),
});

export const NotificationMethod = v.object({
  id: Id,
  email: v.pipe(v.string(), v.description('The address, or the phone number of an SMS method')),
  verified: v.boolean(),
  verifiedAt: v.nullable(Timestamp),
  notificationMethodType: v.picklist(['Email', 'SMS']),
});

export const SessionUser = v.object({
  id: Id,
  role: v.picklist(['subscriber', 'customersupport', 'admin']),
  email: v.string(),
  apnSubscriptions: v.array(ApnSubscription),
  nameSubscriptions: v.array(NameSubscription),
  emailNotificationMethods: v.array(NotificationMethod),
  isImpersonated: v.boolean(),
});
export type SessionUser = v.InferOutput<typeof SessionUser>;
export type Event = v.InferOutput<typeof Event>;

import { emailActions } from '@deedwatch/rules';
import * as v from 'valibot';

const Uuid = v.pipe(v.string(), v.uuid('must be a user id (a UUID)'));
const Timestamp = v.pipe(v.string(), v.isoTimestamp());

/** Non-space characters, an @, then non-space characters. */
export const Email = v.pipe(
  v.string(),
  v.trim(),
  ...emailActions('Invalid email'),
  v.toLowerCase(),
);

export const Event = v.object({
  id: Uuid,
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
  id: Uuid,
  county: v.string(),
  apn: v.string(),
  description: v.string(),
  events: v.array(Event),
});

export const NameSubscription = v.object({
  id: Uuid,
  county: v.string(),
  name: v.string(),
  events: v.array(Event),
});

export const NotificationMethod = v.object({
  id: Uuid,
  email: v.pipe(v.string(), v.description('The address, or the phone number of an SMS method')),
  verified: v.boolean(),
  verifiedAt: v.nullable(Timestamp),
  notificationMethodType: v.picklist(['Email', 'SMS']),
});

export const SessionUser = v.object({
  id: Uuid,
  role: v.picklist(['subscriber', 'customersupport', 'admin']),
  email: v.string(),
  apnSubscriptions: v.array(ApnSubscription),
  nameSubscriptions: v.array(NameSubscription),
  emailNotificationMethods: v.array(NotificationMethod),
  isImpersonated: v.boolean(),
});
export type SessionUser = v.InferOutput<typeof SessionUser>;
export type Event = v.InferOutput<typeof Event>;

export const LogoutResult = v.object({
  id: v.optional(
    v.pipe(Uuid, v.description('Present when an impersonation ended: the restored staff account')),
  ),
});

export const StaffLoginBody = v.strictObject({
  email: Email,
  password: v.pipe(v.string(), v.minLength(1, 'Password is required'), v.maxLength(1024)),
});

export const LoginQuery = v.strictObject({ email: Email });
export const LoginRequested = v.object({ message: v.string() });

// Any string up to a sane length: a malformed code is answered like a forged one (401), not 400.
export const CodeQuery = v.strictObject({ code: v.pipe(v.string(), v.maxLength(4096)) });

export const ImpersonateBody = v.strictObject({ userId: Uuid });

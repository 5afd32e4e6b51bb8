import * as v from 'valibot';

const Uuid = v.pipe(v.string(), v.uuid());
const Timestamp = v.pipe(v.string(), v.isoTimestamp());

export const Event = v.object({
  id: Uuid,
  isArchived: v.boolean(),
  createdAt: Timestamp,
  documentDate: Timestamp,
  documentNumber: v.string(),
  documentType: v.string(),
  countyCodeContainerName: v.string(),
  parsedDocumentName: v.string(),
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

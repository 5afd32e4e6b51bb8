import { CASE_STATUSES, LEVELS } from '@deedwatch/rules';
import * as v from 'valibot';
import type { MatchTier } from '../../db/types.ts';

/**
 * The bodies of the webhook messages, written once: event-webhooks.ts builds each body as the
 * type these schemas give (so the compiler holds the code to them), and the API document shows
 * them under `webhooks` (plugins/swagger.ts), where a receiver reads what it will be sent.
 */

const TIERS = ['exact', 'strong', 'possible'] as const satisfies readonly MatchTier[];

const Id = (description: string) => v.pipe(v.string(), v.uuid(), v.description(description));
const Timestamp = (description: string) =>
  v.pipe(v.string(), v.isoTimestamp(), v.description(description));
const Level = (description: string) => v.pipe(v.picklist(LEVELS), v.description(description));
const CaseStatus = (description: string) =>
  v.pipe(v.picklist(CASE_STATUSES), v.description(description));

const DocumentFields = {
  county: v.pipe(v.string(), v.description('The county whose recorder recorded it')),
  documentNumber: v.pipe(v.string(), v.description("The recorder's document number")),
  documentType: v.pipe(v.string(), v.description('Its type as the recorder indexes it')),
  recordedAt: Timestamp('When it was recorded'),
};

/** What a webhook tells of an event: the event, the guarded item it hit and the document. */
export const WebhookEvent = v.object({
  eventId: Id("The event: the alert on the dashboard, and `id` among the account's events"),
  createdAt: Timestamp('When the matcher found it'),
  tier: v.pipe(
    v.picklist(TIERS),
    v.description('How sure the match is: exact, strong or possible (docs/matching.md)'),
  ),
  level: Level('How urgently it asks you to act, as it is now'),
  matchKind: v.pipe(
    v.picklist(['apn', 'address', 'name']),
    v.description('What matched: a parcel number, an address or a name'),
  ),
  matchedValue: v.pipe(
    v.string(),
    v.description(
      "The document's value that matched, as the document gives it: its APN in the county's format, its address, or the party's name (upper-case, spaces collapsed), which may differ from the guarded value when the match is not exact",
    ),
  ),
  partyRole: v.pipe(
    v.nullable(v.picklist(['grantor', 'grantee'])),
    v.description(
      'For a name, whether the party is a grantor or a grantee; null for an APN or address',
    ),
  ),
  isExact: v.pipe(v.boolean(), v.description('Whether the keys were equal')),
  confidence: v.pipe(
    v.number(),
    v.minValue(0),
    v.maxValue(1),
    v.description(
      "How likely the document is about what you guard, from 0 to 1 (three decimals): 1 for an APN, 0.9 for an equal address, less for a similar one; for a name, the rule's base confidence (1 for equal names) lowered by its namesakes, so an exact name with namesakes is below 1",
    ),
  ),
  namesakes: v.pipe(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
    v.description(
      "For a name, how many documents the county's index holds under it (for a match other than exact, under its surname and first name): how common it is; null for an APN or address",
    ),
  ),
  guarded: v.pipe(
    v.object({
      kind: v.pipe(
        v.picklist(['property', 'name']),
        v.description('property: a guarded parcel (by APN or address); name: a guarded name'),
      ),
      id: Id("The guarded item: its id among the account's apnSubscriptions or nameSubscriptions"),
      value: v.pipe(v.string(), v.description('The APN or the name as you guard it')),
    }),
    v.description('The guarded item it hit'),
  ),
  document: v.pipe(
    v.object({
      ...DocumentFields,
      containerName: v.pipe(
        v.string(),
        v.description('containerName of GET /api/document/download (a read token may call it)'),
      ),
      fileName: v.pipe(v.string(), v.description('fileName of GET /api/document/download')),
    }),
    v.description('The recorded document'),
  ),
});

export const EventCreatedMessage = v.object({
  type: v.pipe(v.literal('event.created'), v.description('What the message tells of')),
  timestamp: Timestamp('When the event was created'),
  data: WebhookEvent,
});

export const EventLevelChangedMessage = v.object({
  type: v.pipe(v.literal('event.level_changed'), v.description('What the message tells of')),
  timestamp: Timestamp('When the level changed'),
  data: v.object({
    ...WebhookEvent.entries,
    previousLevel: Level('Its level before'),
  }),
});

export const CaseStatusChangedMessage = v.object({
  type: v.pipe(v.literal('case.status_changed'), v.description('What the message tells of')),
  timestamp: Timestamp('When the status changed'),
  data: v.object({
    caseId: Id('The fraud report'),
    caseNumber: v.pipe(
      v.string(),
      v.description('Its number, as staff and the dashboard show it: a string, as in the API'),
    ),
    status: CaseStatus('Its status now'),
    previousStatus: CaseStatus('Its status before'),
    eventId: v.pipe(
      v.nullable(v.pipe(v.string(), v.uuid())),
      v.description('The event it reports; null if that event was since deleted'),
    ),
    document: v.pipe(v.object(DocumentFields), v.description('The recorded document')),
  }),
});

export type WebhookEventData = v.InferOutput<typeof WebhookEvent>;
export type EventCreatedBody = v.InferOutput<typeof EventCreatedMessage>;
export type EventLevelChangedBody = v.InferOutput<typeof EventLevelChangedMessage>;
export type CaseStatusChangedBody = v.InferOutput<typeof CaseStatusChangedMessage>;

/** An event.created webhook's data, as an example (also of GET /api/user/events). */
export const EXAMPLE_EVENT: WebhookEventData = {
  eventId: '3f2a1c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  createdAt: '2026-11-26T08:14:02.118Z',
  tier: 'exact',
  level: 'act_now',
  matchKind: 'name',
  matchedValue: 'SMITH JOHN A',
  partyRole: 'grantor',
  isExact: true,
  confidence: 0.953,
  namesakes: 3,
  guarded: { kind: 'name', id: '7d1e5a0c-2b4f-4c8e-9a61-3e5f0b7c2d19', value: 'SMITH JOHN A' },
  document: {
    county: 'Sacramento',
    documentNumber: '2026-0123456',
    documentType: 'GRANT DEED',
    recordedAt: '2026-11-26T08:13:40.000Z',
    containerName: 'SAC',
    fileName: '2026-0123456.pdf',
  },
};

/** Each message: its type, what it says, its body's schema and an example body. */
export const WEBHOOK_MESSAGES = [
  {
    type: 'event.created',
    summary: 'A new event',
    description:
      "Sent when the matcher finds a newly recorded document that hits one of your guarded items, for the events you are shown (not those a history check finds already on record, nor possible matches of a name set to hide them). The webhook-id is `msg_` and the event's id.",
    schema: EventCreatedMessage,
    example: {
      type: 'event.created',
      timestamp: '2026-11-26T08:14:02.118Z',
      data: EXAMPLE_EVENT,
    } satisfies EventCreatedBody,
  },
  {
    type: 'event.level_changed',
    summary: 'An event changed level',
    description:
      "Sent when one of your events changes level because staff changed the county's level for its document type: the event as it is now, and its level before. Each change is a message of its own id.",
    schema: EventLevelChangedMessage,
    example: {
      type: 'event.level_changed',
      timestamp: '2026-11-29T11:02:40.511Z',
      data: { ...EXAMPLE_EVENT, level: 'check', previousLevel: 'act_now' },
    } satisfies EventLevelChangedBody,
  },
  {
    type: 'case.status_changed',
    summary: 'A fraud report moved forward',
    description:
      'Sent when a fraud report of yours ("This wasn\'t me") moves forward: to contacted, or to closed. A case reaches each status once; the webhook-id is `msg_case_`, the case\'s id and its new status.',
    schema: CaseStatusChangedMessage,
    example: {
      type: 'case.status_changed',
      timestamp: '2026-11-29T11:05:12.004Z',
      data: {
        caseId: '9b0e4f2a-6c1d-4e3b-8a7f-5d2c1b0a9e8f',
        caseNumber: '1042',
        status: 'contacted',
        previousStatus: 'open',
        eventId: '3f2a1c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
        document: {
          county: 'Sacramento',
          documentNumber: '2026-0123456',
          documentType: 'GRANT DEED',
          recordedAt: '2026-11-26T08:13:40.000Z',
        },
      },
    } satisfies CaseStatusChangedBody,
  },
] as const;

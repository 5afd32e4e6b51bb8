import * as v from 'valibot';
import { label } from '../tokens/tokens.schemas.ts';

export const MAX_ENDPOINTS = 5;
export const MAX_URL_LENGTH = 2048;
export const MAX_DESCRIPTION_LENGTH = 200;
/** Deliveries listed per endpoint. */
export const LISTED_DELIVERIES = 50;

/** What a webhook can be sent for. */
export const EVENT_TYPES = ['event.created', 'event.level_changed', 'case.status_changed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const EventTypes = v.pipe(
  v.array(
    v.picklist(EVENT_TYPES, 'must be event.created, event.level_changed or case.status_changed'),
  ),
  v.minLength(1, 'must name at least one event type'),
  v.maxLength(EVENT_TYPES.length, 'must name each event type once'),
  v.check((types) => new Set(types).size === types.length, 'must name each event type once'),
  v.description(
    "event.created: a recorded document matched one of your guarded items. event.level_changed: an event's level (act now, check, records) changed, as when the county's level settings are edited. case.status_changed: a fraud report of yours moved forward (contacted, closed).",
  ),
);

const Url = v.pipe(
  v.string(),
  v.maxLength(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`),
  v.regex(/^https:\/\/\S+$/i, 'must be an https:// URL with no spaces'),
  v.description(
    'An https URL on a public address. Private, loopback, link-local and other non-public addresses are refused, now and before every delivery.',
  ),
);

const Description = label(MAX_DESCRIPTION_LENGTH, 'What the endpoint is, for you');

export const CreateEndpointBody = v.pipe(
  v.strictObject({
    url: Url,
    description: v.optional(Description, ''),
    eventTypes: EventTypes,
  }),
  v.examples([
    {
      url: 'https://hooks.example.com/deedwatch',
      description: 'Title system',
      eventTypes: ['event.created'],
    },
  ]),
);
export type CreateEndpointBody = v.InferOutput<typeof CreateEndpointBody>;

export const UpdateEndpointBody = v.pipe(
  v.strictObject({
    description: v.optional(Description),
    eventTypes: v.optional(EventTypes),
    enabled: v.optional(
      v.pipe(
        v.boolean(),
        v.description(
          'true enables a disabled endpoint again (its address is checked again) and sends it, oldest first, the messages held while it was disabled; false disables it',
        ),
      ),
    ),
  }),
  v.check(
    (body) => Object.keys(body).length > 0,
    'must change something: description, eventTypes or enabled',
  ),
  v.examples([{ enabled: true }]),
);
export type UpdateEndpointBody = v.InferOutput<typeof UpdateEndpointBody>;

export const EndpointParams = v.strictObject({
  id: v.pipe(v.string(), v.uuid('must be the id of one of your webhook endpoints (a UUID)')),
});
export const DeliveryParams = v.strictObject({
  id: v.pipe(v.string(), v.uuid('must be the id of one of your webhook deliveries (a UUID)')),
});

const Timestamp = v.pipe(v.string(), v.isoTimestamp());

export const Endpoint = v.object({
  id: v.pipe(v.string(), v.uuid()),
  url: v.string(),
  description: v.string(),
  eventTypes: v.array(v.picklist(EVENT_TYPES)),
  createdAt: Timestamp,
  status: v.pipe(
    v.picklist(['enabled', 'disabled']),
    v.description(
      'A disabled endpoint is sent nothing until enabled again; its messages of the last 30 days are held for it, and sent in order once it is',
    ),
  ),
  disabledAt: v.nullable(Timestamp),
  disabledReason: v.pipe(
    v.nullable(v.string()),
    v.description(
      "Why it was disabled, in the account's language: by you, or after 24 hours of failed deliveries",
    ),
  ),
});
export type Endpoint = v.InferOutput<typeof Endpoint>;

const EXAMPLE_ENDPOINT: Endpoint = {
  id: '0d6f5a3e-8f0c-4c1e-9a52-7b1f0c2d9e44',
  url: 'https://hooks.example.com/deedwatch',
  description: 'Title system',
  eventTypes: ['event.created'],
  createdAt: '2026-11-25T16:05:40.000Z',
  status: 'enabled',
  disabledAt: null,
  disabledReason: null,
};

export const ExampleEndpoint = v.pipe(Endpoint, v.examples([EXAMPLE_ENDPOINT]));

export const EndpointList = v.pipe(
  v.object({
    endpoints: v.pipe(v.array(Endpoint), v.description('Oldest first, at most 5')),
  }),
  v.examples([{ endpoints: [EXAMPLE_ENDPOINT] }]),
);

export const CreatedEndpoint = v.pipe(
  v.object({
    endpoint: Endpoint,
    secret: v.pipe(
      v.string(),
      v.description(
        "The signing secret (whsec_…), shown this once: verify each delivery's webhook-signature with it.",
      ),
    ),
  }),
  v.examples([{ endpoint: EXAMPLE_ENDPOINT, secret: 'whsec_… (shown once)' }]),
);

export const Delivery = v.object({
  id: v.pipe(v.string(), v.uuid()),
  endpointId: v.pipe(v.string(), v.uuid()),
  messageId: v.pipe(
    v.string(),
    v.description('The webhook-id header: the same for every attempt and resend of a message'),
  ),
  eventType: v.picklist(EVENT_TYPES),
  eventId: v.pipe(v.nullable(v.string()), v.description('The event the message is about')),
  status: v.pipe(
    v.picklist(['held', 'pending', 'delivered', 'failed']),
    v.description(
      'held: raised while the endpoint was disabled (or waiting behind such messages), not yet attempted: sent in order once the endpoint is enabled again; pending: not yet answered with a 2xx (retried with backoff for 24 hours); delivered; failed: given up',
    ),
  ),
  attempts: v.pipe(v.number(), v.integer()),
  createdAt: Timestamp,
  lastAttemptAt: v.nullable(Timestamp),
  nextAttemptAt: v.pipe(v.nullable(Timestamp), v.description('When a pending one is tried next')),
  lastStatusCode: v.pipe(
    v.nullable(v.pipe(v.number(), v.integer())),
    v.description("The receiver's HTTP status at the last attempt"),
  ),
  lastError: v.pipe(v.nullable(v.string()), v.description('Why the last attempt failed')),
  deliveredAt: v.nullable(Timestamp),
  resentFrom: v.pipe(
    v.nullable(v.string()),
    v.description('The delivery this one resends, when it is a resend'),
  ),
});
export type Delivery = v.InferOutput<typeof Delivery>;

const EXAMPLE_DELIVERY: Delivery = {
  id: '9a4c2b7e-1d3f-4e5a-8b6c-0f1e2d3c4b5a',
  endpointId: EXAMPLE_ENDPOINT.id,
  messageId: 'msg_3f2a1c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  eventType: 'event.created',
  eventId: '3f2a1c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  status: 'pending',
  attempts: 2,
  createdAt: '2026-11-26T08:14:02.000Z',
  lastAttemptAt: '2026-11-26T08:14:07.000Z',
  nextAttemptAt: '2026-11-26T08:19:07.000Z',
  lastStatusCode: 503,
  lastError: 'HTTP 503: Service Unavailable',
  deliveredAt: null,
  resentFrom: null,
};

export const ExampleDelivery = v.pipe(
  Delivery,
  v.examples([
    {
      ...EXAMPLE_DELIVERY,
      id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      attempts: 0,
      lastAttemptAt: null,
      nextAttemptAt: null,
      lastStatusCode: null,
      lastError: null,
      resentFrom: EXAMPLE_DELIVERY.id,
    },
  ]),
);

export const DeliveryList = v.pipe(
  v.object({
    deliveries: v.pipe(
      v.array(Delivery),
      v.description(`Newest first, at most ${LISTED_DELIVERIES}`),
    ),
  }),
  v.examples([{ deliveries: [EXAMPLE_DELIVERY] }]),
);

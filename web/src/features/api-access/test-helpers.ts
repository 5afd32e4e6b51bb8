import type { Delivery, Endpoint, Token } from './queries';

// What the API answers about tokens and webhooks, as the API Access tests and the Spanish
// dashboard's use it.

/** A personal access token, active and never used. */
export const token = (overrides: Partial<Token> = {}): Token => ({
  id: '5b0e8a52-2f5c-4c39-9d43-0d3f1c6a7e11',
  name: 'Nightly sync',
  hint: 'dw_pat_Q2hh…',
  scopes: ['read'],
  createdAt: '2026-11-25T16:02:11.000Z',
  expiresAt: null,
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
  status: 'active',
  ...overrides,
});

/** A webhook endpoint, enabled. */
export const endpoint = (overrides: Partial<Endpoint> = {}): Endpoint => ({
  id: '0d6f5a3e-8f0c-4c1e-9a52-7b1f0c2d9e44',
  url: 'https://hooks.example.com/deedwatch',
  description: 'Title system',
  eventTypes: ['event.created'],
  createdAt: '2026-11-25T16:05:40.000Z',
  status: 'enabled',
  disabledAt: null,
  disabledReason: null,
  ...overrides,
});

/** A delivery to `endpoint()` that gave up after eight tries. */
export const delivery = (overrides: Partial<Delivery> = {}): Delivery => ({
  id: '9a4c2b7e-1d3f-4e5a-8b6c-0f1e2d3c4b5a',
  endpointId: endpoint().id,
  messageId: 'msg_3f2a',
  eventType: 'event.created',
  eventId: '3f2a1c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  status: 'failed',
  attempts: 8,
  createdAt: '2026-11-26T08:14:02.000Z',
  lastAttemptAt: '2026-11-27T08:14:02.000Z',
  nextAttemptAt: null,
  lastStatusCode: 503,
  lastError: 'HTTP 503: down for maintenance',
  deliveredAt: null,
  resentFrom: null,
  ...overrides,
});

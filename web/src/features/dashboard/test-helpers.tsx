import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SessionUser } from '../../api/types';
import { i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import type { AlertEvent, NameSubscription, NotificationMethod } from './types';

type Handler = Parameters<typeof stubFetch>[0][string];

let eventNumber = 0;

/** An alert about a recorded document, as the session user carries it. */
export function makeEvent(overrides: Partial<AlertEvent> = {}): AlertEvent {
  eventNumber += 1;
  const documentNumber = overrides.documentNumber ?? `2026-000000${eventNumber}`;
  return {
    id: `00000000-0000-4000-8000-${String(eventNumber).padStart(12, '0')}`,
    isArchived: false,
    createdAt: '2026-11-20T12:00:00.000Z',
    documentDate: '2026-11-19T12:00:00.000Z',
    documentNumber,
    documentType: 'GRANT DEED',
    countyCodeContainerName: 'SAC',
    parsedDocumentName: `${documentNumber}.pdf`,
    county: 'Sacramento',
    matchKind: 'name',
    matchedValue: 'SMITH JOHN',
    partyRole: 'grantor',
    isExact: true,
    confidence: 0.9,
    tier: 'exact',
    namesakes: 0,
    onRecord: false,
    reason: 'The document names SMITH JOHN, exactly as guarded.',
    level: 'act_now',
    whatItDoes: `A deed transferring property from you was recorded in Sacramento County on 11/19/2026.`,
    recognisedAt: null,
    case: null,
    fraudContact: null,
    deliveryStatus: 'sent',
    deliveryError: null,
    deliveries: [],
    ...overrides,
  };
}

/** A county's fraud contact with every way to reach it. */
export const FRAUD_CONTACT: NonNullable<AlertEvent['fraudContact']> = {
  name: 'Fraud Unit',
  phone: '(916) 874-6334',
  email: 'fraud@county.example.gov',
  url: 'https://county.example.gov/fraud',
};

type Case = NonNullable<AlertEvent['case']>;

/** The case a report of an event opens, as the event carries it. */
export function makeCase(overrides: Partial<Case> = {}): Case {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    caseNumber: '1001',
    status: 'open',
    createdAt: '2026-11-21T12:00:00.000Z',
    updatedAt: '2026-11-21T12:00:00.000Z',
    packetUrl: '/api/user/cases/11111111-2222-4333-8444-555555555555/packet',
    ...overrides,
  };
}

/** A notification method as the session user carries it: the account's email, verified. */
export function makeMethod(overrides: Partial<NotificationMethod> = {}): NotificationMethod {
  return {
    id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    email: 'owner@example.com',
    notificationMethodType: 'Email',
    verified: true,
    verifiedAt: '2026-11-02T12:00:00.000Z',
    optedOut: false,
    undeliverable: null,
    textsCheckLevel: false,
    ...overrides,
  };
}

/** A guarded name as the session user carries it: possible matches in the digest, no events. */
export function makeNameSubscription(overrides: Partial<NameSubscription> = {}): NameSubscription {
  return {
    id: crypto.randomUUID(),
    county: 'Sacramento',
    name: 'SMITH JOHN',
    possibleMatches: 'digest',
    events: [],
    ...overrides,
  };
}

/**
 * Renders /dashboard for `user`, with the startup revalidation answered by the same user, and
 * waits for it to settle (its heading in the language the site shows). `handlers` answer every other call.
 */
export async function renderDashboard(user: SessionUser, handlers: Record<string, Handler> = {}) {
  const stub = stubFetch({
    'POST /api/auth/me': () => json(user),
    'GET /api/config/notifications': () =>
      json({ methodTypes: ['Email', 'SMS'], textsPerNumberPerDay: 10 }),
    ...handlers,
  });
  const rendered = renderApp({ path: '/dashboard', user });
  await screen.findByRole('heading', { name: i18n.t('dashboard.page.title'), level: 1 });
  await waitFor(() =>
    expect(screen.queryByRole('status', { name: 'Checking your session' })).toBeNull(),
  );
  return { ...rendered, ...stub };
}

// The dashboard's tests import the request helpers from here with the rest.
export { bodyOf, callsTo } from '../../test/fetch-stub';

/** The section named `name` (a region), to look within. */
export const region = (name: string) => within(screen.getByRole('region', { name }));

/** The text of each toast shown, title first. */
export const toasts = () =>
  [...document.querySelectorAll('.mantine-Notification-root')].map((n) => n.textContent);

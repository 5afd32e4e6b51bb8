import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { SessionUser } from '../../api/types';
import { makeUser } from '../../test/factories';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import type { AdminCounty, AdminUserRow, Metrics } from './types';

type Handler = Parameters<typeof stubFetch>[0][string];

export const admin = makeUser({
  id: '7f1d3c2b-8a9e-4f60-b1c2-d3e4f5a6b7c8',
  role: 'admin',
  email: 'admin@example.com',
});
export const support = makeUser({
  id: '8f1d3c2b-8a9e-4f60-b1c2-d3e4f5a6b7c9',
  role: 'customersupport',
  email: 'support@example.com',
});

export function makeMetrics(overrides: Partial<Metrics> = {}): Metrics {
  const daily = Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 24 + i)).toISOString().slice(0, 10),
    registrations: i % 3,
    events: i % 5,
    alertsSent: i % 4,
  }));
  return {
    totalUsers: 1234,
    activeUsersInLast30Days: 321,
    totalRegisteredInLast7Days: 45,
    totalApnSubscriptions: 678,
    totalNameSubscriptions: 910,
    totalEvents: 1112,
    eventsByCounty: { Sacramento: 1000, Placer: 112 },
    eventsByTier: { exact: 1000, strong: 80, possible: 32 },
    eventsByCountyAndTier: {
      Sacramento: { exact: 900, strong: 70, possible: 30 },
      Placer: { exact: 100, strong: 10, possible: 2 },
    },
    eventsByLevel: { act_now: 400, check: 700, records: 12 },
    eventsByCountyAndLevel: {
      Sacramento: { act_now: 350, check: 640, records: 10 },
      Placer: { act_now: 50, check: 60, records: 2 },
    },
    openCases: 3,
    openCasesByCounty: { Sacramento: 2, Placer: 1 },
    subscriptionsApnByCounty: { Sacramento: 600, Placer: 78 },
    subscriptionsNameByCounty: { Sacramento: 900, Placer: 10 },
    usersByCounty: { Sacramento: 1200, Placer: 34 },
    daily,
    ...overrides,
  };
}

let userNumber = 0;
export function makeUserRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  userNumber += 1;
  return {
    userId: `00000000-0000-4000-9000-${String(userNumber).padStart(12, '0')}`,
    userEmail: `user${userNumber}@example.com`,
    role: 'subscriber',
    createdAt: '2026-11-02T12:00:00.000Z',
    lastLogin: '2026-11-20T12:00:00.000Z',
    verified: true,
    guardedSubscriptions: 3,
    emailNotificationMethods: 1,
    ...overrides,
  };
}

export function makeCounty(overrides: Partial<AdminCounty> = {}): AdminCounty {
  return {
    id: 1,
    name: 'Sacramento',
    code: 'SAC',
    uiMask: '000-0000-000-0000',
    dataMask: '00000000000000',
    format: '012-0345-006-0000',
    linkUrl: 'https://ccr.saccounty.gov',
    alertSendGridEmailTemplateId: 'deed-alert',
    createCountyMailer: false,
    mailerDocumentTypes: [],
    mailerTemplatePath: '',
    useOnePageMailer: false,
    mailerOutputPath: '',
    useWatermark: false,
    isEnabled: true,
    addSampleToMailer: false,
    inboxPath: '',
    fraudContactName: '',
    fraudContactPhone: '',
    fraudContactEmail: '',
    fraudContactUrl: '',
    levelOverrides: [],
    ...overrides,
  };
}

/**
 * Renders /admin (or `path`) for a staff member, the startup revalidation answered with the same
 * user, and waits for it to settle. The stats calls answer with `makeMetrics` unless told.
 */
export async function renderAdmin(
  handlers: Record<string, Handler> = {},
  { user = admin, path = '/admin' }: { user?: SessionUser; path?: string } = {},
) {
  const stub = stubFetch({
    'POST /api/auth/me': () => json(user),
    'GET /api/admin/metrics': () => json(makeMetrics()),
    'GET /api/admin/jobs/summary': () => json({ queues: [] }),
    ...handlers,
  });
  const rendered = renderApp({ path, user });
  await screen.findByRole('heading', { name: 'Admin', level: 1 });
  await waitFor(() =>
    expect(screen.queryByRole('status', { name: 'Checking your session' })).toBeNull(),
  );
  return { ...rendered, ...stub };
}

/** The query of the latest request to `route`. */
export function lastQuery(requests: Request[], route: string): Record<string, string> {
  const matching = requests.filter((r) => `${r.method} ${new URL(r.url).pathname}` === route);
  const last = matching.at(-1);
  if (!last) throw new Error(`no request to ${route}`);
  return Object.fromEntries(new URL(last.url).searchParams);
}

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { SessionUser } from '../../api/types';
import { makeUser } from '../../test/factories';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { eventCardId } from './match-card';
import { PAGE_SIZE } from './paged-list';
import {
  callsTo,
  makeCase,
  makeEvent,
  makeNameSubscription,
  region,
  renderDashboard,
} from './test-helpers';
import type { AlertEvent } from './types';

// What stays in reach on the dashboard: the alerts of an item no longer guarded, every case the
// subscriber opened (archived alert or not), and, with hundreds of alerts, the sections below
// them and the alert a link names.

const cardTitles = (name: string) =>
  region(name)
    .queryAllByRole('article')
    .map((a) => within(a).getByRole('heading').textContent);

/** `n` alerts, newest first: document 2026-0001000 is the newest. */
function manyAlerts(n: number): AlertEvent[] {
  return Array.from({ length: n }, (_, i) =>
    makeEvent({
      documentNumber: `2026-${String(1000 + i).padStart(7, '0')}`,
      createdAt: new Date(Date.UTC(2026, 10, 21) - i * 60_000).toISOString(),
    }),
  );
}

describe('the dashboard of a subscriber who removed a guard', () => {
  it('keeps listing its alerts, saying since when the item is no longer guarded', async () => {
    const event = makeEvent({ documentNumber: '2026-0000500' });
    const user = makeUser({
      removedNameSubscriptions: [
        {
          id: crypto.randomUUID(),
          county: 'Sacramento',
          name: 'VANTERPOOL ROBERT',
          possibleMatches: 'digest',
          removedAt: '2026-11-25T18:00:00.000Z',
          events: [event],
        },
      ],
    });
    await renderDashboard(user);
    expect(cardTitles('Alerts')).toEqual(['Document 2026-0000500']);
    const card = within(region('Alerts').getByRole('article'));
    expect(card.getByText('Guarded name until 11/25/2026: VANTERPOOL ROBERT')).toBeDefined();
    expect(card.getByText(event.reason)).toBeDefined();
    // It is no longer among the items being guarded.
    expect(region('Items Being Guarded').queryByText(/VANTERPOOL/)).toBeNull();
  });
});

describe('your reports', () => {
  it('lists a case whose alert was archived, with its status and packet', async () => {
    const opened = makeCase({ caseNumber: '1001', status: 'contacted' });
    const archived = makeEvent({ documentNumber: '2026-0000700', isArchived: true, case: opened });
    const user = makeUser({
      nameSubscriptions: [makeNameSubscription({ name: 'SMITH JOHN', events: [archived] })],
    });
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:packet');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const { events, requests } = await renderDashboard(user, {
      [`GET ${opened.packetUrl}`]: () =>
        new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf' } }),
    });

    expect(cardTitles('Alerts')).toEqual([]);
    const reports = region('Your Reports');
    expect(cardTitles('Your Reports')).toEqual(['Case 1001: GRANT DEED 2026-0000700']);
    expect(reports.getByText('Its alert is archived.')).toBeDefined();
    expect(reports.getByText('Contacted')).toBeDefined();
    expect(reports.getByText('Guarded name: SMITH JOHN')).toBeDefined();
    await events.click(reports.getByRole('button', { name: 'Download Case Packet: case 1001' }));
    await waitFor(() => expect(saved).toEqual(['DeedWatch-case-1001-2026-0000700.pdf']));
    expect(callsTo(requests, `GET ${opened.packetUrl}`)).toHaveLength(1);
  });

  it('lists a case once when two alerts of its document show it, and not at all without one', async () => {
    const opened = makeCase({ caseNumber: '1002' });
    const byName = makeEvent({ documentNumber: '2026-0000800', case: opened });
    const byApn = { ...byName, id: crypto.randomUUID(), matchKind: 'apn' as const };
    const user = makeUser({
      nameSubscriptions: [makeNameSubscription({ events: [byName] })],
      apnSubscriptions: [
        {
          id: crypto.randomUUID(),
          county: 'Sacramento',
          apn: '1',
          description: '',
          events: [byApn],
        },
      ],
    });
    await renderDashboard(user);
    expect(cardTitles('Your Reports')).toEqual(['Case 1002: GRANT DEED 2026-0000800']);
  });

  it('is left out while nothing was reported', async () => {
    await renderDashboard(
      makeUser({ nameSubscriptions: [makeNameSubscription({ events: [makeEvent()] })] }),
    );
    expect(screen.queryByRole('region', { name: 'Your Reports' })).toBeNull();
  });
});

describe('a dashboard with many alerts', () => {
  const user = (alerts: AlertEvent[]): SessionUser =>
    makeUser({ nameSubscriptions: [makeNameSubscription({ events: alerts })] });

  it(`shows the first ${PAGE_SIZE} alerts, then more at each Show More, focusing the first added`, async () => {
    const alerts = manyAlerts(PAGE_SIZE + 5);
    const { events } = await renderDashboard(user(alerts));
    expect(region('Alerts').getAllByRole('article')).toHaveLength(20);
    expect(region('Alerts').getByText('Showing 20 of 25.')).toBeDefined();

    await events.click(region('Alerts').getByRole('button', { name: 'Alerts: Show 5 More' }));
    await waitFor(() => expect(region('Alerts').getAllByRole('article')).toHaveLength(25));
    await waitFor(() => expect(document.activeElement?.id).toBe(eventCardId(alerts[20]!.id)));
    expect(region('Alerts').queryByRole('button', { name: /Show \d+ More/ })).toBeNull();
    expect(region('Alerts').queryByText(/^Showing/)).toBeNull();
  });

  it('shows the alert a link names however far down the list it is', async () => {
    const alerts = manyAlerts(PAGE_SIZE + 10);
    const named = alerts[PAGE_SIZE + 5]!;
    stubFetch({
      'POST /api/auth/me': () => json(user(alerts)),
      'GET /api/config/notifications': () =>
        json({ methodTypes: ['Email', 'SMS'], textsPerNumberPerDay: 10 }),
    });
    renderApp({ path: `/dashboard?event=${named.id}`, user: user(alerts) });
    const card = await screen.findByRole('article', { name: `Document ${named.documentNumber}` });
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(region('Alerts').getAllByRole('article')).toHaveLength(PAGE_SIZE + 6);
  });

  it('links to each section from the top of the page, moving focus to its heading', async () => {
    const { events } = await renderDashboard(user(manyAlerts(PAGE_SIZE + 1)));
    const sections = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Alerts',
      'Possible Matches',
      'Already on Record',
      'Trusted Contacts',
      'Items Being Guarded',
      'API Access',
    ]);
    await events.click(within(sections).getByRole('link', { name: 'Items Being Guarded' }));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Items Being Guarded', level: 2 }),
    );
    await events.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Guard a Name' }));
    await events.click(within(sections).getByRole('link', { name: 'API Access' }));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'API Access', level: 2 }),
    );
  });
});

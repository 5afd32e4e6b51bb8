import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { makeUser } from '../../test/factories';
import { json } from '../../test/fetch-stub';
import {
  bodyOf,
  callsTo,
  makeEvent,
  makeNameSubscription,
  region,
  renderDashboard,
  toasts,
} from './test-helpers';

const failure = (status = 500) =>
  json({ statusCode: status, error: 'Failure', message: 'The server says no.' }, status);

function alertsSection() {
  return region('Alerts');
}

const articleTitles = () =>
  alertsSection()
    .queryAllByRole('article')
    .map((a) => within(a).getByRole('heading').textContent);

describe('alerts on the dashboard', () => {
  it('lists alerts newest first, without archived ones, with why they matched', async () => {
    const older = makeEvent({ documentNumber: '2026-0000100', createdAt: '2026-11-01T12:00:00Z' });
    const newer = makeEvent({
      documentNumber: '2026-0000200',
      createdAt: '2026-11-21T12:00:00Z',
      // 17:51 on 11/20 at the county (Pacific), already 11/21 in UTC: the county's day is shown.
      documentDate: '2026-11-21T01:51:00Z',
      documentType: 'DEED OF TRUST',
      county: 'Placer',
      matchKind: 'apn',
      // As the county's data writes it; the server's sentence names the guarded APN.
      matchedValue: '012345006000',
      partyRole: null,
      confidence: 1,
      reason: 'The document names APN 012-345-006-000.',
      deliveryStatus: 'failed',
      deliveryError: 'The mailbox does not exist.',
    });
    const archived = makeEvent({ documentNumber: '2026-0000300', isArchived: true });
    const user = makeUser({
      nameSubscriptions: [makeNameSubscription({ name: 'SMITH JOHN', events: [older, archived] })],
      apnSubscriptions: [
        {
          id: crypto.randomUUID(),
          county: 'Placer',
          apn: '012-345-006-000',
          description: '',
          events: [newer],
        },
      ],
    });

    await renderDashboard(user);

    expect(articleTitles()).toEqual(['Document 2026-0000200', 'Document 2026-0000100']);
    const first = within(alertsSection().getAllByRole('article')[0]!);
    expect(first.getByText('DEED OF TRUST · Recorded 11/20/2026 · Placer')).toBeDefined();
    // The APN formatted as the guarded one is, in the summary as in why it matched.
    expect(first.getByText('The document names APN 012-345-006-000.')).toBeDefined();
    expect(first.getByText('APN match: 012-345-006-000 · exact')).toBeDefined();
    expect(first.queryByText(/012345006000/)).toBeNull();
    expect(first.getByText('Guarded property: APN 012-345-006-000, Unknown')).toBeDefined();
    expect(first.getByText('Email Failed')).toBeDefined();
    expect(first.getByText('The mailbox does not exist.')).toBeDefined();
    const second = within(alertsSection().getAllByRole('article')[1]!);
    expect(second.getByText('GRANT DEED · Recorded 11/19/2026 · Sacramento')).toBeDefined();
    expect(second.getByText('Email Sent')).toBeDefined();
    // An exact name under 100%: the summary says why the confidence is lower.
    expect(
      second.getByText(
        'Name match (grantor): SMITH JOHN · exact · 90% confidence, lower when the county has namesakes',
      ),
    ).toBeDefined();
    expect(screen.queryByText('Document 2026-0000300')).toBeNull();
  });

  it('says what became of the text of an alert, and why one was not texted', async () => {
    const texted = makeEvent({
      documentNumber: '2026-0000300',
      deliveries: [
        {
          notificationMethodId: null,
          notificationMethodType: 'Email',
          status: 'sent',
          error: null,
        },
        {
          notificationMethodId: '55555555-5555-4555-8555-555555555555',
          notificationMethodType: 'SMS',
          status: 'delivered',
          error: null,
        },
      ],
    });
    const capped = makeEvent({
      documentNumber: '2026-0000301',
      deliveries: [
        {
          notificationMethodId: '55555555-5555-4555-8555-555555555555',
          notificationMethodType: 'SMS',
          status: 'skipped',
          error:
            'Not texted: this number had its 10 alert texts for today (UTC); the alert went by email only.',
        },
      ],
    });
    await renderDashboard(
      makeUser({ nameSubscriptions: [makeNameSubscription({ events: [texted, capped] })] }),
    );
    const card = (number: string) =>
      within(alertsSection().getByRole('article', { name: `Document ${number}` }));
    expect(card('2026-0000300').getByText('Texted: delivered to the phone.')).toBeDefined();
    expect(
      card('2026-0000301').getByText(
        'Not texted: this number had its 10 alert texts for today (UTC); the alert went by email only.',
      ),
    ).toBeDefined();
  });

  it('says so when there are no alerts', async () => {
    await renderDashboard(makeUser());
    expect(alertsSection().getByText(/^No alerts\./)).toBeDefined();
  });

  it('archives an alert and hides it', async () => {
    const event = makeEvent({ documentNumber: '2026-0000400' });
    const subscription = makeNameSubscription({ name: 'SMITH JOHN' });
    const user = makeUser({ nameSubscriptions: [{ ...subscription, events: [event] }] });
    const archived = makeUser({
      nameSubscriptions: [{ ...subscription, events: [{ ...event, isArchived: true }] }],
    });
    const { events, requests } = await renderDashboard(user, {
      'POST /api/user/events/archive': () => json(archived),
    });

    await events.click(
      screen.getByRole('button', { name: 'Archive alert for document 2026-0000400' }),
    );

    await waitFor(() => expect(articleTitles()).toEqual([]));
    const [archive] = callsTo(requests, 'POST /api/user/events/archive');
    expect(await bodyOf(archive!)).toEqual({ eventId: event.id });
    expect(alertsSection().getByText(/^No alerts\./)).toBeDefined();
    // No card left to take focus from the Archive button: the section's heading has it.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        alertsSection().getByRole('heading', { name: 'Alerts', level: 2 }),
      ),
    );
  });

  it('gives focus to the next alert once one is archived', async () => {
    const first = makeEvent({ documentNumber: '2026-0000410', createdAt: '2026-11-22T12:00:00Z' });
    const second = makeEvent({ documentNumber: '2026-0000411', createdAt: '2026-11-21T12:00:00Z' });
    const subscription = makeNameSubscription({ name: 'SMITH JOHN' });
    const user = makeUser({ nameSubscriptions: [{ ...subscription, events: [first, second] }] });
    const archived = makeUser({
      nameSubscriptions: [{ ...subscription, events: [{ ...first, isArchived: true }, second] }],
    });
    const { events } = await renderDashboard(user, {
      'POST /api/user/events/archive': () => json(archived),
    });
    await events.click(
      screen.getByRole('button', { name: 'Archive alert for document 2026-0000410' }),
    );
    await waitFor(() => expect(articleTitles()).toEqual(['Document 2026-0000411']));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        alertsSection().getByRole('article', { name: 'Document 2026-0000411' }),
      ),
    );
  });

  it('keeps the alert and shows the toast when archiving fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const event = makeEvent({ documentNumber: '2026-0000500' });
    const user = makeUser({
      nameSubscriptions: [makeNameSubscription({ name: 'A B', events: [event] })],
    });
    const { events } = await renderDashboard(user, {
      'POST /api/user/events/archive': () => failure(),
    });

    await events.click(
      screen.getByRole('button', { name: 'Archive alert for document 2026-0000500' }),
    );

    expect(await screen.findByText('Failed to Archive Event')).toBeDefined();
    expect(screen.getByText('The server says no.')).toBeDefined();
    expect(articleTitles()).toEqual(['Document 2026-0000500']);
  });

  it('downloads the document of an alert', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:http://localhost:3000/document');
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    const event = makeEvent({
      documentNumber: '2026-0000600',
      countyCodeContainerName: 'SAC',
      parsedDocumentName: '2026-0000600.pdf',
    });
    const user = makeUser({
      nameSubscriptions: [makeNameSubscription({ name: 'A B', events: [event] })],
    });
    const { events, requests } = await renderDashboard(user, {
      'GET /api/document/download': () =>
        new Response('%PDF-1.7 pages', { headers: { 'content-type': 'application/pdf' } }),
    });

    await events.click(screen.getByRole('button', { name: 'Download document 2026-0000600' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toEqual({
      href: 'blob:http://localhost:3000/document',
      download: '2026-0000600.pdf',
    });
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('%PDF-1.7 pages');
    const [download] = callsTo(requests, 'GET /api/document/download');
    const query = new URL(download!.url).searchParams;
    expect(query.get('containerName')).toBe('SAC');
    expect(query.get('fileName')).toBe('2026-0000600.pdf');
  });

  it('shows the toast when the download fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const event = makeEvent({ documentNumber: '2026-0000700' });
    const user = makeUser({
      nameSubscriptions: [makeNameSubscription({ name: 'A B', events: [event] })],
    });
    const { events } = await renderDashboard(user, {
      'GET /api/document/download': () => failure(404),
    });

    await events.click(screen.getByRole('button', { name: 'Download document 2026-0000700' }));

    // Its own message only: the client's generic toast would repeat the failure.
    await waitFor(() => expect(toasts()).toEqual(['ErrorFailed to download document']));
  });

  it('checks for new alerts on request, and says when it could not', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const subscription = makeNameSubscription({ name: 'SMITH JOHN' });
    const user = makeUser({ nameSubscriptions: [{ ...subscription, events: [] }] });
    const fresh = makeEvent({ documentNumber: '2026-0000800' });
    let answer = () => json(user);
    const { events } = await renderDashboard(user, { 'POST /api/auth/me': () => answer() });

    answer = () => failure(503);
    await events.click(screen.getByRole('button', { name: 'Check for New Alerts' }));
    expect(await screen.findByText('Alerts not refreshed')).toBeDefined();

    answer = () => json(makeUser({ nameSubscriptions: [{ ...subscription, events: [fresh] }] }));
    await events.click(screen.getByRole('button', { name: 'Check for New Alerts' }));
    await waitFor(() => expect(articleTitles()).toEqual(['Document 2026-0000800']));
    expect(screen.queryByText('Alerts not refreshed')).toBeNull();
  });
});

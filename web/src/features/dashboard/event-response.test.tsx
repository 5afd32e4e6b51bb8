import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { SessionUser } from '../../api/types';
import { makeUser } from '../../test/factories';
import { json } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import {
  bodyOf,
  callsTo,
  FRAUD_CONTACT,
  makeCase,
  makeEvent,
  makeNameSubscription,
  region,
  renderDashboard,
} from './test-helpers';
import type { AlertEvent } from './types';

const alertsSection = () => region('Alerts');
const titles = () =>
  alertsSection()
    .queryAllByRole('article')
    .map((a) => within(a).getByRole('heading').textContent);

const userWith = (...events: AlertEvent[]): SessionUser =>
  makeUser({ nameSubscriptions: [makeNameSubscription({ events })] });

describe('levels on the dashboard', () => {
  const deed = makeEvent({
    documentNumber: 'D-ACT',
    createdAt: '2026-11-01T12:00:00Z',
    level: 'act_now',
    whatItDoes:
      'A deed transferring 12 ELM ST from you was recorded in Sacramento County on 11/01/2026.',
  });
  const release = makeEvent({
    documentNumber: 'D-REC',
    createdAt: '2026-11-20T12:00:00Z',
    level: 'records',
    whatItDoes: 'A reconveyance naming you was recorded in Sacramento County on 11/20/2026.',
  });
  const assignment = makeEvent({
    documentNumber: 'D-CHK',
    createdAt: '2026-11-10T12:00:00Z',
    level: 'check',
    whatItDoes:
      'An assignment of a loan naming you was recorded in Sacramento County on 11/10/2026.',
  });

  it('badges each alert with its level and says what the document does', async () => {
    await renderDashboard(userWith(deed));
    const card = within(alertsSection().getByRole('article'));
    expect(card.getByText('Act now')).toBeDefined();
    expect(card.getByText(deed.whatItDoes)).toBeDefined();
  });

  it('filters by level and sorts the most urgent first, keeping both in the address', async () => {
    const { events, router } = await renderDashboard(userWith(deed, release, assignment));
    expect(titles()).toEqual(['Document D-REC', 'Document D-CHK', 'Document D-ACT']);

    await events.click(screen.getByRole('radio', { name: 'Most urgent first' }));
    expect(titles()).toEqual(['Document D-ACT', 'Document D-CHK', 'Document D-REC']);
    await events.click(screen.getByRole('radio', { name: 'Act now' }));
    expect(titles()).toEqual(['Document D-ACT']);
    expect(router.state.location.search).toEqual({ level: 'act_now', order: 'urgent' });

    await events.click(screen.getByRole('radio', { name: 'For your records' }));
    expect(titles()).toEqual(['Document D-REC']);
  });
});

describe('answering an alert', { timeout: 20_000 }, () => {
  it('"I recognise this" closes it, and says so', async () => {
    const event = makeEvent({ documentNumber: 'D-OK' });
    const recognised = userWith({ ...event, recognisedAt: '2026-11-21T12:00:00Z' });
    const { events, requests } = await renderDashboard(userWith(event), {
      [`POST /api/user/events/${event.id}/recognise`]: () => json(recognised),
    });
    await events.click(
      alertsSection().getByRole('button', { name: 'I recognise this: document D-OK' }),
    );
    expect(await alertsSection().findByText('You recognised this on 11/21/2026.')).toBeDefined();
    // The answer took the button that had focus: the alert's card has it now.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        alertsSection().getByRole('article', { name: 'Document D-OK' }),
      ),
    );
    expect(callsTo(requests, `POST /api/user/events/${event.id}/recognise`)).toHaveLength(1);
    expect(alertsSection().queryByRole('button', { name: /This wasn't me/ })).toBeNull();
  });

  it('"This wasn\'t me" walks through a report, then offers the case packet', async () => {
    const event = makeEvent({
      documentNumber: 'D-BAD',
      fraudContact: FRAUD_CONTACT,
    });
    const opened = makeCase();
    let reported = false;
    const before = userWith(event);
    const after = userWith({ ...event, case: opened });
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
    const { events, requests } = await renderDashboard(before, {
      'POST /api/auth/me': () => json(reported ? after : before),
      [`POST /api/user/events/${event.id}/report`]: () => {
        reported = true;
        return json(opened, 201);
      },
      [`GET /api/user/cases/${opened.id}/packet`]: () =>
        new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf' } }),
    });
    expect(
      alertsSection().getByText(
        /Suspect fraud\? The county asks you to contact: Fraud Unit · \(916\) 874-6334/,
      ),
    ).toBeDefined();

    await events.click(
      alertsSection().getByRole('button', { name: "This wasn't me: report document D-BAD" }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: "This wasn't me" }));
    // Nothing goes on without what is wrong and a statement.
    await events.click(dialog.getByRole('button', { name: 'Next' }));
    expect(dialog.getByText('Choose what is wrong')).toBeDefined();
    expect(dialog.getByText(/Tell us in your own words what is wrong/)).toBeDefined();
    await events.click(dialog.getByRole('radio', { name: 'I did not sign this document' }));
    await events.type(
      dialog.getByRole('textbox', { name: /In your own words/ }),
      'I never sold my house.',
    );
    await events.click(dialog.getByRole('button', { name: 'Next' }));

    expect(dialog.getByRole('textbox', { name: /Email/ })).toHaveProperty(
      'value',
      'owner@example.com',
    );
    await events.click(dialog.getByRole('radio', { name: 'A phone call' }));
    await events.click(dialog.getByRole('button', { name: 'Send Report' }));
    expect(dialog.getByText('Give a phone number to be called on')).toBeDefined();
    await events.type(dialog.getByRole('textbox', { name: /Phone/ }), '916 555 0123');
    await events.click(dialog.getByRole('button', { name: 'Send Report' }));

    expect(await dialog.findByText('Case 1001 is open')).toBeDefined();
    const [sent] = callsTo(requests, `POST /api/user/events/${event.id}/report`);
    expect(await bodyOf(sent!)).toEqual({
      problem: 'did_not_sign',
      statement: 'I never sold my house.',
      contactEmail: 'owner@example.com',
      contactPhone: '916 555 0123',
      preferredContact: 'phone',
    });
    await events.click(dialog.getByRole('button', { name: 'Download Case Packet' }));
    await waitFor(() => expect(saved).toEqual(['DeedWatch-case-1001-D-BAD.pdf']));
    await events.click(dialog.getByRole('button', { name: 'Close' }));

    // The alert now shows its case, and the packet again.
    const card = within(alertsSection().getByRole('article'));
    expect(await card.findByText('Reported: Case 1001')).toBeDefined();
    expect(card.getByText('Open')).toBeDefined();
    expect(card.queryByRole('button', { name: /I recognise/ })).toBeNull();
  });

  it("opens the event an alert's link names, and marks it", async () => {
    const first = makeEvent({ documentNumber: 'D-1' });
    const linked = makeEvent({ documentNumber: 'D-2' });
    const user = userWith(first, linked);
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (
      this: HTMLElement,
    ) {
      scrolled.push(this.id);
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const { stubFetch } = await import('../../test/fetch-stub');
    stubFetch({ 'POST /api/auth/me': () => json(user) });
    renderApp({ path: `/dashboard?event=${linked.id}`, user });
    const card = await screen.findByRole('article', { name: 'Document D-2' });
    await waitFor(() => expect(scrolled).toContain(`event-${linked.id}`));
    expect(card.getAttribute('data-highlighted')).toBe('true');
    expect(
      screen.getByRole('article', { name: 'Document D-1' }).getAttribute('data-highlighted'),
    ).toBeNull();
  });
});

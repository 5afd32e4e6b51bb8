import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

const titles = (name: string) =>
  region(name)
    .queryAllByRole('article')
    .map((a) => within(a).getByRole('heading').textContent);

const possible = makeEvent({
  documentNumber: '2026-0000901',
  documentType: 'DEED OF TRUST',
  documentDate: '2026-11-18T12:00:00Z',
  // Matched after the sure one below, and so listed before it.
  createdAt: '2026-11-21T12:00:00.000Z',
  matchedValue: 'GARCIA MARIA L',
  partyRole: 'grantee',
  tier: 'possible',
  isExact: false,
  namesakes: 312,
  reason: 'Same surname and first name: GARCIA MARIA, middle name L given on one side only',
  countyCodeContainerName: 'SAC',
  parsedDocumentName: '2026-0000901.pdf',
});
const sure = makeEvent({ documentNumber: '2026-0000902', matchedValue: 'GARCIA MARIA' });
const onRecord = makeEvent({
  documentNumber: '2026-0000903',
  matchedValue: 'GARCIA MARIA',
  onRecord: true,
});

function userWith(choice: 'digest' | 'immediately' | 'hide', events = [possible, sure, onRecord]) {
  const subscription = makeNameSubscription({ name: 'GARCIA MARIA', possibleMatches: choice });
  return {
    subscription,
    user: makeUser({ nameSubscriptions: [{ ...subscription, events }] }),
  };
}

describe('possible matches and documents already on record on the dashboard', () => {
  it("says why a property's document matched with its APN formatted, as everywhere else", async () => {
    const found = makeEvent({
      documentNumber: '2026-0000904',
      matchKind: 'apn',
      matchedValue: '01203450060000',
      partyRole: null,
      confidence: 1,
      onRecord: true,
      reason: 'The document names APN 012-0345-006-0000.',
    });
    const user = makeUser({
      apnSubscriptions: [
        {
          id: crypto.randomUUID(),
          county: 'Sacramento',
          apn: '012-0345-006-0000',
          description: '1 MAIN ST',
          events: [found],
        },
      ],
    });
    await renderDashboard(user);

    const card = within(region('Already on Record').getByRole('article'));
    expect(card.getByText('The document names APN 012-0345-006-0000.')).toBeDefined();
    // Nor is it raw in what the document shows.
    expect(card.queryByText(/01203450060000/)).toBeNull();
  });

  it('lists a possible match apart from the alerts, with why, how common the name is and a link to the document', async () => {
    await renderDashboard(userWith('digest').user);

    expect(titles('Alerts')).toEqual(['Document 2026-0000902']);
    expect(titles('Possible Matches')).toEqual(['Document 2026-0000901']);
    expect(titles('Already on Record')).toEqual(['Document 2026-0000903']);

    const card = within(region('Possible Matches').getByRole('article'));
    expect(card.getByText('Possible Match')).toBeDefined();
    expect(card.getByText('DEED OF TRUST · Recorded 11/18/2026 · Sacramento')).toBeDefined();
    expect(card.getByText('Guarded name: GARCIA MARIA')).toBeDefined();
    expect(card.getByText('GARCIA MARIA L (grantee)', { exact: false })).toBeDefined();
    expect(card.getByText(possible.reason)).toBeDefined();
    expect(
      card.getByText(/check whether this is you\. 312 documents in this county carry this name\./),
    ).toBeDefined();
    expect(
      card.getByRole('link', { name: 'View document 2026-0000901' }).getAttribute('href'),
    ).toBe('/documents/SAC/2026-0000901.pdf');

    // The sure match's alert and the one on record say their tier too.
    expect(region('Alerts').getByText('Exact Match')).toBeDefined();
    expect(region('Already on Record').getByText('Exact Match')).toBeDefined();
  });

  it('shows the possible match among the alerts, with its badge, for a name set to alert at once', async () => {
    await renderDashboard(userWith('immediately').user);
    expect(titles('Alerts')).toEqual(['Document 2026-0000901', 'Document 2026-0000902']);
    const alert = within(region('Alerts').getAllByRole('article')[0]!);
    expect(alert.getByText('Possible Match')).toBeDefined();
    expect(alert.getByText(/312 documents in this county carry this name/)).toBeDefined();
    expect(region('Possible Matches').getByText(/^No possible matches\./)).toBeDefined();
  });

  it('dismisses a possible match through the archive call', async () => {
    const { subscription, user } = userWith('digest');
    const dismissed = makeUser({
      nameSubscriptions: [
        { ...subscription, events: [{ ...possible, isArchived: true }, sure, onRecord] },
      ],
    });
    const { events, requests } = await renderDashboard(user, {
      'POST /api/user/events/archive': () => json(dismissed),
    });

    await events.click(screen.getByRole('button', { name: 'Dismiss document 2026-0000901' }));

    await waitFor(() => expect(titles('Possible Matches')).toEqual([]));
    const [call] = callsTo(requests, 'POST /api/user/events/archive');
    expect(await bodyOf(call!)).toEqual({ eventId: possible.id });
    expect(region('Possible Matches').getByText(/^No possible matches\./)).toBeDefined();
    expect(titles('Already on Record')).toEqual(['Document 2026-0000903']);
  });

  it('keeps the match and says so when dismissing fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events } = await renderDashboard(userWith('digest').user, {
      'POST /api/user/events/archive': () =>
        json({ statusCode: 500, error: 'Failure', message: 'The server says no.' }, 500),
    });
    await events.click(screen.getByRole('button', { name: 'Dismiss document 2026-0000903' }));
    await waitFor(() => expect(toasts()).toContain('ErrorFailed to Dismiss'));
    expect(titles('Already on Record')).toEqual(['Document 2026-0000903']);
  });

  it('says what each section is for when it is empty', async () => {
    await renderDashboard(userWith('digest', []).user);
    expect(region('Possible Matches').getByText(/^No possible matches\./)).toBeDefined();
    expect(region('Already on Record').getByText(/^Nothing already on record\./)).toBeDefined();
  });
});

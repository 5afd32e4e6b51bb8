import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/factories';
import { json } from '../../test/fetch-stub';
import { bodyOf, callsTo, makeNameSubscription, renderDashboard, toasts } from './test-helpers';

const choiceOf = (name: string) =>
  within(screen.getByRole('radiogroup', { name: `Possible matches of ${name}` }));
const checked = (name: string) =>
  choiceOf(name)
    .getAllByRole('radio')
    .filter((r) => (r as HTMLInputElement).checked)
    .map((r) => r.getAttribute('value'));

describe("a guarded name's possible-matches choice", () => {
  it('shows each name its own choice, and saves a new one at once', async () => {
    const smith = makeNameSubscription({ name: 'SMITH JOHN', possibleMatches: 'digest' });
    const garcia = makeNameSubscription({ name: 'GARCIA MARIA', possibleMatches: 'hide' });
    const user = makeUser({ nameSubscriptions: [smith, garcia] });
    const saved = makeUser({
      nameSubscriptions: [{ ...smith, possibleMatches: 'immediately' }, garcia],
    });
    const url = `PUT /api/user/names/${smith.id}/possible-matches`;
    const { events, requests } = await renderDashboard(user, { [url]: () => json(saved) });

    expect(checked('SMITH JOHN')).toEqual(['digest']);
    expect(checked('GARCIA MARIA')).toEqual(['hide']);
    expect(
      choiceOf('SMITH JOHN')
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Daily digest', 'Alert me at once', "Don't show"]);
    expect(
      screen.getByText('Listed under Possible Matches, and in one email each morning.'),
    ).toBeDefined();

    await events.click(choiceOf('SMITH JOHN').getByRole('radio', { name: 'Alert me at once' }));

    await waitFor(() => expect(callsTo(requests, url)).toHaveLength(1));
    expect(await bodyOf(callsTo(requests, url)[0]!)).toEqual({ possibleMatches: 'immediately' });
    await waitFor(() => expect(checked('SMITH JOHN')).toEqual(['immediately']));
    expect(screen.getByText('Alerted at once, like a sure match.')).toBeDefined();
    expect(checked('GARCIA MARIA')).toEqual(['hide']);
  });

  it('puts the saved choice back and says so when saving fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const smith = makeNameSubscription({ name: 'SMITH JOHN', possibleMatches: 'digest' });
    const { events } = await renderDashboard(makeUser({ nameSubscriptions: [smith] }), {
      [`PUT /api/user/names/${smith.id}/possible-matches`]: () =>
        json({ statusCode: 500, error: 'Failure', message: 'The server says no.' }, 500),
    });

    await events.click(choiceOf('SMITH JOHN').getByRole('radio', { name: "Don't show" }));

    await waitFor(() => expect(toasts()).toContain('ErrorFailed to Save Your Choice'));
    expect(checked('SMITH JOHN')).toEqual(['digest']);
  });
});

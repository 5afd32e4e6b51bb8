import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../api/types';
import { makeUser } from '../../test/factories';
import { json } from '../../test/fetch-stub';
import { callsTo, makeNameSubscription, region, renderDashboard, toasts } from './test-helpers';

type Contact = SessionUser['trustedContacts'][number];

const GUARDED_NAME_ID = '77bd96e1-0b8e-4c1f-9a44-3c2f8d5e6a10';
const CONTACT_ID = '5f1d2c3b-4a59-4e8d-b7c6-0a1b2c3d4e5f';

const contact: Contact = {
  id: CONTACT_ID,
  email: 'ann@example.com',
  name: '',
  status: 'active',
  createdAt: '2026-11-20T12:00:00.000Z',
  acceptedAt: '2026-11-21T12:00:00.000Z',
  stoppedAt: null,
};

const notFound = (message: string) => json({ statusCode: 404, error: 'Not Found', message }, 404);

/** An answer that waits until `release` is called, so taps land while the call is out. */
function held(body: () => Response) {
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  return { handler: async () => (await answered, body()), release: () => release() };
}

const cases = [
  {
    what: 'a guarded name',
    user: () =>
      makeUser({
        nameSubscriptions: [makeNameSubscription({ id: GUARDED_NAME_ID, name: 'SMITH JOHN' })],
      }),
    call: 'POST /api/user/subscriptions/remove',
    section: 'Items Being Guarded',
    open: 'Remove SMITH JOHN',
    dialog: 'Remove Guard Subscription',
    gone: `Guarded name '${GUARDED_NAME_ID}' not found.`,
    id: GUARDED_NAME_ID,
    left: 'No names guarded yet.',
  },
  {
    what: 'a trusted contact',
    user: () => makeUser({ trustedContacts: [contact] }),
    call: `DELETE /api/user/trusted-contacts/${CONTACT_ID}`,
    section: 'Trusted Contacts',
    open: 'Remove trusted contact ann@example.com',
    dialog: 'Remove Trusted Contact',
    gone: `Trusted contact '${CONTACT_ID}' not found.`,
    id: CONTACT_ID,
    left: 'No trusted contacts.',
  },
] as const;

describe.each(cases)('removing $what', { timeout: 20_000 }, (c) => {
  it('sends one request however fast Remove is tapped, and shows no error', async () => {
    const answer = held(() => json(makeUser()));
    const { events, requests } = await renderDashboard(c.user(), { [c.call]: answer.handler });
    await events.click(region(c.section).getByRole('button', { name: c.open }));
    const dialog = within(await screen.findByRole('dialog', { name: c.dialog }));
    const remove = dialog.getByRole('button', { name: 'Remove' });
    // Three taps in a row, before React has rendered the call's progress.
    fireEvent.click(remove);
    fireEvent.click(remove);
    fireEvent.click(remove);
    answer.release();

    expect(await region(c.section).findByText(c.left)).toBeDefined();
    expect(callsTo(requests, c.call)).toHaveLength(1);
    expect(toasts()).toEqual([]);
  });

  it('takes an item already gone (removed in another tab) as removed, naming no id', async () => {
    const user = c.user();
    let removed = false;
    const { events, requests } = await renderDashboard(user, {
      [c.call]: () => {
        removed = true;
        return notFound(c.gone);
      },
      // What the server knows: the item went before this tab's call.
      'POST /api/auth/me': () => json(removed ? makeUser() : user),
    });
    await events.click(region(c.section).getByRole('button', { name: c.open }));
    const dialog = within(await screen.findByRole('dialog', { name: c.dialog }));
    await events.click(dialog.getByRole('button', { name: 'Remove' }));

    expect(await region(c.section).findByText(c.left)).toBeDefined();
    expect(callsTo(requests, c.call)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: c.dialog })).toBeNull());
    expect(toasts()).toEqual([]);
    expect(document.body.textContent).not.toContain(c.id);
  });
});

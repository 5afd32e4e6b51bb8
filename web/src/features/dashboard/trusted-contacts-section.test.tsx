import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../api/types';
import { makeUser } from '../../test/factories';
import { json } from '../../test/fetch-stub';
import { bodyOf, callsTo, renderDashboard } from './test-helpers';

type Contact = SessionUser['trustedContacts'][number];

const contact = (overrides: Partial<Contact>): Contact => ({
  id: crypto.randomUUID(),
  email: 'ann@example.com',
  name: '',
  status: 'invited',
  createdAt: '2026-11-20T12:00:00.000Z',
  acceptedAt: null,
  stoppedAt: null,
  ...overrides,
});

const section = () => within(screen.getByRole('region', { name: 'Trusted Contacts' }));

describe('trusted contacts on the dashboard', { timeout: 20_000 }, () => {
  it('lists each contact with where they stand', async () => {
    await renderDashboard(
      makeUser({
        trustedContacts: [
          contact({
            email: 'ann@example.com',
            name: 'Ann',
            status: 'active',
            acceptedAt: '2026-11-21T12:00:00.000Z',
          }),
          contact({ email: 'bob@example.com', status: 'invited' }),
        ],
      }),
    );
    const ann = within(section().getByRole('article', { name: 'ann@example.com' }));
    expect(ann.getByText('Ann (ann@example.com)')).toBeDefined();
    expect(ann.getByText('Active')).toBeDefined();
    expect(ann.getByText(/gets a copy of your Act now alerts/)).toBeDefined();
    const bob = within(section().getByRole('article', { name: 'bob@example.com' }));
    expect(bob.getByText('Invited')).toBeDefined();
    expect(bob.getByText(/nothing is sent to them until they accept/)).toBeDefined();
    // Two is the most: no third.
    expect(section().getByRole('button', { name: 'Add Trusted Contact' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('invites a contact, never the subscriber themselves', async () => {
    const user = makeUser();
    const added = makeUser({
      trustedContacts: [contact({ email: 'carol@example.com', name: 'Carol' })],
    });
    const { events, requests } = await renderDashboard(user, {
      'POST /api/user/trusted-contacts': () => json(added, 201),
    });
    expect(section().getByText('No trusted contacts.')).toBeDefined();
    await events.click(section().getByRole('button', { name: 'Add Trusted Contact' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Trusted Contact' }));
    await events.type(dialog.getByRole('textbox', { name: /Their email/ }), user.email);
    await events.click(dialog.getByRole('button', { name: 'Send Invitation' }));
    expect(dialog.getByText('That is your own email: name somebody else you trust')).toBeDefined();
    expect(callsTo(requests, 'POST /api/user/trusted-contacts')).toEqual([]);

    await events.clear(dialog.getByRole('textbox', { name: /Their email/ }));
    await events.type(dialog.getByRole('textbox', { name: /Their email/ }), 'carol@example.com');
    await events.type(dialog.getByRole('textbox', { name: /Their name/ }), 'Carol');
    await events.click(dialog.getByRole('button', { name: 'Send Invitation' }));
    expect(await section().findByText('Carol (carol@example.com)')).toBeDefined();
    const [sent] = callsTo(requests, 'POST /api/user/trusted-contacts');
    expect(await bodyOf(sent!)).toEqual({ email: 'carol@example.com', name: 'Carol' });
  });

  it('adding the last contact allowed moves focus to the section, as Add turns disabled', async () => {
    const ann = contact({ status: 'active' });
    const full = makeUser({
      trustedContacts: [ann, contact({ email: 'dan@example.com', name: 'Dan' })],
    });
    const { events } = await renderDashboard(makeUser({ trustedContacts: [ann] }), {
      'POST /api/user/trusted-contacts': () => json(full, 201),
    });
    const add = section().getByRole('button', { name: 'Add Trusted Contact' });
    await events.click(add);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Trusted Contact' }));
    await events.type(dialog.getByRole('textbox', { name: /Their email/ }), 'dan@example.com');
    await events.click(dialog.getByRole('button', { name: 'Send Invitation' }));

    expect(await section().findByText('Dan (dan@example.com)')).toBeDefined();
    expect(add).toHaveProperty('disabled', true);
    const heading = section().getByRole('heading', { name: 'Trusted Contacts' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('removes a contact after asking', async () => {
    const ann = contact({ status: 'active' });
    const { events, requests } = await renderDashboard(makeUser({ trustedContacts: [ann] }), {
      [`DELETE /api/user/trusted-contacts/${ann.id}`]: () => json(makeUser()),
    });
    await events.click(
      section().getByRole('button', { name: 'Remove trusted contact ann@example.com' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Trusted Contact' }));
    await events.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await section().findByText('No trusted contacts.')).toBeDefined();
    const heading = section().getByRole('heading', { name: 'Trusted Contacts' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(callsTo(requests, `DELETE /api/user/trusted-contacts/${ann.id}`)).toHaveLength(1);
  });
});

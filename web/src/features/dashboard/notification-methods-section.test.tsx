import { MAX_NOTIFICATION_METHODS } from '@deedwatch/rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/factories';
import { json } from '../../test/fetch-stub';
import { bodyOf, callsTo, renderDashboard } from './test-helpers';
import type { NotificationMethod } from './types';

const failure = () =>
  json({ statusCode: 500, error: 'Failure', message: 'The server says no.' }, 500);

const own: NotificationMethod = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'owner@example.com',
  verified: true,
  verifiedAt: '2026-11-02T12:00:00.000Z',
  notificationMethodType: 'Email',
  optedOut: false,
  undeliverable: null,
  textsCheckLevel: false,
};
const second: NotificationMethod = {
  id: '22222222-2222-4222-8222-222222222222',
  email: 'second@example.com',
  verified: false,
  verifiedAt: null,
  notificationMethodType: 'Email',
  optedOut: false,
  undeliverable: null,
  textsCheckLevel: false,
};

const methodsSection = () => within(screen.getByRole('region', { name: 'Notification Methods' }));
const methodItems = () =>
  methodsSection()
    .queryAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

describe('notification methods', () => {
  it('shows each method as verified with its date or unverified, and keeps the account email', async () => {
    await renderDashboard(makeUser({ emailNotificationMethods: [own, second] }));

    const ownItem = within(methodsSection().getByRole('listitem', { name: own.email }));
    expect(ownItem.getByText('Verified on 11/02/2026')).toBeDefined();
    expect(ownItem.getByRole('button', { name: `Remove ${own.email}` })).toHaveProperty(
      'disabled',
      true,
    );
    expect(ownItem.queryByRole('button', { name: /Resend verification/ })).toBeNull();

    const secondItem = within(methodsSection().getByRole('listitem', { name: second.email }));
    expect(secondItem.getByText(/^Unverified/)).toBeDefined();
    expect(secondItem.getByRole('button', { name: `Remove ${second.email}` })).toHaveProperty(
      'disabled',
      false,
    );
    expect(
      secondItem.getByRole('button', { name: `Resend verification to ${second.email}` }),
    ).toBeDefined();
  });

  it(`offers no Add Method once the account has ${MAX_NOTIFICATION_METHODS} methods, and says why`, async () => {
    const many = Array.from({ length: MAX_NOTIFICATION_METHODS - 1 }, (_, i) => ({
      ...second,
      id: `22222222-2222-4222-8222-2222222222${String(i).padStart(2, '0')}`,
      email: `second-${i}@example.com`,
    }));
    await renderDashboard(makeUser({ emailNotificationMethods: [own, ...many] }));
    const add = methodsSection().getByRole('button', { name: 'Add Method' });
    expect(add).toHaveProperty('disabled', true);
    expect(add.getAttribute('title')).toBe(
      `You have ${MAX_NOTIFICATION_METHODS} notification methods, the most you can: remove one to add another.`,
    );
  });

  it('validates the new email and blocks Add while an error is set', async () => {
    const { events, requests } = await renderDashboard(
      makeUser({ emailNotificationMethods: [own] }),
    );
    await events.click(screen.getByRole('button', { name: 'Add Method' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Add Email Notification Method' }),
    );
    const add = dialog.getByRole('button', { name: 'Add' });

    await events.click(add);
    expect(await dialog.findByText('Email is required')).toBeDefined();
    expect(add).toHaveProperty('disabled', true);

    await events.type(dialog.getByRole('textbox', { name: 'Email' }), 'second');
    expect(await dialog.findByText('Invalid Email')).toBeDefined();
    expect(add).toHaveProperty('disabled', true);

    await events.type(dialog.getByRole('textbox', { name: 'Email' }), '@example.com');
    await waitFor(() => expect(dialog.queryByText('Invalid Email')).toBeNull());
    expect(add).toHaveProperty('disabled', false);
    expect(callsTo(requests, 'POST /api/user/notifications/add')).toHaveLength(0);
  });

  it('adds an email and lists it as unverified', async () => {
    const { events, requests } = await renderDashboard(
      makeUser({ emailNotificationMethods: [own] }),
      {
        'POST /api/user/notifications/add': () =>
          json(makeUser({ emailNotificationMethods: [own, second] })),
      },
    );
    await events.click(screen.getByRole('button', { name: 'Add Method' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Add Email Notification Method' }),
    );
    await events.type(dialog.getByRole('textbox', { name: 'Email' }), ' second@example.com ');
    await events.click(dialog.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(methodItems()).toEqual([own.email, second.email]));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Email Notification Method' })).toBeNull(),
    );
    const [add] = callsTo(requests, 'POST /api/user/notifications/add');
    expect(await bodyOf(add!)).toEqual({
      email: 'second@example.com',
      notificationMethodType: 'Email',
    });
  });

  it('keeps the modal open with its toast when adding fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events } = await renderDashboard(makeUser({ emailNotificationMethods: [own] }), {
      'POST /api/user/notifications/add': failure,
    });
    await events.click(screen.getByRole('button', { name: 'Add Method' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Add Email Notification Method' }),
    );
    await events.type(dialog.getByRole('textbox', { name: 'Email' }), 'second@example.com');
    await events.click(dialog.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Failed to add Email Notification Method')).toBeDefined();
    expect(screen.getByRole('dialog', { name: 'Add Email Notification Method' })).toBeDefined();
    expect(methodItems()).toEqual([own.email]);
  });

  it('removes a method after the confirmation', async () => {
    const { events, requests } = await renderDashboard(
      makeUser({ emailNotificationMethods: [own, second] }),
      {
        'POST /api/user/notifications/remove': () =>
          json(makeUser({ emailNotificationMethods: [own] })),
      },
    );

    await events.click(screen.getByRole('button', { name: `Remove ${second.email}` }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Remove Notification Method' }),
    );
    expect(dialog.getByText(/second@example.com/)).toBeDefined();
    expect(callsTo(requests, 'POST /api/user/notifications/remove')).toHaveLength(0);
    await events.click(dialog.getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(methodItems()).toEqual([own.email]));
    // Its Remove button gone with it, focus goes to the section's heading, not to the page.
    const heading = methodsSection().getByRole('heading', { name: 'Notification Methods' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(heading);
    const [remove] = callsTo(requests, 'POST /api/user/notifications/remove');
    expect(await bodyOf(remove!)).toEqual({
      notificationMethodId: second.id,
      notificationMethodType: 'Email',
    });
  });

  it('names the method type in the toast when removing fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events } = await renderDashboard(
      makeUser({ emailNotificationMethods: [own, second] }),
      { 'POST /api/user/notifications/remove': failure },
    );

    await events.click(screen.getByRole('button', { name: `Remove ${second.email}` }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Remove Notification Method' }),
    );
    await events.click(dialog.getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Failed to remove Email Notification Method')).toBeDefined();
    expect(methodItems()).toEqual([own.email, second.email]);
  });

  it('resends the verification email after the confirmation, or says it failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = makeUser({ emailNotificationMethods: [own, second] });
    let answer = () => json(user);
    const { events, requests } = await renderDashboard(user, {
      'POST /api/user/notifications/verify/resend': () => answer(),
    });

    await events.click(
      screen.getByRole('button', { name: `Resend verification to ${second.email}` }),
    );
    let dialog = within(await screen.findByRole('dialog', { name: 'Resend Verification' }));
    await events.click(dialog.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Verification Sent')).toBeDefined();
    const [resend] = callsTo(requests, 'POST /api/user/notifications/verify/resend');
    expect(await bodyOf(resend!)).toEqual({ notificationMethodId: second.id });

    answer = failure;
    await events.click(
      screen.getByRole('button', { name: `Resend verification to ${second.email}` }),
    );
    dialog = within(await screen.findByRole('dialog', { name: 'Resend Verification' }));
    await events.click(dialog.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Failed to resend verification email')).toBeDefined();
  });

  it('adds a phone for texts: SMS chosen, the number required, sent as SMS', async () => {
    const phone: NotificationMethod = {
      ...second,
      id: '33333333-3333-4333-8333-333333333333',
      email: '+19165550142',
      notificationMethodType: 'SMS',
    };
    const { events, requests } = await renderDashboard(
      makeUser({ emailNotificationMethods: [own] }),
      {
        'POST /api/user/notifications/add': () =>
          json(makeUser({ emailNotificationMethods: [own, phone] })),
      },
    );
    await events.click(screen.getByRole('button', { name: 'Add Method' }));
    await events.click(await screen.findByRole('radio', { name: 'SMS (text)' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Add SMS Notification Method' }),
    );
    const add = dialog.getByRole('button', { name: 'Add' });
    await events.click(add);
    expect(await dialog.findByText('Phone Number is required')).toBeDefined();
    expect(add).toHaveProperty('disabled', true);

    await events.type(dialog.getByRole('textbox', { name: 'Phone Number' }), '(916) 555-0142');
    await waitFor(() => expect(add).toHaveProperty('disabled', false));
    await events.click(add);

    await waitFor(() => expect(methodItems()).toEqual([own.email, '+19165550142']));
    const [call] = callsTo(requests, 'POST /api/user/notifications/add');
    expect(await bodyOf(call!)).toEqual({
      email: '(916) 555-0142',
      notificationMethodType: 'SMS',
    });
    const item = within(methodsSection().getByRole('listitem', { name: '+19165550142' }));
    expect(item.getByText('SMS')).toBeDefined();
    expect(item.getByText(/^Unverified: open the link in the text/)).toBeDefined();
  });

  it("shows the server's reason when a phone is refused, and keeps the modal open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events } = await renderDashboard(makeUser({ emailNotificationMethods: [own] }), {
      'POST /api/user/notifications/add': () =>
        json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: "'55501' is not a phone number that can receive texts.",
          },
          400,
        ),
    });
    await events.click(screen.getByRole('button', { name: 'Add Method' }));
    await events.click(await screen.findByRole('radio', { name: 'SMS (text)' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Add SMS Notification Method' }),
    );
    await events.type(dialog.getByRole('textbox', { name: 'Phone Number' }), '55501');
    await events.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to add SMS Notification Method')).toBeDefined();
    expect(
      await screen.findByText("'55501' is not a phone number that can receive texts."),
    ).toBeDefined();
    expect(screen.getByRole('dialog', { name: 'Add SMS Notification Method' })).toBeDefined();
  });

  it('offers only email when the server sends no texts', async () => {
    const { events } = await renderDashboard(makeUser({ emailNotificationMethods: [own] }), {
      'GET /api/config/notifications': () =>
        json({ methodTypes: ['Email'], textsPerNumberPerDay: 10 }),
    });
    await events.click(screen.getByRole('button', { name: 'Add Method' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Add Email Notification Method' }),
    );
    expect(dialog.getByRole('textbox', { name: 'Email' })).toBeDefined();
    expect(dialog.queryByRole('radio', { name: 'SMS (text)' })).toBeNull();
  });

  it('shows a stopped phone and lets a verified one take Check alerts by text', async () => {
    const phone: NotificationMethod = {
      ...own,
      id: '44444444-4444-4444-8444-444444444444',
      email: '+19165550143',
      notificationMethodType: 'SMS',
      optedOut: true,
    };
    const { events, requests } = await renderDashboard(
      makeUser({ emailNotificationMethods: [own, phone] }),
      {
        'POST /api/user/notifications/texts': () =>
          json(makeUser({ emailNotificationMethods: [own, { ...phone, textsCheckLevel: true }] })),
      },
    );
    const item = within(methodsSection().getByRole('listitem', { name: phone.email }));
    expect(item.getByText(/^Texts stopped: this number replied STOP/)).toBeDefined();
    const check = item.getByRole('switch', { name: /Text Check alerts too/ });
    expect(check).toHaveProperty('checked', false);
    await events.click(check);
    await waitFor(() =>
      expect(
        within(methodsSection().getByRole('listitem', { name: phone.email })).getByRole('switch', {
          name: /Text Check alerts too/,
        }),
      ).toHaveProperty('checked', true),
    );
    const [call] = callsTo(requests, 'POST /api/user/notifications/texts');
    expect(await bodyOf(call!)).toEqual({ notificationMethodId: phone.id, checkLevel: true });
  });

  it('while staff impersonate, offers no Add Method or Resend, which the server refuses, and says why', async () => {
    const { requests, events } = await renderDashboard(
      makeUser({ isImpersonated: true, emailNotificationMethods: [own, second] }),
    );
    const hint = 'Not available while impersonating a user.';
    const add = methodsSection().getByRole('button', { name: 'Add Method' });
    expect(add).toHaveProperty('disabled', true);
    expect(add.getAttribute('title')).toBe(hint);
    const resend = methodsSection().getByRole('button', {
      name: `Resend verification to ${second.email}`,
    });
    expect(resend).toHaveProperty('disabled', true);
    expect(resend.getAttribute('title')).toBe(hint);
    await events.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Removing a method is allowed while impersonating (and audited): it stays offered.
    expect(methodsSection().getByRole('button', { name: `Remove ${second.email}` })).toHaveProperty(
      'disabled',
      false,
    );
    // Add Trusted Contact, refused the same way, says why the same way.
    const addContact = within(screen.getByRole('region', { name: 'Trusted Contacts' })).getByRole(
      'button',
      { name: 'Add Trusted Contact' },
    );
    expect(addContact).toHaveProperty('disabled', true);
    expect(addContact.getAttribute('title')).toBe(hint);
    expect(callsTo(requests, 'POST /api/user/notifications/add')).toHaveLength(0);
  });
});

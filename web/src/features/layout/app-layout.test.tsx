import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../api/types';
import { makeUser } from '../../test/factories';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

function signedIn(user: SessionUser) {
  stubFetch({ 'POST /api/auth/me': () => json(user) });
  return renderApp({ path: '/faq', user });
}

async function mainNav() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

describe('header', () => {
  it('offers SIGN UP and LOGIN to visitors', async () => {
    const { fetch } = stubFetch({});
    renderApp({ path: '/faq' });

    const nav = await mainNav();
    expect(nav.getByRole('link', { name: 'SIGN UP' })).toHaveProperty(
      'href',
      'http://localhost:3000/register',
    );
    expect(nav.getByRole('button', { name: 'LOGIN' })).toBeDefined();
    expect(nav.getByRole('link', { name: 'FAQ' })).toBeDefined();
    expect(nav.getByRole('link', { name: 'SUPPORT' })).toBeDefined();
    expect(nav.queryByRole('link', { name: 'DASHBOARD' })).toBeNull();
    expect(nav.queryByRole('button', { name: 'LOGOUT' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'ADMIN' })).toBeNull();
    // Nobody is stored, so there is no session to revalidate.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers DASHBOARD and LOGOUT, but not ADMIN, to a subscriber', async () => {
    signedIn(makeUser({ role: 'subscriber' }));

    const nav = await mainNav();
    expect(nav.getByRole('link', { name: 'DASHBOARD' })).toHaveProperty(
      'href',
      'http://localhost:3000/dashboard',
    );
    expect(nav.getByRole('button', { name: 'LOGOUT' })).toBeDefined();
    expect(nav.queryByRole('link', { name: 'SIGN UP' })).toBeNull();
    expect(nav.queryByRole('button', { name: 'LOGIN' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'ADMIN' })).toBeNull();
  });

  it.each(['admin', 'customersupport', 'ADMIN', 'CustomerSupport'])(
    'shows ADMIN to role %s',
    async (role) => {
      signedIn(makeUser({ role: role as SessionUser['role'] }));

      const nav = await mainNav();
      expect(nav.getByRole('link', { name: 'ADMIN' })).toHaveProperty(
        'href',
        'http://localhost:3000/admin',
      );
    },
  );

  it('opens a drawer with the same entries from the mobile menu button', async () => {
    stubFetch({});
    const { events } = renderApp({ path: '/faq' });
    // jsdom's viewport is fixed at 1024 px, where the burger is hidden by a media query.
    const burger = await screen.findByLabelText('Open menu');

    await events.click(burger);

    // The drawer is hidden from `sm` up too, so its entries have no accessible name here.
    const drawer = within(await screen.findByLabelText('Mobile'));
    expect(drawer.getByText('SIGN UP').closest('a')?.getAttribute('href')).toBe('/register');
    expect(drawer.getByText('FAQ').closest('a')?.getAttribute('href')).toBe('/faq');
    expect(drawer.getByText('SUPPORT').closest('a')?.getAttribute('href')).toBe('/support');
    expect(drawer.getByText('LOGIN').closest('button')).not.toBeNull();
  });
});

describe('layout shell', () => {
  it('shows the copyright year and the dev banner on localhost', async () => {
    stubFetch({});
    renderApp({ path: '/' });

    expect(await screen.findByText(`© ${new Date().getFullYear()} DeedWatch`)).toBeDefined();
    expect(screen.getByText('THIS IS THE DEV SITE!')).toBeDefined();
  });

  it('warns an impersonating staff member', async () => {
    signedIn(makeUser({ isImpersonated: true }));

    expect(
      await screen.findByText(
        'You are currently impersonating a user. Please logout to return to your account.',
      ),
    ).toBeDefined();
  });

  it('does not show the impersonation banner otherwise', async () => {
    signedIn(makeUser({ isImpersonated: false }));

    await mainNav();
    expect(screen.queryByText(/You are currently impersonating a user/)).toBeNull();
  });

  it.each([
    ['success', 'teal'],
    ['error', 'red'],
    ['', 'red'],
  ])('shows ?message with type=%s in %s', async (type, color) => {
    stubFetch({});
    renderApp({ path: `/faq?message=Your%20email%20is%20verified&type=${type}` });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your email is verified');
    expect(alert.getAttribute('style')).toContain(`--mantine-color-${color}-`);
  });

  it('dismissing the message removes it from the address', async () => {
    stubFetch({});
    const { events, router } = renderApp({ path: '/faq?message=email-verified&type=success' });

    await events.click(await screen.findByRole('button', { name: 'Dismiss message' }));

    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.search).toEqual({});
  });
});

describe('route guards', () => {
  it('asks visitors on /dashboard for a sign-in link, showing no dashboard', async () => {
    stubFetch({});
    const { router } = renderApp({ path: '/dashboard' });

    expect(
      await screen.findByRole('heading', { name: 'Sign in to see your dashboard' }),
    ).toBeDefined();
    expect(await screen.findByText(/Sign in to see your dashboard\./)).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets a subscriber into /dashboard but not /admin', async () => {
    const user = makeUser({ role: 'subscriber' });
    stubFetch({ 'POST /api/auth/me': () => json(user) });
    const { router } = renderApp({ path: '/dashboard', user });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeDefined();

    await router.navigate({ to: '/admin' });
    expect(
      await screen.findByRole('heading', { name: 'Free Property Fraud Alerts' }),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets customer support into /admin, whatever the case of the role', async () => {
    const user = makeUser({ role: 'CUSTOMERSUPPORT' as SessionUser['role'] });
    stubFetch({ 'POST /api/auth/me': () => json(user) });
    const { router } = renderApp({ path: '/admin', user });

    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/admin');
  });
});

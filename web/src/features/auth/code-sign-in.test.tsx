import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/factories';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { SESSION_STORAGE_KEY } from '../session/session-store';

function stored() {
  const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as unknown);
}

// A code is spent once per page load (see redeemCode), so every test needs its own.
const freshCode = () => `code-${crypto.randomUUID()}`;

const landings = [
  { route: 'login-redirect', call: 'POST /api/auth/code', title: 'Signing you in' },
  { route: 'verify-email', call: 'POST /api/auth/verify-email', title: 'Verifying your email' },
  { route: 'verify-sms', call: 'POST /api/auth/verify-sms', title: 'Verifying your phone' },
] as const;

const rejected = () =>
  json(
    {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'This link is invalid, has been used or has expired.',
    },
    401,
  );

const callsOf = (requests: Request[]) =>
  requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);

describe.each(landings)('/$route/:code', ({ route, call, title }) => {
  it('sends the code once, under StrictMode, and shows a loader meanwhile', async () => {
    const code = freshCode();
    let answer: (response: Response) => void = () => {};
    const { requests } = stubFetch({
      [call]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp({ path: `/${route}/${code}`, strict: true });

    expect(await screen.findByRole('heading', { name: title })).toBeDefined();
    expect(screen.getByRole('status', { name: title })).toBeDefined();
    await waitFor(() => expect(requests).toHaveLength(1));
    answer(json(makeUser()));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeDefined();
    expect(callsOf(requests)).toEqual([call]);
    expect(new URL(requests[0]!.url).searchParams.get('code')).toBe(code);
  });

  it('stores the user and replaces the landing with /dashboard', async () => {
    const user = makeUser({ email: 'signed-in@example.com' });
    stubFetch({ [call]: () => json(user) });
    const { router } = renderApp({ path: `/${route}/${freshCode()}` });

    expect(await screen.findByText('Signed in as signed-in@example.com')).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(stored()).toEqual(user);
    // Back must not return to the landing and spend the code again.
    expect(router.history.length).toBe(1);
    expect(router.history.canGoBack()).toBe(false);
    expect(screen.getAllByRole('button', { name: 'LOGOUT' }).length).toBeGreaterThan(0);
  });

  it('clears the session and lands on / when the code is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { requests } = stubFetch({ [call]: rejected });
    const { router } = renderApp({ path: `/${route}/${freshCode()}` });

    expect(
      await screen.findByText('This link is invalid, has been used or has expired.'),
    ).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('heading', { name: 'Free Property Fraud Alerts' }),
    ).toBeDefined();
    expect(stored()).toBeNull();
    expect(router.history.canGoBack()).toBe(false);
    expect(callsOf(requests)).toEqual([call]);
  });
});

describe('a sign-in link opened with a stored session', () => {
  it('replaces the stored user without asking the server about the old session', async () => {
    const previous = makeUser({ email: 'previous@example.com' });
    const next = makeUser({
      id: '2a4e7c1f-9b3d-4e5a-8c6f-1d2b3c4d5e6f',
      email: 'next@example.com',
    });
    const { requests } = stubFetch({
      'POST /api/auth/me': () => json(previous),
      'POST /api/auth/code': () => json(next),
    });
    renderApp({ path: `/login-redirect/${freshCode()}`, user: previous, strict: true });

    expect(await screen.findByText('Signed in as next@example.com')).toBeDefined();
    expect(stored()).toEqual(next);
    expect(callsOf(requests)).toEqual(['POST /api/auth/code']);
  });

  it('signs the old user out when the link is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'POST /api/auth/code': rejected });
    const { router } = renderApp({
      path: `/login-redirect/${freshCode()}`,
      user: makeUser({ email: 'previous@example.com' }),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(stored()).toBeNull();
    expect((await screen.findAllByRole('button', { name: 'LOGIN' })).length).toBeGreaterThan(0);
  });

  it('clears the session and lands on / when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'POST /api/auth/code': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { router } = renderApp({
      path: `/login-redirect/${freshCode()}`,
      user: makeUser({ email: 'previous@example.com' }),
    });

    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(stored()).toBeNull();
    expect(router.history.canGoBack()).toBe(false);
  });
});

describe('after a verification link', () => {
  it('tells the person on the dashboard that the email is verified', async () => {
    stubFetch({ 'POST /api/auth/verify-email': () => json(makeUser()) });
    const { router } = renderApp({ path: `/verify-email/${freshCode()}` });

    expect((await screen.findByRole('alert')).textContent).toContain('Your email is verified.');
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

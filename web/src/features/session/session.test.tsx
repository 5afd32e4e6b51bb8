import { screen, waitFor, waitForElementToBeRemoved } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/factories';
import { callsTo, json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { SESSION_STORAGE_KEY } from './session-store';

const unauthorized = () =>
  json({ statusCode: 401, error: 'Unauthorized', message: 'Please log in again.' }, 401);

function stored() {
  const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as unknown);
}

describe('session revalidation at startup', () => {
  it('stores the user the server returns', async () => {
    const fresh = makeUser({ email: 'new@example.com' });
    const { requests } = stubFetch({ 'POST /api/auth/me': () => json(fresh) });
    renderApp({ path: '/dashboard', user: makeUser({ email: 'old@example.com' }) });

    expect(await screen.findByText('Signed in as new@example.com')).toBeDefined();
    expect(stored()).toEqual(fresh);
    // Besides the dashboard's own lists of tokens and webhook endpoints, one call: the session's.
    const sessionCalls = requests
      .map((r) => `${r.method} ${new URL(r.url).pathname}`)
      .filter((call) => !/^GET \/api\/(tokens|webhooks)$/.test(call));
    expect(sessionCalls).toEqual(['POST /api/auth/me']);
  });

  it('covers the page while the server answers', async () => {
    const user = makeUser();
    let answer: (response: Response) => void = () => {};
    stubFetch({
      'POST /api/auth/me': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp({ path: '/dashboard', user });

    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeDefined();
    answer(json(user));
    await waitForElementToBeRemoved(() =>
      screen.queryByRole('status', { name: 'Checking your session' }),
    );
  });

  it('forgets the user and goes to / on a 401', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'POST /api/auth/me': unauthorized });
    const { router } = renderApp({ path: '/support', user: makeUser() });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(stored()).toBeNull();
    expect(await screen.findByRole('button', { name: 'LOGIN' })).toBeDefined();
    expect(await screen.findByText('Please log in again.')).toBeDefined();
  });

  it("on an alert's dashboard link, a 401 asks to sign in there and keeps the event", async () => {
    const { requests } = stubFetch({ 'POST /api/auth/me': unauthorized });
    const { router } = renderApp({
      path: '/dashboard?event=3f0c6a52-9d1e-4b7a-8c2f-5e6d7a8b9c01',
      user: makeUser(),
    });

    expect(
      await screen.findByRole('heading', { name: 'Sign in to see your dashboard' }),
    ).toBeDefined();
    expect(stored()).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toEqual({ event: '3f0c6a52-9d1e-4b7a-8c2f-5e6d7a8b9c01' });
    expect(screen.queryByText('Please log in again.')).toBeNull();
    // The dashboard asked nothing of its own before the answer: no call was refused but that one.
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/auth/me',
    ]);
  });
});

describe('logout', () => {
  it('clears the session and goes to /', async () => {
    const user = makeUser();
    const { requests } = stubFetch({
      'POST /api/auth/me': () => json(user),
      'GET /api/auth/logout': () => json({}),
    });
    const { events, router } = renderApp({ path: '/dashboard', user });
    await screen.findByText(`Signed in as ${user.email}`);

    await events.click(screen.getAllByRole('button', { name: 'LOGOUT' })[0]!);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(stored()).toBeNull();
    expect(requests.at(-1)?.url).toBe('http://localhost:3000/api/auth/logout');
    expect(await screen.findByRole('link', { name: 'SIGN UP' })).toBeDefined();
  });

  it('returns an impersonating staff member to /admin as themselves', async () => {
    const admin = makeUser({ id: '7f1d3c2b-8a9e-4f60-b1c2-d3e4f5a6b7c8', role: 'admin' });
    const impersonated = makeUser({ isImpersonated: true });
    let current = impersonated;
    const forbidden = () => json({ statusCode: 403, message: 'Subscribers only' }, 403);
    const { requests } = stubFetch({
      'POST /api/auth/me': () => json(current),
      'GET /api/auth/logout': () => {
        current = admin;
        return json({ id: admin.id });
      },
      'GET /api/tokens': () => (current === admin ? forbidden() : json({ tokens: [] })),
      'GET /api/webhooks': () => (current === admin ? forbidden() : json({ endpoints: [] })),
    });
    const { events, router } = renderApp({ path: '/dashboard', user: impersonated });
    await screen.findByText(/You are currently impersonating a user/);
    await waitFor(() => expect(callsTo(requests, 'GET /api/webhooks')).toHaveLength(1));

    await events.click(screen.getAllByRole('button', { name: 'LOGOUT' })[0]!);

    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/admin');
    expect(stored()).toEqual(admin);
    expect(screen.queryByText(/You are currently impersonating a user/)).toBeNull();
    // The subscriber's lists were read once, while impersonating; never as the staff member.
    expect(callsTo(requests, 'GET /api/tokens')).toHaveLength(1);
    expect(callsTo(requests, 'GET /api/webhooks')).toHaveLength(1);
  });

  it('shows staff on /dashboard no API access, and asks for none', async () => {
    const admin = makeUser({ role: 'admin' });
    const { requests } = stubFetch({ 'POST /api/auth/me': () => json(admin) });
    renderApp({ path: '/dashboard', user: admin });
    await screen.findByText(`Signed in as ${admin.email}`);
    await waitFor(() => expect(callsTo(requests, 'POST /api/auth/me')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'API Access' })).toBeNull();
    expect(callsTo(requests, 'GET /api/tokens')).toEqual([]);
    expect(callsTo(requests, 'GET /api/webhooks')).toEqual([]);
  });
});

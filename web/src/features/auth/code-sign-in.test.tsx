import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/factories';
import { i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { SESSION_STORAGE_KEY } from '../session/session-store';
import { PENDING_DESTINATION_KEY, rememberDestination } from './pending-destination';

const saveFile = vi.hoisted(() => vi.fn());
vi.mock('../documents/save-file', () => ({ saveFile }));

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

// The dashboard's API Access section loads its own lists (tokens, webhook endpoints); the calls
// that matter here are the sign-in's and the session's.
const API_ACCESS_LISTS = new Set(['/api/tokens', '/api/webhooks']);
const callsOf = (requests: Request[]) =>
  requests
    .filter((r) => !API_ACCESS_LISTS.has(new URL(r.url).pathname))
    .map((r) => `${r.method} ${new URL(r.url).pathname}`);

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

  const spent = () =>
    json(
      {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'This link has already been used or has expired. You are still signed in.',
      },
      401,
    );

  it.each(landings)(
    'keeps a person signed in when $route/:code is spent or expired, and goes to the dashboard',
    async ({ route, call }) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const signedIn = makeUser({ email: 'still-here@example.com' });
      const { requests } = stubFetch({
        [call]: spent,
        'POST /api/auth/me': () => json(signedIn),
      });
      const { router } = renderApp({ path: `/${route}/${freshCode()}`, user: signedIn });

      expect(
        await screen.findByText(
          'This link has already been used or has expired. You are still signed in.',
        ),
      ).toBeDefined();
      expect(await screen.findByText('Signed in as still-here@example.com')).toBeDefined();
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(stored()).toEqual(signedIn);
      expect(router.history.canGoBack()).toBe(false);
      expect(callsOf(requests).slice(0, 2)).toEqual([call, 'POST /api/auth/me']);
    },
  );

  it('signs the stored user out when the server says that session has ended too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'POST /api/auth/code': rejected,
      'POST /api/auth/me': () =>
        json(
          { statusCode: 401, error: 'Unauthorized', message: 'You need to sign in to do that.' },
          401,
        ),
    });
    const { router } = renderApp({
      path: `/login-redirect/${freshCode()}`,
      user: makeUser({ email: 'previous@example.com' }),
    });

    expect(
      await screen.findByText('This link is invalid, has been used or has expired.'),
    ).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(stored()).toBeNull();
    expect((await screen.findAllByRole('button', { name: 'LOGIN' })).length).toBeGreaterThan(0);
    // One failure, one toast: the session check is quiet.
    expect(screen.queryByText('You need to sign in to do that.')).toBeNull();
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

describe("a verification link of a method that is not the account's own email", () => {
  it.each([
    { route: 'verify-email', call: 'POST /api/auth/verify-email', verified: 'Email' },
    { route: 'verify-sms', call: 'POST /api/auth/verify-sms', verified: 'SMS' },
  ] as const)(
    '/$route/:code says it is verified, signs nobody in and leaves a stored session be',
    async ({ route, call, verified }) => {
      const signedIn = makeUser({ email: 'someone-else@example.com' });
      stubFetch({ [call]: () => json({ verified }) });
      const { router } = renderApp({ path: `/${route}/${freshCode()}`, user: signedIn });

      const title = verified === 'Email' ? 'Your email is verified' : 'Your phone is verified';
      expect(await screen.findByRole('heading', { name: title })).toBeDefined();
      expect(screen.getByText(/did not sign you in to that account/)).toBeDefined();
      expect(router.state.location.pathname.startsWith(`/${route}/`)).toBe(true);
      expect(stored()).toEqual(signedIn);
    },
  );

  it('says so in Spanish', async () => {
    await i18n.changeLanguage('es');
    stubFetch({ 'POST /api/auth/verify-sms': () => json({ verified: 'SMS' }) });
    renderApp({ path: `/verify-sms/${freshCode()}` });
    expect(
      await screen.findByRole('heading', { name: 'Su teléfono está verificado' }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Ir a DeedWatch' })).toBeDefined();
  });
});

describe('a link of another account, opened where an account is signed in', () => {
  it('keeps the signed-in session and shows why the link was refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const signedIn = makeUser({ email: 'victim@example.com' });
    const message =
      'This browser is signed in to another DeedWatch account. Sign out, then open the link again.';
    stubFetch({
      'POST /api/auth/code': () => json({ statusCode: 409, error: 'Conflict', message }, 409),
    });
    const { router } = renderApp({ path: `/login-redirect/${freshCode()}`, user: signedIn });

    expect(await screen.findByText(message)).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(stored()).toEqual(signedIn);
    expect(router.history.canGoBack()).toBe(false);
  });
});

describe('a magic link asked for on the way to a document', () => {
  const pdf = () => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
  const remembered = (path: string, until = Date.now() + 60_000) =>
    window.localStorage.setItem(PENDING_DESTINATION_KEY, JSON.stringify({ path, until }));

  it('continues to the document, downloads it once, then goes to /', async () => {
    rememberDestination({
      to: '/documents/$folder/$file',
      params: { folder: 'SAC', file: '2026-000123.pdf' },
    });
    const { requests } = stubFetch({
      'POST /api/auth/code': () => json(makeUser()),
      'GET /api/document/download': pdf,
    });
    const { router } = renderApp({ path: `/login-redirect/${freshCode()}`, strict: true });

    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(saveFile.mock.calls[0]![1]).toBe('2026-000123.pdf');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsOf(requests)).toEqual(['POST /api/auth/code', 'GET /api/document/download']);
    const download = new URL(requests[1]!.url).searchParams;
    expect([download.get('containerName'), download.get('fileName')]).toEqual([
      'SAC',
      '2026-000123.pdf',
    ]);
    expect(window.localStorage.getItem(PENDING_DESTINATION_KEY)).toBeNull();
    expect(router.history.canGoBack()).toBe(false);
  });

  it('goes to /dashboard when the remembered place is not one of the allowed pages', async () => {
    for (const path of [
      'https://evil.example/',
      '//evil.example/documents/SAC/x.pdf',
      '/\\evil.example',
      '/admin',
    ]) {
      remembered(path);
      stubFetch({ 'POST /api/auth/code': () => json(makeUser()) });
      const { router, unmount } = renderApp({ path: `/login-redirect/${freshCode()}` });
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(router.state.location.href).toBe('/dashboard');
      expect(window.localStorage.getItem(PENDING_DESTINATION_KEY)).toBeNull();
      unmount();
    }
  });

  it('goes to /dashboard when the remembered place is older than the link', async () => {
    remembered('/documents/SAC/x.pdf', Date.now() - 1);
    stubFetch({ 'POST /api/auth/code': () => json(makeUser()) });
    const { router } = renderApp({ path: `/login-redirect/${freshCode()}` });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('is left for the magic link: a verification link goes to /dashboard and keeps it', async () => {
    remembered('/documents/SAC/x.pdf');
    stubFetch({ 'POST /api/auth/verify-email': () => json(makeUser()) });
    const { router } = renderApp({ path: `/verify-email/${freshCode()}` });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.localStorage.getItem(PENDING_DESTINATION_KEY)).not.toBeNull();
  });

  it('is kept when the link is refused, for the next link', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    remembered('/documents/SAC/x.pdf');
    stubFetch({ 'POST /api/auth/code': rejected });
    const { router } = renderApp({ path: `/login-redirect/${freshCode()}` });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem(PENDING_DESTINATION_KEY)).not.toBeNull();
  });
});

describe('the verify and sign-in links in Spanish', () => {
  it.each([
    { route: 'login-redirect', call: 'POST /api/auth/code', title: 'Iniciando su sesión' },
    {
      route: 'verify-email',
      call: 'POST /api/auth/verify-email',
      title: 'Verificando su correo electrónico',
    },
    { route: 'verify-sms', call: 'POST /api/auth/verify-sms', title: 'Verificando su teléfono' },
  ])('/$route/:code says what it does in Spanish', async ({ route, call, title }) => {
    await i18n.changeLanguage('es');
    stubFetch({ [call]: () => new Promise<Response>(() => {}) });
    renderApp({ path: `/${route}/${freshCode()}` });
    expect(await screen.findByRole('heading', { name: title })).toBeDefined();
    expect(screen.getByRole('status', { name: title })).toBeDefined();
  });

  it('tells a Spanish subscriber in Spanish that the email is verified', async () => {
    await i18n.changeLanguage('es');
    stubFetch({ 'POST /api/auth/verify-email': () => json(makeUser({ language: 'es' })) });
    renderApp({ path: `/verify-email/${freshCode()}` });
    const notice = await screen.findByText('Su correo electrónico está verificado.');
    expect(notice.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Descartar el mensaje' })).toBeDefined();
  });
});

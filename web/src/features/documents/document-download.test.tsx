import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/factories';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { PENDING_DESTINATION_KEY, takeDestination } from '../auth/pending-destination';
import { SESSION_STORAGE_KEY } from '../session/session-store';

const SIGN_IN_TO_DOWNLOAD =
  'Sign in to download this document. Open the link we email you in this browser, and the download starts.';

const saveFile = vi.hoisted(() => vi.fn());
vi.mock('./save-file', () => ({ saveFile }));

const toasts = () =>
  [...document.querySelectorAll('.mantine-Notification-root')].map((n) => n.textContent);

describe('/documents/:folder/:file', () => {
  it('downloads the document once, then goes to /', async () => {
    const user = makeUser();
    const { requests } = stubFetch({
      'POST /api/auth/me': () => json(user),
      'GET /api/document/download': () =>
        new Response('%PDF-1.7', {
          headers: { 'content-type': 'application/pdf' },
        }),
    });
    const { router } = renderApp({ path: '/documents/sac/2024-0001.pdf', user, strict: true });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const downloads = requests.filter((r) => r.url.includes('/api/document/download'));
    expect(downloads).toHaveLength(1);
    const url = new URL(downloads[0]!.url);
    expect(url.searchParams.get('containerName')).toBe('sac');
    expect(url.searchParams.get('fileName')).toBe('2024-0001.pdf');
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [blob, name] = saveFile.mock.calls[0]! as [Blob, string];
    expect(name).toBe('2024-0001.pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(router.history.canGoBack()).toBe(false);
  });

  it('says the download failed, then goes to /', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = makeUser();
    stubFetch({
      'POST /api/auth/me': () => json(user),
      'GET /api/document/download': () =>
        json({ statusCode: 404, error: 'Not Found', message: 'No such document' }, 404),
    });
    const { router } = renderApp({ path: '/documents/sac/missing.pdf', user });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(toasts()).toEqual(['ErrorFailed to download document']));
    expect(saveFile).not.toHaveBeenCalled();
  });
});

const callsOf = (requests: Request[]) =>
  requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);

const notFound = () =>
  json({ statusCode: 404, error: 'Not Found', message: 'Document not found.' }, 404);

const unauthorized = () =>
  json({ statusCode: 401, error: 'Unauthorized', message: 'You need to sign in to do that.' }, 401);

describe('/documents/:folder/:file signed out', () => {
  it('asks to sign in, says why, and sends a link that continues to the document', async () => {
    const { requests } = stubFetch({ 'POST /api/auth/login': () => json({}) });
    const { events, router } = renderApp({ path: '/documents/SAC/2026-000123.pdf' });

    const dialog = within(await screen.findByRole('dialog', { name: 'Login' }));
    expect(dialog.getByText(SIGN_IN_TO_DOWNLOAD)).toBeDefined();
    expect(callsOf(requests)).toEqual([]);

    await events.type(dialog.getByRole('textbox', { name: 'Email' }), 'owner@example.com');
    await events.click(dialog.getByRole('button', { name: 'Send Login Link' }));
    expect(await dialog.findByText('Check your inbox')).toBeDefined();

    expect(callsOf(requests)).toEqual(['POST /api/auth/login']);
    expect(router.state.location.pathname).toBe('/documents/SAC/2026-000123.pdf');
    expect(takeDestination()).toEqual({
      to: '/documents/$folder/$file',
      params: { folder: 'SAC', file: '2026-000123.pdf' },
    });
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('goes to / when the person closes the sign-in, and remembers nothing', async () => {
    stubFetch({});
    const { events, router } = renderApp({ path: '/documents/SAC/2026-000123.pdf' });

    await screen.findByRole('dialog', { name: 'Login' });
    await events.keyboard('{Escape}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem(PENDING_DESTINATION_KEY)).toBeNull();
  });

  it.each([
    ['401', unauthorized],
    ['404', notFound],
  ])(
    'asks to sign in on the page when the stored session has ended (download %s)',
    async (_status, refusal) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { requests } = stubFetch({
        'GET /api/document/download': refusal,
        'POST /api/auth/me': unauthorized,
      });
      const { router } = renderApp({
        path: '/documents/SAC/2026-000123.pdf',
        user: makeUser(),
        strict: true,
      });

      const dialog = within(await screen.findByRole('dialog', { name: 'Login' }));
      expect(dialog.getByText(SIGN_IN_TO_DOWNLOAD)).toBeDefined();
      expect(router.state.location.pathname).toBe('/documents/SAC/2026-000123.pdf');
      expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
      // The page settles the session itself: no startup check that would leave for / on its 401.
      expect(callsOf(requests)).toEqual(['GET /api/document/download', 'POST /api/auth/me']);
      expect(toasts()).toEqual([]);
      expect(saveFile).not.toHaveBeenCalled();
    },
  );

  it('says the download failed when the session holds but the document is not yours', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = makeUser();
    stubFetch({ 'GET /api/document/download': notFound, 'POST /api/auth/me': () => json(user) });
    const { router } = renderApp({ path: '/documents/SAC/someone-else.pdf', user });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(toasts()).toEqual(['ErrorFailed to download document']));
    expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });
});

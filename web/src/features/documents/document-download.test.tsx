import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/factories';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

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

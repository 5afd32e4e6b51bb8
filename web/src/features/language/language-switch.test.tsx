import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, initialLanguage, LANGUAGE_STORAGE_KEY } from '../../i18n';
import { makeUser } from '../../test/factories';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

async function mainNav() {
  return within(await screen.findByRole('navigation', { name: /^(Main|Principal)$/ }));
}

describe('the language switch', () => {
  it('shows the site in Spanish, remembers it on this browser and marks the page', async () => {
    const { fetch } = stubFetch({});
    const { events } = renderApp({ path: '/faq' });

    const nav = await mainNav();
    const toSpanish = nav.getByRole('button', { name: 'Español' });
    expect(toSpanish.getAttribute('lang')).toBe('es');
    await events.click(toSpanish);

    expect(await nav.findByRole('link', { name: 'REGISTRARSE' })).toBeDefined();
    expect(nav.getByRole('button', { name: 'English' }).getAttribute('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('es');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    // Signed out, nothing is stored on the server.
    expect(fetch).not.toHaveBeenCalled();
  });

  it("stores a subscriber's choice on the account", async () => {
    const user = makeUser();
    const sent: unknown[] = [];
    stubFetch({
      'POST /api/auth/me': () => json(user),
      'POST /api/user/language': async (request) => {
        const body = (await request.json()) as { language: 'en' | 'es' };
        sent.push(body);
        return json({ ...user, language: body.language });
      },
    });
    const { events } = renderApp({ path: '/faq', user });

    await events.click((await mainNav()).getByRole('button', { name: 'Español' }));

    await waitFor(() => expect(sent).toEqual([{ language: 'es' }]));
    expect(await (await mainNav()).findByRole('link', { name: 'MI PANEL' })).toBeDefined();
  });

  it("follows the account's language when a subscriber signs in", async () => {
    const user = makeUser({ language: 'es' });
    stubFetch({ 'POST /api/auth/me': () => json(user) });
    renderApp({ path: '/faq', user });

    expect(await (await mainNav()).findByRole('button', { name: 'CERRAR SESIÓN' })).toBeDefined();
    expect(i18n.language).toBe('es');
  });

  it("does not change the subscriber's account while staff impersonate them", async () => {
    const user = makeUser({ isImpersonated: true });
    const { requests } = stubFetch({ 'POST /api/auth/me': () => json(user) });
    const { events } = renderApp({ path: '/faq', user });

    await events.click((await mainNav()).getByRole('button', { name: 'Español' }));

    expect(await (await mainNav()).findByRole('link', { name: 'MI PANEL' })).toBeDefined();
    expect(requests.some((r) => new URL(r.url).pathname === '/api/user/language')).toBe(false);
  });
});

describe('the first language', () => {
  const storage = (value: string | null) => ({ getItem: () => value });

  it('is the one chosen before on this browser', () => {
    expect(initialLanguage(storage('es'), ['en-US'])).toBe('es');
  });

  it("is otherwise the browser's first language we speak, else English", () => {
    expect(initialLanguage(storage(null), ['es-MX', 'en'])).toBe('es');
    expect(initialLanguage(storage('klingon'), ['fr', 'en-GB'])).toBe('en');
    expect(initialLanguage(storage(null), ['fr'])).toBe('en');
    expect(initialLanguage(undefined, [])).toBe('en');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, LANGUAGE_STORAGE_KEY, switchLanguage } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { admin, makeUserRow, renderAdmin } from '../admin/test-helpers';
import { isStaffScreen } from './english-only';

/** The site as left by a visitor who switched it to Spanish on this browser. */
async function chooseSpanish() {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
  await i18n.changeLanguage('es');
}

const mainNav = async () => within(await screen.findByRole('navigation', { name: 'Main' }));

describe('the staff screens, English-only', () => {
  it('are English for staff who chose Spanish, and the site is Spanish again on leaving', async () => {
    await chooseSpanish();
    const row = makeUserRow({ userEmail: 'jane@example.com', createdAt: '2026-11-02T12:00:00Z' });
    const { events, requests, router } = await renderAdmin(
      {
        'GET /api/admin/users': () => json({ users: [row], totalUsers: 1 }),
        'POST /api/admin/resend-welcome': () => json({ message: 'On its way.' }),
      },
      // The account's language is Spanish too, and the header applies it on signing in.
      { user: { ...admin, language: 'es' }, path: '/admin?tab=users' },
    );

    // The header, the page's language and the dates (MM/DD/YYYY, not 02/11/2026).
    const nav = await mainNav();
    expect(nav.getByRole('link', { name: 'ADMIN' })).toBeDefined();
    expect(nav.getByRole('button', { name: 'LOGOUT' })).toBeDefined();
    expect(nav.queryByRole('button', { name: 'English' })).toBeNull();
    expect(nav.queryByRole('button', { name: 'Español' })).toBeNull();
    expect(document.documentElement.lang).toBe('en');
    const table = within(await screen.findByRole('table', { name: 'Users' }));
    expect(await table.findByText('11/02/2026')).toBeDefined();

    // A shared dialog's own button (Cancel) too; and the API is asked for English.
    const resend = 'Resend Welcome Email';
    await events.click(screen.getByRole('button', { name: `${resend} to jane@example.com` }));
    let dialog = within(await screen.findByRole('dialog', { name: resend }));
    expect(dialog.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    await events.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: resend })).toBeNull());
    await events.click(screen.getByRole('button', { name: `${resend} to jane@example.com` }));
    dialog = within(await screen.findByRole('dialog', { name: resend }));
    await events.click(dialog.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('On its way.')).toBeDefined();
    const call = requests.find((r) => new URL(r.url).pathname === '/api/admin/resend-welcome')!;
    expect(call.headers.get('Accept-Language')).toBe('en');

    // Elsewhere the choice made stands: the site is Spanish, with its switch.
    await router.navigate({ to: '/faq' });
    expect(
      await screen.findByRole('heading', { name: 'Preguntas frecuentes', level: 1 }),
    ).toBeDefined();
    const principal = within(await screen.findByRole('navigation', { name: 'Principal' }));
    expect(principal.getByRole('button', { name: 'English' })).toBeDefined();
    expect(document.documentElement.lang).toBe('es');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
  });

  it('keep a language chosen while one is open for when it closes', async () => {
    await chooseSpanish();
    stubFetch({});
    const { router } = renderApp({ path: '/admin-login' });
    expect(await screen.findByRole('heading', { name: 'Admin Login', level: 1 })).toBeDefined();
    await waitFor(() => expect(i18n.language).toBe('en'));

    // As the account's language is applied on signing in: held, not shown.
    await switchLanguage('en');
    await switchLanguage('es');
    expect(i18n.language).toBe('en');

    await router.navigate({ to: '/faq' });
    expect(
      await screen.findByRole('heading', { name: 'Preguntas frecuentes', level: 1 }),
    ).toBeDefined();
  });

  it.each([
    ['/admin', true],
    ['/admin-login', true],
    ['/admin/', true],
    ['/administer', false],
    ['/dashboard', false],
    ['/faq', false],
  ])('%s is a staff screen: %s', (path, staff) => {
    expect(isStaffScreen(path)).toBe(staff);
  });
});

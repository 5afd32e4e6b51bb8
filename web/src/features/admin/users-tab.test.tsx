import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/factories';
import { json } from '../../test/fetch-stub';
import { SESSION_STORAGE_KEY } from '../session/session-store';
import { lastQuery, makeUserRow, renderAdmin } from './test-helpers';
import type { AdminUserRow } from './types';

const failure = () =>
  json({ statusCode: 500, error: 'Internal Server Error', message: 'Down.' }, 500);

/** A users endpoint over `all`, paged as the server pages (the order is the test's concern). */
function usersEndpoint(all: AdminUserRow[]) {
  return (request: Request) => {
    const query = new URL(request.url).searchParams;
    const page = Number(query.get('page'));
    const count = Number(query.get('count'));
    const term = query.get('searchTerm') ?? '';
    const found = all.filter((u) => u.userEmail.includes(term));
    return json({ users: found.slice((page - 1) * count, page * count), totalUsers: found.length });
  };
}

async function openUsers(
  handlers: Parameters<typeof renderAdmin>[0],
  options?: Parameters<typeof renderAdmin>[1],
) {
  const rendered = await renderAdmin(handlers, { path: '/admin?tab=users', ...options });
  const table = await screen.findByRole('table', { name: 'Users' });
  return { ...rendered, table: within(table) };
}

const emails = (table: { getAllByRole: (role: 'row') => HTMLElement[] }) =>
  table
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('td')?.textContent);

describe('Users', () => {
  it('asks for the first 10, newest first, and shows each row', async () => {
    const row = makeUserRow({
      userEmail: 'jane@example.com',
      createdAt: '2026-11-02T12:00:00.000Z',
      lastLogin: null,
      verified: false,
      guardedSubscriptions: 4,
      emailNotificationMethods: 2,
    });
    const { requests, table } = await openUsers({ 'GET /api/admin/users': usersEndpoint([row]) });

    expect(lastQuery(requests, 'GET /api/admin/users')).toEqual({
      page: '1',
      count: '10',
      sortTerm: 'createdAt:desc',
      searchTerm: '',
    });
    const cells = within(table.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.slice(0, 7).map((c) => c.textContent)).toEqual([
      'jane@example.com',
      'subscriber',
      '11/02/2026',
      'Never',
      'No',
      '4',
      '2',
    ]);
    expect(table.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('pages through the users and changes the page size', async () => {
    const all = Array.from({ length: 25 }, (_, i) =>
      makeUserRow({ userEmail: `u${i}@example.com` }),
    );
    const { events, requests, table } = await openUsers({
      'GET /api/admin/users': usersEndpoint(all),
    });
    expect(screen.getByText('Showing 1–10 of 25')).toBeDefined();

    await events.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(emails(table)).toEqual(all.slice(20).map((u) => u.userEmail)));
    expect(lastQuery(requests, 'GET /api/admin/users').page).toBe('3');
    expect(screen.getByText('Showing 21–25 of 25')).toBeDefined();

    await events.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await events.click(await screen.findByRole('option', { name: '20', hidden: true }));
    await waitFor(() => expect(emails(table)).toHaveLength(20));
    expect(lastQuery(requests, 'GET /api/admin/users')).toMatchObject({ page: '1', count: '20' });
    expect(screen.getByText('Showing 1–20 of 25')).toBeDefined();
  });

  it('offers 10, 20, 50 or 100 rows a page, 10 unless chosen', async () => {
    const { events } = await openUsers({ 'GET /api/admin/users': usersEndpoint([makeUserRow()]) });

    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(select).toHaveProperty('value', '10');
    await events.click(select);
    const listbox = await screen.findByRole('listbox', { name: 'Rows per page', hidden: true });
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '50', '100']);
    expect(
      within(listbox)
        .getByRole('option', { name: '10', hidden: true })
        .getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('shows a loader until the first page arrives', async () => {
    let reply: (response: Response) => void = () => {};
    await renderAdmin(
      {
        'GET /api/admin/users': () =>
          new Promise<Response>((resolve) => {
            reply = resolve;
          }),
      },
      { path: '/admin?tab=users' },
    );

    expect(await screen.findByRole('status', { name: 'Loading users' })).toBeDefined();
    expect(screen.queryByRole('table', { name: 'Users' })).toBeNull();
    reply(json({ users: [makeUserRow({ userEmail: 'jane@example.com' })], totalUsers: 1 }));
    await screen.findByRole('cell', { name: 'jane@example.com' });
    expect(screen.queryByRole('status', { name: 'Loading users' })).toBeNull();
  });

  it('sorts by email and by created date', async () => {
    const { events, requests, table } = await openUsers({
      'GET /api/admin/users': usersEndpoint([makeUserRow()]),
    });
    const header = (name: RegExp) => table.getByRole('columnheader', { name });

    await events.click(within(header(/Email/)).getByRole('button'));
    await waitFor(() =>
      expect(lastQuery(requests, 'GET /api/admin/users').sortTerm).toBe('email:asc'),
    );
    expect(header(/Email/).getAttribute('aria-sort')).toBe('ascending');
    expect(header(/Created/).getAttribute('aria-sort')).toBe('none');

    await events.click(within(header(/Email/)).getByRole('button'));
    await waitFor(() =>
      expect(lastQuery(requests, 'GET /api/admin/users').sortTerm).toBe('email:desc'),
    );

    await events.click(within(header(/Created/)).getByRole('button'));
    await waitFor(() =>
      expect(lastQuery(requests, 'GET /api/admin/users').sortTerm).toBe('createdAt:desc'),
    );
    await events.click(within(header(/Created/)).getByRole('button'));
    await waitFor(() =>
      expect(lastQuery(requests, 'GET /api/admin/users').sortTerm).toBe('createdAt:asc'),
    );
  });

  it('searches once the typing stops, from the first page', async () => {
    const all = [
      ...Array.from({ length: 15 }, (_, i) => makeUserRow({ userEmail: `alpha${i}@example.com` })),
      makeUserRow({ userEmail: 'bravo@example.com' }),
    ];
    const { events, requests, table } = await openUsers({
      'GET /api/admin/users': usersEndpoint(all),
    });
    await events.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(requests, 'GET /api/admin/users').page).toBe('2'));
    const before = requests.length;

    await events.type(screen.getByRole('searchbox', { name: 'Search Users' }), 'bravo');

    await waitFor(() => expect(emails(table)).toEqual(['bravo@example.com']));
    const searches = requests
      .slice(before)
      .map((r) => new URL(r.url).searchParams.get('searchTerm'));
    expect(searches).toEqual(['bravo']);
    expect(lastQuery(requests, 'GET /api/admin/users').page).toBe('1');
  });

  it("says 'No Users Found' for an empty list", async () => {
    await openUsers({ 'GET /api/admin/users': usersEndpoint([]) });
    expect(screen.getByText('No Users Found')).toBeDefined();
  });

  it('says when the users could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAdmin({ 'GET /api/admin/users': failure }, { path: '/admin?tab=users' });
    expect(await screen.findByText('Users not loaded')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeDefined();
  });

  it('offers no actions on staff rows', async () => {
    const staff = makeUserRow({ userEmail: 'cs@example.com', role: 'customersupport' });
    await openUsers({ 'GET /api/admin/users': usersEndpoint([staff]) });
    expect(screen.getByRole('button', { name: 'Impersonate User cs@example.com' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(
      screen.getByRole('button', { name: 'Resend Welcome Email to cs@example.com' }),
    ).toHaveProperty('disabled', true);
  });
});

describe('the users list in the address', () => {
  const all = Array.from({ length: 45 }, (_, i) =>
    makeUserRow({ userEmail: `u${String(i).padStart(2, '0')}@example.com` }),
  );

  it('keeps the page, size, order and search there, leaving out what is as by default', async () => {
    const { events, router, table } = await openUsers({
      'GET /api/admin/users': usersEndpoint(all),
    });

    await events.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'users', page: 2 }));
    await events.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await events.click(await screen.findByRole('option', { name: '20', hidden: true }));
    await events.click(
      within(table.getByRole('columnheader', { name: /Email/ })).getByRole('button'),
    );
    await events.type(screen.getByRole('searchbox', { name: 'Search Users' }), 'u1');

    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        tab: 'users',
        count: 20,
        sortTerm: 'email:asc',
        searchTerm: 'u1',
      }),
    );
  });

  it('opens the list the address describes, as a reload or a shared link does', async () => {
    const { requests, table } = await openUsers(
      { 'GET /api/admin/users': usersEndpoint(all) },
      { path: '/admin?tab=users&page=2&count=20&sortTerm=email:asc&searchTerm=u' },
    );

    expect(lastQuery(requests, 'GET /api/admin/users')).toEqual({
      page: '2',
      count: '20',
      sortTerm: 'email:asc',
      searchTerm: 'u',
    });
    expect(requests.filter((r) => new URL(r.url).pathname === '/api/admin/users')).toHaveLength(1);
    expect(screen.getByRole('searchbox', { name: 'Search Users' })).toHaveProperty('value', 'u');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveProperty('value', '20');
    expect(table.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(screen.getByText('Showing 21–40 of 45')).toBeDefined();
  });

  it('is as it was left after going elsewhere and coming Back', async () => {
    const { events, requests, router } = await openUsers({
      'GET /api/admin/users': usersEndpoint(all),
    });
    await events.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Showing 21–30 of 45');

    await events.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'DASHBOARD',
      }),
    );
    await screen.findByRole('heading', { name: 'Dashboard' });
    act(() => router.history.back());

    expect(await screen.findByText('Showing 21–30 of 45')).toBeDefined();
    expect(lastQuery(requests, 'GET /api/admin/users').page).toBe('3');
  });

  it('shows the last page for a page past the end, and puts it in the address', async () => {
    const thirtyNine = all.slice(0, 39);
    const { requests, router, table } = await openUsers(
      { 'GET /api/admin/users': usersEndpoint(thirtyNine) },
      { path: '/admin?tab=users&page=9' },
    );

    await waitFor(() =>
      expect(emails(table)).toEqual(thirtyNine.slice(30).map((u) => u.userEmail)),
    );
    expect(lastQuery(requests, 'GET /api/admin/users').page).toBe('4');
    expect(router.state.location.search).toEqual({ tab: 'users', page: 4 });
    expect(screen.getByText('Showing 31–39 of 39')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Page 4' }).hasAttribute('data-active')).toBe(true);
    expect(screen.queryByText('No Users Found')).toBeNull();
  });

  it('falls back to the defaults for values the list does not take', async () => {
    const { requests } = await openUsers(
      { 'GET /api/admin/users': usersEndpoint(all) },
      { path: '/admin?tab=users&page=0&count=7&sortTerm=name:up' },
    );

    expect(lastQuery(requests, 'GET /api/admin/users')).toEqual({
      page: '1',
      count: '10',
      sortTerm: 'createdAt:desc',
      searchTerm: '',
    });
  });
});

describe('Impersonate User', () => {
  it('signs in as the user and opens their dashboard with the banner', async () => {
    const row = makeUserRow({ userEmail: 'jane@example.com' });
    const jane = makeUser({ id: row.userId, email: 'jane@example.com', isImpersonated: true });
    const { events, requests, router } = await openUsers({
      'GET /api/admin/users': usersEndpoint([row]),
      'POST /api/admin/impersonate': () => json(jane),
    });

    await events.click(screen.getByRole('button', { name: 'Impersonate User jane@example.com' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Impersonate User' }));
    await events.click(dialog.getByRole('button', { name: 'Impersonate' }));

    expect(await screen.findByText('Signed in as jane@example.com')).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText(/You are currently impersonating a user/)).toBeDefined();
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual(jane);
    const impersonate = requests.find((r) => new URL(r.url).pathname === '/api/admin/impersonate')!;
    expect(await impersonate.json()).toEqual({ userId: row.userId });
  });

  it('shows the failure banner and stays on the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events, router } = await openUsers({
      'GET /api/admin/users': usersEndpoint([makeUserRow({ userEmail: 'jane@example.com' })]),
      'POST /api/admin/impersonate': failure,
    });

    await events.click(screen.getByRole('button', { name: 'Impersonate User jane@example.com' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Impersonate User' }));
    await events.click(dialog.getByRole('button', { name: 'Impersonate' }));

    expect(
      await screen.findByText('Failed to impersonate user. Please try again later.'),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe('/admin');
  });
});

describe('an action on a user who is gone', () => {
  // Deleted after the list was loaded: the server no longer has them.
  const gone = makeUserRow({ userEmail: 'gone@example.com' });
  const notFound = () =>
    json({ statusCode: 404, error: 'Not Found', message: `User '${gone.userId}' not found.` }, 404);

  it.each([
    ['Impersonate User gone@example.com', 'Impersonate User', 'Impersonate'],
    ['Resend Welcome Email to gone@example.com', 'Resend Welcome Email', 'Resend'],
  ])(
    '%s: says so in the server’s words and drops them from the list',
    async (button, title, confirm) => {
      const all = [gone, makeUserRow({ userEmail: 'kept@example.com' })];
      const { events, router, table } = await openUsers({
        'GET /api/admin/users': usersEndpoint(all),
        'POST /api/admin/impersonate': () => {
          all.splice(0, 1);
          return notFound();
        },
        'POST /api/admin/resend-welcome': () => {
          all.splice(0, 1);
          return notFound();
        },
      });

      await events.click(screen.getByRole('button', { name: button }));
      const dialog = within(await screen.findByRole('dialog', { name: title }));
      await events.click(dialog.getByRole('button', { name: confirm }));

      expect(await screen.findByText(`User '${gone.userId}' not found.`)).toBeDefined();
      expect(screen.queryByText(/Please try again later/)).toBeNull();
      await waitFor(() => expect(emails(table)).toEqual(['kept@example.com']));
      expect(router.state.location.pathname).toBe('/admin');
    },
  );
});

describe('Resend Welcome Email', () => {
  it('shows the server message when sent, and the failure banner when not', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const row = makeUserRow({ userEmail: 'jane@example.com' });
    let answer = () => json({ message: 'The welcome email to jane@example.com is on its way.' });
    const { events, requests } = await openUsers({
      'GET /api/admin/users': usersEndpoint([row]),
      'POST /api/admin/resend-welcome': () => answer(),
    });
    const resend = async () => {
      await events.click(
        screen.getByRole('button', { name: 'Resend Welcome Email to jane@example.com' }),
      );
      const dialog = within(await screen.findByRole('dialog', { name: 'Resend Welcome Email' }));
      await events.click(dialog.getByRole('button', { name: 'Resend' }));
    };

    await resend();
    expect(
      await screen.findByText('The welcome email to jane@example.com is on its way.'),
    ).toBeDefined();
    const call = requests.find((r) => new URL(r.url).pathname === '/api/admin/resend-welcome')!;
    expect(await call.json()).toEqual({ userId: row.userId });

    answer = failure;
    await resend();
    expect(
      await screen.findByText('Failed to resend welcome email. Please try again later.'),
    ).toBeDefined();
    expect(screen.queryByText('The welcome email to jane@example.com is on its way.')).toBeNull();
  });
});

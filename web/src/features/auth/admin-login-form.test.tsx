import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/factories';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { SESSION_STORAGE_KEY } from '../session/session-store';

async function openPage() {
  const rendered = renderApp({ path: '/admin-login' });
  const email = await screen.findByRole('textbox', { name: 'Email' });
  const password = screen.getByLabelText(/^Password/);
  const login = screen.getByRole('button', { name: 'Login' });
  return { ...rendered, email, password, login };
}

describe('/admin-login', () => {
  it('wants an email like text@text and a password before sending', async () => {
    const { fetch } = stubFetch({});
    const { events, email, password, login } = await openPage();

    await events.click(login);
    expect(await screen.findByText('Invalid email')).toBeDefined();
    expect(screen.getByText('Password is required')).toBeDefined();

    await events.type(email, 'admin');
    await events.type(password, 'secret');
    await events.click(login);
    expect(await screen.findByText('Invalid email')).toBeDefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('signs staff in and goes to /admin', async () => {
    const admin = makeUser({ role: 'admin', email: 'admin@example.com' });
    const { requests } = stubFetch({ 'POST /api/admin/auth/login': () => json(admin) });
    const { events, email, password, login, router } = await openPage();

    await events.type(email, 'admin@example');
    await events.type(password, 'correct horse');
    await events.click(login);

    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/admin');
    expect(await requests[0]!.clone().json()).toEqual({
      email: 'admin@example',
      password: 'correct horse',
    });
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual(admin);
  });

  it('stays on the form with the error when the password is wrong', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'POST /api/admin/auth/login': () =>
        json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' }, 401),
    });
    const { events, email, password, login, router } = await openPage();

    await events.type(email, 'admin@example.com');
    await events.type(password, 'wrong');
    await events.click(login);

    expect(await screen.findByText('Invalid email or password')).toBeDefined();
    await waitFor(() => expect(login).toHaveProperty('disabled', false));
    expect(router.state.location.pathname).toBe('/admin-login');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty(
      'value',
      'admin@example.com',
    );
  });
});

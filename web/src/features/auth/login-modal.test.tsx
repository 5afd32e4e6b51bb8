import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { i18n } from '../../i18n';
import { renderApp } from '../../test/render-app';
import { PENDING_DESTINATION_KEY, rememberDestination } from './pending-destination';

async function openLogin() {
  const rendered = renderApp({ path: '/' });
  const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
  await rendered.events.click(nav.getByRole('button', { name: 'LOGIN' }));
  const email = await screen.findByRole('textbox', { name: 'Email' });
  return { ...rendered, email };
}

describe('login modal', () => {
  it('validates the email before sending', async () => {
    const { fetch } = stubFetch({});
    const { events, email } = await openLogin();

    await events.click(screen.getByRole('button', { name: 'Send Login Link' }));
    expect(await screen.findByText('Email is required')).toBeDefined();

    await events.type(email, 'owner@example');
    await events.click(screen.getByRole('button', { name: 'Send Login Link' }));
    expect(await screen.findByText('Email is invalid')).toBeDefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for a magic link and says to check the inbox', async () => {
    const { requests } = stubFetch({ 'POST /api/auth/login': () => json({}) });
    const { events, email } = await openLogin();

    await events.type(email, ' owner@example.com ');
    await events.click(screen.getByRole('button', { name: 'Send Login Link' }));

    expect(await screen.findByText('Check your inbox')).toBeDefined();
    expect(screen.getByText(/If an account exists for owner@example.com/)).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
    expect(new URL(requests[0]!.url).searchParams.get('email')).toBe('owner@example.com');
  });

  it('sends a plain sign-in link to the dashboard, even after a page asked for another place', async () => {
    rememberDestination({
      to: '/documents/$folder/$file',
      params: { folder: 'SAC', file: 'x.pdf' },
    });
    stubFetch({ 'POST /api/auth/login': () => json({}) });
    const { events, email } = await openLogin();

    expect(screen.queryByText(/Sign in to download/)).toBeNull();
    await events.type(email, 'owner@example.com');
    await events.click(screen.getByRole('button', { name: 'Send Login Link' }));
    await screen.findByText('Check your inbox');
    expect(window.localStorage.getItem(PENDING_DESTINATION_KEY)).toBeNull();
  });

  it('names its close button, apart from the Close of the inbox notice', async () => {
    stubFetch({});
    const { events } = await openLogin();
    const dialog = within(screen.getByRole('dialog', { name: 'Login' }));
    await events.click(dialog.getByRole('button', { name: 'Close login' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers the form again after the inbox notice is closed', async () => {
    stubFetch({ 'POST /api/auth/login': () => json({ message: 'On its way.' }) });
    const { events, email } = await openLogin();
    await events.type(email, 'owner@example.com');
    await events.click(screen.getByRole('button', { name: 'Send Login Link' }));
    await events.click(await screen.findByRole('button', { name: 'Close' }));

    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    await events.click(nav.getByRole('button', { name: 'LOGIN' }));

    const again = await screen.findByRole('textbox', { name: 'Email' });
    expect((again as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Check your inbox')).toBeNull();
  });

  it('shows the error toast when the request fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'POST /api/auth/login': () =>
        json({ statusCode: 429, error: 'Too Many Requests', message: 'Slow down.' }, 429),
    });
    const { events, email } = await openLogin();

    await events.type(email, 'owner@example.com');
    await events.click(screen.getByRole('button', { name: 'Send Login Link' }));

    expect(await screen.findByText('Slow down.')).toBeDefined();
    expect(screen.getByText('Error')).toBeDefined();
    expect(screen.queryByText('Check your inbox')).toBeNull();
  });
});

describe('login modal in Spanish', () => {
  async function openLoginInSpanish() {
    await i18n.changeLanguage('es');
    const rendered = renderApp({ path: '/' });
    const nav = within(await screen.findByRole('navigation', { name: 'Principal' }));
    await rendered.events.click(nav.getByRole('button', { name: 'INICIAR SESIÓN' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Iniciar sesión' }));
    return { ...rendered, dialog };
  }

  it('asks, validates and confirms in Spanish', async () => {
    const { requests } = stubFetch({ 'POST /api/auth/login': () => json({}) });
    const { events, dialog } = await openLoginInSpanish();
    expect(
      dialog.getByText(
        'Escriba su correo electrónico y le enviaremos un enlace para iniciar sesión.',
      ),
    ).toBeDefined();
    const send = dialog.getByRole('button', { name: 'Enviar enlace de inicio de sesión' });

    await events.click(send);
    expect(await dialog.findByText('El correo electrónico es obligatorio')).toBeDefined();
    const email = dialog.getByRole('textbox', { name: 'Correo electrónico' });
    await events.type(email, 'owner@example');
    await events.click(send);
    expect(await dialog.findByText('El correo electrónico no es válido')).toBeDefined();
    expect(requests).toEqual([]);

    await events.type(email, '.com');
    await events.click(send);
    expect(await dialog.findByText('Revise su bandeja de entrada')).toBeDefined();
    expect(dialog.getByText(/Si existe una cuenta para owner@example\.com/)).toBeDefined();
    expect(dialog.getByRole('button', { name: 'Cerrar' })).toBeDefined();
    expect(dialog.getByRole('button', { name: 'Cerrar el inicio de sesión' })).toBeDefined();
    expect(requests[0]!.headers.get('accept-language')).toBe('es');
  });

  it('titles the error toast in Spanish, and says a network failure in Spanish', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'POST /api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { events, dialog } = await openLoginInSpanish();
    await events.type(dialog.getByRole('textbox', { name: 'Correo electrónico' }), 'a@b.co');
    await events.click(dialog.getByRole('button', { name: 'Enviar enlace de inicio de sesión' }));

    expect(
      await screen.findByText('Se produjo un error. Inténtelo de nuevo más tarde.'),
    ).toBeDefined();
    const toast = document.querySelector('.mantine-Notification-root');
    expect(toast?.textContent).toBe('ErrorSe produjo un error. Inténtelo de nuevo más tarde.');
  });
});

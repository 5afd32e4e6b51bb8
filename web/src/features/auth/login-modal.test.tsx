import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
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

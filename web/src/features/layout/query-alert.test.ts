import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { alertColorFor, parseAlertSearch, QUERY_MESSAGES, queryMessageKey } from './query-alert';

describe('alert search parameters', () => {
  it('keeps the key of a message the product puts in URLs', () => {
    expect(parseAlertSearch({ message: 'email-verified', type: 'success', page: 2 })).toEqual({
      message: 'email-verified',
      type: 'success',
    });
    expect(parseAlertSearch({ message: 'phone-verified', type: 'success' })).toEqual({
      message: 'phone-verified',
      type: 'success',
    });
  });

  it('takes a known message written out in English, with or without its full stop, as its key', () => {
    for (const written of [
      'Your email is verified.',
      'Your email is verified',
      ' your EMAIL is verified ',
    ]) {
      expect(parseAlertSearch({ message: written, type: 'success' })).toEqual({
        message: 'email-verified',
        type: 'success',
      });
    }
  });

  it('shows no other text: a link cannot put words on the page', () => {
    for (const message of [
      'Call 555-0100 to verify your account',
      'Your email is verified. Call 555-0100 to keep it',
      'Saved',
      '',
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
      `${'email-verified'.repeat(20)}`,
      'Your email is verified.'.padEnd(250, ' '),
    ]) {
      expect(parseAlertSearch({ message, type: 'success' }), message).toEqual({});
    }
    expect(parseAlertSearch({ message: 404 })).toEqual({});
    expect(parseAlertSearch({ message: { nested: true } })).toEqual({});
    expect(parseAlertSearch({ message: ['email-verified'] })).toEqual({});
    expect(parseAlertSearch({})).toEqual({});
  });

  it('keeps a type only beside a message, and takes a type the router parsed as JSON', () => {
    expect(parseAlertSearch({ type: 'success' })).toEqual({});
    expect(parseAlertSearch({ message: 'email-verified', type: 1 })).toEqual({
      message: 'email-verified',
      type: '1',
    });
  });

  it('maps every key and every English text to the key of the list', () => {
    for (const [key, text] of Object.entries(QUERY_MESSAGES)) {
      expect(queryMessageKey(key)).toBe(key);
      expect(queryMessageKey(text)).toBe(key);
    }
  });

  it('colours success teal and everything else red', () => {
    expect(alertColorFor('success')).toBe('teal');
    expect(alertColorFor('error')).toBe('red');
    expect(alertColorFor('SUCCESS')).toBe('red');
    expect(alertColorFor(undefined)).toBe('red');
  });
});

describe('the message alert on a page', () => {
  it('shows a known message and nothing of a phishing text', async () => {
    stubFetch({});
    const phishing = encodeURIComponent('Call 555-0100 to verify your account');
    const { unmount } = renderApp({ path: `/faq?message=${phishing}&type=success` });
    await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/555-0100/)).toBeNull();
    unmount();

    renderApp({ path: '/faq?message=email-verified&type=success' });
    expect((await screen.findByRole('alert')).textContent).toContain('Your email is verified.');
  });

  it('keeps the key in the address as the page navigates, and words it in Spanish', async () => {
    stubFetch({});
    await i18n.changeLanguage('es');
    const { router } = renderApp({ path: '/faq?message=email-verified&type=success' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Su correo electrónico está verificado.',
    );

    // A page that changes its own parameters writes back what the root route's validation kept.
    await router.navigate({ to: '/faq', search: (previous) => ({ ...previous }), replace: true });
    expect(router.state.location.search).toEqual({ message: 'email-verified', type: 'success' });
    expect(router.state.location.href).toBe('/faq?message=email-verified&type=success');
  });

  it('rewrites a message written out in English to its key', async () => {
    stubFetch({});
    const { router } = renderApp({
      path: '/faq?message=Your%20email%20is%20verified&type=success',
    });
    await screen.findByRole('alert');
    await router.navigate({ to: '/faq', search: (previous) => ({ ...previous }), replace: true });
    expect(router.state.location.search).toMatchObject({ message: 'email-verified' });
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { alertColorFor, parseAlertSearch, QUERY_MESSAGES, queryMessageText } from './query-alert';

describe('alert search parameters', () => {
  it('shows the text of a message the product puts in URLs, by its key', () => {
    expect(parseAlertSearch({ message: 'email-verified', type: 'success', page: 2 })).toEqual({
      message: 'Your email is verified.',
      type: 'success',
    });
    expect(parseAlertSearch({ message: 'phone-verified', type: 'success' })).toEqual({
      message: 'Your phone number is verified.',
      type: 'success',
    });
  });

  it('still shows a known message written out, with or without its full stop', () => {
    for (const written of [
      'Your email is verified.',
      'Your email is verified',
      ' your EMAIL is verified ',
    ]) {
      expect(parseAlertSearch({ message: written, type: 'success' })).toEqual({
        message: 'Your email is verified.',
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
      message: 'Your email is verified.',
      type: '1',
    });
  });

  it('maps every key and every text to a text of the list', () => {
    const texts = Object.values(QUERY_MESSAGES) as string[];
    for (const [key, text] of Object.entries(QUERY_MESSAGES)) {
      expect(queryMessageText(key)).toBe(text);
      expect(queryMessageText(text)).toBe(text);
    }
    expect(texts.every((text) => queryMessageText(text) === text)).toBe(true);
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
});

import { describe, expect, it } from 'vitest';
import {
  destinationOf,
  forgetDestination,
  PENDING_DESTINATION_KEY,
  PENDING_DESTINATION_TTL_MS,
  pathOf,
  rememberDestination,
  takeDestination,
} from './pending-destination';

const documentLink = (folder: string, file: string) =>
  ({ to: '/documents/$folder/$file', params: { folder, file } }) as const;

const store = (value: unknown) =>
  window.localStorage.setItem(PENDING_DESTINATION_KEY, JSON.stringify(value));

describe('the pages a sign-in may continue to', () => {
  it("takes the dashboard and a mail's document link, rebuilt from their parameters", () => {
    expect(destinationOf('/dashboard')).toEqual({ to: '/dashboard' });
    expect(destinationOf('/documents/SAC/2026-000123.pdf')).toEqual(
      documentLink('SAC', '2026-000123.pdf'),
    );
    expect(destinationOf('/documents/SAC/2026%20000123.pdf')).toEqual(
      documentLink('SAC', '2026 000123.pdf'),
    );
  });

  it("takes an alert's link to its event, by the event's id alone", () => {
    const event = '0f8b6c2e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(destinationOf(`/dashboard?event=${event}`)).toEqual({
      to: '/dashboard',
      search: { event },
    });
    expect(pathOf({ to: '/dashboard', search: { event } })).toBe(`/dashboard?event=${event}`);
    for (const path of [
      `/dashboard?event=${event}&next=https://evil.example`,
      `/dashboard?event=${event.toUpperCase()}`,
      '/dashboard?event=not-an-id',
      `/dashboard?event=${event}#x`,
    ])
      expect(destinationOf(path), path).toBeNull();
  });

  it('refuses anything else: other sites, other pages, paths out of the document store', () => {
    for (const path of [
      'https://evil.example/documents/SAC/x.pdf',
      '//evil.example/documents/SAC/x.pdf',
      '/\\evil.example/documents/SAC/x.pdf',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/documents/SAC/x.pdf?next=https://evil.example',
      '/documents/SAC/x.pdf#frag',
      '/documents/SAC/deep/x.pdf',
      '/documents/SAC/',
      '/documents/../x.pdf',
      '/documents/SAC/..',
      '/documents/SAC/%2E%2E',
      '/documents/SAC/a%2Fb.pdf',
      '/documents/SAC/a%5Cb.pdf',
      '/documents/SAC/a%0Ab.pdf',
      '/documents/SAC/a%E2%80%AEb.pdf',
      '/documents/SAC/%E0%A4%A',
      `/documents/SAC/${'a'.repeat(256)}.pdf`,
      '/dashboard/',
      '/dashboard?message=Call+555',
      '/admin',
      '/login-redirect/abc',
      '/',
      '',
      ' /dashboard',
    ]) {
      expect(destinationOf(path), path).toBeNull();
    }
    expect(destinationOf(undefined)).toBeNull();
    expect(destinationOf(42)).toBeNull();
    expect(destinationOf({ to: '/dashboard' })).toBeNull();
  });

  it('writes a path that reads back as the same destination', () => {
    for (const destination of [
      documentLink('SAC', '2026-000123.pdf'),
      documentLink('Placer County', 'deed #4?.pdf'),
      { to: '/dashboard' } as const,
    ]) {
      expect(destinationOf(pathOf(destination))).toEqual(destination);
    }
  });
});

describe('remembering the destination', () => {
  it('gives it back once, then forgets it', () => {
    rememberDestination(documentLink('SAC', '2026-000123.pdf'));
    expect(takeDestination()).toEqual(documentLink('SAC', '2026-000123.pdf'));
    expect(takeDestination()).toBeNull();
    expect(window.localStorage.getItem(PENDING_DESTINATION_KEY)).toBeNull();
  });

  it('forgets it after the sign-in link has expired', () => {
    const now = Date.now();
    rememberDestination(documentLink('SAC', 'x.pdf'), now);
    expect(takeDestination(now + PENDING_DESTINATION_TTL_MS + 1)).toBeNull();
    expect(window.localStorage.getItem(PENDING_DESTINATION_KEY)).toBeNull();
  });

  it('can be forgotten', () => {
    rememberDestination({ to: '/dashboard' });
    forgetDestination();
    expect(takeDestination()).toBeNull();
  });

  it('ignores a stored value it did not write: another site, another shape, a date far ahead', () => {
    const now = Date.now();
    for (const value of [
      { path: 'https://evil.example/', until: now + 1000 },
      { path: '//evil.example/documents/SAC/x.pdf', until: now + 1000 },
      { path: '/admin', until: now + 1000 },
      { path: '/dashboard', until: now + PENDING_DESTINATION_TTL_MS * 100 },
      { path: '/dashboard', until: String(now + 1000) },
      { path: '/dashboard' },
      '/dashboard',
      null,
      [],
    ]) {
      store(value);
      expect(takeDestination(now), JSON.stringify(value)).toBeNull();
      expect(window.localStorage.getItem(PENDING_DESTINATION_KEY)).toBeNull();
    }
    window.localStorage.setItem(PENDING_DESTINATION_KEY, '{not json');
    expect(takeDestination(now)).toBeNull();
    window.localStorage.setItem(PENDING_DESTINATION_KEY, 'x'.repeat(10_000));
    expect(takeDestination(now)).toBeNull();
  });
});

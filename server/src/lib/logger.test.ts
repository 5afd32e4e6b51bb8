import { describe, expect, it } from 'vitest';
import { redactUrl, serializeError, withoutCredentials } from './logger.ts';

describe('redactUrl', () => {
  it('takes the code out of the pages mailed links open', () => {
    const code = 'A'.repeat(43);
    expect(redactUrl(`/login-redirect/${code}`)).toBe('/login-redirect/[redacted]');
    expect(redactUrl(`/verify-email/${code}?x=1`)).toBe('/verify-email/[redacted]?x=1');
    expect(redactUrl(`/VERIFY-SMS/${code}`)).toBe('/VERIFY-SMS/[redacted]');
  });

  it('takes out the values of code, email, token and searchTerm, in any letter case', () => {
    expect(redactUrl('/api/auth/code?code=abc')).toBe('/api/auth/code?code=[redacted]');
    expect(redactUrl('/api/auth/login?Email=a%40b.co&x=1')).toBe(
      '/api/auth/login?Email=[redacted]&x=1',
    );
    expect(redactUrl('/a?token=t&searchTerm=bob')).toBe(
      '/a?token=[redacted]&searchTerm=[redacted]',
    );
  });

  it("takes the code out of a trusted contact's accept and stop pages", () => {
    const code = 'b'.repeat(43);
    expect(redactUrl(`/trusted-contact/accept/${code}`)).toBe('/trusted-contact/accept/[redacted]');
    expect(redactUrl(`/Trusted-Contact/STOP/${code}`)).toBe('/Trusted-Contact/STOP/[redacted]');
    // Only after both segments: another page's "accept" keeps what follows.
    expect(redactUrl('/api/cases/accept/123')).toBe('/api/cases/accept/123');
  });

  it('takes out the credentials clients put in a query, by name, and tokens wherever they are', () => {
    for (const key of ['access_token', 'api_key', 'apiKey', 'client_secret', 'password', 'sig']) {
      expect(redactUrl(`/api/x?${key}=abc&page=2`)).toBe(`/api/x?${key}=[redacted]&page=2`);
    }
    const token = `dw_pat_${'x'.repeat(51)}`;
    expect(redactUrl(`/api/tokens/${token}`)).toBe('/api/tokens/[redacted]');
    expect(redactUrl(`/api/x?q=${token}`)).toBe('/api/x?q=[redacted]');
    expect(redactUrl(`/api/x?Bearer%20${token}`)).toBe('/api/x?[redacted]');
  });

  it('takes out any path segment or query value holding an @, encoded or not', () => {
    expect(redactUrl('/api/x/a@b.co/y')).toBe('/api/x/[redacted]/y');
    expect(redactUrl('/api/x/a%40b.co')).toBe('/api/x/[redacted]');
    expect(redactUrl('/a?to=a%40b.co&page=2')).toBe('/a?to=[redacted]&page=2');
    expect(redactUrl('/a?a@b.co')).toBe('/a?[redacted]');
  });

  it('leaves everything else as it came, malformed escapes included', () => {
    for (const url of [
      '/',
      '/api/search/name?SearchTerm=SMITH&County=Sacramento',
      '/%E0%A4%A?q=%',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it('does not copy a huge URL into the log', () => {
    expect(redactUrl(`/${'x'.repeat(20_000)}`)).toBe('[redacted] (a URL of 20001 characters)');
    expect(redactUrl(`/${'x'.repeat(5_000)}`).length).toBeLessThan(2_100);
  });
});

describe('withoutCredentials', () => {
  it('replaces passwords, codes, secrets and tokens at any depth, and keeps the rest', () => {
    const token = `dw_pat_${'y'.repeat(51)}`;
    expect(
      withoutCredentials({
        email: 'a@b.co',
        password: 'hunter2',
        nested: [{ code: '123456', name: 'x', note: `Bearer ${token}` }],
        newPassword: 'p',
        webhookSecret: 's',
        count: 3,
        none: null,
      }),
    ).toEqual({
      email: 'a@b.co',
      password: '[redacted]',
      nested: [{ code: '[redacted]', name: 'x', note: '[redacted]' }],
      newPassword: '[redacted]',
      webhookSecret: '[redacted]',
      count: 3,
      none: null,
    });
  });
});

describe('serializeError', () => {
  it('drops what a Postgres error quotes of the data, here and in the errors it holds', () => {
    const databaseError = () =>
      Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
        code: '23505',
        constraint: 'users_email_key',
        table: 'users',
        detail: 'Key (email)=(someone@example.com) already exists.',
        where: 'JSON data, line 1: {"password":"hunter2',
        internalQuery: 'SELECT secret',
      });
    const outer = Object.assign(new AggregateError([databaseError()], 'several'), {
      inner: databaseError(),
    });
    for (const err of [databaseError(), outer]) {
      const text = JSON.stringify(serializeError(err));
      for (const quoted of ['someone@example.com', 'hunter2', 'SELECT secret']) {
        expect(text).not.toContain(quoted);
      }
      expect(text).toContain('"constraint":"users_email_key"');
      expect(text).toContain('"code":"23505"');
    }
  });
});

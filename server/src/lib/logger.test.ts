import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.ts';

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

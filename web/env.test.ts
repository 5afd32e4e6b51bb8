import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_URL, validateBuildEnv } from './env.ts';

const header = 'Invalid env provided. The following variables are missing or invalid:';

describe('validateBuildEnv', () => {
  it('accepts a same-origin API_URL and defaults APP_URL', () => {
    expect(validateBuildEnv({ API_URL: '/api' })).toEqual({
      API_URL: '/api',
      APP_URL: DEFAULT_APP_URL,
    });
    expect(DEFAULT_APP_URL).toBe('http://localhost:3000');
  });

  it('accepts an absolute API_URL and drops a trailing slash', () => {
    expect(
      validateBuildEnv({
        API_URL: 'https://qa.example.com/deedwatch/api/',
        APP_URL: 'https://a.b',
      }),
    ).toEqual({ API_URL: 'https://qa.example.com/deedwatch/api', APP_URL: 'https://a.b' });
  });

  it('treats an empty APP_URL as unset', () => {
    expect(validateBuildEnv({ API_URL: '/api', APP_URL: '' }).APP_URL).toBe(DEFAULT_APP_URL);
  });

  it('fails with the exact header and one line for a missing API_URL', () => {
    expect(() => validateBuildEnv({})).toThrowError(new Error(`${header}\nAPI_URL: Required`));
    expect(() => validateBuildEnv({ API_URL: '  ' })).toThrowError(
      new Error(`${header}\nAPI_URL: Required`),
    );
  });

  it('lists every bad variable on its own line', () => {
    let message = '';
    try {
      validateBuildEnv({ API_URL: 'https://example.com/v1', APP_URL: 'not a url' });
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(header);
    expect(lines[1]).toMatch(/^API_URL: /);
    expect(lines[2]).toMatch(/^APP_URL: /);
  });

  it.each(['api', '//evil.example.com/api', 'ftp://example.com/api', '/v1'])(
    'rejects API_URL %s',
    (API_URL) => {
      expect(() => validateBuildEnv({ API_URL })).toThrowError(/\nAPI_URL: Expected/);
    },
  );
});

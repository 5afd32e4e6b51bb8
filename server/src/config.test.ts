import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const secret = 's'.repeat(32);

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('defaults to the embedded database, port 3000 and demo data on first start', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.seedDemoOnFirstStart).toBe(true);
    expect(config.sessionSecret).toBeUndefined();
  });

  it('with DATABASE_URL, seeds nothing unless asked and needs SESSION_SECRET', () => {
    const url = 'postgres://u@db:5432/deedwatch';
    expect(problems({ DATABASE_URL: url })).toEqual([
      expect.stringMatching(/^SESSION_SECRET is required when DATABASE_URL is set/),
    ]);
    const config = loadConfig({ DATABASE_URL: url, SESSION_SECRET: secret, PORT: '8080' });
    expect(config.seedDemoOnFirstStart).toBe(false);
    expect(config.appUrl).toBe('http://localhost:8080');
  });

  it('names every invalid variable', () => {
    const found = problems({
      DATABASE_URL: 'mysql://nope',
      PORT: 'eighty',
      APP_URL: 'https://x.example.com/',
      SESSION_SECRET: 'short',
      LOG_LEVEL: 'loud',
    });
    expect(found.map((p) => p.split(' ')[0])).toEqual([
      'DATABASE_URL',
      'PORT',
      'APP_URL',
      'SESSION_SECRET',
      'LOG_LEVEL',
    ]);
    expect(found[1]).toBe('PORT must be a whole number');
    expect(found[3]).toBe('SESSION_SECRET must be at least 32 characters');
  });

  it('treats empty strings as unset and returns a frozen object', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('parses booleans strictly', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(problems({ TRUST_PROXY: 'yes' })).toEqual(['TRUST_PROXY must be true or false']);
  });
});

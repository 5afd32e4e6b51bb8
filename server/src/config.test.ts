import path from 'node:path';
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
    const config = loadConfig({
      DATABASE_URL: url,
      SESSION_SECRET: secret,
      MAIL_TRANSPORT: 'outbox',
      PORT: '8080',
    });
    expect(config.seedDemoOnFirstStart).toBe(false);
    expect(config.appUrl).toBe('http://localhost:8080');
  });

  it('texts through Twilio only with its three settings; by default none with DATABASE_URL', () => {
    const base = {
      DATABASE_URL: 'postgres://u@db:5432/d',
      SESSION_SECRET: secret,
      MAIL_TRANSPORT: 'outbox',
    };
    expect(loadConfig({}).smsTransport).toBe('outbox');
    expect(loadConfig(base)).toMatchObject({ smsTransport: 'none', twilio: undefined });
    expect(problems({ ...base, SMS_TRANSPORT: 'twilio' })).toEqual([
      expect.stringMatching(/^TWILIO_ACCOUNT_SID is required when SMS_TRANSPORT is twilio/),
      expect.stringMatching(/^TWILIO_AUTH_TOKEN is required/),
      expect.stringMatching(/^TWILIO_FROM is required/),
    ]);
    expect(problems({ ...base, TWILIO_FROM: '555-0142' })).toEqual([
      expect.stringMatching(/^TWILIO_FROM must be a phone number in E\.164 form/),
    ]);
    const config = loadConfig({
      ...base,
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 't'.repeat(32),
      TWILIO_FROM: '+19165550100',
    });
    expect(config.smsTransport).toBe('twilio');
    expect(config.twilio).toMatchObject({
      apiBaseUrl: 'https://api.twilio.com',
      from: '+19165550100',
    });
    expect(config.smsDailyLimit).toBe(1000);
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
    expect(loadConfig({ SEED_DEMO_ON_FIRST_START: '0' }).seedDemoOnFirstStart).toBe(false);
    expect(loadConfig({ SEED_DEMO_ON_FIRST_START: 'true' }).seedDemoOnFirstStart).toBe(true);
    expect(problems({ SEED_DEMO_ON_FIRST_START: 'yes' })).toEqual([
      'SEED_DEMO_ON_FIRST_START must be true or false',
    ]);
  });
});

describe('MAIL_TRANSPORT', () => {
  const url = 'postgres://u@db:5432/deedwatch';
  const server = { DATABASE_URL: url, SESSION_SECRET: secret };

  it('is the outbox on the embedded default, and Postmark once a token is set', () => {
    expect(loadConfig({}).mailTransport).toBe('outbox');
    expect(loadConfig({}).postmark).toBeUndefined();
    const withToken = loadConfig({ POSTMARK_SERVER_TOKEN: 'token' });
    expect(withToken.mailTransport).toBe('postmark');
    expect(withToken.postmark?.serverToken).toBe('token');
  });

  it('refuses a database of its own with no token and no MAIL_TRANSPORT=outbox, naming both', () => {
    const [problem, ...rest] = problems(server);
    expect(rest).toEqual([]);
    expect(problem).toContain('POSTMARK_SERVER_TOKEN');
    expect(problem).toContain('MAIL_TRANSPORT=outbox');
    expect(problem).toContain('/dev/mail');
  });

  it('takes MAIL_TRANSPORT=outbox on a database of its own, and Postmark with a token', () => {
    const outbox = loadConfig({ ...server, MAIL_TRANSPORT: 'outbox' });
    expect(outbox.mailTransport).toBe('outbox');
    expect(outbox.postmark).toBeUndefined();
    const postmark = loadConfig({ ...server, POSTMARK_SERVER_TOKEN: 'token' });
    expect(postmark.mailTransport).toBe('postmark');
    expect(postmark.postmark).toMatchObject({
      serverToken: 'token',
      apiHost: 'api.postmarkapp.com',
    });
    // Named outright, the outbox wins over a token left in the environment.
    expect(
      loadConfig({ ...server, POSTMARK_SERVER_TOKEN: 'token', MAIL_TRANSPORT: 'outbox' }).postmark,
    ).toBeUndefined();
  });

  it('refuses MAIL_TRANSPORT=postmark without a token, and an unknown transport', () => {
    for (const env of [{ MAIL_TRANSPORT: 'postmark' }, { ...server, MAIL_TRANSPORT: 'postmark' }]) {
      expect(problems(env)).toEqual([
        expect.stringMatching(/^POSTMARK_SERVER_TOKEN is required when MAIL_TRANSPORT is postmark/),
      ]);
    }
    expect(problems({ MAIL_TRANSPORT: 'smtp' })).toEqual([
      'MAIL_TRANSPORT must be postmark or outbox',
    ]);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and for false or 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count, or proxy addresses and CIDRs separated by commas', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,fd00::/8,::1,loopback' }).trustProxy,
    ).toEqual(['10.0.0.2', '10.1.0.0/16', 'fd00::/8', '::1', 'loopback']);
  });

  it('refuses true, saying why and what to write instead', () => {
    const [problem, ...rest] = problems({ TRUST_PROXY: 'true' });
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^TRUST_PROXY must not be true: /);
    expect(problem).toContain('X-Forwarded-For');
    expect(problem).toContain('e.g. 1');
    expect(problem).toContain('10.0.0.2,10.1.0.0/16');
  });

  it('refuses anything that is not a hop count or an address, naming the bad entry', () => {
    for (const [value, bad] of [
      ['yes', 'yes'],
      ['10.0.0.1,proxy.internal', 'proxy.internal'],
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['10.0.0.1,', ''],
    ]) {
      const [problem] = problems({ TRUST_PROXY: value! });
      expect(problem).toMatch(/^TRUST_PROXY must be false, the number of proxies/);
      expect(problem).toContain(`'${bad}' is none of these`);
    }
  });
});

describe('API access settings', () => {
  it('keep loopback webhooks off unless asked for by name, whatever NODE_ENV says', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.webhookAllowLoopback).toBe(false);
    expect(config.webhookCaFile).toBeUndefined();
    expect(config.tokenRateLimitPerMinute).toBe(120);
    expect(loadConfig({ WEBHOOK_ALLOW_LOOPBACK: 'true' }).webhookAllowLoopback).toBe(true);
    expect(() => loadConfig({ WEBHOOK_ALLOW_LOOPBACK: 'yes' })).toThrow(
      'WEBHOOK_ALLOW_LOOPBACK must be true or false',
    );
  });

  it('take a token limit and a CA file', () => {
    const config = loadConfig({ TOKEN_RATE_LIMIT_PER_MINUTE: '30', WEBHOOK_CA_FILE: 'ca.pem' });
    expect(config.tokenRateLimitPerMinute).toBe(30);
    expect(config.webhookCaFile).toBe(path.resolve('ca.pem'));
    expect(() => loadConfig({ TOKEN_RATE_LIMIT_PER_MINUTE: '0' })).toThrow('must be at least 1');
  });
});

describe('DATABASE_POOL_SIZE', () => {
  // The inbox poll and the county mailer hold one connection for their lock and use another.
  it('is at least 2', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '2' }).databasePoolSize).toBe(2);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow('must be at least 2');
  });
});

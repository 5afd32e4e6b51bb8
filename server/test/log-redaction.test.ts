import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLinkCode } from '../src/lib/link-codes.ts';
import { createLogger } from '../src/lib/logger.ts';
import { sessionCookieOf, sessionIdOf } from './helpers/cookies.ts';
import { createSubscriber, uniqueEmail } from './helpers/factories.ts';
import { codeFrom, waitForMail } from './helpers/mail.ts';
import { requestLoginCode, signInSubscriber } from './helpers/sign-in.ts';
import { waitFor } from './helpers/wait.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

// The request log of a whole sign-in, verification and sign-out, at debug level, as the server
// writes it: no code, no session id and no email address may be in it.

describe('the request log', () => {
  let t: TestApp;
  const lines: string[] = [];
  const log = () => lines.join('');

  beforeAll(async () => {
    // A web build, so the pages of the mailed links are served as in production.
    const webDist = mkdtempSync(path.join(os.tmpdir(), 'deedwatch-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>DeedWatch</title>');
    t = await startTestApp(
      { ...NO_RATE_LIMITS, WEB_DIST: webDist, SMS_TRANSPORT: 'outbox' },
      { logger: createLogger('debug', { write: (line: string) => void lines.push(line) }) },
    );
  });
  afterAll(() => t.close());

  it('keeps no code, session id or email address from a whole magic-link round', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const secrets: string[] = [user.email, encodeURIComponent(user.email)];

    const code = await requestLoginCode(t, user.email);
    secrets.push(code);
    const page = await t.app.inject({
      method: 'GET',
      url: `/login-redirect/${code}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    const signedIn = await t.app.inject({ method: 'POST', url: `/api/auth/code?code=${code}` });
    expect(signedIn.statusCode).toBe(200);
    const cookie = sessionCookieOf(signedIn)!;
    secrets.push(cookie.slice(cookie.indexOf('=') + 1), sessionIdOf(cookie));
    secrets.push(decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)));

    // A second address, verified through its link: the other page and code call.
    const second = uniqueEmail('second');
    secrets.push(second, encodeURIComponent(second));
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/user/notifications/add',
      headers: { cookie },
      payload: { email: second, notificationMethodType: 'Email' },
    });
    expect(added.statusCode).toBe(200);
    const verifyCode = codeFrom(
      (await waitForMail(t.db, second, /Confirm/)).text_body,
      'verify-email',
    );
    secrets.push(verifyCode);
    const verifyPage = await t.app.inject({
      method: 'GET',
      url: `/verify-email/${verifyCode}`,
      headers: { accept: 'text/html', cookie },
    });
    expect(verifyPage.statusCode).toBe(200);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?code=${verifyCode}`,
      headers: { cookie },
    });
    expect(verified.statusCode).toBe(200);

    const me = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().email).toBe(user.email);
    const out = await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);

    const text = log();
    for (const secret of secrets) {
      expect(text.includes(secret), `the log holds ${secret}`).toBe(false);
    }
    // The requests are in the log, with what was taken out marked.
    expect(text).toContain('/login-redirect/[redacted]');
    expect(text).toContain('/verify-email/[redacted]');
    expect(text).toContain('/api/auth/login?email=[redacted]');
    expect(text).toContain('/api/auth/code?code=[redacted]');
    expect(text).toContain('/api/auth/verify-email?code=[redacted]');
    expect(text).toContain('"url":"/api/auth/logout"');
  });

  it('keeps no code from a phone verification round, nor a Twilio signature', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const session = await signInSubscriber(t, user.email);
    const before = lines.length;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/user/notifications/add',
      headers: { cookie: session },
      payload: { email: '(916) 555-0142', notificationMethodType: 'SMS' },
    });
    expect(added.statusCode).toBe(200);
    const text = await waitFor('the verification text in the outbox', () =>
      t.db
        .selectFrom('outbox_messages')
        .select('text_body')
        .where('recipient', '=', '+19165550142')
        .where('channel', '=', 'sms')
        .executeTakeFirst(),
    );
    const code = codeFrom(text.text_body, 'verify-sms');
    const page = await t.app.inject({
      method: 'GET',
      url: `/verify-sms/${code}`,
      headers: { accept: 'text/html', cookie: session },
    });
    expect(page.statusCode).toBe(200);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/auth/verify-sms?code=${code}`,
      headers: { cookie: session },
    });
    expect(verified.statusCode).toBe(200);
    const signature = 'c2lnbmF0dXJlLXRoYXQtbXVzdC1ub3QtYmUtbG9nZ2Vk';
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/sms/twilio/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature,
      },
      payload: 'From=%2B19165550142&Body=STOP',
    });
    expect(webhook.statusCode).toBe(403);

    const logged = lines.slice(before).join('');
    for (const secret of [code, signature]) {
      expect(logged.includes(secret), `the log holds ${secret}`).toBe(false);
    }
    expect(logged).toContain('/verify-sms/[redacted]');
    expect(logged).toContain('/api/auth/verify-sms?code=[redacted]');
    expect(logged).toContain('/api/sms/twilio/inbound');
  });

  it("keeps no code from a trusted contact's accept and stop pages", async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const session = await signInSubscriber(t, user.email);
    const contact = uniqueEmail('contact');
    const before = lines.length;
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/user/trusted-contacts',
      headers: { cookie: session, origin: t.config.appUrl },
      payload: { email: contact },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const accept = codeFrom(
      (await waitForMail(t.db, contact, /trusted contact/)).text_body,
      'trusted-contact/accept',
    );
    // A stop link's code comes in the copies of alerts; the page is served whatever it holds.
    const stop = newLinkCode().code;
    for (const url of [`/trusted-contact/accept/${accept}`, `/trusted-contact/stop/${stop}`]) {
      // HEAD too: mail scanners check a link before anyone opens it.
      for (const method of ['GET', 'HEAD'] as const) {
        const page = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(page.statusCode).toBe(200);
      }
    }

    const logged = lines.slice(before).join('');
    for (const secret of [accept, stop]) {
      expect(logged.includes(secret), `the log holds ${secret}`).toBe(false);
    }
    expect(logged).toContain('/trusted-contact/accept/[redacted]');
    expect(logged).toContain('/trusted-contact/stop/[redacted]');
  });

  it('takes session cookies and credentials out of headers that reach it', () => {
    const before = lines.length;
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    logger.info(
      {
        req: {
          method: 'GET',
          url: '/api/admin/users?searchTerm=someone%40example.com&page=2',
          headers: { cookie: 'deedwatch.sid=abc.def' },
        },
        headers: {
          'set-cookie': 'deedwatch.sid=abc.def',
          authorization: 'Bearer xyz',
          'x-twilio-signature': 'twiliosig123',
        },
        reply: { headers: { 'set-cookie': 'deedwatch.sid=abc.def' } },
        databaseUrl: 'postgres://deedwatch:hunter2@db:5432/deedwatch',
      },
      'something with headers',
    );
    const line = lines.slice(before).join('');
    for (const secret of ['abc.def', 'Bearer', 'hunter2', 'someone', 'twiliosig123']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('"url":"/api/admin/users?searchTerm=[redacted]&page=2"');
    expect(line).toContain('postgres://deedwatch:redacted@db:5432/deedwatch');
  });
});

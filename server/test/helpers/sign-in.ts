import { expect } from 'vitest';
import { sessionCookieOf } from './cookies.ts';
import { STAFF_PASSWORD } from './factories.ts';
import { codeFrom, countOutbox, waitForMail } from './mail.ts';
import type { TestApp } from './test-app.ts';
import { waitFor } from './wait.ts';

/** Asks for a magic link the real way and returns the code from the mail that arrives. */
export async function requestLoginCode(t: TestApp, email: string): Promise<string> {
  const before = await countOutbox(t.db, email);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/auth/login?email=${encodeURIComponent(email)}`,
  });
  expect(res.statusCode).toBe(200);
  await waitFor(
    `login mail number ${before + 1} to ${email}`,
    async () => (await countOutbox(t.db, email)) > before,
  );
  const mail = await waitForMail(t.db, email, /sign-in link/);
  return codeFrom(mail.text_body, 'login-redirect');
}

/** Signs a subscriber in by magic link; returns the session cookie (`name=value`). */
export async function signInSubscriber(t: TestApp, email: string): Promise<string> {
  const code = await requestLoginCode(t, email);
  const res = await t.app.inject({ method: 'POST', url: `/api/auth/code?code=${code}` });
  expect(res.statusCode).toBe(200);
  return sessionCookieOf(res)!;
}

/** Signs staff in with their password; returns the session cookie. */
export async function signInStaff(
  t: TestApp,
  email: string,
  password = STAFF_PASSWORD,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { email, password },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookieOf(res)!;
}

import { expect } from 'vitest';
import { sessionCookieOf } from './cookies.ts';
import { STAFF_PASSWORD } from './factories.ts';
import type { FakePostmark } from './fake-postmark.ts';
import { codeFrom, mailsTo } from './mail.ts';
import type { TestApp } from './test-app.ts';
import { waitFor } from './wait.ts';

/** The subject of the sign-in mail, in English or Spanish (the account's language). */
const SIGN_IN_SUBJECT = /sign-in link|iniciar sesión/;

/**
 * Asks for a magic link the real way and returns the code from the sign-in mail it sends: a
 * sign-in mail that was not in the outbox before the request. (Waiting for the recipient's
 * count of mails to grow is not enough: another mail to them, such as an alert still on its
 * way, can land first, and the newest sign-in mail is then the previous one, whose link the
 * new request has voided.)
 */
export async function requestLoginCode(t: TestApp, email: string): Promise<string> {
  const earlier = new Set((await mailsTo(t.db, email, SIGN_IN_SUBJECT)).map((m) => m.id));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/auth/login?email=${encodeURIComponent(email)}`,
  });
  expect(res.statusCode).toBe(200);
  const mail = await waitFor(`a new sign-in mail to ${email}`, async () =>
    (await mailsTo(t.db, email, SIGN_IN_SUBJECT)).find((m) => !earlier.has(m.id)),
  );
  return codeFrom(mail.text_body, 'login-redirect');
}

/** Signs a subscriber in by magic link; returns the session cookie (`name=value`). */
export async function signInSubscriber(t: TestApp, email: string): Promise<string> {
  return redeemLoginCode(t, await requestLoginCode(t, email));
}

/** Signs a subscriber in by the magic link of a mail sent to the fake Postmark. */
export async function signInSubscriberByPostmark(
  t: TestApp,
  fake: FakePostmark,
  email: string,
): Promise<string> {
  const before = fake.requestsTo(email).length;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/auth/login?email=${encodeURIComponent(email)}`,
  });
  expect(res.statusCode).toBe(200);
  const mail = await waitFor(`a sign-in mail to ${email} at the fake Postmark`, () =>
    fake
      .requestsTo(email)
      .slice(before)
      .find(
        (r) => r.reply?.status === 200 && String(r.body?.TextBody).includes('/login-redirect/'),
      ),
  );
  return redeemLoginCode(t, codeFrom(String(mail.body!.TextBody), 'login-redirect'));
}

async function redeemLoginCode(t: TestApp, code: string): Promise<string> {
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

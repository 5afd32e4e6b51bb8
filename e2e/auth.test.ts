import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscriber } from '../server/test/helpers/factories.ts';
import { waitFor } from '../server/test/helpers/wait.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/** A message as GET /dev/mail.json lists it. */
type OutboxMail = { id: string; to: string; subject: string; text: string; html: string };

const SIGN_IN_SUBJECT = 'Your DeedWatch sign-in link';

describe('signing in with a magic link, in Chromium against the real server', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const email = `owner-${Date.now().toString(36)}@example.com`;
  const pageErrors: string[] = [];
  /** The link the first case signed in with; the second opens it again. */
  let magicLink: string | undefined;

  const mainNav = () => page.getByRole('navigation', { name: 'Main' });

  async function outbox(): Promise<OutboxMail[]> {
    const res = await fetch(`${server.url}/dev/mail.json`);
    expect(res.status).toBe(200);
    return (await res.json()) as OutboxMail[];
  }

  /** What POST /api/auth/me answers to the page's own cookies, sent as the app sends it. */
  const sessionStatus = () =>
    page.evaluate(async () => (await fetch('/api/auth/me', { method: 'POST' })).status);

  // A string, because this file is type-checked without the DOM library.
  const storedUser = () =>
    page.evaluate<string | null>("window.localStorage.getItem('deedwatch.user')");

  beforeAll(async () => {
    server = await startServer();
    await createSubscriber(server.db, { email, verified: true });
    browser = await launchBrowser();
    page = await browser.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('asks for a link, follows it from the outbox to the dashboard, and logs out', async () => {
    await page.goto(`${server.url}/`);
    await mainNav().getByRole('button', { name: 'LOGIN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('button', { name: 'Send Login Link' }).click();
    await dialog.getByText('Check your inbox').waitFor();
    expect(await dialog.innerText()).toContain(email);
    await screenshot(page, 'auth-check-inbox');

    const mail = await waitFor(`the sign-in mail to ${email} in the outbox`, async () =>
      (await outbox()).find((m) => m.to === email && m.subject === SIGN_IN_SUBJECT),
    );
    magicLink = /Sign in: (\S+)/.exec(mail.text)?.[1];
    expect(magicLink).toMatch(new RegExp(`^${server.url}/login-redirect/[\\w-]+$`));

    // As a person would: open the outbox, then the message, then its button.
    await page.goto(`${server.url}/dev/mail`);
    await page
      .getByRole('row')
      .filter({ hasText: email })
      .getByRole('link', { name: SIGN_IN_SUBJECT })
      .click();
    const signIn = page.getByRole('link', { name: 'Sign in', exact: true });
    expect(await signIn.getAttribute('href')).toBe(magicLink);
    await screenshot(page, 'auth-outbox-message');
    await signIn.click();

    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText(`Signed in as ${email}`).waitFor();
    await mainNav().getByRole('link', { name: 'DASHBOARD' }).waitFor();
    await mainNav().getByRole('button', { name: 'LOGOUT' }).waitFor();
    expect(await mainNav().getByRole('button', { name: 'LOGIN' }).count()).toBe(0);
    expect(await sessionStatus()).toBe(200);
    await screenshot(page, 'auth-dashboard');

    await mainNav().getByRole('button', { name: 'LOGOUT' }).click();
    await mainNav().getByRole('button', { name: 'LOGIN' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await mainNav().getByRole('link', { name: 'SIGN UP' }).count()).toBe(1);
    expect(await mainNav().getByRole('link', { name: 'DASHBOARD' }).count()).toBe(0);
    expect(await storedUser()).toBeNull();
    expect(await sessionStatus()).toBe(401);
    await screenshot(page, 'auth-logged-out');
    expect(pageErrors).toEqual([]);
  });

  it('refuses the same link a second time and leaves the person signed out', async () => {
    expect(magicLink, 'the first case must have found the link').toBeDefined();
    const refused = page.waitForResponse((res) => res.url().includes('/api/auth/code?'));
    await page.goto(magicLink!);

    expect((await refused).status()).toBe(401);
    await page.waitForURL(`${server.url}/`);
    await page.getByText('This link is invalid or has expired').waitFor();
    await mainNav().getByRole('button', { name: 'LOGIN' }).waitFor();
    expect(await mainNav().getByRole('link', { name: 'DASHBOARD' }).count()).toBe(0);
    expect(await storedUser()).toBeNull();
    expect(await sessionStatus()).toBe(401);
    await screenshot(page, 'auth-used-link');
    expect(pageErrors).toEqual([]);
  });
});

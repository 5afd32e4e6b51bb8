import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

describe('the web app shell in Chromium, served by the real server', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const failedRequests: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    page.on('response', (res) => {
      // auth/me answers 401 to an anonymous visitor: that is the expected revalidation.
      if (res.status() >= 400 && !res.url().endsWith('/api/auth/me'))
        failedRequests.push(`${res.status()} ${res.url()}`);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders the landing page with the header, the dev banner and the footer', async () => {
    await page.goto(`${server.url}/`);
    const header = page.getByRole('banner');
    await expect
      .poll(() => header.getByRole('link', { name: 'SIGN UP' }).count())
      .toBeGreaterThan(0);
    for (const name of ['FAQ', 'SUPPORT']) {
      expect(await header.getByRole('link', { name, exact: true }).count()).toBeGreaterThan(0);
    }
    expect(await header.getByRole('button', { name: 'LOGIN' }).count()).toBeGreaterThan(0);
    expect(await header.getByRole('link', { name: 'ADMIN' }).count()).toBe(0);
    expect(await page.getByText('THIS IS THE DEV SITE!').count()).toBe(1);
    expect(await page.getByRole('contentinfo').innerText()).toContain(
      String(new Date().getFullYear()),
    );
    await screenshot(page, 'shell-landing');
    expect(pageErrors).toEqual([]);
    expect(failedRequests).toEqual([]);
  });

  it('serves a deep link through the SPA fallback and the client router', async () => {
    const res = await page.goto(`${server.url}/faq`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-type']).toContain('text/html');
    await expect.poll(() => page.url()).toBe(`${server.url}/faq`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
  });

  it('asks an anonymous visitor on /dashboard to sign in; closing that goes to /', async () => {
    await page.goto(`${server.url}/dashboard`);
    const login = page.getByRole('dialog');
    await login.getByText('Sign in to see your dashboard.', { exact: false }).waitFor();
    expect(await page.getByRole('region', { name: 'Alerts' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });

  it('shows the message/type alert from the query string', async () => {
    await page.goto(
      `${server.url}/?message=${encodeURIComponent('Your email is verified')}&type=success`,
    );
    await expect.poll(() => page.getByText('Your email is verified').count()).toBe(1);
    await screenshot(page, 'shell-message-alert');
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_PATTERN } from '../server/src/modules/tokens/token-format.ts';
import { createSubscriber, uniqueEmail } from '../server/test/helpers/factories.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { type JourneyServer, signInByMagicLink, startJourneyServer } from './helpers/journeys.ts';

describe('API access, in Chromium against the real server', () => {
  let server: JourneyServer;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startJourneyServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const watch = (page: Page) => {
    page.on('pageerror', (err) => pageErrors.push(err.message));
    return page;
  };

  it('creates a token on the dashboard and uses it in Swagger UI through Authorize', async () => {
    const { email } = await createSubscriber(server.db, {
      email: uniqueEmail('api'),
      verified: true,
    });
    const dashboard = watch(await browser.newPage());
    await signInByMagicLink(dashboard, server, email);

    const tokens = dashboard.getByRole('region', { name: 'Personal Access Tokens' });
    await tokens.getByText('No tokens.', { exact: false }).waitFor();
    await tokens.getByRole('button', { name: 'Create Token' }).click();
    const form = dashboard.getByRole('dialog', { name: 'Create Personal Access Token' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Swagger try-out');
    await form.getByRole('button', { name: 'Create Token' }).click();
    const shown = dashboard.getByRole('dialog', { name: 'Your New Token' });
    const secretField = shown.getByRole('textbox', { name: 'Token Swagger try-out' });
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(TOKEN_PATTERN);
    await screenshot(dashboard, 'api-access-token-shown-once');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });
    const item = tokens.getByRole('listitem', { name: 'Swagger try-out' });
    await item.getByText('Never used').waitFor();
    // The secret is nowhere on the page once the dialog is closed.
    expect(await dashboard.content()).not.toContain(secret);

    // Swagger UI in a browser with no session at all: only the token can sign the call.
    const context = await browser.newContext();
    const docs = watch(await context.newPage());
    await docs.goto(`${server.url}/docs`);
    await docs.locator('button.authorize').first().click();
    const bearer = docs.locator('.auth-container').filter({ hasText: 'bearer' });
    await bearer.getByRole('textbox', { name: 'auth-bearer-value' }).fill(secret);
    await bearer.getByRole('button', { name: 'Apply credentials' }).click();
    await bearer.getByRole('button', { name: 'Remove authorization' }).waitFor();
    await bearer.getByRole('button', { name: 'Close', exact: true }).click();

    const me = docs.locator('#operations-auth-getSessionUser');
    await me.locator('.opblock-summary').click();
    await expect
      .poll(() => me.getByText('Scope: read', { exact: false }).count())
      .toBeGreaterThan(0);
    await me.getByRole('button', { name: 'Try it out' }).click();
    const answer = docs.waitForResponse((res) => res.url().endsWith('/api/auth/me'));
    await me.getByRole('button', { name: 'Execute' }).click();
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(res.request().headers().authorization).toBe(`Bearer ${secret}`);
    expect(((await res.json()) as { email: string }).email).toBe(email);
    await me.locator('.live-responses-table').getByText(email, { exact: false }).first().waitFor();
    await screenshot(docs, 'api-access-swagger-try-it-out');
    await context.close();

    // The dashboard shows the token's use.
    await dashboard.reload();
    await dashboard
      .getByRole('region', { name: 'Personal Access Tokens' })
      .getByRole('listitem', { name: 'Swagger try-out' })
      .getByText(/^Last used .* from 127\.0\.0\.1$/)
      .waitFor();

    // Revoked from the dashboard, the token no longer works.
    await dashboard.getByRole('button', { name: 'Revoke Swagger try-out' }).click();
    await dashboard
      .getByRole('dialog', { name: 'Revoke Token' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await dashboard
      .getByRole('listitem', { name: 'Swagger try-out' })
      .getByText('revoked', { exact: true })
      .waitFor();
    const after = await fetch(`${server.url}/api/auth/me`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(after.status).toBe(401);
    expect(pageErrors).toEqual([]);
  });
});

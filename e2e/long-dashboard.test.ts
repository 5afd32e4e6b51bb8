import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createSubscriber, uniqueEmail } from '../server/test/helpers/factories.ts';
import { waitFor } from '../server/test/helpers/wait.ts';
import { AXE_CONTEXT, expectAccessible } from './helpers/axe.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { type JourneyServer, startJourneyServer } from './helpers/journeys.ts';
import { newMail } from './helpers/outbox.ts';

// A subscriber with many alerts, on a phone: an alert's link opened signed out still lands on
// its card once they have signed in (the page scrolls to it), the list shows its first alerts
// with Show More, and the sections below it are a link away. Checked by axe as it goes.

const PHONE = { width: 375, height: 812 };
const ALERTS = 30;

describe('a long dashboard, in Chromium against the real server', () => {
  let server: JourneyServer;
  let browser: Browser;
  let email = '';
  /** The ids of the alerts, newest first. */
  const alertIds: string[] = [];
  const seen = new Set<string>();
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startJourneyServer();
    browser = await launchBrowser();
    const subscriber = await createSubscriber(server.db, {
      email: uniqueEmail('long'),
      verified: true,
    });
    email = subscriber.email;
    const county = await server.db
      .selectFrom('counties')
      .select('id')
      .where('code', '=', 'SAC')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < ALERTS; i++) {
      const event = await createEvent(server.db, {
        userId: subscriber.id,
        countyId: county.id,
        documentNumber: `2026-LONG${String(i).padStart(3, '0')}`,
        createdAt: new Date(Date.now() - i * 60_000),
      });
      alertIds.push(event.id);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    expect(pageErrors).toEqual([]);
  });

  /** Whether the element is wholly inside the window. */
  const inView = (page: Page, selector: string) =>
    page.evaluate<boolean>(`(() => {
      const box = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    })()`);

  it('scrolls to the alert a link names when it was opened signed out, after the sign-in', async () => {
    const context = await browser.newContext({ viewport: PHONE, ...AXE_CONTEXT });
    context.on('page', (p) => p.on('pageerror', (err) => pageErrors.push(err.message)));
    const named = alertIds[12]!;
    const eventLink = `${server.url}/dashboard?event=${named}`;
    const page = await context.newPage();
    await page.goto(eventLink);
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByRole('textbox', { name: 'Email' }).fill(email);
    await login.getByRole('button', { name: 'Send Login Link' }).click();
    await login.getByText('Check your inbox').waitFor();
    const signIn = await newMail(server.url, email, /sign-in link/, seen);
    const link = new RegExp(`${server.url}/login-redirect/\\S+`).exec(signIn.text)![0];
    const tab = await context.newPage();
    await tab.goto(link);
    await tab.waitForURL(eventLink);
    await page.close();

    const card = tab.getByRole('article', { name: 'Document 2026-LONG012' });
    await card.waitFor();
    expect(await card.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    // In view, and it stays there: nothing scrolls the page back to its top afterwards.
    await waitFor('the named card in view', () => inView(tab, `#event-${named}`));
    await tab.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))');
    expect(await inView(tab, `#event-${named}`)).toBe(true);
    expect(await tab.evaluate<number>('window.scrollY')).toBeGreaterThan(0);
    await screenshot(tab, 'long-dashboard-phone-linked');
    await context.close();
  });

  it('shows the first 20 alerts with Show More, and links to the sections below', async () => {
    const context = await browser.newContext({ viewport: PHONE, ...AXE_CONTEXT });
    context.on('page', (p) => p.on('pageerror', (err) => pageErrors.push(err.message)));
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard?event=${alertIds[0]!}`);
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByRole('textbox', { name: 'Email' }).fill(email);
    await login.getByRole('button', { name: 'Send Login Link' }).click();
    await login.getByText('Check your inbox').waitFor();
    const signIn = await newMail(server.url, email, /sign-in link/, seen);
    await page.goto(new RegExp(`${server.url}/login-redirect/\\S+`).exec(signIn.text)![0]);
    await page.getByRole('article', { name: 'Document 2026-LONG000' }).waitFor();

    const alerts = page.getByRole('region', { name: 'Alerts' });
    expect(await alerts.getByRole('article').count()).toBe(20);
    await expectAccessible(page, '/dashboard with many alerts');
    await alerts.getByRole('button', { name: 'Alerts: Show 10 More' }).click();
    await page.getByRole('article', { name: 'Document 2026-LONG020' }).waitFor();
    expect(await alerts.getByRole('article').count()).toBe(ALERTS);
    expect(
      await page
        .getByRole('article', { name: 'Document 2026-LONG020' })
        .evaluate((el) => el === el.ownerDocument.activeElement),
    ).toBe(true);

    await page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: 'Items Being Guarded' })
      .click();
    const heading = page.getByRole('heading', { name: 'Items Being Guarded', level: 2 });
    expect(await heading.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    expect(await inView(page, '#guarded-heading')).toBe(true);
    await page.keyboard.press('Tab');
    expect(
      await page
        .getByRole('button', { name: 'Guard a Name' })
        .evaluate((el) => el === el.ownerDocument.activeElement),
    ).toBe(true);
    await expectAccessible(page, '/dashboard with every alert shown');
    await context.close();
  });
});

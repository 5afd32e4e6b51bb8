import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, uniqueEmail } from '../server/test/helpers/factories.ts';
import { signInStaff } from '../server/test/helpers/sign-in.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { formatViolations, seriousViolations } from './helpers/axe.ts';
import {
  ingestDocument,
  type JourneyServer,
  signInByMagicLink,
  startJourneyServer,
} from './helpers/journeys.ts';
import { linksOf, newMail, type OutboxMail } from './helpers/outbox.ts';

const WELCOME = /^Welcome to DeedWatch: please verify your email$/;
const SIGN_IN = /^Your DeedWatch sign-in link$/;
const CONFIRM_EMAIL = /^Confirm your DeedWatch alert email$/;
const SMS = /^Text message$/;
const ALERT =
  /^Act now: A deed transferring property from you was recorded in Sacramento County on \d\d\/\d\d\/\d{4}$/;

/**
 * Every link of every mail the product sends, followed as a person does from a mail client: a
 * new tab of their browser, signed in or not. A link of ours must land on a page of the web app,
 * never on a 404, and do what its mail says.
 */
describe('the links in every mail, opened in Chromium', () => {
  let server: JourneyServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const seen = new Set<string>();
  const email = uniqueEmail('links');
  const guarded = 'LINKFOLLOWER QUENTIN';
  /** The browser in which the person verified their email, so signed in from then on. */
  let signedIn: BrowserContext;

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext({ acceptDownloads: true });
    contexts.push(context);
    return context;
  }

  async function newTab(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    return page;
  }

  /** Opens a link in a new tab: the server must answer with the web app, not a 404. */
  async function follow(context: BrowserContext, url: string, tab?: Page): Promise<Page> {
    const page = tab ?? (await newTab(context));
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
    expect(res?.headers()['content-type'], url).toContain('text/html');
    return page;
  }

  const appLink = (url: string) => url.startsWith(`${server.url}/`);

  /**
   * The links of a mail: every one is ours, a mailto: of support, or the county's own site.
   * Returns our links without repeats (a button and its paste-this-link copy are one link), each
   * in the HTML and in the text alike.
   */
  function ourLinks(mail: OutboxMail, county?: string): string[] {
    const { html, text } = linksOf(mail);
    for (const link of [...html, ...text]) {
      const allowed =
        appLink(link) || link === `mailto:${server.config.supportEmail}` || link === county;
      expect(allowed, `${mail.subject}: ${link}`).toBe(true);
    }
    const ours = (links: string[]) => [...new Set(links.filter(appLink))].sort();
    expect(ours(text), `${mail.subject}: the text and the HTML give the same links`).toEqual(
      ours(html),
    );
    return ours([...html, ...text]);
  }

  async function expectDashboard(page: Page, message?: string) {
    await page.waitForURL(new RegExp(`^${server.url}/dashboard(\\?|$)`));
    await page.getByRole('heading', { name: 'Dashboard', exact: true, level: 1 }).waitFor();
    if (message) await page.getByRole('alert').filter({ hasText: message }).waitFor();
  }

  /** Waits for the document the page downloads, and checks that it is the recorded PDF. */
  async function expectPdfDownload(download: Promise<Download>) {
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${documentNumber}.pdf`);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }

  let documentNumber = '';

  beforeAll(async () => {
    server = await startJourneyServer();
    browser = await launchBrowser();
  });
  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  it('registration: the welcome mail and the one staff resend verify from a mail client', async () => {
    const res = await fetch(`${server.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, names: [{ county: 'Sacramento', name: guarded }] }),
    });
    expect(res.status).toBe(201);
    const { id: userId } = (await res.json()) as { id: string };
    const welcome = await newMail(server.url, email, WELCOME, seen);

    const staff = await createStaff(server.db, 'customersupport');
    const cookie = await signInStaff(server, staff.email);
    const resend = await server.app.inject({
      method: 'POST',
      url: '/api/admin/resend-welcome',
      headers: { cookie },
      payload: { userId },
    });
    expect(resend.statusCode).toBe(200);
    const resent = await newMail(server.url, email, WELCOME, seen);

    const [first] = ourLinks(welcome);
    const [second] = ourLinks(resent);
    expect([ourLinks(welcome), ourLinks(resent)].map((links) => links.length)).toEqual([1, 1]);
    for (const link of [first!, second!]) {
      expect(link).toMatch(new RegExp(`^${server.url}/verify-email/[\\w-]+$`));
    }
    expect(second).not.toBe(first);

    // Signed out, as a new reader of the mail is: it verifies and signs in.
    signedIn = await newContext();
    await expectDashboard(await follow(signedIn, first!), 'Your email is verified.');
    // The resent one, from the same browser, now signed in.
    const page = await follow(signedIn, second!);
    await expectDashboard(page, 'Your email is verified.');
    await screenshot(page, 'email-links-verified');
  });

  it('the sign-in mail: the magic link signs in from a mail client', async () => {
    const context = await newContext();
    const home = await follow(context, `${server.url}/`);
    await home
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'LOGIN' })
      .click();
    const login = home.getByRole('dialog', { name: 'Login' });
    await login.getByRole('textbox', { name: 'Email' }).fill(email);
    await login.getByRole('button', { name: 'Send Login Link' }).click();
    await login.getByText('Check your inbox').waitFor();

    const links = ourLinks(await newMail(server.url, email, SIGN_IN, seen));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`^${server.url}/login-redirect/[\\w-]+$`));
    await expectDashboard(await follow(context, links[0]!));
  });

  it("an added email's and phone's verification links verify from the signed-in browser", async () => {
    const second = uniqueEmail('links-second');
    const phone = '+19165550142';
    const dashboard = await follow(signedIn, `${server.url}/dashboard`);
    for (const [address, type] of [
      [second, 'Email'],
      [phone, 'SMS'],
    ] as const) {
      const status = await dashboard.evaluate(
        async ([address, type]) =>
          (
            await fetch('/api/user/notifications/add', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: address, notificationMethodType: type }),
            })
          ).status,
        [address, type] as const,
      );
      expect(status, type).toBe(200);
    }

    const confirm = ourLinks(await newMail(server.url, second, CONFIRM_EMAIL, seen));
    expect(confirm).toHaveLength(1);
    expect(confirm[0]).toMatch(new RegExp(`^${server.url}/verify-email/[\\w-]+$`));
    await expectDashboard(await follow(signedIn, confirm[0]!), 'Your email is verified.');

    const sms = await newMail(server.url, phone, SMS, seen);
    const smsLinks = linksOf(sms).text;
    expect(smsLinks).toHaveLength(1);
    expect(smsLinks[0]).toMatch(new RegExp(`^${server.url}/verify-sms/[\\w-]+$`));
    await expectDashboard(await follow(signedIn, smsLinks[0]!), 'Your phone number is verified.');
  });

  it("an added email's link, opened by whoever reads it elsewhere, verifies it and signs nobody in", async () => {
    const relative = uniqueEmail('links-relative');
    const dashboard = await follow(signedIn, `${server.url}/dashboard`);
    const status = await dashboard.evaluate(
      async (address) =>
        (
          await fetch('/api/user/notifications/add', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: address, notificationMethodType: 'Email' }),
          })
        ).status,
      relative,
    );
    expect(status).toBe(200);
    const [link] = ourLinks(await newMail(server.url, relative, CONFIRM_EMAIL, seen));

    // A browser of its own (axe-core is injected as an inline script, which the page's policy
    // would refuse).
    const elsewhere = await browser.newContext({ bypassCSP: true });
    contexts.push(elsewhere);
    const page = await follow(elsewhere, link!);
    await page.getByRole('heading', { name: 'Your email is verified', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/verify-email\//);
    // Not signed in to the account that added it: the header still offers LOGIN.
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'LOGIN' })
        .count(),
    ).toBe(1);
    expect(formatViolations('verified page', await seriousViolations(page))).toBe('');
    // And the account sees the address verified.
    await dashboard.reload();
    await dashboard
      .getByRole('region', { name: 'Notification Methods' })
      .getByRole('listitem', { name: relative })
      .getByText(/^Verified on /)
      .waitFor();
  });

  describe('the alert mail', () => {
    let documentLink = '';
    let dashboardLink = '';

    beforeAll(async () => {
      documentNumber = `2026-EL${Date.now().toString().slice(-6)}`;
      const summary = await ingestDocument(server, {
        countyCode: 'SAC',
        countyName: 'Sacramento',
        documentNumber,
        documentType: 'GRANT DEED',
        grantors: ['LINKFOLLOWER, QUENTIN'],
        grantees: ['DOE RICHARD'],
      });
      expect(summary).toMatchObject({ documents: 1, events: 1 });
      const county = await server.db
        .selectFrom('counties')
        .select('link_url')
        .where('code', '=', 'SAC')
        .executeTakeFirstOrThrow();
      const alert = await newMail(server.url, email, ALERT, seen);
      // The county recorder's site is named in the mail, and is not ours to open here.
      expect(linksOf(alert).html).toContain(county.link_url);
      expect(linksOf(alert).text).toContain(county.link_url);
      const links = ourLinks(alert, county.link_url);
      expect(links).toEqual([
        `${server.url}/dashboard`,
        // The alert's own event, where the subscriber answers it.
        expect.stringMatching(new RegExp(`^${server.url}/dashboard\\?event=[0-9a-f-]{36}$`)),
        `${server.url}/documents/SAC/${documentNumber}.pdf`,
      ]);
      [dashboardLink, , documentLink] = links as [string, string, string];
    });

    it('View the document, signed in: downloads the PDF, then goes to /', async () => {
      const page = await newTab(signedIn);
      const download = page.waitForEvent('download');
      await follow(signedIn, documentLink, page);
      await expectPdfDownload(download);
      await page.waitForURL(`${server.url}/`);
    });

    it('View the document, signed out: asks to sign in, and the magic link downloads it', async () => {
      const context = await newContext();
      const page = await follow(context, documentLink);
      const login = page.getByRole('dialog', { name: 'Login' });
      await login.getByText('Sign in to download this document.', { exact: false }).waitFor();
      await screenshot(page, 'email-links-document-sign-in');
      await login.getByRole('textbox', { name: 'Email' }).fill(email);
      await login.getByRole('button', { name: 'Send Login Link' }).click();
      await login.getByText('Check your inbox').waitFor();
      expect(page.url()).toBe(documentLink);

      const [magicLink] = ourLinks(await newMail(server.url, email, SIGN_IN, seen));
      // The mail client opens the link in a new tab of the same browser.
      const tab = await newTab(context);
      const download = tab.waitForEvent('download');
      await follow(context, magicLink!, tab);
      await expectPdfDownload(download);
      await tab.waitForURL(`${server.url}/`);
      await tab
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'LOGOUT' })
        .waitFor();
    });

    it('View the document, with a session that has ended on the server: asks to sign in there', async () => {
      const context = await newContext();
      await signInByMagicLink(await newTab(context), server, email);
      // The stored user stays in the browser; the server has forgotten the session.
      await context.clearCookies();

      const page = await follow(context, documentLink);
      const login = page.getByRole('dialog', { name: 'Login' });
      await login.getByText('Sign in to download this document.', { exact: false }).waitFor();
      expect(page.url()).toBe(documentLink);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'LOGIN' })
        .waitFor();
    });

    it('the dashboard links: the alert signed in, a sign-in that leads back to it signed out', async () => {
      const page = await follow(signedIn, dashboardLink);
      await expectDashboard(page);
      await page
        .getByRole('region', { name: 'Alerts' })
        .getByRole('article', { name: `Document ${documentNumber}` })
        .waitFor();

      const visitor = await follow(await newContext(), dashboardLink);
      const login = visitor.getByRole('dialog');
      await login.getByText('Sign in to see your dashboard.', { exact: false }).waitFor();
      expect(visitor.url()).toBe(dashboardLink);
    });
  });
});

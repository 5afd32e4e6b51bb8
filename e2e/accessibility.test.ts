import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Language } from '../rules/src/language.ts';
import { createStaff, createSubscriber, uniqueEmail } from '../server/test/helpers/factories.ts';
import { requestLoginCode, signInStaff, signInSubscriber } from '../server/test/helpers/sign-in.ts';
import { waitFor } from '../server/test/helpers/wait.ts';
import {
  AXE_CONTEXT,
  formatViolations,
  seriousViolations,
  settled,
  type Violation,
} from './helpers/axe.ts';
import { artifactsDir, launchBrowser } from './helpers/browser.ts';
import { actNowAlertFor, type JourneyServer, startJourneyServer } from './helpers/journeys.ts';
import { shown } from './helpers/labels.ts';
import { outbox } from './helpers/outbox.ts';

// axe-core's WCAG 2.1 A and AA rules on every page of the site, signed out, as a subscriber and
// as staff, at a desktop's width and a phone's, in English and in Spanish, with the dialogs that
// matter open. Each test checks all its pages and then fails once, listing every violation.

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 390, height: 844 }],
] as const;
const LANGUAGES: Language[] = ['en', 'es'];
const COMBINATIONS = LANGUAGES.flatMap((language) =>
  VIEWPORTS.map(([label, viewport]) => [language, label, viewport] as const),
);

describe('accessibility (axe-core, WCAG 2.1 AA) of every page', () => {
  let server: JourneyServer;
  let browser: Browser;
  let staffEmail = '';
  const found: { page: string; violations: Violation[] }[] = [];

  beforeAll(async () => {
    server = await startJourneyServer();
    staffEmail = (await createStaff(server.db, 'admin')).email;
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    // Every violation of the run, page by page, to read beside the test's failures.
    mkdirSync(artifactsDir, { recursive: true });
    writeFileSync(
      path.join(artifactsDir, 'accessibility.json'),
      `${JSON.stringify(found, null, 2)}\n`,
    );
  });

  /** A subscriber with a guarded name and an Act now alert for a deed that names them. */
  async function subscriberWithAlert(language: Language, tag: string) {
    const { id, email } = await createSubscriber(server.db, {
      email: uniqueEmail(`a11y-${tag}`),
      verified: true,
    });
    const guarded = `AXEWORTHY ${tag.toUpperCase().replace(/[^A-Z]/g, '')}`;
    const documentNumber = `2026-AX${Date.now().toString().slice(-7)}`;
    await actNowAlertFor(server, id, guarded, documentNumber);
    // Sign-in mails are asked for in English, found by their English subject; the account's
    // language, which the site follows once signed in, is set before the link is opened.
    // A session for the API, then a fresh link for the browser (a new link voids the last).
    const cookie = await signInSubscriber(server, email);
    const code = await requestLoginCode(server, email);
    await server.db.updateTable('users').set({ language }).where('id', '=', id).execute();
    return { email, cookie, code, documentNumber };
  }

  /** A trusted contact's invitation, sent by the subscriber: its accept link. */
  async function acceptLink(cookie: string): Promise<string> {
    const contact = uniqueEmail('a11y-contact');
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/user/trusted-contacts',
      headers: { cookie },
      payload: { email: contact, name: 'Pat Contact' },
    });
    if (res.statusCode >= 300) throw new Error(`adding a contact: ${res.statusCode} ${res.body}`);
    const pattern = new RegExp(`${server.url}/trusted-contact/accept/[\\w-]+`);
    return waitFor(`an invitation to ${contact} in the outbox`, async () => {
      const mail = (await outbox(server.url)).find((m) => m.to === contact);
      return mail && pattern.exec(mail.text)?.[0];
    });
  }

  async function newContext(
    language: Language,
    viewport: { width: number; height: number },
  ): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport, ...AXE_CONTEXT });
    // Before the app loads, as the language switch leaves it.
    if (language === 'es') {
      await context.addInitScript("window.localStorage.setItem('deedwatch.language', 'es')");
    }
    return context;
  }

  /**
   * Signs staff in with the session of a password sign-in: the cookie, and the user the web app
   * keeps in local storage ('deedwatch.user'), as its own sign-in leaves them.
   */
  async function signInAsStaff(context: BrowserContext, page: Page) {
    const cookie = await signInStaff(server, staffEmail);
    const at = cookie.indexOf('=');
    await context.addCookies([
      { name: cookie.slice(0, at), value: cookie.slice(at + 1), url: server.url },
    ]);
    await page.goto(`${server.url}/faq`);
    await page.evaluate(`
      fetch('/api/auth/me', { method: 'POST' })
        .then((res) => res.text())
        .then((user) => window.localStorage.setItem('deedwatch.user', user))
    `);
  }

  /** Collects each page's violations; `done` fails once with all of them. */
  function auditor(page: Page, prefix: string) {
    const reports: string[] = [];
    return {
      async check(label: string) {
        await settled(page);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found.push({ page: `${prefix} ${label}`, violations });
        const report = formatViolations(`${prefix} ${label}`, violations);
        if (report) reports.push(report);
      },
      done() {
        if (reports.length > 0) {
          throw new Error(
            `axe-core found serious or critical violations:\n\n${reports.join('\n\n')}`,
          );
        }
      },
    };
  }

  /** Opens a path and waits for its main heading. */
  async function open(page: Page, path: string) {
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  }

  /** The header's menu (a phone) or navigation (a desktop), where LOGIN and LOGOUT are. */
  async function headerNav(page: Page, language: Language, phone: boolean) {
    if (!phone) return page.getByRole('navigation', { name: shown(language, 'Main') });
    await page.getByRole('button', { name: shown(language, 'Open menu') }).click();
    const menu = page.getByRole('dialog', { name: shown(language, 'Menu') });
    await menu.waitFor();
    return menu;
  }

  describe.each(COMBINATIONS)('in %s at the %s width', (language, label, viewport) => {
    const phone = label === 'mobile';
    const t = (english: string) => shown(language, english);
    const prefix = `[${language}, ${label} ${viewport.width}×${viewport.height}]`;

    it('signed out: the public pages, the sign-in dialog, the menu, the register form and its dialog, and the pages of links', async () => {
      const { cookie } = await subscriberWithAlert(language, `out-${language}-${label}`);
      const validAccept = await acceptLink(cookie);
      const context = await newContext(language, viewport);
      const page = await context.newPage();
      const audit = auditor(page, prefix);

      for (const path of [
        '/',
        '/faq',
        '/support',
        '/terms',
        '/privacy',
        '/admin-login',
        '/nope-unknown',
      ]) {
        await open(page, path);
        await audit.check(path);
      }

      await open(page, '/');
      const nav = await headerNav(page, language, phone);
      if (phone) await audit.check('/ with the menu open');
      await nav.getByRole('button', { name: t('LOGIN') }).click();
      await page.getByRole('dialog', { name: t('Login') }).waitFor();
      await audit.check('/ with the sign-in dialog open');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: t('Login') }).waitFor({ state: 'hidden' });

      await open(page, '/register');
      await audit.check('/register');
      await page.getByRole('button', { name: t('Guard a Name') }).click();
      await page.getByRole('dialog', { name: t('Guard A name') }).waitFor();
      await audit.check('/register with the add-guard dialog open');

      // Pages that ask to sign in first: the dashboard and a document, signed out.
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('dialog', { name: t('Login') }).waitFor();
      await audit.check('/dashboard signed out (the sign-in dialog)');
      await page.goto(`${server.url}/documents/SAC/2026-NOPE.pdf`);
      await page.getByRole('dialog', { name: t('Login') }).waitFor();
      await audit.check('/documents/… signed out (the sign-in dialog)');

      // A spent or unknown code: back on the home page with the error's toast.
      for (const path of [
        '/verify-email/not-a-code',
        '/login-redirect/not-a-code',
        '/verify-sms/not-a-code',
      ]) {
        await page.goto(`${server.url}${path}`);
        await page.waitForURL(`${server.url}/`);
        await page.locator('.mantine-Notification-root').first().waitFor();
        await audit.check(`${path} (an invalid code)`);
      }

      // A trusted contact's pages: before the answer, refused, and accepted.
      for (const path of [
        '/trusted-contact/accept/not-a-code',
        '/trusted-contact/stop/not-a-code',
      ]) {
        await open(page, path);
        await audit.check(path);
        await page
          .getByRole('button', {
            name: t(path.includes('accept') ? 'Accept' : 'Stop These Emails'),
          })
          .click();
        await page.getByRole('alert').waitFor();
        await audit.check(`${path} answered (the link does not work)`);
      }
      await page.goto(validAccept);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('button', { name: t('Accept') }).click();
      await page.getByRole('alert').waitFor();
      await audit.check('/trusted-contact/accept/… answered (accepted)');

      await context.close();
      audit.done();
    }, 180_000);

    it('signed in as a subscriber: the dashboard with an alert, its dialogs, and the public pages', async () => {
      const { code, documentNumber } = await subscriberWithAlert(
        language,
        `in-${language}-${label}`,
      );
      const context = await newContext(language, viewport);
      const page = await context.newPage();
      const audit = auditor(page, prefix);

      // Signed in by the magic link, as a subscriber is.
      await page.goto(`${server.url}/login-redirect/${code}`);
      await page.waitForURL(`${server.url}/dashboard`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const card = page.getByRole('article', { name: t(`Document ${documentNumber}`) });
      await card.waitFor();
      await audit.check('/dashboard with an alert');

      await page.getByRole('button', { name: t('Guard a Name') }).click();
      const guard = page.getByRole('dialog', { name: t('Guard A Name') });
      await guard.waitFor();
      await audit.check('/dashboard with the add-guard dialog open');
      await page.keyboard.press('Escape');
      await guard.waitFor({ state: 'hidden' });

      await card
        .getByRole('button', { name: t(`This wasn't me: report document ${documentNumber}`) })
        .click();
      const report = page.getByRole('dialog', { name: t("This wasn't me") });
      await report.waitFor();
      await audit.check('/dashboard with the report dialog open');
      await report.getByRole('button', { name: t('Next') }).click();
      await report.getByRole('radiogroup').first().waitFor();
      await audit.check('/dashboard with the report dialog at its second step');
      await page.keyboard.press('Escape');
      await report.waitFor({ state: 'hidden' });

      if (phone) {
        await headerNav(page, language, phone);
        await audit.check('/dashboard with the menu open');
        await page.keyboard.press('Escape');
      }

      for (const path of ['/', '/faq', '/register']) {
        await open(page, path);
        await audit.check(`${path} signed in`);
      }
      await context.close();
      audit.done();
    }, 180_000);

    it('signed in as staff: each tab of /admin', async () => {
      const context = await newContext(language, viewport);
      const page = await context.newPage();
      await signInAsStaff(context, page);
      const audit = auditor(page, prefix);
      await open(page, '/admin');
      await page.getByRole('tab').first().waitFor();
      for (const tab of ['Stats', 'Users', 'Cases', 'Counties']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tab', { name: tab, selected: true }).waitFor();
        await audit.check(`/admin, ${tab} tab`);
      }
      await context.close();
      audit.done();
    }, 180_000);
  });
});

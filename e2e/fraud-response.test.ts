import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../server/src/documents/pdf/extract-text.ts';
import { createStaff, createSubscriber, uniqueEmail } from '../server/test/helpers/factories.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import {
  actNowAlertFor,
  type JourneyServer,
  mailFromOutbox,
  signInAsStaff,
  startJourneyServer,
} from './helpers/journeys.ts';
import { newMail, type OutboxMail } from './helpers/outbox.ts';

// From an Act now alert to action, as people do it: the subscriber follows the alert's link,
// signs in, says "This wasn't me", reports it and downloads the case packet; staff work the case
// through the queue; the subscriber sees where it stands. On a desktop and on a 375 px phone.

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 812 }],
] as const;

const FRAUD_UNIT = 'Sacramento Real Estate Fraud Unit';
const FRAUD_PHONE = '(916) 874-6334';

describe('from an Act now alert to a closed case, in Chromium against the real server', () => {
  let server: JourneyServer;
  let browser: Browser;
  let support: { email: string };
  const pageErrors: string[] = [];
  const seen = new Set<string>();

  beforeAll(async () => {
    server = await startJourneyServer();
    support = await createStaff(server.db, 'customersupport');
    await server.db
      .updateTable('counties')
      .set({ fraud_contact_name: FRAUD_UNIT, fraud_contact_phone: FRAUD_PHONE })
      .where('code', '=', 'SAC')
      .execute();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function newContext(viewport: { width: number; height: number }) {
    const context = await browser.newContext({ viewport, acceptDownloads: true });
    context.on('page', (page) => page.on('pageerror', (err) => pageErrors.push(err.message)));
    return context;
  }

  /** Nothing on the page is wider than the window (the 375 px check). */
  const fitsWidth = (page: Page) =>
    page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');

  /** The first link of ours in a mail's text whose path starts with `path`. */
  const linkIn = (mail: OutboxMail, path: string) => {
    const link = new RegExp(`${server.url}${path.replace(/[?]/g, '\\?')}\\S*`).exec(mail.text)?.[0];
    if (!link) throw new Error(`no ${path} link in "${mail.subject}":\n${mail.text}`);
    return link;
  };

  describe.each(VIEWPORTS)('on a %s', (label, viewport) => {
    const guarded = label === 'desktop' ? 'WINTERBOURNE CASSIA' : 'HOLLOWAY PERPETUA';
    const documentNumber = `2026-FR${label === 'desktop' ? 'D' : 'P'}${Date.now().toString().slice(-6)}`;
    const statement = `I never sold or signed anything: ${documentNumber} is not mine.`;
    let email = '';
    let subscriberContext: BrowserContext;
    let caseNumber = '';

    it('follows an Act now alert to its event, says "This wasn\'t me" and downloads the case packet', async () => {
      const subscriber = await createSubscriber(server.db, {
        email: uniqueEmail(`fraud-${label}`),
        verified: true,
      });
      email = subscriber.email;
      // A deed from the guarded owner: Act now.
      const summary = await actNowAlertFor(server, subscriber.id, guarded, documentNumber);
      expect(summary).toMatchObject({ documents: 1, events: 1, alerts: 1 });
      const alert = await newMail(server.url, email, /^Act now: /, seen);
      expect(alert.subject).toMatch(
        /^Act now: A deed transferring property from you was recorded in Sacramento County on \d\d\/\d\d\/\d{4}$/,
      );
      expect(alert.text).toContain(`report it to the county's fraud contact: ${FRAUD_UNIT}`);
      const eventLink = linkIn(alert, '/dashboard?event=');

      // Signed out, the link asks for a sign-in link, which continues to the event.
      subscriberContext = await newContext(viewport);
      const page = await subscriberContext.newPage();
      await page.goto(eventLink);
      const login = page.getByRole('dialog', { name: 'Login' });
      await login.getByText('Sign in to see your dashboard.', { exact: false }).waitFor();
      await login.getByRole('textbox', { name: 'Email' }).fill(email);
      await login.getByRole('button', { name: 'Send Login Link' }).click();
      await login.getByText('Check your inbox').waitFor();
      const signIn = await newMail(server.url, email, /sign-in link/, seen);
      const tab = await subscriberContext.newPage();
      await tab.goto(linkIn(signIn, '/login-redirect/'));
      await tab.waitForURL(eventLink);
      await page.close();

      const card = tab.getByRole('article', { name: `Document ${documentNumber}` });
      await card.waitFor();
      expect(await card.getAttribute('data-highlighted')).toBe('true');
      expect(await card.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      await card.getByText('Act now', { exact: true }).waitFor();
      const text = await card.innerText();
      expect(text).toMatch(
        /A deed transferring property from you was recorded in Sacramento County on/,
      );
      expect(text).toContain(
        `Suspect fraud? The county asks you to contact: ${FRAUD_UNIT} · ${FRAUD_PHONE}`,
      );
      await screenshot(tab, `fraud-response-${label}-alert`);
      expect(await fitsWidth(tab)).toBe(true);

      // The guided report.
      await card
        .getByRole('button', { name: `This wasn't me: report document ${documentNumber}` })
        .click();
      const dialog = tab.getByRole('dialog', { name: "This wasn't me" });
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText('Choose what is wrong').waitFor();
      await dialog.getByRole('radio', { name: 'I did not sign this document' }).check();
      await dialog.getByRole('textbox', { name: /In your own words/ }).fill(statement);
      await dialog.getByRole('button', { name: 'Next' }).click();
      expect(await dialog.getByRole('textbox', { name: /Email/ }).inputValue()).toBe(email);
      await dialog.getByRole('textbox', { name: /Phone/ }).fill('916 555 0199');
      await dialog.getByRole('radio', { name: 'A phone call' }).check();
      await screenshot(tab, `fraud-response-${label}-report`);
      await dialog.getByRole('button', { name: 'Send Report' }).click();
      const opened = dialog.getByText(/^Case \d+ is open$/);
      await opened.waitFor();
      caseNumber = /Case (\d+)/.exec((await opened.innerText()) ?? '')![1]!;

      const download = tab.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download Case Packet' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`DeedWatch-case-${caseNumber}-${documentNumber}.pdf`);
      const packet = await extractPdfText(new Uint8Array(await readFile((await file.path())!)));
      if (!packet.ok) throw new Error(`unreadable packet: ${packet.reason}`);
      const packetText = packet.text.replace(/\s+/g, ' ');
      expect(packetText).toContain(`Document number: ${documentNumber}`);
      expect(packetText).toContain(statement);
      expect(packetText).toContain(FRAUD_UNIT);
      expect(packetText).toContain(`Phone: ${FRAUD_PHONE}`);
      expect(packetText).toContain('SWINDLER SILAS');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      await card.getByText(`Reported: Case ${caseNumber}`).waitFor();
      expect(await card.innerText()).toContain('Status: Open');
      await screenshot(tab, `fraud-response-${label}-reported`);
      expect(await fitsWidth(tab)).toBe(true);
      // The packet came by mail too, attached.
      const packetMail = await mailFromOutbox(
        server,
        email,
        new RegExp(`^DeedWatch case ${caseNumber}:`),
      );
      expect(packetMail.text).toContain('File a police report');
    });

    it('lets staff work the case through the queue, forward only, and the subscriber sees it', async () => {
      const context = await newContext(viewport);
      const page = await context.newPage();
      await signInAsStaff(page, server, support.email);
      await page.getByRole('region', { name: 'Open Cases' }).waitFor();
      await page.getByRole('tab', { name: 'Cases' }).click();
      const queue = page.getByRole('list', { name: 'Cases' });
      const item = queue.getByRole('listitem', { name: `Case ${caseNumber}` });
      await item.waitFor();
      expect(await item.innerText()).toContain(
        `Document ${documentNumber} · GRANT DEED · Sacramento`,
      );
      await screenshot(page, `fraud-response-${label}-queue`);
      expect(await fitsWidth(page)).toBe(true);

      await item.getByRole('button', { name: `Open case ${caseNumber}` }).click();
      const drawer = page.getByRole('dialog', { name: `Case ${caseNumber}` });
      await drawer.getByText(statement).waitFor();
      await drawer.getByText('Prefers: a phone call').waitFor();
      await drawer
        .getByRole('textbox', { name: /Note/ })
        .fill('Called them; they are filing a police report.');
      await drawer.getByRole('button', { name: 'Mark Contacted' }).click();
      await drawer.getByText(/moved the case from open to contacted/).waitFor();
      await drawer.getByText('Called them; they are filing a police report.').waitFor();
      // Forward only: no way back to open, and contacted is done.
      expect(await drawer.getByRole('button', { name: 'Mark Contacted' }).count()).toBe(0);
      await drawer.getByRole('button', { name: 'Close Case' }).click();
      await drawer.getByText(/moved the case from contacted to closed/).waitFor();
      await drawer.getByText('A closed case stays closed: cases only move forward.').waitFor();
      await screenshot(page, `fraud-response-${label}-case`);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      // The queue of open cases no longer holds it; all statuses do.
      await item.waitFor({ state: 'detached' });
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'All statuses' }).click();
      await queue
        .getByRole('listitem', { name: `Case ${caseNumber}` })
        .getByText('Closed')
        .waitFor();
      await context.close();

      // The subscriber's event says where the case stands.
      const tab = subscriberContext.pages()[0]!;
      await tab.reload();
      const card = tab.getByRole('article', { name: `Document ${documentNumber}` });
      // The stored session shows first; the server's answer brings the closed case.
      await card.getByText(/Status: Closed/).waitFor();
      await subscriberContext.close();
      expect(pageErrors).toEqual([]);
    });
  });
});

import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchName } from '../server/src/keys/names.ts';
import { createSubscriber, uniqueEmail } from '../server/test/helpers/factories.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import {
  ingestDocument,
  type JourneyServer,
  mailFromOutbox,
  signInByMagicLink,
  startJourneyServer,
} from './helpers/journeys.ts';

const PHONE = { width: 375, height: 812 };

describe('the subscriber dashboard, in Chromium against the real server', () => {
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

  async function newPage(viewport?: { width: number; height: number }): Promise<Page> {
    const page = await browser.newPage(viewport ? { viewport } : {});
    page.on('pageerror', (err) => pageErrors.push(err.message));
    return page;
  }

  /** Nothing on the page is wider than the window (the 375 px check). */
  const fitsWidth = (page: Page) =>
    page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');

  it('guards a name, shows the alert of a matching document from the feed with its reason, downloads it and archives it', async () => {
    const page = await newPage();
    const { email } = await createSubscriber(server.db, {
      email: uniqueEmail('alerted'),
      verified: true,
    });
    await signInByMagicLink(page, server, email);
    await page.getByText('No alerts.', { exact: false }).waitFor();

    // Guard a name through the modal, choosing the county by keyboard.
    const guarded = 'QUILLFEATHER MARGOT';
    await page.getByRole('button', { name: 'Guard a Name' }).click();
    const modal = page.getByRole('dialog', { name: 'Guard A Name' });
    const county = modal.getByRole('combobox', { name: 'County' });
    await county.click();
    await county.pressSequentially('Sacram');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await county.inputValue()).toBe('Sacramento');
    await modal.getByRole('textbox', { name: 'Name' }).pressSequentially('quillfeather margot');
    await modal.getByRole('row').filter({ hasText: 'You Entered' }).waitFor();
    await modal.getByRole('button', { name: `Guard ${guarded}` }).click();
    await modal.getByRole('button', { name: 'Guard Selected Items' }).click();
    await modal.getByRole('button', { name: `Guarded: ${guarded}` }).waitFor();
    await screenshot(page, 'dashboard-guard-modal');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });
    const items = page.getByRole('region', { name: 'Items Being Guarded' });
    await items.getByRole('listitem', { name: guarded }).waitFor();

    // The recorder's feed brings a deed naming them, written the index's way.
    const recordedAs = 'QUILLFEATHER, MARGOT';
    const documentNumber = `2026-E2E${Date.now().toString().slice(-6)}`;
    const summary = await ingestDocument(server, {
      countyCode: 'SAC',
      countyName: 'Sacramento',
      documentNumber,
      documentType: 'GRANT DEED',
      grantors: [recordedAs],
      grantees: ['DOE RICHARD'],
    });
    expect(summary).toMatchObject({ documents: 1, events: 1, pdfProblems: 0 });
    // The alert email goes out through the queue; once it has, the dashboard says so.
    await mailFromOutbox(server, email, /^DeedWatch alert: GRANT DEED/);

    const alerts = page.getByRole('region', { name: 'Alerts' });
    await alerts.getByRole('button', { name: 'Check for New Alerts' }).click();
    const alert = alerts.getByRole('article', { name: `Document ${documentNumber}` });
    await alert.waitFor();
    const reason = matchName(guarded, recordedAs);
    expect(reason.matched).toBe(true);
    const text = await alert.innerText();
    expect(text).toContain(`Why it matched: ${reason.reason}`);
    expect(text).toContain('GRANT DEED');
    expect(text).toMatch(/Recorded \d{2}\/\d{2}\/\d{4} · Sacramento/);
    expect(text).toContain(`Guarded name: ${guarded}`);
    await alert.getByText('Email Sent', { exact: true }).waitFor();

    await screenshot(page, 'dashboard-alert');

    const download = page.waitForEvent('download');
    await alert.getByRole('button', { name: `Download document ${documentNumber}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${documentNumber}.pdf`);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The whole recorded document, not the 2 pages of the email.
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);

    await alert
      .getByRole('button', { name: `Archive alert for document ${documentNumber}` })
      .click();
    await alert.waitFor({ state: 'detached' });
    await alerts.getByText('No alerts.', { exact: false }).waitFor();
    // Archived on the server, not only hidden in this page.
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', exact: true, level: 1 }).waitFor();
    await items.getByRole('listitem', { name: guarded }).waitFor();
    await alerts.getByText('No alerts.', { exact: false }).waitFor();
    expect(await alert.count()).toBe(0);
    await screenshot(page, 'dashboard-alert-archived');
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('adds a second email at 375 px, verifies it from the outbox, and removes it', async () => {
    const page = await newPage(PHONE);
    const { email } = await createSubscriber(server.db, {
      email: uniqueEmail('methods'),
      verified: true,
    });
    const second = uniqueEmail('second');
    await signInByMagicLink(page, server, email);
    const methods = page.getByRole('region', { name: 'Notification Methods' });
    const own = methods.getByRole('listitem', { name: email });
    expect(await own.getByRole('button', { name: `Remove ${email}` }).isDisabled()).toBe(true);

    await methods.getByRole('button', { name: 'Add Email' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Email Notification Method' });
    const add = modal.getByRole('button', { name: 'Add' });
    await add.click();
    await modal.getByText('Email is required').waitFor();
    expect(await add.isDisabled()).toBe(true);
    const input = modal.getByRole('textbox', { name: 'Email' });
    await input.fill('second');
    await modal.getByText('Invalid Email').waitFor();
    expect(await add.isDisabled()).toBe(true);
    await input.fill(second);
    await modal.getByText('Invalid Email').waitFor({ state: 'detached' });
    await input.press('Enter');
    await modal.waitFor({ state: 'hidden' });
    const added = methods.getByRole('listitem', { name: second });
    await added.getByText('Unverified', { exact: false }).waitFor();
    expect(await fitsWidth(page)).toBe(true);

    const mail = await mailFromOutbox(server, second, /^Confirm your DeedWatch alert email$/);
    const link = /Confirm: (\S+)/.exec(mail.text)?.[1];
    expect(link).toMatch(new RegExp(`^${server.url}/verify-email/[\\w-]+$`));
    await page.goto(link!);
    await page.waitForURL(new RegExp(`^${server.url}/dashboard`));
    await added.getByText(/^Verified on \d{2}\/\d{2}\/\d{4}$/).waitFor();
    expect(await added.getByRole('button', { name: /Resend verification/ }).count()).toBe(0);

    await added.getByRole('button', { name: `Remove ${second}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Notification Method' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await added.waitFor({ state: 'detached' });
    await own.waitFor();
    expect(await methods.getByRole('listitem').count()).toBe(1);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'dashboard-second-email-removed');
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});

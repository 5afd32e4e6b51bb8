import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchName } from '../server/src/keys/names.ts';
import { insertDocument } from '../server/src/engine/ingest/ingest.repository.ts';
import { insertNameSubscriptions } from '../server/src/modules/user/user.repository.ts';
import { createSubscriber, uniqueEmail } from '../server/test/helpers/factories.ts';
import { requestLoginCode } from '../server/test/helpers/sign-in.ts';
import type { Language } from '../rules/src/language.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import {
  actNowAlertFor,
  ingestDocument,
  type JourneyServer,
  mailFromOutbox,
  signInByMagicLink,
  startJourneyServer,
} from './helpers/journeys.ts';
import { shown } from './helpers/labels.ts';

const PHONE = { width: 375, height: 812 };
const PHONE_390 = { width: 390, height: 844 };

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
    // The arrow key moves through the options only once the list shows them.
    await page.getByRole('option', { name: 'Sacramento' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => county.inputValue()).toBe('Sacramento');
    await modal.getByRole('textbox', { name: 'Name' }).pressSequentially('quillfeather margot');
    await modal.getByRole('row').filter({ hasText: 'You Entered' }).waitFor();
    await modal.getByRole('button', { name: `Guard ${guarded}` }).click();
    await modal.getByRole('button', { name: 'Guard Selected Items' }).click();
    await modal.getByRole('button', { name: `Guarded: ${guarded}` }).waitFor();
    // Saved, Guard Selected Items is disabled: focus stays in the dialog, on Close.
    await expect
      .poll(() =>
        page.evaluate<string>(
          "document.activeElement?.closest('[role=dialog]') ? document.activeElement.textContent : 'outside the dialog'",
        ),
      )
      .toBe('Close');
    await screenshot(page, 'dashboard-guard-modal');
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
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
    await mailFromOutbox(server, email, /^Act now: A deed transferring property from you/);

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
    // Its Archive button gone with it, focus goes to the section's heading, not to the page.
    await expect
      .poll(() => page.evaluate<string>('document.activeElement?.id'))
      .toBe('alerts-heading');
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

  it("tells alerts from possible matches and from what was already on record, and follows each name's choice", async () => {
    const page = await newPage();
    const { id: userId, email } = await createSubscriber(server.db, {
      email: uniqueEmail('tiers'),
      verified: true,
    });
    const guarded = 'BRAMBLEWICK ODESSA';
    const sacramento = await server.db
      .selectFrom('counties')
      .select('id')
      .where('code', '=', 'SAC')
      .executeTakeFirstOrThrow();
    await insertNameSubscriptions(
      server.db,
      userId,
      [{ countyId: sacramento.id, name: guarded, nameKey: guarded, tokens: guarded.split(' ') }],
      new Date(Date.now() - 60_000),
    );
    const subscription = await server.db
      .selectFrom('name_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();

    // A deed naming them exactly, and one naming BRAMBLEWICK O: an initial, a possible match.
    const stamp = Date.now().toString().slice(-6);
    const exactNumber = `2026-EXA${stamp}`;
    const possibleNumber = `2026-POS${stamp}`;
    for (const [documentNumber, grantor] of [
      [exactNumber, guarded],
      [possibleNumber, 'BRAMBLEWICK O'],
    ] as const) {
      await ingestDocument(server, {
        countyCode: 'SAC',
        countyName: 'Sacramento',
        documentNumber,
        documentType: 'GRANT DEED',
        grantors: [grantor],
        grantees: ['DOE RICHARD'],
      });
    }
    // A deed of two years ago, found on record when the name began to be guarded.
    const recordNumber = `2024-REC${stamp}`;
    const earlier = await insertDocument(server.db, {
      countyId: sacramento.id,
      documentNumber: recordNumber,
      documentType: 'DEED OF TRUST',
      recordedAt: new Date(Date.now() - 2 * 365 * 24 * 3600 * 1000),
      container: 'SAC',
      fileName: `${recordNumber}.pdf`,
      pageCount: 1,
      pdfError: null,
      text: '',
      parties: [],
      parcels: [],
    });
    await server.db
      .insertInto('events')
      .values({
        user_id: userId,
        document_id: earlier!,
        name_subscription_id: subscription.id,
        apn_subscription_id: null,
        match_kind: 'name',
        matched_value: guarded,
        party_role: 'grantee',
        is_exact: true,
        confidence: 1,
        tier: 'exact',
        namesakes: 0,
        on_record: true,
      })
      .execute();

    await signInByMagicLink(page, server, email);
    const alerts = page.getByRole('region', { name: 'Alerts' });
    const possible = page.getByRole('region', { name: 'Possible Matches' });
    const onRecord = page.getByRole('region', { name: 'Already on Record' });
    const article = (region: typeof alerts, documentNumber: string) =>
      region.getByRole('article', { name: `Document ${documentNumber}` });

    const exactAlert = article(alerts, exactNumber);
    await exactAlert.getByText('Exact Match', { exact: true }).waitFor();
    expect(await alerts.getByRole('article').count()).toBe(1);

    const possibleMatch = article(possible, possibleNumber);
    await possibleMatch.getByText('Possible Match', { exact: true }).waitFor();
    const text = await possibleMatch.innerText();
    expect(text).toContain(`Guarded name: ${guarded}`);
    expect(text).toContain('The document shows: BRAMBLEWICK O (grantor)');
    expect(text).toContain(`Why it matched: ${matchName(guarded, 'BRAMBLEWICK O').reason}`);
    expect(text).toContain('check whether this is you');
    expect(
      await possibleMatch
        .getByRole('link', { name: `View document ${possibleNumber}` })
        .getAttribute('href'),
    ).toBe(`/documents/SAC/${possibleNumber}.pdf`);

    const recorded = article(onRecord, recordNumber);
    await recorded.getByText('DEED OF TRUST', { exact: false }).waitFor();
    expect(await recorded.innerText()).toContain(
      'The document shows: BRAMBLEWICK ODESSA (grantee)',
    );
    expect(await alerts.getByRole('article', { name: `Document ${recordNumber}` }).count()).toBe(0);
    await screenshot(page, 'dashboard-tiers');

    // The name's choice: at once, the possible match becomes an alert with its badge.
    const items = page.getByRole('region', { name: 'Items Being Guarded' });
    const choice = items
      .getByRole('listitem', { name: guarded })
      .getByRole('radiogroup', { name: `Possible matches of ${guarded}` });
    await choice.getByText('Alert me at once').click();
    const possibleAlert = article(alerts, possibleNumber);
    await possibleAlert.getByText('Possible Match', { exact: true }).waitFor();
    await possible.getByText('No possible matches.', { exact: false }).waitFor();
    // Not shown at all.
    await choice.getByText("Don't show").click();
    await possibleAlert.waitFor({ state: 'detached' });
    await possible.getByText('No possible matches.', { exact: false }).waitFor();
    expect(await page.getByText(possibleNumber).count()).toBe(0);
    // Back to the daily digest, which the server kept.
    await choice.getByText('Daily digest').click();
    await possibleMatch.waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', exact: true, level: 1 }).waitFor();
    await possibleMatch.waitFor();
    expect(await choice.getByRole('radio', { name: 'Daily digest' }).isChecked()).toBe(true);

    // Dismissed, it is gone for good.
    await possibleMatch.getByRole('button', { name: `Dismiss document ${possibleNumber}` }).click();
    await possibleMatch.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', exact: true, level: 1 }).waitFor();
    await recorded.waitFor();
    await possible.getByText('No possible matches.', { exact: false }).waitFor();
    // The name's choice and the cards fit a phone.
    await page.setViewportSize(PHONE);
    await choice.waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'dashboard-tiers-phone');
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  // The longest labels are Spanish ones ('Para sus archivos' in the level filter): on a phone
  // the dashboard's controls wrap or stack rather than widen the page, and its dialogs with it.
  it.each<Language>(['en', 'es'])(
    'fits a 390 px phone in %s, with an alert, and its dialogs with it',
    async (language) => {
      const { id, email } = await createSubscriber(server.db, {
        email: uniqueEmail(`phone-${language}`),
        verified: true,
      });
      const documentNumber = `2026-PH${language.toUpperCase()}${Date.now().toString().slice(-6)}`;
      await actNowAlertFor(server, id, `NARROWLEAF ${language.toUpperCase()}`, documentNumber);
      await server.db.updateTable('users').set({ language }).where('id', '=', id).execute();
      const context = await browser.newContext({ viewport: PHONE_390 });
      await context.addInitScript(
        `window.localStorage.setItem('deedwatch.language', '${language}')`,
      );
      const page = await context.newPage();
      page.on('pageerror', (err) => pageErrors.push(err.message));
      const t = (english: string) => shown(language, english);

      const code = await requestLoginCode(server, email);
      await page.goto(`${server.url}/login-redirect/${code}`);
      await page.waitForURL(`${server.url}/dashboard`);
      await page.getByRole('heading', { name: t('Dashboard'), exact: true, level: 1 }).waitFor();
      await page.getByRole('article', { name: t(`Document ${documentNumber}`) }).waitFor();
      // Every choice of the level filter and of the guarded name's possible matches is on the
      // screen, the longest label whole.
      const choices = [
        [t('Show'), ['All levels', 'Act now', 'Check', 'For your records']],
        [
          t(`Possible matches of NARROWLEAF ${language.toUpperCase()}`),
          ['Daily digest', 'Alert me at once', "Don't show"],
        ],
      ] as const;
      for (const [group, labels] of choices) {
        const radios = page.getByRole('radiogroup', { name: group });
        for (const label of labels) {
          const box = await radios.getByText(t(label), { exact: true }).boundingBox();
          expect(box!.x, label).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width, label).toBeLessThanOrEqual(PHONE_390.width - 16);
        }
      }
      await screenshot(page, `dashboard-phone-390-${language}`);
      expect(
        await page.evaluate<number>('document.documentElement.scrollWidth'),
      ).toBeLessThanOrEqual(PHONE_390.width);

      await page.getByRole('button', { name: t('Add Method') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const box = await dialog.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE_390.width);
      expect(
        await page.evaluate<number>('document.documentElement.scrollWidth'),
      ).toBeLessThanOrEqual(PHONE_390.width);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );

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

    await methods.getByRole('button', { name: 'Add Method' }).click();
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
    // Its Remove button gone with it, focus goes to the section's heading, not to the page.
    await expect
      .poll(() => page.evaluate<string>('document.activeElement?.id'))
      .toBe('methods-heading');
    expect(await methods.getByRole('listitem').count()).toBe(1);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'dashboard-second-email-removed');
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('adds a phone at 375 px and verifies it by the link texted to the outbox', async () => {
    const page = await newPage(PHONE);
    const { email } = await createSubscriber(server.db, {
      email: uniqueEmail('texts'),
      verified: true,
    });
    await signInByMagicLink(page, server, email);
    const methods = page.getByRole('region', { name: 'Notification Methods' });
    await methods.getByRole('button', { name: 'Add Method' }).click();
    await page
      .getByRole('dialog', { name: 'Add Email Notification Method' })
      .getByText('SMS (text)')
      .click();
    const modal = page.getByRole('dialog', { name: 'Add SMS Notification Method' });
    const input = modal.getByRole('textbox', { name: 'Phone Number' });
    const add = modal.getByRole('button', { name: 'Add' });
    await add.click();
    await modal.getByText('Phone Number is required').waitFor();
    expect(await add.isDisabled()).toBe(true);
    // A 5-digit "phone": the server says what is wrong, and the modal stays.
    await input.fill('55501');
    await add.click();
    await page.getByText(/'55501' is not a phone number that can receive texts/).waitFor();
    await input.fill('(916) 555-0142');
    await add.click();
    await modal.waitFor({ state: 'hidden' });
    const added = methods.getByRole('listitem', { name: '+19165550142' });
    await added.getByText('Unverified: open the link in the text', { exact: false }).waitFor();
    expect(await fitsWidth(page)).toBe(true);

    const text = await mailFromOutbox(server, '+19165550142', /^Text message$/);
    expect(text.channel).toBe('sms');
    const link = /(\S+\/verify-sms\/[\w-]+)/.exec(text.text)?.[1];
    expect(link).toMatch(new RegExp(`^${server.url}/verify-sms/[\\w-]+$`));
    await page.goto(link!);
    await page.waitForURL(new RegExp(`^${server.url}/dashboard`));
    await added.getByText(/^Verified on \d{2}\/\d{2}\/\d{4}$/).waitFor();
    expect(await added.getByRole('switch', { name: /Text Check alerts too/ }).isChecked()).toBe(
      false,
    );
    await screenshot(page, 'dashboard-phone-verified');
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});

import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSubscriber, uniqueEmail } from '../server/test/helpers/factories.ts';
import { requestLoginCode } from '../server/test/helpers/sign-in.ts';
import { launchBrowser } from './helpers/browser.ts';
import {
  actNowAlertFor,
  type JourneyServer,
  mailFromOutbox,
  startJourneyServer,
} from './helpers/journeys.ts';

// The journeys that matter, by keyboard alone: Tab, Shift+Tab, Enter, Space, Escape and the
// arrows, never a click. Each dialog is left by Escape and by finishing it, and focus must come
// back to the control that opened it; a toast must leave focus where it was and be announced.

/** The most Tab presses a journey may take to reach a control before it is called unreachable. */
const MAX_TABS = 60;

describe('keyboard-only journeys, in Chromium against the real server', () => {
  let server: JourneyServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let focusMisses: string[];

  beforeEach(() => {
    focusMisses = [];
  });
  beforeAll(async () => {
    server = await startJourneyServer();
    browser = await launchBrowser();
  });
  afterEach(async () => {
    expect(focusMisses, 'where focus did not return').toEqual([]);
    expect(pageErrors).toEqual([]);
    await context?.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function newPage() {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    pageErrors = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
  }

  const isFocused = (locator: Locator) =>
    locator.evaluate((el) => el === el.ownerDocument.activeElement);

  /** What has focus, for a failure's message. */
  const focusedElement = () =>
    page.evaluate<string>(
      `(() => { const el = document.activeElement; return el ? el.outerHTML.slice(0, el.outerHTML.indexOf('>') + 1) : 'nothing'; })()`,
    );

  /** Presses Tab (or Shift+Tab) until `target` has focus, failing when it never gets it. */
  async function tabTo(target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
    await target.waitFor();
    for (let i = 0; i < MAX_TABS; i++) {
      if (await isFocused(target)) return;
      await page.keyboard.press(key);
    }
    throw new Error(`${target} never had focus after ${MAX_TABS} × ${key}`);
  }

  /**
   * Waits until `target` has focus (a dialog hands it back as it closes). A miss is recorded, not
   * thrown, so the journey goes on (Tab takes it back to `target`) and the test then fails with
   * every miss of the journey.
   */
  async function expectFocusOn(target: Locator, what: string) {
    await target.waitFor();
    try {
      await page.waitForFunction(
        (el) => el === el?.ownerDocument.activeElement,
        await target.elementHandle(),
        { timeout: 5_000 },
      );
    } catch {
      focusMisses.push(`focus is not on ${what}; it is on ${await focusedElement()}`);
      await tabTo(target);
    }
  }

  /** Focus is inside the open dialog. */
  const focusInside = (dialog: Locator) =>
    dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement));

  /** A toast that screen readers announce: itself or a region around it is a live region. */
  async function expectAnnounced(toast: Locator) {
    await toast.waitFor();
    const live = await toast
      .locator(
        'xpath=ancestor-or-self::*[@role="alert" or @role="status" or (@aria-live and @aria-live!="off")]',
      )
      .count();
    expect(live, 'the toast is in a role="alert"/"status" or aria-live region').toBeGreaterThan(0);
  }

  /** Picks a county in a dialog's County combobox by typing and the arrow keys. */
  async function chooseCounty(dialog: Locator, county: string) {
    const combobox = dialog.getByRole('combobox', { name: 'County' });
    await tabTo(combobox);
    await page.keyboard.type(county.slice(0, 5));
    // The arrow key moves through the options only once the list shows them.
    await page.getByRole('option', { name: county }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => combobox.inputValue()).toBe(county);
  }

  /** Guards a name in an open add-guard dialog, all by keyboard, and finishes it. */
  async function guardName(dialog: Locator, name: string) {
    await chooseCounty(dialog, 'Sacramento');
    await tabTo(dialog.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type(name.toLowerCase());
    await tabTo(dialog.getByRole('button', { name: `Guard ${name}`, exact: true }));
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: `Guarded: ${name}` }).waitFor();
    await tabTo(dialog.getByRole('button', { name: 'Guard Selected Items' }));
    await page.keyboard.press('Space');
    await dialog.waitFor({ state: 'hidden' });
  }

  async function sacramentoId() {
    const row = await server.db
      .selectFrom('counties')
      .select('id')
      .where('code', '=', 'SAC')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('registers: the form, a county and a name in the dialog, and the submit', async () => {
    const name = (
      await server.db
        .selectFrom('index_names')
        .select('name')
        .where('county_id', '=', await sacramentoId())
        .orderBy('name')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).name;
    const email = uniqueEmail('keyboard-register');
    await newPage();
    await page.goto(`${server.url}/register`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    await tabTo(page.getByRole('textbox', { name: 'Email', exact: true }));
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByRole('textbox', { name: 'Confirm Email' }))).toBe(true);
    await page.keyboard.type(email);

    // The dialog left by Escape hands focus back to its button.
    const opener = page.getByRole('button', { name: 'Guard a Name' });
    await tabTo(opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Guard A name' });
    await dialog.waitFor();
    expect(await focusInside(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(opener, 'the Guard a Name button after Escape');

    // And so does the dialog finished with a name picked.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await guardName(dialog, name);
    await expectFocusOn(opener, 'the Guard a Name button after guarding a name');
    await page.getByRole('table', { name: 'Names To Be Guarded' }).getByText(name).waitFor();

    // Back up to the second email by Shift+Tab, then on to the submit.
    await tabTo(page.getByRole('textbox', { name: 'Confirm Email' }), 'Shift+Tab');
    const submit = page.getByRole('button', { name: 'SIGN UP' });
    await tabTo(submit);
    await page.keyboard.press('Enter');
    await page.getByText('Please check your email to verify your account.').waitFor();
    await expectAnnounced(
      page.locator('.mantine-Notification-root', { hasText: 'User registered successfully' }),
    );

    // A refusal's toast: focus stays on the button that sent the form. Same email, new browser.
    await context.close();
    await newPage();
    await page.goto(`${server.url}/register`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await tabTo(page.getByRole('textbox', { name: 'Email', exact: true }));
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    const again = page.getByRole('button', { name: 'Guard a Name' });
    await tabTo(again);
    await page.keyboard.press('Enter');
    await guardName(page.getByRole('dialog', { name: 'Guard A name' }), name);
    const resubmit = page.getByRole('button', { name: 'SIGN UP' });
    await tabTo(resubmit);
    await page.keyboard.press('Enter');
    const refused = page.locator('.mantine-Notification-root', {
      hasText: 'User with this email already exists',
    });
    await expectAnnounced(refused);
    await expectFocusOn(resubmit, 'the SIGN UP button while the toast shows');
  });

  it('signs in by the link mailed from the sign-in dialog', async () => {
    const { email } = await createSubscriber(server.db, {
      email: uniqueEmail('keyboard-login'),
      verified: true,
    });
    await newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const login = nav.getByRole('button', { name: 'LOGIN' });
    const dialog = page.getByRole('dialog', { name: 'Login' });

    await tabTo(login);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    // The email field takes focus as the dialog opens.
    await expectFocusOn(dialog.getByRole('textbox', { name: 'Email' }), 'the Email field');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(login, 'the LOGIN button after Escape');

    await page.keyboard.press('Space');
    await dialog.waitFor();
    await expectFocusOn(dialog.getByRole('textbox', { name: 'Email' }), 'the Email field');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await dialog.getByText('Check your inbox').waitFor();
    await tabTo(dialog.getByRole('button', { name: 'Close', exact: true }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(login, 'the LOGIN button after the link was sent');

    const mail = await mailFromOutbox(server, email, /sign-in link/);
    const link = /(\S+\/login-redirect\/[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toMatch(new RegExp(`^${server.url}/login-redirect/`));
    await page.goto(link!);
    await page.waitForURL(`${server.url}/dashboard`);
    await nav.getByRole('button', { name: 'LOGOUT' }).waitFor();
  });

  it('adds a guard on the dashboard, and reports "This wasn\'t me" on an alert', async () => {
    const { id, email } = await createSubscriber(server.db, {
      email: uniqueEmail('keyboard-dashboard'),
      verified: true,
    });
    const guarded = 'KEYSTROKE WILHELMINA';
    const documentNumber = `2026-KEY${Date.now().toString().slice(-6)}`;
    await actNowAlertFor(server, id, guarded, documentNumber);

    await newPage();
    await page.goto(`${server.url}/login-redirect/${await requestLoginCode(server, email)}`);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // A guard, added by keyboard; the dialog hands focus back to its button.
    const added = 'KEYSTROKE ALPHONSE';
    const opener = page.getByRole('button', { name: 'Guard a Name' });
    const guardDialog = page.getByRole('dialog', { name: 'Guard A Name' });
    await tabTo(opener);
    await page.keyboard.press('Enter');
    await guardDialog.waitFor();
    expect(await focusInside(guardDialog)).toBe(true);
    await page.keyboard.press('Escape');
    await guardDialog.waitFor({ state: 'hidden' });
    await expectFocusOn(opener, 'the Guard a Name button after Escape');
    await page.keyboard.press('Enter');
    await guardDialog.waitFor();
    await chooseCounty(guardDialog, 'Sacramento');
    await tabTo(guardDialog.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type(added.toLowerCase());
    await tabTo(guardDialog.getByRole('button', { name: `Guard ${added}`, exact: true }));
    await page.keyboard.press('Enter');
    await tabTo(guardDialog.getByRole('button', { name: 'Guard Selected Items' }));
    await page.keyboard.press('Enter');
    await guardDialog.getByRole('button', { name: `Guarded: ${added}` }).waitFor();
    await page.keyboard.press('Escape');
    await guardDialog.waitFor({ state: 'hidden' });
    await expectFocusOn(opener, 'the Guard a Name button after guarding a name');
    await page
      .getByRole('region', { name: 'Items Being Guarded' })
      .getByRole('listitem', { name: added })
      .waitFor();

    // "This wasn't me": Escape, then the whole report by keyboard.
    const card = page.getByRole('article', { name: `Document ${documentNumber}` });
    const report = card.getByRole('button', {
      name: `This wasn't me: report document ${documentNumber}`,
    });
    const dialog = page.getByRole('dialog', { name: "This wasn't me" });
    await tabTo(report);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await focusInside(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(report, 'the report button after Escape');

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(dialog.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await dialog.getByText('Choose what is wrong').waitFor();
    // A radio group takes one Tab stop; the arrows move the choice within it.
    const firstReason = dialog.getByRole('radio').first();
    await tabTo(firstReason);
    await page.keyboard.press('Space');
    expect(await firstReason.isChecked()).toBe(true);
    await page.keyboard.press('ArrowDown');
    const chosen = dialog.getByRole('radio').nth(1);
    expect(await chosen.isChecked()).toBe(true);
    await tabTo(dialog.getByRole('textbox', { name: /In your own words/ }));
    await page.keyboard.type('I did not sign or record this deed.');
    await tabTo(dialog.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await tabTo(dialog.getByRole('textbox', { name: /Phone/ }));
    await page.keyboard.type('916 555 0199');
    const send = dialog.getByRole('button', { name: 'Send Report' });
    await tabTo(send);
    await page.keyboard.press('Enter');
    await dialog.getByText(/^Case \d+ is open$/).waitFor();
    await tabTo(dialog.getByRole('button', { name: 'Close', exact: true }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText(/Reported: Case \d+/).waitFor();
    // The report button gives way to the case: focus goes to the card, not to the page's top.
    if ((await report.count()) > 0) {
      await expectFocusOn(report, 'the report button after the report was sent');
    } else {
      const inCard = await card.evaluate((el) => el.contains(el.ownerDocument.activeElement));
      if (!inCard) {
        focusMisses.push(
          `after the report, focus left the alert's card; it is on ${await focusedElement()}`,
        );
      }
    }
  });
});

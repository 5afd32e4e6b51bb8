import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { linkFromMail, SIGN_IN_SUBJECT, WELCOME_SUBJECT } from './helpers/outbox.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

type SessionUser = {
  email: string;
  nameSubscriptions: { county: string; name: string }[];
  apnSubscriptions: { county: string; apn: string; description: string }[];
};

describe('registering in Chromium against the real server', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  /** Demo rows of Sacramento that the journeys guard. */
  let names: string[];
  let parcel: { apn: string; address: string; cityStateZip: string };
  const email = `new-owner-${Date.now().toString(36)}@example.com`;

  const mainNav = () => page.getByRole('navigation', { name: 'Main' });
  const toast = (text: string) => page.locator('.mantine-Notification-root', { hasText: text });

  async function newPage(viewport = { width: 1280, height: 900 }) {
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    pageErrors = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
  }

  async function fillEmails(address: string) {
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(address);
    await page.getByRole('textbox', { name: 'Confirm Email' }).fill(address);
  }

  async function openGuardModal(card: 'Guard a Name' | 'Guard a Property'): Promise<Locator> {
    await page.getByRole('button', { name: card }).click();
    const dialog = page.getByRole('dialog', {
      name: card === 'Guard a Name' ? 'Guard A name' : 'Guard A apn',
    });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'County' }).click();
    await page.getByRole('option', { name: 'Sacramento' }).click();
    return dialog;
  }

  async function pickName(dialog: Locator, name: string) {
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name.toLowerCase());
    await dialog.getByRole('button', { name: `Guard ${name}`, exact: true }).click();
    await dialog.getByRole('button', { name: `Guarded: ${name}` }).waitFor();
  }

  /**
   * Waits until an element has finished sliding or fading in: a trial click waits for it to be
   * visible and stable, so a screenshot does not catch it half-way.
   */
  const settled = (locator: Locator) => locator.click({ trial: true });

  /** The rows of a table on the page, each as its cells' text joined by ' | '. */
  async function rowsOf(table: string): Promise<string[]> {
    const rows = await page.getByRole('table', { name: table }).locator('tbody tr').all();
    return Promise.all(
      rows.map(async (row) =>
        (await row.locator('td').allInnerTexts()).map((cell) => cell.trim()).join(' | '),
      ),
    );
  }

  /** What POST /api/auth/me answers to the page's cookies. */
  const sessionUser = () =>
    page.evaluate(async () => {
      const res = await fetch('/api/auth/me', { method: 'POST' });
      return res.ok ? ((await res.json()) as SessionUser) : null;
    });

  beforeAll(async () => {
    server = await startServer();
    const sacramento = await server.db
      .selectFrom('counties')
      .select('id')
      .where('name', '=', 'Sacramento')
      .executeTakeFirstOrThrow();
    const indexNames = await server.db
      .selectFrom('index_names')
      .select('name')
      .where('county_id', '=', sacramento.id)
      .orderBy('name')
      .limit(3)
      .execute();
    names = indexNames.map((n) => n.name);
    const row = await server.db
      .selectFrom('parcels')
      .select(['apn', 'address', 'city', 'state', 'zip'])
      .where('county_id', '=', sacramento.id)
      .where('address', '!=', '')
      .orderBy('apn')
      .limit(1)
      .executeTakeFirstOrThrow();
    parcel = {
      apn: row.apn,
      address: row.address,
      cityStateZip: `${row.city}, ${row.state} ${row.zip}`,
    };
    browser = await launchBrowser();
  });
  afterEach(async () => {
    expect(pageErrors).toEqual([]);
    await context?.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('registers a name and a property, then opens the verify link into the dashboard', async () => {
    await newPage();
    await page.goto(`${server.url}/register`);
    await page.getByRole('heading', { name: 'Free Real Estate Protection Service' }).waitFor();
    await fillEmails(email);

    const nameDialog = await openGuardModal('Guard a Name');
    await pickName(nameDialog, names[0]!);
    await nameDialog.getByRole('button', { name: 'Guard Selected Items' }).click();
    await nameDialog.waitFor({ state: 'detached' });
    expect(await rowsOf('Names To Be Guarded')).toEqual([`Sacramento | ${names[0]} | Remove`]);

    const propertyDialog = await openGuardModal('Guard a Property');
    const apnInput = propertyDialog.getByRole('textbox', { name: 'APN' });
    // Typed bare: the county mask puts the dashes in.
    await apnInput.pressSequentially(parcel.apn.replace(/-/g, ''));
    expect(await apnInput.inputValue()).toBe(parcel.apn);
    await propertyDialog.getByRole('button', { name: `Guard APN ${parcel.apn}` }).click();
    await propertyDialog.getByRole('button', { name: 'Guard Selected Items' }).click();
    await propertyDialog.waitFor({ state: 'detached' });
    const description = `${parcel.address}, ${parcel.cityStateZip}`;
    expect(await rowsOf('Properties To Be Guarded')).toEqual([
      `Sacramento | ${parcel.apn} | ${description} | Remove`,
    ]);
    await screenshot(page, 'register-filled');

    await page.getByRole('button', { name: 'SIGN UP' }).click();
    await page.getByText('Please check your email to verify your account.').waitFor();
    await settled(toast('User registered successfully'));
    expect(await page.getByRole('button', { name: 'SIGN UP' }).count()).toBe(0);
    await screenshot(page, 'register-success');

    const verifyLink = await linkFromMail(server.url, email, WELCOME_SUBJECT, 'Verify your email:');
    expect(verifyLink).toMatch(new RegExp(`^${server.url}/verify-email/[\\w-]+$`));
    await page.goto(verifyLink);
    await page.waitForURL(`${server.url}/dashboard?**`);
    await mainNav().getByRole('link', { name: 'DASHBOARD' }).waitFor();
    await mainNav().getByRole('button', { name: 'LOGOUT' }).waitFor();
    await page.getByText('Your email is verified.').waitFor();

    const user = await sessionUser();
    expect(user?.email).toBe(email);
    expect(user?.nameSubscriptions.map(({ county, name }) => ({ county, name }))).toEqual([
      { county: 'Sacramento', name: names[0] },
    ]);
    expect(
      user?.apnSubscriptions.map(({ county, apn, description }) => ({ county, apn, description })),
    ).toEqual([{ county: 'Sacramento', apn: parcel.apn, description }]);
    await screenshot(page, 'register-verified-dashboard');
  });

  it('logs out, then logs back in with a magic link', async () => {
    await newPage();
    await page.goto(`${server.url}/`);
    await mainNav().getByRole('button', { name: 'LOGIN' }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByRole('textbox', { name: 'Email' }).fill(email);
    await login.getByRole('button', { name: 'Send Login Link' }).click();
    await login.getByText('Check your inbox').waitFor();

    const magicLink = await linkFromMail(server.url, email, SIGN_IN_SUBJECT, 'Sign in:');
    await page.goto(magicLink);
    await page.waitForURL(`${server.url}/dashboard`);
    await mainNav().getByRole('button', { name: 'LOGOUT' }).waitFor();
    expect((await sessionUser())?.email).toBe(email);

    await mainNav().getByRole('button', { name: 'LOGOUT' }).click();
    await mainNav().getByRole('button', { name: 'LOGIN' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await sessionUser()).toBeNull();

    // A second link signs in again after the logout.
    await mainNav().getByRole('button', { name: 'LOGIN' }).click();
    await login.getByRole('textbox', { name: 'Email' }).fill(email);
    await login.getByRole('button', { name: 'Send Login Link' }).click();
    await login.getByText('Check your inbox').waitFor();
    const next = await linkFromMail(server.url, email, SIGN_IN_SUBJECT, 'Sign in:', [magicLink]);
    expect(next).not.toBe(magicLink);
    await page.goto(next);
    await page.waitForURL(`${server.url}/dashboard`);
    await mainNav().getByRole('link', { name: 'DASHBOARD' }).waitFor();
    expect((await sessionUser())?.email).toBe(email);
    await screenshot(page, 'register-magic-link-dashboard');
  });

  it('refuses an email that is already registered, and keeps the form', async () => {
    await newPage();
    await page.goto(`${server.url}/register`);
    await fillEmails(email);
    const dialog = await openGuardModal('Guard a Name');
    await pickName(dialog, names[1]!);
    await dialog.getByRole('button', { name: 'Guard Selected Items' }).click();
    await dialog.waitFor({ state: 'detached' });

    const response = page.waitForResponse((res) => res.url().endsWith('/api/user/register'));
    await page.getByRole('button', { name: 'SIGN UP' }).click();
    expect((await response).status()).toBe(409);
    await settled(toast('User with this email already exists'));
    expect(await page.locator('.mantine-Notification-root').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'SIGN UP' }).isEnabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(
      email,
    );
    expect(await rowsOf('Names To Be Guarded')).toEqual([`Sacramento | ${names[1]} | Remove`]);
    await screenshot(page, 'register-409');
  });

  it('asks before discarding picks: Keep Adding keeps them, Discard Changes drops them', async () => {
    await newPage();
    await page.goto(`${server.url}/register`);
    const dialog = await openGuardModal('Guard a Name');
    await pickName(dialog, names[0]!);

    await page.keyboard.press('Escape');
    const confirm = page.getByRole('dialog', { name: 'Discard Changes?' });
    await confirm
      .getByText(
        'You are about to exit this screen without guarding your selected items. Are you sure?',
      )
      .waitFor();
    await settled(confirm);
    await screenshot(page, 'register-discard-dialog');
    await confirm.getByRole('button', { name: 'Keep Adding' }).click();
    await confirm.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: `Guarded: ${names[0]}` }).waitFor();
    await dialog.getByRole('button', { name: 'Guard Selected Items' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await rowsOf('Names To Be Guarded')).toEqual([`Sacramento | ${names[0]} | Remove`]);

    const again = await openGuardModal('Guard a Name');
    await pickName(again, names[2]!);
    await again.getByRole('button', { name: 'Close', exact: true }).click();
    await confirm.getByRole('button', { name: 'Discard Changes' }).click();
    await again.waitFor({ state: 'detached' });
    expect(await rowsOf('Names To Be Guarded')).toEqual([`Sacramento | ${names[0]} | Remove`]);
    await screenshot(page, 'register-after-discard');
  });

  it('finds a property by its street in the Street mode, and guards it', async () => {
    // The street of the demo roll with the most parcels, and the parcels on it.
    const parcels = await server.db
      .selectFrom('parcels')
      .innerJoin('counties', 'counties.id', 'parcels.county_id')
      .select(['parcels.apn', 'parcels.address'])
      .where('counties.name', '=', 'Sacramento')
      .where('parcels.address', '~', '^[0-9]+ [A-Z]')
      .orderBy('parcels.apn')
      .execute();
    const byStreet = Map.groupBy(parcels, (p) => p.address.replace(/^[0-9]+ /, ''));
    const [street, onStreet] = [...byStreet].sort(
      ([a, x], [b, y]) => y.length - x.length || a.localeCompare(b),
    )[0]!;
    expect(onStreet.length).toBeGreaterThan(0);

    await newPage();
    await page.goto(`${server.url}/register`);
    const dialog = await openGuardModal('Guard a Property');
    expect(await dialog.locator('.mantine-SegmentedControl-label').allInnerTexts()).toEqual([
      'APN',
      'Address',
      'Street',
    ]);
    await dialog.locator('.mantine-SegmentedControl-label', { hasText: /^Street$/ }).click();
    await dialog.getByRole('textbox', { name: 'Street' }).pressSequentially(street.toLowerCase());

    const found = dialog.getByRole('table', { name: 'Properties found' });
    for (const parcel of onStreet.slice(0, 10)) {
      await found.getByRole('button', { name: `Guard APN ${parcel.apn}` }).waitFor();
    }
    expect(await found.locator('tbody tr').count()).toBe(Math.min(onStreet.length, 10));
    const picked = onStreet[0]!;
    await found.getByRole('button', { name: `Guard APN ${picked.apn}` }).click();
    await settled(dialog);
    await screenshot(page, 'register-street-search');
    await dialog.getByRole('button', { name: 'Guard Selected Items' }).click();
    await dialog.waitFor({ state: 'detached' });
    const rows = await rowsOf('Properties To Be Guarded');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(new RegExp(`^Sacramento \\| ${picked.apn} \\| ${picked.address}, `));
  });

  it('works at 375 px wide and by keyboard', async () => {
    await newPage({ width: 375, height: 812 });
    await page.goto(`${server.url}/register`);
    await page.getByRole('heading', { name: 'Free Real Estate Protection Service' }).waitFor();
    const overflow = () =>
      page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The header folds into the menu button.
    await page.getByRole('button', { name: 'Open menu' }).waitFor();

    await page.getByRole('textbox', { name: 'Email', exact: true }).focus();
    await page.keyboard.type('narrow@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('narrow@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Guard A name' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
    // Focus is trapped in the dialog.
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    // A string, because this file is type-checked without the DOM library.
    expect(
      await page.evaluate<boolean>(
        "document.querySelector('[role=dialog]').contains(document.activeElement)",
      ),
    ).toBe(true);

    await dialog.getByRole('combobox', { name: 'County' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Sacramento' }).waitFor();
    await page.getByRole('option', { name: 'Sacramento' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).focus();
    await page.keyboard.type(names[0]!.toLowerCase());
    const guard = dialog.getByRole('button', { name: `Guard ${names[0]}`, exact: true });
    await guard.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: `Guarded: ${names[0]}` }).waitFor();
    await dialog.getByRole('button', { name: 'Guard Selected Items' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // On a phone the picks are a list of cards, not a table.
    const picked = page.getByRole('list', { name: 'Names To Be Guarded' }).getByRole('listitem');
    expect(await picked.count()).toBe(1);
    await picked.getByText(names[0]!, { exact: true }).waitFor();
    await picked.getByRole('button', { name: `Remove ${names[0]} (Sacramento)` }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'register-375');
  });
});

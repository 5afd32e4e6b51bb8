import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertNameSubscriptions } from '../server/src/modules/user/user.repository.ts';
import { createSubscriber, uniqueEmail } from '../server/test/helpers/factories.ts';
import { requestLoginCode, signInSubscriber } from '../server/test/helpers/sign-in.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { type JourneyServer, signInByMagicLink, startJourneyServer } from './helpers/journeys.ts';

const PHONE = { width: 390, height: 844 };

/** A name of one long word and more: nothing to break it at but anywhere. */
const LONG_NAME = 'WOLFESCHLEGELSTEINHAUSENBERGERDORFFVONALTENBURG MARGARETHE ALEXANDRA';
const LONG_CONTACT = 'margarethe.alexandra.wolfeschlegelsteinhausen@example-long-domain.com';

describe('on a 390 px phone, in Chromium against the real server', () => {
  let server: JourneyServer;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    server = await startJourneyServer();
    browser = await launchBrowser();
  });
  afterEach(async () => {
    expect(pageErrors).toEqual([]);
    await page?.context().close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function newPage() {
    const context = await browser.newContext({ viewport: PHONE });
    page = await context.newPage();
    pageErrors = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
  }

  /** Nothing on the page is wider than the window: no sideways scrolling. */
  const fitsWidth = () =>
    page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');

  /** The element lies inside the window's width, and shows its whole text (nothing clipped). */
  async function wholeOnScreen(locator: Locator, what: string) {
    const box = await locator.boundingBox();
    expect(box, what).not.toBeNull();
    expect(box!.x, what).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, what).toBeLessThanOrEqual(PHONE.width);
    const clipped = await locator.evaluate((element) =>
      [element, ...element.querySelectorAll('*')].some(
        (e) => e.scrollWidth > Math.ceil(e.getBoundingClientRect().width) + 1,
      ),
    );
    expect(clipped, `${what} is clipped`).toBe(false);
  }

  it('shows each guarded name and trusted contact whole, with its Remove button whole beside it', async () => {
    await newPage();
    const { id: userId, email } = await createSubscriber(server.db, {
      email: uniqueEmail('long-names'),
      verified: true,
    });
    const sacramento = await server.db
      .selectFrom('counties')
      .select('id')
      .where('code', '=', 'SAC')
      .executeTakeFirstOrThrow();
    await insertNameSubscriptions(
      server.db,
      userId,
      [
        {
          countyId: sacramento.id,
          name: LONG_NAME,
          nameKey: LONG_NAME,
          tokens: LONG_NAME.split(' '),
        },
      ],
      new Date(),
    );
    const cookie = await signInSubscriber(server, email);
    const added = await server.app.inject({
      method: 'POST',
      url: '/api/user/trusted-contacts',
      headers: { cookie, origin: server.url },
      payload: { email: LONG_CONTACT, name: 'Margarethe Alexandra Wolfeschlegelsteinhausen' },
    });
    expect(added.statusCode).toBe(201);

    await signInByMagicLink(page, server, email);
    const removeName = page.getByRole('button', { name: `Remove ${LONG_NAME}` });
    const removeContact = page.getByRole('button', {
      name: `Remove trusted contact ${LONG_CONTACT}`,
    });
    await removeName.waitFor();
    await removeContact.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-long-names');

    await wholeOnScreen(removeName, 'the guarded name’s Remove');
    await wholeOnScreen(removeContact, 'the contact’s Remove');
    expect((await removeName.innerText()).trim()).toBe('Remove');
    expect((await removeContact.innerText()).trim()).toBe('Remove');
    await wholeOnScreen(page.getByText(LONG_NAME, { exact: true }), 'the guarded name');
    await wholeOnScreen(page.getByText(LONG_CONTACT), 'the contact');
    expect(await fitsWidth()).toBe(true);
  });

  it('shows every picked property whole on the register page, its Remove at hand', async () => {
    await newPage();
    // The demo parcel with the longest address.
    const parcel = await server.db
      .selectFrom('parcels')
      .innerJoin('counties', 'counties.id', 'parcels.county_id')
      .select(['apn', 'address', 'city', 'state', 'zip'])
      .where('counties.name', '=', 'Sacramento')
      .where('address', '!=', '')
      .orderBy((eb) => eb.fn('length', ['address']), 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();

    await page.goto(`${server.url}/register`);
    await page.getByRole('heading', { name: 'Free Real Estate Protection Service' }).waitFor();
    await page.getByRole('button', { name: 'Guard a Property' }).click();
    const dialog = page.getByRole('dialog', { name: 'Guard A apn' });
    await dialog.getByRole('combobox', { name: 'County' }).click();
    await page.getByRole('option', { name: 'Sacramento' }).click();
    await dialog
      .getByRole('textbox', { name: 'APN' })
      .pressSequentially(parcel.apn.replace(/-/g, ''));
    await dialog.getByRole('button', { name: `Guard APN ${parcel.apn}` }).click();
    await dialog.getByRole('button', { name: 'Guard Selected Items' }).click();
    await dialog.waitFor({ state: 'detached' });

    const list = page.getByRole('region', { name: 'Properties To Be Guarded' });
    const remove = list.getByRole('button', { name: `Remove APN ${parcel.apn} (Sacramento)` });
    await remove.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-register-properties');
    await wholeOnScreen(remove, 'the property’s Remove');
    expect((await remove.innerText()).trim()).toBe('Remove');
    const description = `${parcel.address}, ${parcel.city}, ${parcel.state} ${parcel.zip}`;
    for (const text of ['Sacramento', parcel.apn, description]) {
      await wholeOnScreen(list.getByText(text, { exact: true }), text);
    }
    expect(await fitsWidth()).toBe(true);

    await remove.click();
    await list.waitFor({ state: 'detached' });
  });

  it("closes the full-screen guard dialog on the phone's Back, keeping the register page and what was typed", async () => {
    await newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${server.url}/register`);
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await email.fill('back-button@example.test');
    const back = () => page.evaluate('history.back()');

    // Nothing picked: Back closes the dialog, as its close button would.
    await page.getByRole('button', { name: 'Guard a Property' }).click();
    const dialog = page.getByRole('dialog', { name: 'Guard A apn' });
    await dialog.waitFor();
    await back();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${server.url}/register`);
    expect(await email.inputValue()).toBe('back-button@example.test');

    // A pick not yet guarded: Back asks first, and Keep Adding keeps it.
    await page.getByRole('button', { name: 'Guard a Property' }).click();
    await dialog.getByRole('combobox', { name: 'County' }).click();
    await page.getByRole('option', { name: 'Sacramento' }).click();
    const parcel = await server.db
      .selectFrom('parcels')
      .innerJoin('counties', 'counties.id', 'parcels.county_id')
      .select('apn')
      .where('counties.name', '=', 'Sacramento')
      .orderBy('apn')
      .limit(1)
      .executeTakeFirstOrThrow();
    await dialog
      .getByRole('textbox', { name: 'APN' })
      .pressSequentially(parcel.apn.replace(/-/g, ''));
    await dialog.getByRole('button', { name: `Guard APN ${parcel.apn}` }).click();
    await back();
    const discard = page.getByRole('dialog', { name: 'Discard Changes?' });
    await discard.getByRole('button', { name: 'Keep Adding' }).click();
    await discard.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: `Guarded: APN ${parcel.apn}` }).waitFor();
    await back();
    await discard.getByRole('button', { name: 'Discard Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${server.url}/register`);
    expect(await email.inputValue()).toBe('back-button@example.test');

    // With the dialog closed, Back leaves the page as ever.
    await back();
    await page.waitForURL(`${server.url}/`);
  });

  it('keeps a signed-in person signed in when they open a link already used', async () => {
    await newPage();
    const { email } = await createSubscriber(server.db, {
      email: uniqueEmail('old-link'),
      verified: true,
    });
    const code = await requestLoginCode(server, email);
    await page.goto(`${server.url}/login-redirect/${code}`);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByText(`Signed in as ${email}`).first().waitFor();

    // The same link again, from the mail.
    await page.goto(`${server.url}/login-redirect/${code}`);
    await page
      .getByText('This link has already been used or has expired. You are still signed in.')
      .waitFor();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', exact: true, level: 1 }).waitFor();
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/auth/me', { method: 'POST' });
      return {
        status: res.status,
        email: res.ok ? ((await res.json()) as { email: string }).email : '',
      };
    });
    expect(me).toEqual({ status: 200, email });
    // A reload is still signed in: the cookie was kept.
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', exact: true, level: 1 }).waitFor();
    await page.getByText(`Signed in as ${email}`).first().waitFor();
  });
});

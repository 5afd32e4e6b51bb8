import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createStaff,
  createSubscriber,
  uniqueEmail,
} from '../server/test/helpers/factories.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { type JourneyServer, signInAsStaff, startJourneyServer } from './helpers/journeys.ts';

const IMPERSONATION_BANNER =
  'You are currently impersonating a user. Please logout to return to your account.';

describe('the staff back-office, in Chromium against the real server', () => {
  let server: JourneyServer;
  let browser: Browser;
  let admin: { email: string };
  let support: { email: string };
  const subscribers: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startJourneyServer();
    admin = await createStaff(server.db, 'admin');
    support = await createStaff(server.db, 'customersupport');
    for (const prefix of ['alpha', 'bravo', 'charlie']) {
      subscribers.push((await createSubscriber(server.db, { email: uniqueEmail(prefix) })).email);
    }
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

  const tabNames = (page: Page) => page.getByRole('tab').allInnerTexts();

  it('signs staff in, searches the users, impersonates one, and logs out back to /admin', async () => {
    const page = await newPage();
    await signInAsStaff(page, server, admin.email);
    expect(await tabNames(page)).toEqual(['Stats', 'Users', 'Cases', 'Counties']);
    await page
      .getByRole('region', { name: 'Total Users' })
      .getByText('3', { exact: true })
      .waitFor();
    await page.getByRole('figure', { name: /over the last 30 days/ }).waitFor();

    await page.getByRole('tab', { name: 'Users' }).click();
    const table = page.getByRole('table', { name: 'Users' });
    // Every subscriber; staff accounts only as far as an admin may see them.
    for (const email of [...subscribers, support.email]) {
      await table.getByRole('row').filter({ hasText: email }).waitFor();
    }
    expect(await table.getByRole('row').filter({ hasText: admin.email }).count()).toBe(0);

    const target = subscribers[1]!;
    await page.getByRole('searchbox', { name: 'Search Users' }).fill(target.slice(0, 12));
    await table
      .getByRole('row')
      .filter({ hasText: subscribers[0]! })
      .waitFor({ state: 'detached' });
    const row = table.getByRole('row').filter({ hasText: target });
    await row.waitFor();
    expect(await table.getByRole('row').count()).toBe(2); // the header and the one user

    await row.getByRole('button', { name: `Impersonate User ${target}` }).click();
    const modal = page.getByRole('dialog', { name: 'Impersonate User' });
    await modal.getByRole('button', { name: 'Impersonate' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByText(IMPERSONATION_BANNER).waitFor();
    await page.getByText(`Signed in as ${target}`).waitFor();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'LOGOUT' }).click();
    await page.waitForURL(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'Admin', exact: true, level: 1 }).waitFor();
    await nav.getByRole('link', { name: 'ADMIN' }).waitFor();
    expect(await page.getByText(IMPERSONATION_BANNER).count()).toBe(0);
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/auth/me', { method: 'POST' });
      return ((await res.json()) as { email: string }).email;
    });
    expect(me).toBe(admin.email);
    // Admins may open the queue dashboard.
    const jobs = await page.request.get(`${server.url}/admin/jobs`);
    expect(jobs.status()).toBe(200);
    await screenshot(page, 'admin-after-impersonation');
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('opens the queue dashboard for an admin: its scripts run, and nothing loads from another origin', async () => {
    const page = await newPage();
    await signInAsStaff(page, server, admin.email);
    // What the page asks of other origins, and what came of it.
    const elsewhere: string[] = [];
    page.on('requestfailed', (request) => {
      if (!request.url().startsWith(server.url))
        elsewhere.push(`${request.url()}: ${request.failure()?.errorText}`);
    });
    page.on('requestfinished', (request) => {
      if (!request.url().startsWith(server.url)) elsewhere.push(`${request.url()}: loaded`);
    });
    const refusedScripts: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text()) && /script/i.test(message.text()))
        refusedScripts.push(message.text());
    });
    await page.goto(`${server.url}/admin/jobs`);
    // The queue list is fetched by the page's scripts once they run.
    await page.getByText('send-mail').first().waitFor();
    expect(refusedScripts).toEqual([]);
    // The web fonts it asks Google for are refused by its policy, before any connection.
    expect(elsewhere.filter((outcome) => !outcome.endsWith(': csp'))).toEqual([]);

    // Its own forms post back as the browser sends them, and are taken (a job whose run only
    // deletes what has expired): the browser must name our origin, not send `Origin: null`.
    await page.goto(`${server.url}/admin/jobs/send`);
    await page.locator('#queueSearch').fill('prune-expired');
    await page.getByText('prune-expired', { exact: true }).first().click();
    await page.locator('#data').fill('{}');
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/admin/jobs/send'),
    );
    await page.getByRole('button', { name: 'Send Job' }).last().click();
    const response = await (await posted).response();
    expect(response?.status()).toBeLessThan(400);
    expect(await page.getByText('Requests from another site are not allowed').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('shows customer support no Counties tab and refuses them the queue dashboard', async () => {
    const page = await newPage({ width: 375, height: 812 });
    await signInAsStaff(page, server, support.email);
    expect(await tabNames(page)).toEqual(['Stats', 'Users', 'Cases']);
    await page.getByRole('region', { name: 'Total Users' }).waitFor();
    expect(await page.getByRole('link', { name: 'Open Queue Dashboard' }).count()).toBe(0);

    // The 30-day chart at 375 px: three lines and their legend, MM/DD under the axis, the full
    // date in the tooltip, and nothing wider than the window.
    const chart = page.getByRole('figure', { name: /over the last 30 days/ });
    await chart.scrollIntoViewIfNeeded();
    expect(await chart.locator('path.recharts-line-curve').count()).toBe(3);
    expect(await chart.locator('.mantine-ChartLegend-legendItemName').allInnerTexts()).toEqual([
      'Registrations',
      'Events',
      'Alerts Sent',
    ]);
    const ticks = await chart.locator('.recharts-xAxis-tick-labels text').allTextContents();
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick).toMatch(/^\d{2}\/\d{2}$/);
    const box = (await chart.locator('svg.recharts-surface').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.height).toBeGreaterThan(150);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await chart
      .locator('.mantine-ChartTooltip-tooltipLabel')
      .filter({ hasText: /^\d{2}\/\d{2}\/\d{4}$/ })
      .waitFor();
    // Away again, so the screenshot shows the lines rather than the tooltip over them.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 200);
    await chart.locator('.recharts-tooltip-wrapper').waitFor({ state: 'hidden' });
    expect(
      await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth'),
    ).toBe(true);
    await screenshot(page, 'admin-stats-375');

    const refused = await page.goto(`${server.url}/admin/jobs`);
    expect(refused?.status()).toBe(403);
    await page.getByRole('heading', { name: 'Admins only', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back to Admin' }).click();
    // Nor can the address open the tab.
    await page.goto(`${server.url}/admin?tab=counties`);
    await page.getByRole('heading', { name: 'Admin', exact: true, level: 1 }).waitFor();
    expect(await tabNames(page)).toEqual(['Stats', 'Users', 'Cases']);
    expect(await page.getByRole('tab', { name: 'Stats' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    await page.getByRole('tab', { name: 'Users' }).click();
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByRole('row').filter({ hasText: subscribers[0]! }).waitFor();
    expect(await table.getByRole('row').filter({ hasText: support.email }).count()).toBe(0);
    expect(
      await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth'),
    ).toBe(true);
    await screenshot(page, 'admin-customersupport');
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('lets an admin edit a county and shows the change after a reload', async () => {
    const page = await newPage();
    await signInAsStaff(page, server, admin.email);
    await page.getByRole('tab', { name: 'Counties' }).click();
    const table = page.getByRole('table', { name: 'Counties' });
    const row = table.getByRole('row').filter({ hasText: 'Placer' });
    await row.getByRole('button', { name: 'Edit Placer' }).click();

    const drawer = page.getByRole('dialog', { name: 'Edit County' });
    const width = await drawer.evaluate((el) => el.getBoundingClientRect().width);
    const viewport = page.viewportSize()!.width;
    expect(Math.abs(width / viewport - 0.55)).toBeLessThan(0.02);

    const linkUrl = drawer.getByRole('textbox', { name: 'Link URL' });
    await linkUrl.fill('');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Link URL is required').waitFor();
    await linkUrl.fill('https://recorder.placer.example.gov');
    const types = drawer.getByLabel('Mailer Document Types');
    for (const type of [' grant  deed ', 'Grant Deed', 'lien']) {
      await types.fill(type);
      await types.press('Enter');
    }
    await drawer.getByRole('textbox', { name: 'Inbox Folder' }).fill('/srv/feeds/placer');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await row.getByText('/srv/feeds/placer').waitFor();

    await page.reload();
    await page.getByRole('tab', { name: 'Counties', selected: true }).waitFor();
    await row.getByText('/srv/feeds/placer').waitFor();
    await row.getByRole('button', { name: 'Edit Placer' }).click();
    await drawer.waitFor();
    expect(await drawer.getByRole('textbox', { name: 'Link URL' }).inputValue()).toBe(
      'https://recorder.placer.example.gov',
    );
    expect(await drawer.getByRole('textbox', { name: 'Inbox Folder' }).inputValue()).toBe(
      '/srv/feeds/placer',
    );
    const saved = await server.db
      .selectFrom('counties')
      .select(['link_url', 'mailer_document_types', 'inbox_path'])
      .where('code', '=', 'PLA')
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({
      link_url: 'https://recorder.placer.example.gov',
      mailer_document_types: ['GRANT DEED', 'LIEN'],
      inbox_path: '/srv/feeds/placer',
    });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await screenshot(page, 'admin-county-edited');
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('shows the events of each match tier by county and in all', async () => {
    const page = await newPage();
    await signInAsStaff(page, server, admin.email);
    type Tiers = { exact: number; strong: number; possible: number };
    const metrics = () =>
      page.evaluate(async () => {
        const res = await fetch('/api/admin/metrics');
        return (await res.json()) as {
          eventsByTier: Tiers;
          eventsByCountyAndTier: Record<string, Tiers>;
        };
      });
    const before = await metrics();

    // A subscriber's events in Sacramento, one of each tier.
    const { id: userId } = await createSubscriber(server.db, { email: uniqueEmail('tiers') });
    const sacramento = await server.db
      .selectFrom('counties')
      .select('id')
      .where('code', '=', 'SAC')
      .executeTakeFirstOrThrow();
    for (const [name, tier] of [
      ['TIERED EXACT', 'exact'],
      ['TIERED STRONG', 'strong'],
      ['TIERED POSSIBLE', 'possible'],
    ] as const) {
      const event = await createEvent(server.db, { userId, countyId: sacramento.id, name });
      await server.db.updateTable('events').set({ tier }).where('id', '=', event.id).execute();
    }
    const plusOne = (t: Tiers) => [t.exact + 1, t.strong + 1, t.possible + 1];

    await page.reload();
    const card = page.getByRole('region', { name: 'Events by Match Tier' });
    const format = (n: number) => n.toLocaleString('en-US');
    const sacramentoRow = card.getByRole('row').filter({ hasText: 'Sacramento' });
    await sacramentoRow.waitFor();
    expect(await sacramentoRow.getByRole('cell').allInnerTexts()).toEqual([
      'Sacramento',
      ...plusOne(before.eventsByCountyAndTier.Sacramento!).map(format),
    ]);
    expect(
      await card
        .getByRole('row')
        .filter({ hasText: 'All Counties' })
        .getByRole('cell')
        .allInnerTexts(),
    ).toEqual(['All Counties', ...plusOne(before.eventsByTier).map(format)]);
    expect((await metrics()).eventsByTier).toEqual({
      exact: before.eventsByTier.exact + 1,
      strong: before.eventsByTier.strong + 1,
      possible: before.eventsByTier.possible + 1,
    });
    await screenshot(page, 'admin-stats-tiers');
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { es as serverEs } from '../server/src/i18n/es/index.ts';
import { es } from '../web/src/i18n/es/index.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { englishEntries, englishLeft } from './helpers/english-left.ts';
import { ingestDocument, type JourneyServer, startJourneyServer } from './helpers/journeys.ts';
import { newMail, type OutboxMail } from './helpers/outbox.ts';

// A Spanish-speaking homeowner's whole path, in Spanish from the first click: the switch in the
// header, registering, the welcome mail and its link, the dashboard, an Act now alert and the
// report "This wasn't me". On each screen the page is read against the catalogs: no English
// entry whose Spanish differs may be left on it.

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w{1,40})\}\}/g, (_, key: string) => values[key] ?? '');

describe('in Spanish from register to report, in Chromium against the real server', () => {
  let server: JourneyServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const seen = new Set<string>();
  const entries = englishEntries();
  const email = `dueno-${Date.now().toString(36)}@example.com`;
  let guarded = '';

  /** The page has no English left; the screenshot shows what was read. */
  async function noEnglishOn(screen: string) {
    await screenshot(page, `spanish-${screen}`);
    expect(await englishLeft(page, entries), screen).toEqual([]);
  }

  const mainNav = () => page.getByRole('navigation', { name: es.common.nav.main });

  beforeAll(async () => {
    server = await startJourneyServer();
    const name = await server.db
      .selectFrom('index_names as n')
      .innerJoin('counties as c', 'c.id', 'n.county_id')
      .select('n.name')
      .where('c.code', '=', 'SAC')
      .orderBy('n.name')
      .limit(1)
      .executeTakeFirstOrThrow();
    guarded = name.name;
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  /** The newest mail to the subscriber with this subject, in Spanish with its language marked. */
  async function spanishMail(subject: RegExp): Promise<OutboxMail> {
    const mail = await newMail(server.url, email, subject, seen);
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text.length).toBeGreaterThan(0);
    return mail;
  }

  it('switches the site to Spanish from the header', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    // The check sees English where there is some: the English home page is full of it.
    const english = (await englishLeft(page, entries)).map((left) => left.key);
    expect(english).toEqual(expect.arrayContaining(['common.nav.signUp', 'common.footer.terms']));
    // The switch names Spanish in Spanish, in the English header.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Español' })
      .click();
    await mainNav().getByRole('link', { name: es.common.nav.signUp }).waitFor();
    expect(await page.evaluate<string>('document.documentElement.lang')).toBe('es');
    await noEnglishOn('home');
  });

  it('registers a name to guard, with no English on the form', async () => {
    await mainNav().getByRole('link', { name: es.common.nav.signUp }).click();
    await page.getByRole('heading', { name: es.guards.register.title }).waitFor();
    await noEnglishOn('register');

    await page.getByRole('textbox', { name: es.guards.register.email, exact: true }).fill(email);
    await page.getByRole('textbox', { name: es.guards.register.confirmEmail }).fill(email);
    await page
      .getByRole('button', { name: new RegExp(`^${es.guards.register.guardName}`) })
      .click();
    const dialog = page.getByRole('dialog', { name: es.guards.modal.nameTitle });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: es.guards.county.label }).click();
    await page.getByRole('option', { name: 'Sacramento' }).click();
    await dialog.getByRole('textbox', { name: es.guards.names.label }).fill(guarded.toLowerCase());
    await dialog
      .getByRole('button', {
        name: fill(es.guards.button.guardItem, { item: guarded }),
        exact: true,
      })
      .click();
    await dialog
      .getByRole('button', { name: fill(es.guards.button.guardedItem, { item: guarded }) })
      .waitFor();
    await noEnglishOn('register-guard-modal');
    await dialog.getByRole('button', { name: es.guards.modal.commit }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: es.guards.register.submit }).click();
    await page.getByText(es.guards.register.thanks, { exact: false }).waitFor();
    await noEnglishOn('register-done');
  });

  it('verifies by the Spanish welcome mail into a Spanish dashboard', async () => {
    const welcome = await spanishMail(new RegExp(`^${serverEs.mail.welcome.subject}$`));
    const link = new RegExp(`${server.url}/verify-email/[\\w-]+`).exec(welcome.text)?.[0];
    if (!link) throw new Error(`no verify link in:\n${welcome.text}`);
    await page.goto(link);
    await page.waitForURL(`${server.url}/dashboard?**`);
    await page.getByText(es.common.banners.emailVerified).waitFor();
    await page.getByRole('heading', { name: es.dashboard.page.title, level: 1 }).waitFor();
    await noEnglishOn('dashboard');
  });

  it('shows an Act now alert in Spanish, mailed in Spanish', async () => {
    const documentNumber = `2026-ES${Date.now().toString().slice(-6)}`;
    const summary = await ingestDocument(server, {
      countyCode: 'SAC',
      countyName: 'Sacramento',
      documentNumber,
      documentType: 'GRANT DEED',
      grantors: [guarded],
      grantees: ['ESTAFADOR SILAS'],
    });
    expect(summary).toMatchObject({ documents: 1, alerts: 1 });
    const alert = await spanishMail(/Actúe ya/);
    expect(alert.subject).toMatch(/\d\d\/\d\d\/\d{4}/);

    await page.reload();
    const card = page.getByRole('article', {
      name: fill(es.dashboard.match.documentTitle, { number: documentNumber }),
    });
    await card.waitFor();
    await card.getByText(es.dashboard.levels.actNow, { exact: true }).first().waitFor();
    await noEnglishOn('dashboard-alert');

    await card
      .getByRole('button', {
        name: fill(es.dashboard.response.notMeLabel, { number: documentNumber }),
      })
      .click();
    const dialog = page.getByRole('dialog', { name: es.dashboard.report.title });
    await dialog.waitFor();
    await noEnglishOn('report-open');
    await dialog.getByRole('button', { name: es.dashboard.report.next }).click();
    await dialog.getByText(es.dashboard.report.chooseProblem).waitFor();
    await noEnglishOn('report-problem-missing');
    await dialog.getByRole('radio', { name: es.dashboard.report.problemDidNotSign }).check();
    await dialog
      .getByRole('textbox', { name: new RegExp(es.dashboard.report.statementLabel) })
      .fill(`Nunca firmé ni vendí nada: el documento ${documentNumber} no es mío.`);
    await dialog.getByRole('button', { name: es.dashboard.report.next }).click();
    await noEnglishOn('report-contact');
    await dialog.getByRole('button', { name: es.dashboard.report.send }).click();
    const [before, after] = es.dashboard.report.openedTitle.split('{{caseNumber}}');
    await dialog.getByText(`${before}`, { exact: false }).first().waitFor();
    expect(await dialog.innerText()).toMatch(new RegExp(`${before}\\d+${after}`));
    await noEnglishOn('report-opened');
    await spanishMail(/^Caso de DeedWatch \d+/);
    expect(pageErrors).toEqual([]);
  });
});

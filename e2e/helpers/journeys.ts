import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { repoRoot } from '../../server/src/config.ts';
import { seedDemo } from '../../server/src/demo/seed-demo.ts';
import { type IngestSummary, ingestFolder } from '../../server/src/engine/ingest/ingest.service.ts';
import { samplePdf } from '../../server/src/engine/sample-documents.ts';
import { isoWithOffset } from '../../server/src/engine/simulate/simulate.ts';
import { insertNameSubscriptions } from '../../server/src/modules/user/user.repository.ts';
import { STAFF_PASSWORD } from '../../server/test/helpers/factories.ts';
import { requestLoginCode } from '../../server/test/helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from '../../server/test/helpers/test-app.ts';
import { waitFor } from '../../server/test/helpers/wait.ts';
import { freePort } from './process.ts';

/** The real server with the built web app and the demo data, with its engine at hand. */
export type JourneyServer = TestApp & { url: string };

/**
 * Like startServer (helpers/server.ts), but it keeps the engine, so a test can ingest a feed,
 * and lifts the rate limits, since one test signs several people in from one address.
 */
export async function startJourneyServer(): Promise<JourneyServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await startTestApp({
    WEB_DIST: path.join(repoRoot, 'web/dist'),
    APP_URL: url,
    ...NO_RATE_LIMITS,
    // Where the admin journey puts a county's inbox, as an operator would allow it.
    COUNTY_PATH_ROOTS: '/srv/feeds',
    // Texts go to the outbox too, beside the mail, so a journey can open a texted link.
    SMS_TRANSPORT: 'outbox',
  });
  await seedDemo(t.db, { parcelsPerCounty: 50, namesPerCounty: 50 });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, url };
}

/** Signs a subscriber in as a person does: a magic link from their mail, opened in the page. */
export async function signInByMagicLink(page: Page, server: JourneyServer, email: string) {
  const code = await requestLoginCode(server, email);
  await page.goto(`${server.url}/login-redirect/${code}`);
  await page.waitForURL(`${server.url}/dashboard`);
  await page.getByRole('heading', { name: 'Dashboard', exact: true, level: 1 }).waitFor();
}

/** Signs staff in through /admin-login with their password. */
export async function signInAsStaff(page: Page, server: JourneyServer, email: string) {
  await page.goto(`${server.url}/admin-login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/admin(\?|$)/);
  await page.getByRole('heading', { name: 'Admin', exact: true, level: 1 }).waitFor();
}

/** A message as GET /dev/mail.json lists it: a mail, or a text (channel sms). */
export type OutboxMail = {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
};

/** Waits for a mail to `to` whose subject matches, read from /dev/mail.json as a person would. */
export async function mailFromOutbox(server: JourneyServer, to: string, subject: RegExp) {
  return waitFor(`a mail to ${to} matching ${subject} in /dev/mail.json`, async () => {
    const res = await fetch(`${server.url}/dev/mail.json`);
    expect(res.status).toBe(200);
    const mails = (await res.json()) as OutboxMail[];
    return mails.find((m) => m.to === to && subject.test(m.subject));
  });
}

export type FeedDocument = {
  countyCode: string;
  countyName: string;
  documentNumber: string;
  documentType: string;
  grantors: string[];
  grantees: string[];
  apns?: string[];
};

/**
 * Writes a recorder feed v1 folder (docs/recorder-feed-v1.schema.json) with one document and its
 * PDF, recorded now, and ingests it with the server's own engine, which matches it at once.
 */
export async function ingestDocument(
  server: JourneyServer,
  doc: FeedDocument,
): Promise<IngestSummary> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-e2e-feed-'));
  try {
    // The feed has whole seconds: the next one, so a subscription activated a moment ago is
    // active when the document is recorded.
    const recordedAt = new Date(Math.ceil(Date.now() / 1000) * 1000);
    const file = `${doc.documentNumber}.pdf`;
    const line = {
      county: doc.countyCode,
      documentNumber: doc.documentNumber,
      recordedAt: isoWithOffset(recordedAt),
      documentType: doc.documentType,
      grantors: doc.grantors,
      grantees: doc.grantees,
      apns: doc.apns ?? [],
      addresses: [],
      file,
    };
    await writeFile(path.join(folder, 'index.ndjson'), `${JSON.stringify(line)}\n`);
    const pdf = await samplePdf(
      {
        countyName: doc.countyName,
        documentNumber: doc.documentNumber,
        recordedAt,
        documentType: doc.documentType,
        grantors: doc.grantors,
        grantees: doc.grantees,
        // A deed that names no parcel prints none: a number here would be found in its text.
        apns: doc.apns?.length ? doc.apns : ['NOT STATED'],
        addresses: [],
      },
      { pages: 3 },
    );
    await writeFile(path.join(folder, file), pdf);
    return await ingestFolder(server.engine, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Guards `name` in Sacramento for the user (active since a minute ago, as a verified guard is)
 * and ingests a grant deed from that owner: an Act now alert. Returns the ingest's summary.
 */
export async function actNowAlertFor(
  server: JourneyServer,
  userId: string,
  name: string,
  documentNumber: string,
): Promise<IngestSummary> {
  const sacramento = await server.db
    .selectFrom('counties')
    .select('id')
    .where('code', '=', 'SAC')
    .executeTakeFirstOrThrow();
  await insertNameSubscriptions(
    server.db,
    userId,
    [{ countyId: sacramento.id, name, nameKey: name, tokens: name.split(' ') }],
    new Date(Date.now() - 60_000),
  );
  return ingestDocument(server, {
    countyCode: 'SAC',
    countyName: 'Sacramento',
    documentNumber,
    documentType: 'GRANT DEED',
    grantors: [name],
    grantees: ['SWINDLER SILAS'],
  });
}

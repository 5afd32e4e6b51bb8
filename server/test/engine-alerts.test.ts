import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptedPdf, truncatedPdf } from '../src/documents/pdf/hostile-pdfs.ts';
import { extractPdfText } from '../src/documents/pdf/extract-text.ts';
import { findDocument } from '../src/engine/alerts/alerts.repository.ts';
import {
  EXCERPT_CONTAINER,
  ensureExcerpt,
  sendAlert,
} from '../src/engine/alerts/alerts.service.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { SEND_ALERT } from '../src/jobs/queues.ts';
import { nameKey } from '../src/keys/normalize.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import {
  addNotificationMethod,
  createCounty,
  createEvent,
  createSubscriber,
  type CountyRow,
  uniqueEmail,
} from './helpers/factories.ts';
import { type FakePostmark, fakePostmarkEnv, startFakePostmark } from './helpers/fake-postmark.ts';
import { feedFolder, feedLine, type FeedLineInput, feedPdf, writeFeed } from './helpers/feed.ts';
import { countOutbox } from './helpers/mail.ts';
import { signInSubscriberByPostmark } from './helpers/sign-in.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// Alerts of documents ingested through a feed folder, on real PDFs: what is attached, to whom,
// and what the mail says when nothing can be.

const recordedAt = new Date();
const line = (overrides: Partial<FeedLineInput> & { documentNumber: string }) =>
  feedLine('ALR', recordedAt, overrides);

/** A verified subscriber guarding `names` in the county since a minute before the recordings. */
async function guardNames(t: TestApp, county: CountyRow, names: string[]) {
  const user = await createSubscriber(t.db, { verified: true });
  await insertNameSubscriptions(
    t.db,
    user.id,
    names.map((name) => ({
      countyId: county.id,
      name,
      nameKey: nameKey(name),
      tokens: nameKey(name).split(' '),
    })),
    new Date(recordedAt.getTime() - 60_000),
  );
  return user;
}

describe('alerts of ingested documents', () => {
  let t: TestApp;
  let county: CountyRow;
  const folders: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    county = await createCounty(t.db, { name: 'Alerting', code: 'ALR' });
  });
  afterAll(async () => {
    await t.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  const guard = (...names: string[]) => guardNames(t, county, names);

  /** Ingests the lines with their PDFs (or the sample PDF of `pages` pages). */
  async function ingest(lines: FeedLineInput[], pdfs: Record<string, Uint8Array>) {
    const folder = await feedFolder();
    folders.push(folder);
    await writeFeed(folder, lines, pdfs);
    return { folder, summary: await ingestFolder(t.engine, folder) };
  }

  const documentId = async (documentNumber: string) =>
    (
      await t.db
        .selectFrom('recorded_documents')
        .select('id')
        .where('document_number', '=', documentNumber)
        .executeTakeFirstOrThrow()
    ).id;

  /** The alert mail to `to` about the document, once it is in the outbox, with its attachments. */
  async function alertMailTo(to: string, documentNumber: string) {
    const mail = await waitFor(`the alert of ${documentNumber} to ${to}`, () =>
      t.db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('recipient', '=', to)
        .where('text_body', 'like', `%${documentNumber}%`)
        .executeTakeFirst(),
    );
    const attachments = await t.db
      .selectFrom('outbox_attachments')
      .selectAll()
      .where('message_id', '=', mail.id)
      .execute();
    return { ...mail, attachments };
  }

  it('does not parse again a document whose PDF was recorded as unreadable', async () => {
    const user = await createSubscriber(t.db, { verified: true });
    const event = await createEvent(t.db, { userId: user.id, countyId: county.id });
    const doc = await t.db
      .updateTable('recorded_documents')
      .set({ pdf_error: 'timeout: the PDF took longer than 15 s to read' })
      .where('id', '=', event.document_id)
      .returning(['container', 'file_name', 'document_number'])
      .executeTakeFirstOrThrow();
    // A readable file in the store: only the recorded error keeps it from being parsed.
    const l = line({ documentNumber: doc.document_number });
    await t.engine.blobs.put(doc.container, doc.file_name, await feedPdf(l, 3));

    expect(await sendAlert(t.engine, { userId: user.id, documentId: event.document_id })).toBe(1);
    const mail = await alertMailTo(user.email, doc.document_number);
    expect(mail.attachments).toEqual([]);
    expect(mail.text_body).toMatch(/not available to attach/);
    const after = await t.db
      .selectFrom('recorded_documents')
      .select(['pdf_error', 'excerpt_file'])
      .where('id', '=', event.document_id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({
      pdf_error: 'timeout: the PDF took longer than 15 s to read',
      excerpt_file: null,
    });
  });

  it('indexes a corrupt and an encrypted PDF, records why, and alerts without them, saying so', async () => {
    const user = await guard('QUINTERO ALMA');
    const corrupt = line({ documentNumber: 'ALR-BAD-1', grantors: ['QUINTERO ALMA'] });
    const encrypted = line({ documentNumber: 'ALR-BAD-2', grantees: ['QUINTERO ALMA'] });
    const { summary } = await ingest([corrupt, encrypted], {
      [corrupt.file]: await truncatedPdf(),
      [encrypted.file]: encryptedPdf(),
    });
    expect(summary).toMatchObject({ documents: 2, pdfProblems: 2, events: 2, alerts: 2 });

    const documents = await t.db
      .selectFrom('recorded_documents')
      .select(['document_number', 'pdf_error', 'page_count'])
      .where('document_number', 'in', [corrupt.documentNumber, encrypted.documentNumber])
      .orderBy('document_number')
      .execute();
    expect(documents).toEqual([
      { document_number: corrupt.documentNumber, pdf_error: expect.any(String), page_count: null },
      {
        document_number: encrypted.documentNumber,
        pdf_error: expect.stringMatching(/^encrypted/),
        page_count: null,
      },
    ]);
    for (const l of [corrupt, encrypted]) {
      const mail = await alertMailTo(user.email, l.documentNumber);
      expect(mail.attachments).toEqual([]);
      expect(mail.text_body).toContain(
        'A copy of the document is not available to attach. Use the link below',
      );
      expect(mail.text_body).toContain(`/documents/ALR/${l.file}`);
    }
  });

  it('mails the alert to every verified email of the user, each with the first pages', async () => {
    const user = await guard('LINDQVIST BO');
    const second = uniqueEmail('second');
    await addNotificationMethod(t.db, user.id, { type: 'Email', address: second, verified: true });
    await addNotificationMethod(t.db, user.id, {
      type: 'Email',
      address: uniqueEmail('unverified'),
      verified: false,
    });
    const deed = line({ documentNumber: 'ALR-TWO-1', grantors: ['LINDQVIST BO'] });
    const { summary } = await ingest([deed], { [deed.file]: await feedPdf(deed, 4) });
    expect(summary).toMatchObject({ events: 1, alerts: 1 });
    for (const to of [user.email, second]) {
      const mail = await alertMailTo(to, deed.documentNumber);
      expect(mail.attachments).toHaveLength(1);
      expect(await textOf(mail.attachments[0]!.content)).toMatch(/Page 2 of 4/);
    }
    const deliveries = await t.db
      .selectFrom('deliveries')
      .select('recipient')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'alert')
      .execute();
    expect(deliveries.map((d) => d.recipient).sort()).toEqual([user.email, second].sort());
  });

  it('sends one email for a document that hits two guarded items, with each and why', async () => {
    const user = await guard('NAKAMURA KEN', 'OKAFOR CHIDI');
    const deed = line({
      documentNumber: 'ALR-BOTH-1',
      grantors: ['NAKAMURA, KEN'],
      grantees: ['OKAFOR CHIDI'],
    });
    const { summary } = await ingest([deed], { [deed.file]: await feedPdf(deed, 2) });
    expect(summary).toMatchObject({ events: 2, alerts: 1 });
    const mail = await alertMailTo(user.email, deed.documentNumber);
    expect(mail.text_body).toMatch(
      /- Name NAKAMURA KEN: the document shows NAKAMURA, KEN as grantor\b.*Exact match\. Same name: NAKAMURA KEN\.\n/,
    );
    expect(mail.text_body).toMatch(
      /- Name OKAFOR CHIDI: the document shows OKAFOR CHIDI as grantee\b.*Exact match\. Same name: OKAFOR CHIDI\.\n/,
    );
    const mails = await t.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('recipient', '=', user.email)
      .execute();
    expect(mails).toHaveLength(1);
  });

  /** The user's one event on the document, as stored. */
  const eventOn = async (userId: string, documentNumber: string) =>
    t.db
      .selectFrom('events as e')
      .innerJoin('recorded_documents as d', 'd.id', 'e.document_id')
      .select(['e.id', 'e.tier', 'e.digested_at', 'e.document_id'])
      .where('e.user_id', '=', userId)
      .where('d.document_number', '=', documentNumber)
      .executeTakeFirstOrThrow();

  const setChoice = (userId: string, choice: 'digest' | 'immediately' | 'hide') =>
    t.db
      .updateTable('name_subscriptions')
      .set({ possible_matches: choice })
      .where('user_id', '=', userId)
      .execute();

  it('keeps a possible match out of alerts while its name is set to the digest (the default)', async () => {
    const user = await guard('ABERNATHY KEN');
    // A first initial for the first name: a rule that is never sure, so possible.
    const deed = line({ documentNumber: 'ALR-POSS-1', grantors: ['ABERNATHY K'] });
    const { summary } = await ingest([deed], { [deed.file]: await feedPdf(deed, 2) });
    expect(summary).toMatchObject({ events: 1 });
    const event = await eventOn(user.id, deed.documentNumber);
    expect(event.tier).toBe('possible');
    // The matcher queued no send-alert job for it.
    expect(await t.boss.findJobs(SEND_ALERT, { data: { userId: user.id } })).toEqual([]);

    // Even a send-alert job for it (a choice changed since) mails nothing and marks nothing.
    expect(await sendAlert(t.engine, { userId: user.id, documentId: event.document_id })).toBe(0);
    await setChoice(user.id, 'hide');
    expect(await sendAlert(t.engine, { userId: user.id, documentId: event.document_id })).toBe(0);
    expect(await countOutbox(t.db, user.email)).toBe(0);
    expect((await eventOn(user.id, deed.documentNumber)).digested_at).toBeNull();
  });

  it('alerts a possible match at once when its name asks for it, says so, and keeps it out of the digest', async () => {
    const user = await guard('BARTHOLOMEW IDA');
    await setChoice(user.id, 'immediately');
    const deed = line({ documentNumber: 'ALR-POSS-2', grantees: ['BARTHOLOMEW I'] });
    // A deed that names no APN, in its index or its text.
    const pdf = await feedPdf(deed, 2, ['NOT STATED']);
    const { summary } = await ingest([deed], { [deed.file]: pdf });
    expect(summary).toMatchObject({ events: 1, alerts: 1 });
    expect(await t.boss.findJobs(SEND_ALERT, { data: { userId: user.id } })).toHaveLength(1);
    const mail = await alertMailTo(user.email, deed.documentNumber);
    // A grant deed to the guarded name: Check, and only possibly the subscriber.
    expect(mail.subject).toMatch(
      /^Check, possible match: A deed transferring property to you was recorded in Alerting County on \d\d\/\d\d\/\d{4}$/,
    );
    expect(mail.text_body).toContain(
      '- Name BARTHOLOMEW IDA: the document shows BARTHOLOMEW I as grantee, the party receiving (a buyer or lender). Check. Possible match — only the first initial matches; check whether this is you.',
    );
    const event = await waitFor('the possible event marked digested', async () => {
      const e = await eventOn(user.id, deed.documentNumber);
      return e.digested_at ? e : undefined;
    });
    expect(event.tier).toBe('possible');
  });

  /** An APN guard of the user's and its exact event on the document, written directly. */
  async function addApnEvent(
    userId: string,
    documentId: string,
    hit: { apn: string; matchedValue: string; onRecord: boolean },
  ) {
    const apn = await t.db
      .insertInto('apn_subscriptions')
      .values({
        user_id: userId,
        county_id: county.id,
        apn: hit.apn,
        apn_key: hit.apn.replace(/-/g, ''),
        activated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('events')
      .values({
        user_id: userId,
        document_id: documentId,
        apn_subscription_id: apn.id,
        name_subscription_id: null,
        match_kind: 'apn',
        matched_value: hit.matchedValue,
        party_role: null,
        is_exact: true,
        confidence: 1,
        tier: 'exact',
        on_record: hit.onRecord,
      })
      .execute();
  }

  it('never alerts an event found on record, beside one that alerts', async () => {
    const user = await guard('CALLOWAY ROSE');
    const deed = line({ documentNumber: 'ALR-REC-1', grantors: ['CALLOWAY ROSE'] });
    await ingest([deed], { [deed.file]: await feedPdf(deed, 2) });
    await alertMailTo(user.email, deed.documentNumber);
    const event = await eventOn(user.id, deed.documentNumber);
    // The same user's second guard of the document, found on record by a history check.
    await addApnEvent(user.id, event.document_id, {
      apn: '999-0000-000-0001',
      matchedValue: '999-0000-000-0001',
      onRecord: true,
    });
    await t.db.deleteFrom('outbox_messages').where('recipient', '=', user.email).execute();
    await t.db.deleteFrom('deliveries').where('user_id', '=', user.id).execute();

    expect(await sendAlert(t.engine, { userId: user.id, documentId: event.document_id })).toBe(1);
    const mail = await alertMailTo(user.email, deed.documentNumber);
    expect(mail.text_body).toContain('- Name CALLOWAY ROSE:');
    expect(mail.text_body).not.toContain('999-0000-000-0001');

    // With only the event on record left, nothing is mailed.
    await t.db.deleteFrom('events').where('id', '=', event.id).execute();
    await t.db.deleteFrom('deliveries').where('user_id', '=', user.id).execute();
    expect(await sendAlert(t.engine, { userId: user.id, documentId: event.document_id })).toBe(0);
  });

  it("writes an APN hit in the county's format, as the subscriber guards it, not the index's digits", async () => {
    const user = await guard('LINDQVIST ARVO');
    const deed = line({ documentNumber: 'ALR-APN-1', grantors: ['LINDQVIST ARVO'] });
    await ingest([deed], { [deed.file]: await feedPdf(deed, 2) });
    await alertMailTo(user.email, deed.documentNumber);
    const event = await eventOn(user.id, deed.documentNumber);
    // A second guard of the user's, the document's APN as the county's index wrote it.
    await addApnEvent(user.id, event.document_id, {
      apn: '999-0000-000-0002',
      matchedValue: '99900000000002',
      onRecord: false,
    });
    await t.db.deleteFrom('outbox_messages').where('recipient', '=', user.email).execute();
    await t.db.deleteFrom('deliveries').where('user_id', '=', user.id).execute();

    expect(await sendAlert(t.engine, { userId: user.id, documentId: event.document_id })).toBe(1);
    const mail = await alertMailTo(user.email, deed.documentNumber);
    // The APN said once, in the reason, as the subscriber guards it.
    expect(mail.text_body).toContain(
      'Property (APN) 999-0000-000-0002: Act now. Exact match. The document names APN 999-0000-000-0002.',
    );
    expect(mail.text_body).not.toContain('99900000000002');
  });

  it("fills the document's full-text index from the words of its PDF", async () => {
    const deed = line({ documentNumber: 'ALR-TEXT-1', grantors: ['ZABRISKIE HORTENSE'] });
    const pdf = await feedPdf(deed, 2);
    const text = await extractPdfText(pdf);
    expect(text.ok && text.text).toContain('ZABRISKIE');
    await ingest([deed], { [deed.file]: pdf });
    const found = await t.db
      .selectFrom('recorded_documents')
      .select('document_number')
      .where(sql<boolean>`text_search @@ to_tsquery('simple', 'zabriskie & hortense')`)
      .execute();
    expect(found).toEqual([{ document_number: deed.documentNumber }]);
  });

  const textOf = async (bytes: Buffer) => {
    const text = await extractPdfText(new Uint8Array(bytes));
    if (!text.ok) throw new Error(`unreadable attachment: ${text.reason}`);
    return text.text;
  };

  it("makes a document's excerpt once, however many of its alerts need it at the same time", async () => {
    const deed = line({ documentNumber: 'ALR-ONCE-1', grantors: ['NOBODY GUARDS THIS'] });
    await ingest([deed], { [deed.file]: await feedPdf(deed, 3) });
    // The row as each alert read it: no excerpt yet.
    const doc = (await findDocument(t.db, await documentId(deed.documentNumber)))!;
    expect(doc.excerpt_file).toBeNull();
    const made: string[] = [];
    const blobs = {
      ...t.engine.blobs,
      put: (...args: Parameters<typeof t.engine.blobs.put>) => {
        if (args[0] === EXCERPT_CONTAINER) made.push(args[1]);
        return t.engine.blobs.put(...args);
      },
    };
    const engine = { ...t.engine, blobs };

    const excerpts = await Promise.all([1, 2, 3].map(() => ensureExcerpt(engine, doc)));
    expect(made).toEqual([`${doc.id}.pdf`]);
    expect(excerpts.map((e) => e?.file)).toEqual(Array(3).fill(`${doc.id}.pdf`));
    // One that read the row before the excerpt was kept finds it by its name.
    expect(await ensureExcerpt(engine, doc)).toEqual(excerpts[0]);
    expect(made).toHaveLength(1);
  });

  it('records an excerpt kept by an alert that stopped before recording it on the document', async () => {
    const deed = line({ documentNumber: 'ALR-HALF-1', grantors: ['NOBODY GUARDS THIS'] });
    await ingest([deed], { [deed.file]: await feedPdf(deed, 3) });
    const id = await documentId(deed.documentNumber);
    const first = (await ensureExcerpt(t.engine, (await findDocument(t.db, id))!))!;
    // As if its process were killed between keeping the file and recording it.
    await t.db
      .updateTable('recorded_documents')
      .set({ excerpt_file: null })
      .where('id', '=', id)
      .execute();

    const doc = (await findDocument(t.db, id))!;
    expect(await ensureExcerpt(t.engine, doc)).toEqual(first);
    expect((await findDocument(t.db, id))!.excerpt_file).toBe(first.file);
  });

  it("keeps excerpts apart from feed files: a feed file named like an excerpt changes no alert's pages", async () => {
    const user = await guard('WATSON EMMA');
    const guarded = line({ documentNumber: 'ALR-EXC-1', grantors: ['WATSON EMMA'] });
    await ingest([guarded], { [guarded.file]: await feedPdf(guarded, 3) });
    const first = await alertMailTo(user.email, guarded.documentNumber);
    expect(await textOf(first.attachments[0]!.content)).toContain(guarded.documentNumber);

    // Another document whose feed file takes the name the excerpt of the first once had.
    const id = await documentId(guarded.documentNumber);
    const impostor = line({ documentNumber: 'ALR-EXC-2', file: `excerpt-${id}.pdf` });
    const impostorPdf = await feedPdf(impostor, 1);
    const { folder } = await ingest([impostor], { [impostor.file]: impostorPdf });

    // The same alert to a second verified address of the user reuses the stored excerpt.
    const second = uniqueEmail('second');
    await addNotificationMethod(t.db, user.id, { type: 'Email', address: second, verified: true });
    expect(await sendAlert(t.engine, { userId: user.id, documentId: id })).toBe(1);
    const again = await alertMailTo(second, guarded.documentNumber);
    const pages = await textOf(again.attachments[0]!.content);
    expect(pages).toContain(guarded.documentNumber);
    expect(pages).not.toContain(impostor.documentNumber);

    // And the impostor's own file is what the store serves for it.
    const stored = await t.engine.blobs.get(county.code, impostor.file);
    const bytes = Buffer.concat(await stored!.stream.toArray());
    expect(bytes.equals(await readFile(path.join(folder, impostor.file)))).toBe(true);
  });
});

describe('an alert Postmark refuses', () => {
  let fake: FakePostmark;
  let t: TestApp;
  let folder: string;

  beforeAll(async () => {
    fake = await startFakePostmark();
    t = await startTestApp(fakePostmarkEnv(fake));
    folder = await feedFolder();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("shows deliveryStatus 'failed' and Postmark's reason on the event in the session user", async () => {
    const county = await createCounty(t.db, { name: 'Refused', code: 'REF' });
    const user = await guardNames(t, county, ['FERREIRA LUIS']);
    // The alert is refused (422, an invalid request); the sign-in mail after it goes through.
    fake.setBehaviour(user.email, ['invalid', 'ok']);
    const deed = feedLine('REF', recordedAt, {
      documentNumber: 'REF-1',
      grantors: ['FERREIRA LUIS'],
    });
    await writeFeed(folder, [deed], { [deed.file]: await feedPdf(deed, 3) });
    expect(await ingestFolder(t.engine, folder)).toMatchObject({ events: 1, alerts: 1 });
    const delivery = await waitFor('the refused alert recorded as failed', () =>
      t.db
        .selectFrom('deliveries')
        .select(['status', 'last_error'])
        .where('user_id', '=', user.id)
        .where('kind', '=', 'alert')
        .where('status', '=', 'failed')
        .executeTakeFirst(),
    );
    const [refused] = fake.requestsTo(user.email);
    expect(refused!.reply!.status).toBe(422);
    expect(delivery.last_error).toContain(String(refused!.reply!.body.Message));

    const cookie = await signInSubscriberByPostmark(t, fake, user.email);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().nameSubscriptions[0].events).toEqual([
      expect.objectContaining({
        documentNumber: 'REF-1',
        deliveryStatus: 'failed',
        deliveryError: delivery.last_error,
      }),
    ]);
  });
});

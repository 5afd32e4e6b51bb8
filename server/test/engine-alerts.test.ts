import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../src/documents/pdf/extract-text.ts';
import { sendAlert } from '../src/engine/alerts/alerts.service.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { nameKey } from '../src/matching/normalize.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import {
  addNotificationMethod,
  createCounty,
  createEvent,
  createSubscriber,
  type CountyRow,
  uniqueEmail,
} from './helpers/factories.ts';
import { feedFolder, feedLine, type FeedLineInput, feedPdf, writeFeed } from './helpers/feed.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// Alerts of documents ingested through a feed folder, on real PDFs: what is attached, to whom,
// and what the mail says when nothing can be.

const recordedAt = new Date();
const line = (overrides: Partial<FeedLineInput> & { documentNumber: string }) =>
  feedLine('ALR', recordedAt, overrides);

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

  /** A verified subscriber guarding `names` in the county since a minute before the recordings. */
  async function guard(...names: string[]) {
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

  const textOf = async (bytes: Buffer) => {
    const text = await extractPdfText(new Uint8Array(bytes));
    if (!text.ok) throw new Error(`unreadable attachment: ${text.reason}`);
    return text.text;
  };

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

import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_NOT_FOUND,
  documentFileMissing,
  openDocument,
} from '../src/modules/documents/documents.service.ts';
import { type BlobStore, createFileBlobStore } from '../src/storage/blob-store.ts';
import { sessionCookieOf } from './helpers/cookies.ts';
import { createStaff, createSubscriber } from './helpers/factories.ts';
import { signInStaff as signInStaffAs, signInSubscriber as signInAs } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * A real one-page PDF (catalog, page tree, page, content stream, font) with a correct xref
 * table. The second line holds bytes above 0x7f, as PDF writers put there, so any text
 * decoding on the way would change the bytes.
 */
function onePagePdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const SECRET = 'SECRET-BYTES-OUTSIDE-THE-DOCUMENT-STORE';
const CONTAINER = 'CA_TEST';
const LINKED_CONTAINER = 'CA_LINKED';

describe('GET /api/document/download', () => {
  let t: TestApp;
  let dir: string;
  let root: string;
  let store: BlobStore;
  let countyId: number;
  const pdfA = onePagePdf('Grant deed 0001');
  const pdfB = onePagePdf('Deed of trust 0002');
  const pdfUnicode = onePagePdf('Quitclaim 0005');
  const docs: Record<string, string> = {};
  let alice: { id: string; email: string };
  let bob: { id: string; email: string };
  let aliceCookie: string;
  let bobCookie: string;
  let adminCookie: string;
  let supportCookie: string;

  const signInSubscriber = (email: string) => signInAs(t, email);

  async function signInStaff(role: 'admin' | 'customersupport'): Promise<string> {
    const staff = await createStaff(t.db, role);
    return signInStaffAs(t, staff.email);
  }

  async function insertDocument(number: string, container: string, fileName: string) {
    const row = await t.db
      .insertInto('recorded_documents')
      .values({
        county_id: countyId,
        document_number: number,
        document_type: 'GRANT DEED',
        recorded_at: new Date('2026-01-15T17:00:00Z'),
        container,
        file_name: fileName,
        page_count: 1,
        pdf_error: null,
        matched_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    docs[number] = row.id;
    return row.id;
  }

  /** An event of `userId` for the document, through a name subscription as the matcher makes. */
  async function insertEvent(userId: string, documentId: string, archived = false) {
    const subscription = await t.db
      .insertInto('name_subscriptions')
      .values({
        user_id: userId,
        county_id: countyId,
        name: `DOE JOHN ${documentId}`,
        name_key: `DOE JOHN ${documentId}`,
        activated_at: new Date('2026-01-01T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('events')
      .values({
        user_id: userId,
        document_id: documentId,
        apn_subscription_id: null,
        name_subscription_id: subscription.id,
        match_kind: 'name',
        matched_value: 'DOE JOHN',
        party_role: 'grantee',
        is_exact: true,
        tier: 'exact',
        confidence: 1,
        is_archived: archived,
      })
      .execute();
  }

  const query = (containerName: string, fileName: string) =>
    `containerName=${encodeURIComponent(containerName)}&fileName=${encodeURIComponent(fileName)}`;

  const get = (cookie: string | undefined, rawQuery: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/document/download?${rawQuery}`,
      headers: cookie ? { cookie } : {},
    });

  const download = (cookie: string | undefined, containerName: string, fileName: string) =>
    get(cookie, query(containerName, fileName));

  const expectPdf = (res: LightMyRequestResponse, bytes: Buffer, fileName: string) => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  };

  const neverLeaks = (res: LightMyRequestResponse) => {
    expect(res.rawPayload.includes(SECRET)).toBe(false);
    expect(res.rawPayload.includes('root:')).toBe(false);
    expect(res.headers['content-type']).not.toBe('application/pdf');
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'deedwatch-documents-'));
    root = path.join(dir, 'documents');
    await mkdir(root);
    // What every traversal below aims at: beside the store, and in a sibling sharing its prefix.
    await writeFile(path.join(dir, 'secret.txt'), SECRET);
    await writeFile(path.join(dir, 'secret.pdf'), SECRET);
    await mkdir(path.join(dir, 'documents-evil'));
    await writeFile(path.join(dir, 'documents-evil', 'secret.pdf'), SECRET);

    t = await startTestApp({ ...NO_RATE_LIMITS, DOCUMENTS_DIR: root });
    store = createFileBlobStore(root);

    const county = await t.db
      .insertInto('counties')
      .values({
        name: 'Test County',
        code: CONTAINER,
        ui_mask: '000-000-00',
        data_mask: '00000000',
        format: '123-456-78',
        link_url: 'https://recorder.example.com',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    countyId = county.id;

    alice = await createSubscriber(t.db, { verified: true });
    bob = await createSubscriber(t.db, { verified: true });

    await store.put(CONTAINER, 'DOC-0001.pdf', pdfA);
    await store.put(CONTAINER, 'DOC-0002.pdf', pdfB);
    await store.put(CONTAINER, 'Grant deed "№ 5".pdf', pdfUnicode);
    await symlink(path.join(dir, 'secret.pdf'), path.join(root, CONTAINER, 'link.pdf'));
    // A whole container planted as a link to the folder that holds the secret.
    await symlink(dir, path.join(root, LINKED_CONTAINER));

    await insertEvent(alice.id, await insertDocument('0001', CONTAINER, 'DOC-0001.pdf'));
    await insertEvent(bob.id, await insertDocument('0002', CONTAINER, 'DOC-0002.pdf'), true);
    // Rows whose files are not (or not safely) in the store, all alerted to alice.
    await insertEvent(alice.id, await insertDocument('0003', CONTAINER, 'DOC-0003.pdf'));
    await insertEvent(alice.id, await insertDocument('0004', CONTAINER, 'link.pdf'));
    await insertEvent(alice.id, await insertDocument('0005', CONTAINER, 'Grant deed "№ 5".pdf'));
    await insertEvent(alice.id, await insertDocument('0006', '..', 'secret.txt'));
    await insertEvent(alice.id, await insertDocument('0007', CONTAINER, '../secret.pdf'));
    await insertEvent(alice.id, await insertDocument('0008', '..', 'documents-evil'));
    await insertEvent(alice.id, await insertDocument('0009', LINKED_CONTAINER, 'secret.pdf'));

    [aliceCookie, bobCookie, adminCookie, supportCookie] = await Promise.all([
      signInSubscriber(alice.email),
      signInSubscriber(bob.email),
      signInStaff('admin'),
      signInStaff('customersupport'),
    ]);
  });

  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives a subscriber the exact bytes of a document they have an event for', async () => {
    expectPdf(await download(aliceCookie, CONTAINER, 'DOC-0001.pdf'), pdfA, 'DOC-0001.pdf');
  });

  it('still gives it once the event is archived', async () => {
    expectPdf(await download(bobCookie, CONTAINER, 'DOC-0002.pdf'), pdfB, 'DOC-0002.pdf');
  });

  it('answers 404 for a document of somebody else, exactly as for one that does not exist', async () => {
    const none = await download(aliceCookie, CONTAINER, 'DOC-9999.pdf');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: DOCUMENT_NOT_FOUND,
    });
    for (const res of [
      await download(aliceCookie, CONTAINER, 'DOC-0002.pdf'),
      await download(bobCookie, CONTAINER, 'DOC-0001.pdf'),
      await download(bobCookie, CONTAINER, 'DOC-0003.pdf'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(none.body);
      expect(res.rawPayload.includes(pdfA)).toBe(false);
      expect(res.rawPayload.includes(pdfB)).toBe(false);
    }
  });

  it('answers nobody signed in with the same 404 as a missing document, before any lookup', async () => {
    const existing = await download(undefined, CONTAINER, 'DOC-0001.pdf');
    const missing = await download(undefined, CONTAINER, 'DOC-9999.pdf');
    const forged = await download('deedwatch.sid=forged.value', CONTAINER, 'DOC-0001.pdf');
    for (const res of [existing, missing, forged]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(existing.body);
      expect(res.rawPayload.includes(pdfA)).toBe(false);
    }
  });

  it('gives admin and customersupport any document', async () => {
    for (const cookie of [adminCookie, supportCookie]) {
      expectPdf(await download(cookie, CONTAINER, 'DOC-0001.pdf'), pdfA, 'DOC-0001.pdf');
      expectPdf(await download(cookie, CONTAINER, 'DOC-0002.pdf'), pdfB, 'DOC-0002.pdf');
      expect((await download(cookie, CONTAINER, 'DOC-9999.pdf')).statusCode).toBe(404);
    }
  });

  it('while staff impersonate a subscriber, only that subscriber’s documents', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/impersonate',
      headers: { cookie: await signInStaff('customersupport') },
      payload: { userId: bob.id },
    });
    expect(res.statusCode).toBe(200);
    const asBob = sessionCookieOf(res)!;
    expectPdf(await download(asBob, CONTAINER, 'DOC-0002.pdf'), pdfB, 'DOC-0002.pdf');
    expect((await download(asBob, CONTAINER, 'DOC-0001.pdf')).statusCode).toBe(404);
  });

  it('answers 404 with a message a person can act on when the file is missing from the store', async () => {
    const res = await download(aliceCookie, CONTAINER, 'DOC-0003.pdf');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(documentFileMissing('0003'));
    expect(res.json().message).toMatch(/contact support and quote document number 0003/);
  });

  it('tells a Spanish subscriber in Spanish, and nobody signed in by Accept-Language', async () => {
    const language = (language: 'en' | 'es') =>
      t.db.updateTable('users').set({ language }).where('id', '=', alice.id).execute();
    const notFound = 'No se encontró el documento. Ábralo desde una de sus alertas en el panel.';
    await language('es');
    try {
      const none = await download(aliceCookie, CONTAINER, 'DOC-0002.pdf');
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(notFound);
      const missing = await download(aliceCookie, CONTAINER, 'DOC-0003.pdf');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(
        'El archivo del documento 0003 no está disponible en este momento. Vuelva a intentarlo más tarde o comuníquese con el soporte de DeedWatch e indique el número de documento 0003.',
      );
    } finally {
      await language('en');
    }
    const signedOut = await t.app.inject({
      method: 'GET',
      url: `/api/document/download?${query(CONTAINER, 'DOC-0001.pdf')}`,
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(signedOut.statusCode).toBe(404);
    expect(signedOut.json().message).toBe(notFound);
  });

  it('logs a missing file, with the document it belongs to', async () => {
    const logged: unknown[][] = [];
    const log = { error: (...args: unknown[]) => void logged.push(args) };
    await expect(
      openDocument(
        t.db,
        store,
        alice.id,
        { containerName: CONTAINER, fileName: 'DOC-0003.pdf' },
        log,
      ),
    ).rejects.toMatchObject({ statusCode: 404, message: documentFileMissing('0003') });
    expect(logged).toEqual([
      [
        { documentId: docs['0003'], container: CONTAINER, fileName: 'DOC-0003.pdf' },
        'recorded document file is missing from the blob store',
      ],
    ]);
  });

  it('names a non-ASCII or quoted file safely, with the exact name in filename*', async () => {
    const res = await download(aliceCookie, CONTAINER, 'Grant deed "№ 5".pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Grant deed __ 5_.pdf"; filename*=UTF-8''Grant%20deed%20%22%E2%84%96%205%22.pdf`,
    );
    expect(res.rawPayload.equals(pdfUnicode)).toBe(true);
  });

  it('refuses a symlink planted in the store: 404, not the file it points to', async () => {
    for (const cookie of [aliceCookie, adminCookie]) {
      const res = await download(cookie, CONTAINER, 'link.pdf');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(documentFileMissing('0004'));
      neverLeaks(res);
    }
  });

  it('refuses a container directory planted in the store as a link: 404, not what it holds', async () => {
    for (const cookie of [aliceCookie, adminCookie]) {
      const res = await download(cookie, LINKED_CONTAINER, 'secret.pdf');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(documentFileMissing('0009'));
      neverLeaks(res);
    }
  });

  it('asks for both parameters, nothing else, once each', async () => {
    for (const rawQuery of [
      '',
      `containerName=${CONTAINER}`,
      'fileName=DOC-0001.pdf',
      `${query(CONTAINER, 'DOC-0001.pdf')}&extra=1`,
      `${query(CONTAINER, 'DOC-0001.pdf')}&fileName=DOC-0002.pdf`,
      query(CONTAINER, ''),
      query(CONTAINER, 'x'.repeat(256)),
    ]) {
      const res = await get(aliceCookie, rawQuery);
      expect(res.statusCode, rawQuery).toBe(400);
      expect(res.json().message).toMatch(/query parameter/);
    }
  });

  describe('path traversal', () => {
    // As an attacker would type them into the query string.
    const payloads = [
      '..',
      '../secret.txt',
      '../../secret.txt',
      '..%2fsecret.txt',
      '..%2f..%2fsecret.txt',
      '%2e%2e%2fsecret.txt',
      '%2e%2e%2f%2e%2e%2fsecret.txt',
      '%252e%252e%252fsecret.txt',
      '%252e%252e',
      '..\\secret.txt',
      '..%5c..%5csecret.txt',
      '/etc/passwd',
      '%2fetc%2fpasswd',
      '<dir>/secret.txt',
      'secret.txt%00.pdf',
      '%00',
      '\u2024\u2024',
      '\u2024\u2024/secret.txt',
      '\uff0e\uff0e',
      '\uff0e\uff0e\uff0fsecret.txt',
      '%E2%80%A4%E2%80%A4',
      '%EF%BC%8E%EF%BC%8E%2fsecret.txt',
      '../documents-evil/secret.pdf',
      '....//secret.txt',
      './../secret.txt',
    ];
    // The temporary directory is known only once beforeAll ran.
    const cases = () =>
      payloads
        .map((p) => p.replace('<dir>', dir))
        .flatMap((payload) => [
          // In the query as typed, so the server's decoding applies once…
          { name: `${payload} (raw)`, text: payload },
          // …and URL-encoded, so it arrives verbatim.
          { name: `${payload} (encoded)`, text: encodeURIComponent(payload) },
        ]);

    it('never answers with a byte from outside the store, as containerName or fileName', async () => {
      let asked = 0;
      for (const { name, text } of cases()) {
        for (const cookie of [aliceCookie, adminCookie]) {
          for (const rawQuery of [
            `containerName=${text}&fileName=secret.txt`,
            `containerName=${text}&fileName=secret.pdf`,
            `containerName=${CONTAINER}&fileName=${text}`,
          ]) {
            const res = await get(cookie, rawQuery);
            expect([400, 404], `${name}: ${rawQuery}`).toContain(res.statusCode);
            neverLeaks(res);
            asked += 1;
          }
        }
      }
      expect(asked).toBe(payloads.length * 2 * 2 * 3);
    });

    it('a row crafted with .. in its key is refused at the edge (400) and by the store (404)', async () => {
      for (const [containerName, fileName] of [
        ['..', 'secret.txt'],
        [CONTAINER, '../secret.pdf'],
        ['..', 'documents-evil'],
      ] as const) {
        for (const cookie of [aliceCookie, adminCookie]) {
          const res = await download(cookie, containerName, fileName);
          expect(res.statusCode).toBe(400);
          neverLeaks(res);
        }
        // Past the query schema, the row is found, and the blob store refuses its key.
        const logged: unknown[][] = [];
        const log = { error: (...args: unknown[]) => void logged.push(args) };
        const opened = openDocument(t.db, store, alice.id, { containerName, fileName }, log);
        await expect(opened).rejects.toMatchObject({ statusCode: 404 });
        expect(logged).toHaveLength(1);
        expect(logged[0]![1]).toBe('recorded document has a key the blob store refuses');
      }
    });

    it('the store beside the secret is the one the app reads (the fixture is live)', async () => {
      // Guards the tests above: were the app reading another directory, they would pass vacuously.
      const blob = await store.get(CONTAINER, 'DOC-0001.pdf');
      expect((await buffer(blob!.stream)).equals(pdfA)).toBe(true);
      expect(path.dirname(root)).toBe(dir);
      expect(t.config.documentsDir).toBe(root);
    });
  });

  it('is in the OpenAPI document as a PDF download', () => {
    const { paths } = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const op = paths['/api/document/download']?.get;
    expect(op).toMatchObject({
      operationId: 'downloadDocument',
      tags: ['documents'],
      responses: {
        200: { content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
      },
    });
  });
});

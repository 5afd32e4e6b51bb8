import { randomBytes } from 'node:crypto';
import { link, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../src/documents/pdf/extract-text.ts';
import { truncatedPdf } from '../src/documents/pdf/hostile-pdfs.ts';
import {
  INGEST_CHUNK,
  type IngestSummary,
  ingestFolder,
  PREPARED_AT_ONCE,
} from '../src/engine/ingest/ingest.service.ts';
import { MATCH_WORKERS } from '../src/engine/engine.jobs.ts';
import { insertDocument } from '../src/engine/ingest/ingest.repository.ts';
import { claimUnmatched, insertEvents } from '../src/engine/matching/match.repository.ts';
import { HELD_RETRY_SECONDS, matchDocuments } from '../src/engine/matching/match.service.ts';
import { sendAlert } from '../src/engine/alerts/alerts.service.ts';
import { MATCH_DOCUMENTS, SEND_ALERT } from '../src/jobs/queues.ts';
import {
  insertApnSubscriptions,
  insertNameSubscriptions,
} from '../src/modules/user/user.repository.ts';
import { storedName } from '../src/keys/match-keys.ts';
import { nameKey } from '../src/keys/normalize.ts';
import { createCounty, createSubscriber, type CountyRow } from './helpers/factories.ts';
import { feedFolder, feedLine, type FeedLineInput, feedPdf, writeFeed } from './helpers/feed.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// The engine end to end on real PDFs: a feed folder → ingest → matcher → send-alert → the
// outbox, with the first 2 pages attached; then repeats, a killed matcher, and retries.

const recordedAt = new Date();
const line = (overrides: Partial<FeedLineInput> & { documentNumber: string }) =>
  feedLine('ENG', recordedAt, overrides);
const pdfFor = (l: FeedLineInput, pages: number, textApns = l.apns) => feedPdf(l, pages, textApns);

describe('the engine, from a feed folder to alert emails', () => {
  let t: TestApp;
  let county: CountyRow;
  let subscriber: { id: string; email: string; methodId: string };
  let folder: string;
  let first: IngestSummary;
  const name = line({ documentNumber: '2026-0000001', grantors: ['SMITH, JOHN A.'] });
  const textApn = line({ documentNumber: '2026-0000002', grantors: ['NOBODY IN PARTICULAR'] });
  const noPdf = line({ documentNumber: '2026-0000003', grantees: ['SMITH JOHN ALLEN TRUSTEE'] });
  const unrelated = line({ documentNumber: '2026-0000004', grantors: ['SMITHSON JOHN A'] });

  beforeAll(async () => {
    t = await startTestApp();
    county = await createCounty(t.db, {
      name: 'Engine',
      code: 'ENG',
      ui_mask: '000-0000-000-0000',
      data_mask: '000-0000-000-0000',
    });
    subscriber = await createSubscriber(t.db, { verified: true });
    const activatedAt = new Date(recordedAt.getTime() - 60_000);
    await insertNameSubscriptions(
      t.db,
      subscriber.id,
      [
        {
          countyId: county.id,
          name: 'SMITH JOHN A',
          nameKey: nameKey('SMITH JOHN A'),
          tokens: ['SMITH', 'JOHN', 'A'],
        },
      ],
      activatedAt,
    );
    await insertApnSubscriptions(
      t.db,
      subscriber.id,
      [
        {
          countyId: county.id,
          apn: '012-0345-006-0000',
          apnKey: '01203450060000',
          description: '12 ELM ST, SACRAMENTO, CA 95814',
          addressKey: '12 ELM ST',
          addressZip: '95814',
        },
      ],
      activatedAt,
    );

    folder = await feedFolder();
    await writeFeed(
      folder,
      [
        name,
        '{"county": "ENG", "documentNumber": ',
        textApn,
        line({ documentNumber: '2026-0000009', county: 'NOPE' }),
        noPdf,
        unrelated,
      ],
      {
        [name.file]: await pdfFor(name, 5),
        // The index names no APN: the matcher gets it from the PDF's text layer.
        [textApn.file]: await pdfFor(textApn, 3, ['012-0345-006-0000']),
        [unrelated.file]: await pdfFor(unrelated, 1),
      },
    );
    first = await ingestFolder(t.engine, folder);
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('ingests every good line, reports each bad one with its line number, and matches', () => {
    expect(first).toMatchObject({ lines: 5, documents: 4, repeats: 0, parties: 8, skipped: 2 });
    expect(first.skippedReasons.map((r) => r.line)).toEqual([2, 4]);
    expect(first.skippedReasons[0]!.reason).toMatch(/JSON/i);
    expect(first.skippedReasons[1]!.reason).toBe("Unknown county code 'NOPE'.");
    expect(first.pdfProblems).toBe(1);
    expect(first.pdfReasons[0]).toMatchObject({ line: 5, documentNumber: noPdf.documentNumber });
    expect(first.pdfReasons[0]!.reason).toMatch(/^missing/);
    // Every document whose index names no APN gets those of its text.
    expect(first.apnsFromText).toBe(3);
    // The name (twice: as SMITH, JOHN A. and as SMITH JOHN ALLEN TRUSTEE) and the APN read from
    // the text; SMITHSON is another family.
    expect(first.events).toBe(3);
    expect(first.alerts).toBe(3);
  });

  it('records why each event matched, and the document of an unreadable PDF without pages', async () => {
    const events = await t.db
      .selectFrom('events as e')
      .innerJoin('recorded_documents as d', 'd.id', 'e.document_id')
      .select([
        'd.document_number',
        'e.match_kind',
        'e.matched_value',
        'e.party_role',
        'e.is_exact',
        'e.confidence',
      ])
      .where('e.user_id', '=', subscriber.id)
      .orderBy('d.document_number')
      .execute();
    expect(events).toEqual([
      {
        document_number: name.documentNumber,
        match_kind: 'name',
        matched_value: 'SMITH, JOHN A.',
        party_role: 'grantor',
        is_exact: true,
        confidence: expect.any(Number),
      },
      {
        document_number: textApn.documentNumber,
        match_kind: 'apn',
        matched_value: '012-0345-006-0000',
        party_role: null,
        is_exact: true,
        confidence: 1,
      },
      {
        document_number: noPdf.documentNumber,
        match_kind: 'name',
        matched_value: 'SMITH JOHN ALLEN TRUSTEE',
        party_role: 'grantee',
        is_exact: false,
        confidence: expect.any(Number),
      },
    ]);
    expect(events[0]!.confidence).toBeGreaterThan(events[2]!.confidence);
    const missing = await t.db
      .selectFrom('recorded_documents')
      .select(['pdf_error', 'page_count'])
      .where('document_number', '=', noPdf.documentNumber)
      .executeTakeFirstOrThrow();
    expect(missing.pdf_error).toMatch(/not in the feed folder/);
    expect(missing.page_count).toBeNull();
  });

  it('mails one alert per document with the first 2 pages attached, or says why not', async () => {
    const messages = await waitFor('three alert emails', async () => {
      const rows = await t.db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('recipient', '=', subscriber.email)
        .where('subject', 'like', '%was recorded in%')
        .execute();
      return rows.length >= 3 ? rows : undefined;
    });
    expect(messages).toHaveLength(3);
    const attachmentsOf = (messageId: string) =>
      t.db
        .selectFrom('outbox_attachments')
        .selectAll()
        .where('message_id', '=', messageId)
        .execute();

    const byNumber = (n: string) => messages.find((m) => m.text_body.includes(n))!;
    const five = await attachmentsOf(byNumber(name.documentNumber).id);
    expect(five).toHaveLength(1);
    expect(five[0]!.content_type).toBe('application/pdf');
    const excerpt = await PDFDocument.load(five[0]!.content);
    expect(excerpt.getPageCount()).toBe(2);
    const text = await extractPdfText(new Uint8Array(five[0]!.content));
    expect(text.ok && text.text).toContain(name.documentNumber);
    expect(text.ok && text.text).toMatch(/Page 2 of 5/);
    expect(byNumber(name.documentNumber).text_body).toContain('SMITH JOHN A');

    const three = await attachmentsOf(byNumber(textApn.documentNumber).id);
    expect((await PDFDocument.load(three[0]!.content)).getPageCount()).toBe(2);

    const none = byNumber(noPdf.documentNumber);
    expect(await attachmentsOf(none.id)).toHaveLength(0);
    expect(none.text_body).toMatch(/not available|unavailable/i);
  });

  it("shows each event's reason and delivery status in the session user", async () => {
    await waitFor('every alert delivery sent', async () => {
      const rows = await t.db
        .selectFrom('deliveries')
        .select('status')
        .where('kind', '=', 'alert')
        .where('user_id', '=', subscriber.id)
        .execute();
      return rows.length === 3 && rows.every((r) => r.status === 'sent');
    });
    const cookie = await signInSubscriber(t, subscriber.email);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json();
    const nameEvents = user.nameSubscriptions[0].events;
    expect(nameEvents).toHaveLength(2);
    for (const e of nameEvents) {
      expect(e).toMatchObject({ matchKind: 'name', county: 'Engine', deliveryStatus: 'sent' });
      expect(e.reason).toMatch(/name/i);
    }
    const apnEvents = user.apnSubscriptions[0].events;
    expect(apnEvents).toEqual([
      expect.objectContaining({
        documentNumber: textApn.documentNumber,
        matchKind: 'apn',
        matchedValue: '012-0345-006-0000',
        partyRole: null,
        isExact: true,
        confidence: 1,
        deliveryStatus: 'sent',
        deliveryError: null,
      }),
    ]);
  });

  it('changes nothing when the same folder is ingested again', async () => {
    const before = await counts();
    const names = await indexNames();
    expect(names).toContainEqual({ name: 'SMITH, JOHN A.', document_count: 1 });
    const again = await ingestFolder(t.engine, folder);
    expect(again).toMatchObject({ documents: 0, repeats: 4, events: 0, alerts: 0, skipped: 2 });
    expect(await counts()).toEqual(before);
    expect(await indexNames()).toEqual(names);
  });

  it('counts a document once in the name index when another ingest inserts it first', async () => {
    const race = await feedFolder();
    const raced = line({ documentNumber: '2026-RACE-1', grantors: ['PARK MINJI'] });
    await writeFeed(race, [raced], { [raced.file]: await pdfFor(raced, 1) });
    try {
      // The inbox cron's ingest of the same folder commits between this ingest's repeat check
      // and its insert: it runs when this one stores the PDF.
      let other: Promise<IngestSummary> | undefined;
      const blobs = {
        ...t.engine.blobs,
        put: async (container: string, file: string, bytes: Uint8Array) => {
          other ??= ingestFolder(t.engine, race);
          await other;
          return t.engine.blobs.put(container, file, bytes);
        },
      };
      const late = await ingestFolder({ ...t.engine, blobs }, race);
      expect(await other).toMatchObject({ documents: 1, repeats: 0 });
      expect(late).toMatchObject({ documents: 0, repeats: 1, parties: 0 });
      const counted = (await indexNames()).filter((n) => n.name === 'PARK MINJI');
      expect(counted).toEqual([{ name: 'PARK MINJI', document_count: 1 }]);
    } finally {
      await rm(race, { recursive: true, force: true });
    }
  });

  it('reports the events and alerts of its documents when the match-documents job matched them first', async () => {
    const early = await feedFolder();
    const lines = [1, 2].map((n) =>
      line({ documentNumber: `2026-EARLY-${n}`, grantors: ['SMITH JOHN A'] }),
    );
    await writeFeed(
      early,
      lines,
      Object.fromEntries(await Promise.all(lines.map(async (l) => [l.file, await pdfFor(l, 1)]))),
    );
    try {
      // The job's matcher runs right after the chunk commits, before the ingest's own match:
      // the running match-documents worker may claim the chunk's job first, else this call
      // does its work. Either way every document is matched before the ingest's own match.
      let jobRan = false;
      const db = new Proxy(t.db, {
        get(target, property) {
          const value = Reflect.get(target, property, target) as unknown;
          if (property !== 'transaction') {
            return typeof value === 'function' ? value.bind(target) : value;
          }
          return () => ({
            execute: async <T>(work: (trx: typeof t.db) => Promise<T>) => {
              const result = await target.transaction().execute(work);
              if (!jobRan) {
                jobRan = true;
                const ids = await t.db
                  .selectFrom('recorded_documents')
                  .select('id')
                  .where('document_number', 'like', '2026-EARLY-%')
                  .execute();
                expect(ids).toHaveLength(2);
                await matchDocuments(
                  t.db,
                  t.boss,
                  ids.map((r) => r.id),
                );
                await waitFor('the job matched the chunk', () => allMatched(ids.map((r) => r.id)));
              }
              return result;
            },
          });
        },
      });
      const summary = await ingestFolder({ ...t.engine, db }, early);
      expect(jobRan).toBe(true);
      expect(summary).toMatchObject({ documents: 2, events: 2, alerts: 2 });
    } finally {
      await rm(early, { recursive: true, force: true });
    }
  });

  const indexNames = () =>
    t.db
      .selectFrom('index_names')
      .select(['name', 'document_count'])
      .where('county_id', '=', county.id)
      .orderBy('name_key')
      .execute();

  /** Whether every document of `ids` has been matched, by whichever matcher. */
  /** A document naming the subscriber's SMITH JOHN A, inserted without a match job. */
  async function unmatchedSmith(documentNumber: string): Promise<string> {
    const id = await insertDocument(t.db, {
      countyId: county.id,
      documentNumber,
      documentType: 'GRANT DEED',
      recordedAt,
      container: 'ENG',
      fileName: `${documentNumber}.pdf`,
      pageCount: null,
      pdfError: 'missing: not part of this test',
      text: '',
      parties: [
        {
          role: 'grantor',
          name: 'SMITH JOHN A',
          nameKey: nameKey('SMITH JOHN A'),
          ...storedName('SMITH JOHN A'),
        },
      ],
      parcels: [],
    });
    return id!;
  }

  /** Runs `hold` in a transaction of its own, then `whileHeld` before that transaction ends. */
  async function whileRowHeld<T>(hold: ReturnType<typeof sql>, whileHeld: () => Promise<T>) {
    return t.db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      try {
        await hold.execute(connection);
        return await whileHeld();
      } finally {
        await sql`ROLLBACK`.execute(connection);
      }
    });
  }

  async function allMatched(ids: string[]) {
    const left = await t.db
      .selectFrom('recorded_documents')
      .select('id')
      .where('id', 'in', ids)
      .where('matched_at', 'is', null)
      .execute();
    return left.length === 0;
  }

  async function counts() {
    const { rows } = await sql<{
      documents: string;
      parties: string;
      events: string;
      deliveries: string;
      jobs: string;
    }>`
      SELECT (SELECT count(*) FROM recorded_documents) AS documents,
             (SELECT count(*) FROM document_parties) AS parties,
             (SELECT count(*) FROM events) AS events,
             (SELECT count(*) FROM deliveries WHERE kind = 'alert') AS deliveries,
             (SELECT count(*) FROM pgboss.job WHERE name = ${SEND_ALERT}) AS jobs`.execute(t.db);
    return rows[0]!;
  }

  it('loses and repeats nothing when a matcher is killed mid-batch and the batch is retried', async () => {
    const batch = await feedFolder();
    const lines = Array.from({ length: 20 }, (_, i) =>
      line({
        documentNumber: `2026-10${String(i).padStart(5, '0')}`,
        grantors: [i % 2 === 0 ? 'SMITH JOHN' : 'JOHN A SMITH'],
        apns: i % 4 === 0 ? ['012-0345-006-0000'] : [],
      }),
    );
    await writeFeed(
      batch,
      lines,
      Object.fromEntries(await Promise.all(lines.map(async (l) => [l.file, await pdfFor(l, 1)]))),
    );
    try {
      // Ingested without matching now: the match-documents job (and this test) will.
      const summary = await ingestFolder(t.engine, batch, { matchNow: false });
      expect(summary.documents).toBe(20);
      const ids = (
        await t.db
          .selectFrom('recorded_documents')
          .select('id')
          .where('document_number', 'like', '2026-10%')
          .execute()
      ).map((r) => r.id);

      // A matcher that claimed the batch and wrote its events, then died: its connection is
      // terminated, as a SIGKILL of its process would do, and Postgres rolls it all back.
      const victim = t.db.transaction().execute(async (trx) => {
        const claimed = await claimUnmatched(trx, ids);
        expect(claimed.length).toBeGreaterThan(0);
        await insertEvents(
          trx,
          claimed.map((d) => d.id),
        );
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(t.db);
        await sql`SELECT 1`.execute(trx);
      });
      await expect(victim).rejects.toThrow();

      // The retry (and the job's worker, racing it) finish the batch once.
      const [a, b] = await Promise.all([
        matchDocuments(t.db, t.boss, ids),
        matchDocuments(t.db, t.boss, ids),
      ]);
      await waitFor('the batch matched', () => allMatched(ids));
      const events = await t.db
        .selectFrom('events')
        .select(['document_id', 'name_subscription_id', 'apn_subscription_id'])
        .where('document_id', 'in', ids)
        .execute();
      // Every document hits the name; every fourth also the APN.
      expect(events).toHaveLength(20 + 5);
      expect(a.events + b.events).toBeLessThanOrEqual(25);

      // Alerts: one per document, whatever number of send-alert jobs ran for it.
      const alerts = await waitFor('25 documents alerted', async () => {
        const rows = await t.db
          .selectFrom('deliveries')
          .select(['document_id', 'status'])
          .where('kind', '=', 'alert')
          .where('document_id', 'in', ids)
          .execute();
        return rows.length === 20 && rows.every((r) => r.status === 'sent') ? rows : undefined;
      });
      expect(new Set(alerts.map((r) => r.document_id)).size).toBe(20);
      // A send-alert job run again queues nothing more.
      expect(await sendAlert(t.engine, { userId: subscriber.id, documentId: ids[0]! })).toBe(0);
    } finally {
      await rm(batch, { recursive: true, force: true });
    }
  }, 120_000);

  it('commits in chunks of INGEST_CHUNK and reports each chunk once it is committed', async () => {
    const batch = await feedFolder();
    const count = INGEST_CHUNK + 5;
    const lines = Array.from({ length: count }, (_, i) =>
      line({ documentNumber: `2026-11${String(i).padStart(5, '0')}`, grantors: ['DOE JANE'] }),
    );
    await writeFeed(
      batch,
      lines,
      Object.fromEntries(await Promise.all(lines.map(async (l) => [l.file, await pdfFor(l, 1)]))),
    );
    try {
      const chunks: { ids: string[]; visible: number }[] = [];
      const seen: Promise<void>[] = [];
      await ingestFolder(t.engine, batch, {
        matchNow: false,
        onCommitted: (ids) => {
          // Another connection sees the chunk's documents as soon as the callback runs.
          seen.push(
            t.db
              .selectFrom('recorded_documents')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('id', 'in', ids)
              .executeTakeFirstOrThrow()
              .then((r) => void chunks.push({ ids, visible: Number(r.n) })),
          );
        },
      });
      await Promise.all(seen);
      expect(chunks.map((c) => c.ids.length).sort((a, b) => b - a)).toEqual([INGEST_CHUNK, 5]);
      expect(chunks.every((c) => c.visible === c.ids.length)).toBe(true);
      const jobs = await sql<{ n: string }>`
        SELECT count(*) AS n FROM pgboss.job
        WHERE name = ${MATCH_DOCUMENTS}
          AND data -> 'documentIds' ?| ${chunks.flatMap((c) => c.ids)}::text[]`.execute(t.db);
      expect(Number(jobs.rows[0]!.n)).toBe(2);
    } finally {
      await rm(batch, { recursive: true, force: true });
    }
  });

  it("reads and stores a chunk's PDFs several at a time, and reports their problems in the lines' order", async () => {
    const batch = await feedFolder();
    const [corrupt, missing, ...good] = Array.from({ length: PREPARED_AT_ONCE + 2 }, (_, i) =>
      line({ documentNumber: `2026-AT-ONCE-${i}`, grantors: ['NOBODY IN PARTICULAR'] }),
    );
    const lines = [corrupt!, missing!, ...good];
    await writeFeed(batch, lines, {
      [corrupt!.file]: await truncatedPdf(),
      ...Object.fromEntries(await Promise.all(good.map(async (l) => [l.file, await pdfFor(l, 1)]))),
    });
    try {
      // Each store write waits until another is under way: read one after another, the first
      // document's write would wait for ever (and the test time out).
      let inFlight = 0;
      let most = 0;
      let overlapped!: () => void;
      const overlap = new Promise<void>((resolve) => (overlapped = resolve));
      const blobs = {
        ...t.engine.blobs,
        put: async (container: string, file: string, bytes: Uint8Array) => {
          most = Math.max(most, ++inFlight);
          if (inFlight >= 2) overlapped();
          await overlap;
          try {
            return await t.engine.blobs.put(container, file, bytes);
          } finally {
            inFlight--;
          }
        },
      };
      const summary = await ingestFolder({ ...t.engine, blobs }, batch, { matchNow: false });
      expect(summary.documents).toBe(lines.length);
      expect(most).toBeGreaterThanOrEqual(2);
      expect(most).toBeLessThanOrEqual(PREPARED_AT_ONCE);
      // The missing file is known at once, the corrupt one only once parsed: still in line order.
      expect(summary.pdfReasons.map((r) => [r.line, r.documentNumber])).toEqual([
        [1, corrupt!.documentNumber],
        [2, missing!.documentNumber],
      ]);
      expect(summary.pdfReasons[1]!.reason).toMatch(/^missing: /);
      for (const l of good) expect(await t.engine.blobs.exists('ENG', l.file), l.file).toBe(true);
    } finally {
      await rm(batch, { recursive: true, force: true });
    }
  });

  it(`runs ${MATCH_WORKERS} match-documents jobs at once in a worker process`, async () => {
    // Documents with no job of their own, each then given one: every job claims its document,
    // and stops at inserting its event while another session holds the events table.
    const ids: string[] = [];
    for (let i = 0; i < MATCH_WORKERS + 1; i++) {
      ids.push(await unmatchedSmith(`2026-12${String(i).padStart(5, '0')}`));
    }
    // Earlier tests' jobs first: blocked at the same lock, they would hold the workers.
    await waitFor('the match-documents queue to be idle', async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = ${MATCH_DOCUMENTS} AND state IN ('created', 'retry', 'active')`.execute(t.db);
      return rows[0]!.n === 0;
    });
    const activeTogether = await t.db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      await sql`LOCK TABLE events IN SHARE MODE`.execute(connection);
      try {
        for (const id of ids) await t.boss.send(MATCH_DOCUMENTS, { documentIds: [id] });
        const active = () =>
          sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pgboss.job
            WHERE name = ${MATCH_DOCUMENTS} AND state = 'active'
              AND data -> 'documentIds' ?| ${ids}::text[]`.execute(t.db);
        await waitFor(`${MATCH_WORKERS} jobs active at once`, async () => {
          return (await active()).rows[0]!.n === MATCH_WORKERS;
        });
        return (await active()).rows[0]!.n;
      } finally {
        await sql`COMMIT`.execute(connection);
      }
    });
    expect(activeTogether).toBe(MATCH_WORKERS);
    await waitFor('every document matched', () => allMatched(ids));
  });

  it('matches a document while another transaction inserts rows that refer to it', async () => {
    // An alert's delivery or a fraud report inserted now holds the document FOR KEY SHARE,
    // as each foreign key's check does: the matcher's claim must not skip it.
    const id = await unmatchedSmith('2026-1300001');
    const result = await whileRowHeld(
      sql`SELECT id FROM recorded_documents WHERE id = ${id} FOR KEY SHARE`,
      () => matchDocuments(t.db, t.boss, [id]),
    );
    expect(result.documents).toBe(1);
    expect(await allMatched([id])).toBe(true);
  });

  it('tries a document held by an update again seconds later, not at the sweep', async () => {
    const id = await unmatchedSmith('2026-1300002');
    const result = await whileRowHeld(
      // What storing the excerpt of an earlier version of the document would hold.
      sql`UPDATE recorded_documents SET pdf_error = pdf_error WHERE id = ${id}`,
      async () => {
        const skipped = await matchDocuments(t.db, t.boss, [id]);
        const { rows } = await sql<{ held_before: number; seconds: number }>`
          SELECT (data ->> 'heldBefore')::int AS held_before,
                 extract(epoch FROM start_after - created_on)::float8 AS seconds
          FROM pgboss.job
          WHERE name = ${MATCH_DOCUMENTS} AND data -> 'documentIds' = ${JSON.stringify([id])}::jsonb`.execute(
          t.db,
        );
        return { skipped, retries: rows };
      },
    );
    expect(result.skipped.documents).toBe(0);
    expect(result.retries).toHaveLength(1);
    expect(result.retries[0]!.held_before).toBe(1);
    expect(result.retries[0]!.seconds).toBeCloseTo(HELD_RETRY_SECONDS, 0);
    // The worker's job matches it once the holder is done.
    await waitFor('the held document matched by its retry', () => allMatched([id]));
  });

  it('keeps the document files in the store under the county code', async () => {
    const stored = await t.engine.blobs.get('ENG', name.file);
    expect(stored).toBeDefined();
    const bytes = Buffer.concat(await stored!.stream.toArray());
    expect(bytes.equals(await readFile(path.join(folder, name.file)))).toBe(true);
  });

  it('sends a link instead of first pages over 10 MB once encoded', async () => {
    const big = await feedFolder();
    try {
      // Two pages, each drawing 4 MB of random (incompressible) image data: about 8 MB of
      // first pages, 10.7 MB in base64.
      const pdf = await PDFDocument.create();
      for (let i = 0; i < 2; i++) {
        const page = pdf.addPage([612, 792]);
        const image = pdf.context.stream(randomBytes(4 * 1024 * 1024), {
          Type: 'XObject',
          Subtype: 'Image',
          Width: 1024,
          Height: 1366,
          ColorSpace: 'DeviceRGB',
          BitsPerComponent: 8,
        });
        page.node.setXObject(PDFName.of(`Im${i}`), pdf.context.register(image));
        page.drawText(`Big page ${i + 1}`, { x: 72, y: 720 });
      }
      const l = line({ documentNumber: '2026-BIG-1', grantors: ['SMITH JOHN A'] });
      await writeFeed(big, [l], { [l.file]: await pdf.save() });
      const summary = await ingestFolder(t.engine, big);
      expect(summary).toMatchObject({ documents: 1, alerts: 1, pdfProblems: 0 });
      const mail = await waitFor('the alert of the big document', async () =>
        t.db
          .selectFrom('outbox_messages')
          .selectAll()
          .where('recipient', '=', subscriber.email)
          .where('text_body', 'like', '%2026-BIG-1%')
          .executeTakeFirst(),
      );
      expect(mail.text_body).toMatch(/too large to attach/);
      expect(mail.text_body).toContain(`/documents/ENG/${l.file}`);
      const attachments = await t.db
        .selectFrom('outbox_attachments')
        .select('id')
        .where('message_id', '=', mail.id)
        .execute();
      expect(attachments).toHaveLength(0);
    } finally {
      await rm(big, { recursive: true, force: true });
    }
  });
  it('never reads a linked, hard-linked or non-PDF file of a feed into the store or an alert', async () => {
    // A real PDF outside the feed, as a file of the server's that a feed must not reach.
    const outside = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-outside-'));
    const feed = await feedFolder();
    try {
      const secret = line({ documentNumber: 'SECRET-0001', grantors: ['SMITH JOHN A'] });
      const secretPdf = path.join(outside, 'secret.pdf');
      await writeFile(secretPdf, await pdfFor(secret, 1));
      const lines = [1, 2, 3, 4].map((n) =>
        line({ documentNumber: `2026-LINK-${n}`, grantors: ['SMITH JOHN A'] }),
      );
      const [linked, passwd, hard, text] = lines as [
        FeedLineInput,
        FeedLineInput,
        FeedLineInput,
        FeedLineInput,
      ];
      await writeFeed(feed, lines, {});
      await symlink(secretPdf, path.join(feed, linked.file));
      await symlink('/etc/passwd', path.join(feed, passwd.file));
      await link(secretPdf, path.join(feed, hard.file));
      await writeFile(path.join(feed, text.file), 'SESSION_SECRET=not-a-pdf-but-a-secret\n');

      const summary = await ingestFolder(t.engine, feed);
      expect(summary).toMatchObject({ documents: 4, pdfProblems: 4, alerts: 4 });
      const reasons = Object.fromEntries(
        summary.pdfReasons.map((r) => [r.documentNumber, r.reason]),
      );
      expect(reasons).toEqual({
        [linked.documentNumber]: `refused: ${linked.file} is a symbolic link, which is not followed; a PDF must be a plain file in the feed folder`,
        [passwd.documentNumber]: `refused: ${passwd.file} is a symbolic link, which is not followed; a PDF must be a plain file in the feed folder`,
        [hard.documentNumber]: expect.stringMatching(/^refused: .* has 2 hard links/),
        [text.documentNumber]: `not-a-pdf: ${text.file} does not start with %PDF-`,
      });
      for (const l of lines) {
        expect(await t.engine.blobs.exists('ENG', l.file), l.file).toBe(false);
      }
      const rows = await t.db
        .selectFrom('recorded_documents')
        .select(['document_number', 'pdf_error', 'page_count'])
        .where('document_number', 'like', '2026-LINK-%')
        .orderBy('document_number')
        .execute();
      expect(rows.map((r) => [r.pdf_error === reasons[r.document_number], r.page_count])).toEqual(
        lines.map(() => [true, null]),
      );

      // Alerted without an attachment, and the file is not downloadable through the alert.
      const mails = await waitFor('the four alerts', async () => {
        const found = await t.db
          .selectFrom('outbox_messages')
          .select(['id', 'text_body'])
          .where('recipient', '=', subscriber.email)
          .where('text_body', 'like', '%2026-LINK-%')
          .execute();
        return found.length === 4 ? found : undefined;
      });
      const attachments = await t.db
        .selectFrom('outbox_attachments')
        .select('id')
        .where(
          'message_id',
          'in',
          mails.map((m) => m.id),
        )
        .execute();
      expect(attachments).toEqual([]);
      const cookie = await signInSubscriber(t, subscriber.email);
      for (const l of lines) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/document/download?containerName=ENG&fileName=${encodeURIComponent(l.file)}`,
          headers: { cookie },
        });
        expect(res.statusCode, l.file).toBe(404);
        expect(res.body).not.toContain('root:');
        expect(res.body).not.toContain('SESSION_SECRET');
      }
    } finally {
      await rm(feed, { recursive: true, force: true });
      await rm(outside, { recursive: true, force: true });
    }
  });
});

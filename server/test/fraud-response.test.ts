import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../src/documents/pdf/extract-text.ts';
import { PACKET_CONTAINER } from '../src/engine/cases/case-packet.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { apnKey, nameKey } from '../src/keys/normalize.ts';
import {
  insertApnSubscriptions,
  insertNameSubscriptions,
} from '../src/modules/user/user.repository.ts';
import {
  createCounty,
  createStaff,
  createSubscriber,
  type CountyRow,
} from './helpers/factories.ts';
import { feedFolder, feedLine, type FeedLineInput, feedPdf, writeFeed } from './helpers/feed.ts';
import { waitForMail } from './helpers/mail.ts';
import { signInStaff, signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

// From an Act now alert to a case: the alert's link to the event, "This wasn't me" and its case
// packet (read back with pdf.js), the packet mail, the staff case queue (forward only, notes,
// audit, filters, the open count on Stats) and the case status on the subscriber's dashboard;
// "I recognise this"; and the refusals that leave nothing half-written.

const recordedAt = new Date();
const STATEMENT =
  'I never sold my house at 12 ELM ST and I have never heard of the buyer, ROGUE RANDALL.';

type Me = {
  nameSubscriptions: { events: EventView[] }[];
  apnSubscriptions: { events: EventView[] }[];
};
type EventView = {
  id: string;
  documentNumber: string;
  level: string;
  whatItDoes: string;
  recognisedAt: string | null;
  case: { id: string; caseNumber: string; status: string; packetUrl: string } | null;
  fraudContact: { name: string; phone: string; email: string; url: string } | null;
};

describe('from an alert to a case', () => {
  let t: TestApp;
  let county: CountyRow;
  let quiet: CountyRow;
  let victim: { id: string; email: string };
  let victimCookie: string;
  let otherCookie: string;
  let supportCookie: string;
  let adminCookie: string;
  const folders: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
    county = await createCounty(t.db, { name: 'Fraudville', code: 'FRD' });
    quiet = await createCounty(t.db, { name: 'Quietville', code: 'QUI' });
    await t.db
      .updateTable('counties')
      .set({
        fraud_contact_name: 'Fraudville Real Estate Fraud Unit',
        fraud_contact_phone: '(916) 874-6334',
        fraud_contact_email: 'fraud@fraudville.example.gov',
        fraud_contact_url: 'https://fraudville.example.gov/fraud',
      })
      .where('id', '=', county.id)
      .execute();
    victim = await createSubscriber(t.db, { verified: true });
    const since = new Date(recordedAt.getTime() - 60_000);
    await insertNameSubscriptions(
      t.db,
      victim.id,
      [
        {
          countyId: county.id,
          name: 'VICTIM VERA',
          nameKey: nameKey('VICTIM VERA'),
          tokens: ['VICTIM', 'VERA'],
        },
      ],
      since,
    );
    await insertApnSubscriptions(
      t.db,
      victim.id,
      [
        {
          countyId: county.id,
          apn: '012-0345-006-0007',
          apnKey: apnKey('012-0345-006-0007'),
          description: '12 ELM ST',
          addressKey: null,
          addressZip: null,
        },
      ],
      since,
    );
    victimCookie = await signInSubscriber(t, victim.email);
    otherCookie = await signInSubscriber(
      t,
      (await createSubscriber(t.db, { verified: true })).email,
    );
    supportCookie = await signInStaff(t, (await createStaff(t.db, 'customersupport')).email);
    adminCookie = await signInStaff(t, (await createStaff(t.db, 'admin')).email);
  });
  afterAll(async () => {
    await t.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  async function ingest(lines: FeedLineInput[], pdfs: Record<string, Uint8Array> = {}) {
    const folder = await feedFolder();
    folders.push(folder);
    for (const l of lines)
      pdfs[l.file] ??= await feedPdf(l, 3, l.apns.length ? l.apns : undefined, 'Fraudville');
    await writeFeed(folder, lines, pdfs);
    return ingestFolder(t.engine, folder);
  }

  const call = (
    method: 'GET' | 'POST',
    url: string,
    cookie: string | undefined,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { origin: t.config.appUrl, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });

  const me = async (): Promise<EventView[]> => {
    const body = (await call('POST', '/api/auth/me', victimCookie)).json() as Me;
    return [...body.nameSubscriptions, ...body.apnSubscriptions].flatMap((s) => s.events);
  };

  const report = (eventId: string, payload: object, cookie = victimCookie) =>
    call('POST', `/api/user/events/${eventId}/report`, cookie, payload);

  const GOOD_REPORT = {
    problem: 'did_not_sign',
    statement: STATEMENT,
    contactEmail: 'vera.home@example.com',
    contactPhone: '(916) 555-0123',
    preferredContact: 'phone',
  };

  const counts = async () => ({
    cases: Number(
      (
        await t.db
          .selectFrom('cases')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    packets: Number(
      (
        await t.db
          .selectFrom('deliveries')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('kind', '=', 'case_packet')
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  let deedEvent: EventView;
  let apnEvent: EventView;
  let caseId: string;
  let caseNumber: string;

  it('leads the alert of a deed from the subscriber with Act now and links it to its event', async () => {
    const deed = feedLine('FRD', recordedAt, {
      documentNumber: 'FRD-2026-0001',
      grantors: ['VICTIM VERA'],
      grantees: ['ROGUE RANDALL'],
      apns: ['012-0345-006-0007'],
      addresses: ['12 ELM ST'],
    });
    expect(await ingest([deed])).toMatchObject({ documents: 1, events: 2, alerts: 1 });
    const events = await me();
    deedEvent = events.find((e) => e.documentNumber === 'FRD-2026-0001' && e.level === 'act_now')!;
    apnEvent = events.find((e) => e.documentNumber === 'FRD-2026-0001' && e.id !== deedEvent.id)!;
    expect(deedEvent).toBeDefined();
    expect(apnEvent.level).toBe('act_now');
    expect(deedEvent.fraudContact).toEqual({
      name: 'Fraudville Real Estate Fraud Unit',
      phone: '(916) 874-6334',
      email: 'fraud@fraudville.example.gov',
      url: 'https://fraudville.example.gov/fraud',
    });

    const mail = await waitForMail(t.db, victim.email, /^Act now: /);
    expect(mail.subject).toMatch(
      /^Act now: A deed transferring 12 ELM ST (from you )?was recorded in Fraudville County on \d\d\/\d\d\/\d{4}$/,
    );
    expect(mail.text_body.split('\n')[0]).toMatch(/^Act now: A deed transferring 12 ELM ST/);
    const link = /\/dashboard\?event=([0-9a-f-]{36})/.exec(mail.text_body)![1]!;
    expect([deedEvent.id, apnEvent.id]).toContain(link);
    expect(mail.text_body).toContain(
      "report it to the county's fraud contact: Fraudville Real Estate Fraud Unit",
    );
  });

  it('refuses a report without a statement, or with a way to reach them that does not work, writing nothing', async () => {
    const before = await counts();
    const refused: [object, number, RegExp][] = [
      [{ ...GOOD_REPORT, statement: undefined }, 400, /statement/],
      [{ ...GOOD_REPORT, statement: '   ' }, 400, /statement: is required/],
      [{ ...GOOD_REPORT, statement: 'No.' }, 400, /at least 10 characters/],
      [{ ...GOOD_REPORT, problem: 'hacked' }, 400, /problem: must be/],
      [{ ...GOOD_REPORT, contactPhone: '555-0123' }, 400, /contactPhone: must be a phone number/],
      [{ ...GOOD_REPORT, contactPhone: '' }, 400, /contactPhone: is required when/],
      [{ ...GOOD_REPORT, contactEmail: 'vera at home' }, 400, /contactEmail: must be an email/],
      [{ ...GOOD_REPORT, statement: 'a\u0000b is not text at all' }, 400, /control characters/],
    ];
    for (const [payload, status, message] of refused) {
      const res = await report(deedEvent.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    // In Spanish, the field is named in plain words.
    await t.db.updateTable('users').set({ language: 'es' }).where('id', '=', victim.id).execute();
    try {
      for (const [payload, message] of [
        [
          { ...GOOD_REPORT, contactPhone: '555-0123' },
          'El teléfono de contacto (contactPhone) debe ser un número de teléfono: 10 dígitos, o + y el código del país.',
        ],
        [
          { ...GOOD_REPORT, contactPhone: '' },
          'El teléfono de contacto (contactPhone) es obligatorio si prefiere que lo llamen.',
        ],
        [
          { ...GOOD_REPORT, contactEmail: 'vera at home' },
          'El correo de contacto (contactEmail) debe ser una dirección de correo electrónico.',
        ],
      ] as const) {
        const res = await report(deedEvent.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toBe(message);
      }
    } finally {
      await t.db.updateTable('users').set({ language: 'en' }).where('id', '=', victim.id).execute();
    }
    // Another subscriber's event is not theirs to report.
    const theirs = await report(deedEvent.id, GOOD_REPORT, otherCookie);
    expect(theirs.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('opens a case with a packet that holds the document number, the statement and the county contact', async () => {
    const res = await report(deedEvent.id, GOOD_REPORT);
    expect(res.statusCode, res.body).toBe(201);
    const opened = res.json();
    expect(opened).toMatchObject({
      status: 'open',
      packetUrl: `/api/user/cases/${opened.id}/packet`,
    });
    caseId = opened.id;
    caseNumber = opened.caseNumber;
    expect(caseNumber).toMatch(/^\d+$/);

    const download = await call('GET', opened.packetUrl, victimCookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="DeedWatch-case-${caseNumber}-FRD-2026-0001.pdf"`,
    );
    const pdf = new Uint8Array(download.rawPayload);
    const text = await extractPdfText(pdf);
    if (!text.ok) throw new Error(`unreadable packet: ${text.reason}`);
    const flat = text.text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Case ${caseNumber}`);
    expect(flat).toContain('Document number: FRD-2026-0001');
    expect(flat).toContain('GRANT DEED');
    expect(flat).toContain(STATEMENT);
    expect(flat).toContain('I did not sign this document');
    // Written for the county, the police and an insurer: the subscriber is not "you" there.
    expect(flat).toMatch(
      /reports that this recorded document is not theirs: they did not sign or authorise it\. Act now: A grant deed (affecting 12 ELM ST|naming \S+ \S+ as grantor) was recorded in Fraudville County on \d\d\/\d\d\/\d{4}\./,
    );
    expect(flat).not.toMatch(/from you|naming you/);
    expect(flat).toContain('Fraudville Real Estate Fraud Unit');
    expect(flat).toContain('Phone: (916) 874-6334');
    expect(flat).toContain('fraud@fraudville.example.gov');
    expect(flat).toContain('Phone: +19165550123');
    expect(flat).toContain('Prefers: a phone call');
    expect(flat).toMatch(/police/);
    expect(flat).toMatch(/title insurance/);
    expect(flat).toMatch(/credit freeze/);
    expect(flat).toContain('The first 2 pages of document FRD-2026-0001 follow.');
    // The recorded document's own first pages follow the packet's: its text is the sample deed's.
    expect(flat).toContain('ROGUE RANDALL');
    expect(text.pageCount).toBeGreaterThanOrEqual(3);

    // Mailed to the account's email, with the packet attached.
    const mail = await waitForMail(
      t.db,
      victim.email,
      new RegExp(`^DeedWatch case ${caseNumber}:`),
    );
    expect(mail.text_body).toContain('File a police report');
    expect(mail.text_body).toContain('Freeze your credit');
    const attachments = await t.db
      .selectFrom('outbox_attachments')
      .select(['name', 'content'])
      .where('message_id', '=', mail.id)
      .execute();
    expect(attachments.map((a) => a.name)).toEqual([`DeedWatch-case-${caseNumber}.pdf`]);
    expect(Buffer.compare(attachments[0]!.content, Buffer.from(pdf))).toBe(0);

    // Both of the subscriber's events on the document show the case.
    const events = await me();
    for (const e of events.filter((x) => x.documentNumber === 'FRD-2026-0001'))
      expect(e.case).toMatchObject({ id: caseId, caseNumber, status: 'open' });
  });

  it('refuses a second report of the document, from either of its events, and "I recognise this" after it', async () => {
    const before = await counts();
    for (const id of [deedEvent.id, apnEvent.id]) {
      const again = await report(id, GOOD_REPORT);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        `You already reported document FRD-2026-0001: it is case ${caseNumber}. Download its packet from the alert.`,
      );
    }
    const recognise = await call('POST', `/api/user/events/${apnEvent.id}/recognise`, victimCookie);
    expect(recognise.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('keeps the packet from everyone but its subscriber and staff', async () => {
    expect((await call('GET', `/api/user/cases/${caseId}/packet`, otherCookie)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/user/cases/${caseId}/packet`, undefined)).statusCode).toBe(401);
    const staff = await call('GET', `/api/admin/cases/${caseId}/packet`, supportCookie);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-type']).toBe('application/pdf');
  });

  it('tells a Spanish subscriber in Spanish that a case is not theirs or its packet is missing; staff in English', async () => {
    const spanish = await createSubscriber(t.db, { verified: true, language: 'es' });
    const notTheirs = await call(
      'GET',
      `/api/user/cases/${caseId}/packet`,
      await signInSubscriber(t, spanish.email),
    );
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe('No se encontró el caso.');

    // The packet gone from the store for a moment, the victim reading in Spanish.
    const { packet_file } = await t.db
      .selectFrom('cases')
      .select('packet_file')
      .where('id', '=', caseId)
      .executeTakeFirstOrThrow();
    const stored = await t.engine.blobs.get(PACKET_CONTAINER, packet_file!);
    const bytes = Buffer.concat(await stored!.stream.toArray());
    await t.engine.blobs.delete(PACKET_CONTAINER, packet_file!);
    const language = (language: 'en' | 'es') =>
      t.db.updateTable('users').set({ language }).where('id', '=', victim.id).execute();
    await language('es');
    try {
      const missing = await call('GET', `/api/user/cases/${caseId}/packet`, victimCookie);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(
        `El expediente del caso ${caseNumber} no está disponible en este momento. Vuelva a intentarlo más tarde o comuníquese con el soporte de DeedWatch e indique el caso ${caseNumber}.`,
      );
      // The staff route stays English.
      const staff = await call('GET', `/api/admin/cases/${caseId}/packet`, supportCookie);
      expect(staff.statusCode).toBe(404);
      expect(staff.json().message).toBe(
        `The packet of case ${caseNumber} is not available right now. Please try again later, or contact support and quote case ${caseNumber}.`,
      );
    } finally {
      await language('en');
      await t.engine.blobs.put(PACKET_CONTAINER, packet_file!, bytes);
    }
    expect((await call('GET', `/api/user/cases/${caseId}/packet`, victimCookie)).statusCode).toBe(
      200,
    );
  });

  it('puts the case in the staff queue, filtered by county and status, and counts it open on Stats', async () => {
    const list = (query: string, cookie = supportCookie) =>
      call('GET', `/api/admin/cases${query}`, cookie);
    const open = (await list(`?status=open&county=${county.id}`)).json();
    expect(open.totalCases).toBe(1);
    expect(open.cases[0]).toMatchObject({
      id: caseId,
      caseNumber,
      status: 'open',
      county: 'Fraudville',
      documentNumber: 'FRD-2026-0001',
      level: 'act_now',
      subscriberEmail: victim.email,
      problem: 'did_not_sign',
      contactEmail: 'vera.home@example.com',
      contactPhone: '+19165550123',
      preferredContact: 'phone',
    });
    expect(open.counties).toEqual([{ id: county.id, name: 'Fraudville' }]);
    expect((await list(`?county=${quiet.id}`)).json()).toEqual({
      cases: [],
      totalCases: 0,
      counties: [{ id: county.id, name: 'Fraudville' }],
    });
    expect((await list('?status=closed')).json().totalCases).toBe(0);
    expect((await list('?county=999999')).statusCode).toBe(400);
    expect((await list('?status=lost')).statusCode).toBe(400);
    expect((await list('', otherCookie)).statusCode).toBe(403);

    const stats = (await call('GET', '/api/admin/metrics', supportCookie)).json();
    expect(stats.openCases).toBe(1);
    expect(stats.openCasesByCounty).toMatchObject({ Fraudville: 1, Quietville: 0 });
  });

  const setStatus = (status: string, cookie = supportCookie, note?: string) =>
    call('POST', `/api/admin/cases/${caseId}/status`, cookie, {
      status,
      ...(note ? { note } : {}),
    });

  it('moves a case forward only, with notes, and writes who changed what', async () => {
    const contacted = await setStatus(
      'contacted',
      supportCookie,
      'Called Vera; she is going to the recorder.',
    );
    expect(contacted.statusCode, contacted.body).toBe(200);
    expect(contacted.json()).toMatchObject({ status: 'contacted', statement: STATEMENT });
    expect(contacted.json().contactedAt).not.toBeNull();

    const back = await setStatus('open');
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(
      `Case ${caseNumber} is contacted: a case moves only forward (open, contacted, closed), never back to open.`,
    );
    const same = await setStatus('contacted');
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(`Case ${caseNumber} is already contacted.`);

    const note = await call('POST', `/api/admin/cases/${caseId}/notes`, adminCookie, {
      note: 'Police report number 26-1234 received.',
    });
    expect(note.statusCode).toBe(201);
    expect(
      (await call('POST', `/api/admin/cases/${caseId}/notes`, adminCookie, { note: '  ' }))
        .statusCode,
    ).toBe(400);

    const closed = await setStatus('closed', adminCookie);
    expect(closed.statusCode).toBe(200);
    expect((await setStatus('contacted', adminCookie)).statusCode).toBe(409);

    const detail = (await call('GET', `/api/admin/cases/${caseId}`, supportCookie)).json();
    expect(detail.status).toBe('closed');
    expect(detail.notes.map((n: { body: string }) => n.body)).toEqual([
      'Called Vera; she is going to the recorder.',
      'Police report number 26-1234 received.',
    ]);
    expect(
      detail.history.map((h: { action: string; details: Record<string, unknown> }) => [
        h.action,
        h.details.from ?? null,
        h.details.to ?? null,
      ]),
    ).toEqual([
      ['case.open', null, null],
      ['case.status', 'open', 'contacted'],
      ['case.note', null, null],
      ['case.status', 'contacted', 'closed'],
    ]);
    expect(detail.history[0].actorEmail).toBe(victim.email);
    expect(detail.history[1].actorEmail).toMatch(/^customersupport-/);
    expect(detail.history[3].actorEmail).toMatch(/^admin-/);

    // The database holds the line too: no writer moves a case back.
    await expect(
      t.db.updateTable('cases').set({ status: 'open' }).where('id', '=', caseId).execute(),
    ).rejects.toThrow(/cannot move from closed back to open/);

    // The subscriber sees where the case stands.
    const events = await me();
    expect(events.find((e) => e.id === deedEvent.id)!.case!.status).toBe('closed');
    expect((await call('GET', '/api/admin/metrics', supportCookie)).json().openCases).toBe(0);
  });

  it('"I recognise this" closes every event of the document, once, and leaves other documents alone', async () => {
    const loan = feedLine('FRD', recordedAt, {
      documentNumber: 'FRD-2026-0002',
      documentType: 'DEED OF TRUST',
      grantors: ['VICTIM VERA'],
      grantees: ['HONEST LENDING CORP'],
      apns: ['012-0345-006-0007'],
    });
    const reconveyance = feedLine('FRD', recordedAt, {
      documentNumber: 'FRD-2026-0003',
      documentType: 'FULL RECONVEYANCE',
      grantors: ['VICTIM VERA'],
    });
    await ingest([loan, reconveyance]);
    const events = await me();
    const loanEvents = events.filter((e) => e.documentNumber === 'FRD-2026-0002');
    expect(loanEvents).toHaveLength(2);
    const res = await call('POST', `/api/user/events/${loanEvents[0]!.id}/recognise`, victimCookie);
    expect(res.statusCode).toBe(200);
    const after = await me();
    for (const e of after.filter((x) => x.documentNumber === 'FRD-2026-0002')) {
      expect(e.recognisedAt).not.toBeNull();
      expect(e.case).toBeNull();
    }
    expect(after.find((e) => e.documentNumber === 'FRD-2026-0003')!.recognisedAt).toBeNull();
    // Again changes nothing; someone else's event is not found.
    expect(
      (await call('POST', `/api/user/events/${loanEvents[0]!.id}/recognise`, victimCookie))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/user/events/${loanEvents[0]!.id}/recognise`, otherCookie))
        .statusCode,
    ).toBe(404);
  });

  it('puts the first pages in the packet of a document no alert has cut them from yet', async () => {
    const reconveyance = (await me()).find((e) => e.documentNumber === 'FRD-2026-0003')!;
    // As if the alert had not gone out: no excerpt of the document anywhere.
    const doc = await t.db
      .updateTable('recorded_documents')
      .set({ excerpt_file: null })
      .where('document_number', '=', 'FRD-2026-0003')
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.engine.blobs.delete('alert-excerpts', `${doc.id}.pdf`);
    const res = await report(reconveyance.id, GOOD_REPORT);
    expect(res.statusCode, res.body).toBe(201);
    const download = await call('GET', res.json().packetUrl, victimCookie);
    const text = await extractPdfText(new Uint8Array(download.rawPayload));
    if (!text.ok) throw new Error(`unreadable packet: ${text.reason}`);
    expect(text.text.replace(/\s+/g, ' ')).toContain(
      'The first 2 pages of document FRD-2026-0003 follow.',
    );
    expect(text.pageCount).toBeGreaterThanOrEqual(3);
  });

  it('makes a packet that says so when the document cannot be read', async () => {
    const broken = feedLine('FRD', recordedAt, {
      documentNumber: 'FRD-2026-0004',
      documentType: 'NOTICE OF DEFAULT',
      grantors: ['VICTIM VERA'],
    });
    await ingest([broken], { [broken.file]: new TextEncoder().encode('%PDF-1.7 not really') });
    const event = (await me()).find((e) => e.documentNumber === 'FRD-2026-0004')!;
    const res = await report(event.id, {
      ...GOOD_REPORT,
      preferredContact: 'email',
      contactPhone: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    const download = await call('GET', res.json().packetUrl, victimCookie);
    const text = await extractPdfText(new Uint8Array(download.rawPayload));
    if (!text.ok) throw new Error(`unreadable packet: ${text.reason}`);
    const flat = text.text.replace(/\s+/g, ' ');
    expect(flat).toContain('A copy of the document could not be included.');
    expect(flat).toContain('Document number: FRD-2026-0004');
    expect(flat).toContain('Prefers: email');
    expect(text.pageCount).toBeLessThanOrEqual(2);
  });
});

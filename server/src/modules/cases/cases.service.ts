import type { PgBoss } from 'pg-boss';
import { CASE_STATUS_LABELS, CASE_STATUSES, isEmail, normalisePhoneNumber } from '@deedwatch/rules';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/database.ts';
import type { CaseProblem, CaseStatus } from '../../db/types.ts';
import type { PdfLimits } from '../../documents/pdf/pdf-worker.ts';
import { documentProperty } from '../../engine/alerts/alerts.repository.ts';
import { fraudContactOf } from '../../engine/alerts/alerts.service.ts';
import { reasonOf } from '../../engine/alerts/reasons.ts';
import { PACKET_CONTAINER, writeCasePacket } from '../../engine/cases/case-packet.ts';
import {
  countyInWords,
  levelLabel,
  levelSubject,
  whatWasRecorded,
} from '../../engine/levels/levels.ts';
import { translator } from '../../i18n/index.ts';
import { badRequest, conflict, type HttpError, notFound, said } from '../../lib/errors.ts';
import type { Caller } from '../../lib/route.ts';
import { countyLabel, fraudContactLines, roleLabel } from '../../mail/alert-template.ts';
import { casePacketMail } from '../../mail/case-packet-template.ts';
import type { MailSender } from '../../mail/mail-sender.ts';
import { languageOf } from '../../mail/mail.repository.ts';
import type { Brand } from '../../mail/templates.ts';
import { enqueueCaseStatusWebhooks } from '../../engine/webhooks/event-webhooks.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import { sessionUser } from '../user/session-user.service.ts';
import * as repo from './cases.repository.ts';
import type { CaseQuery, ReportInput, StaffCase, SubscriberCase } from './cases.schemas.ts';

export type CaseDeps = {
  db: Database;
  /** Queues the case.status_changed webhooks; none are sent without it. */
  boss?: PgBoss;
  mailSender: MailSender;
  brand: Brand;
  blobs: BlobStore;
  pdfLimits?: Partial<PdfLimits>;
};

export const packetUrlOf = (caseId: string) => `/api/user/cases/${caseId}/packet`;
export const staffPacketUrlOf = (caseId: string) => `/api/admin/cases/${caseId}/packet`;

const TIER_WORDS = {
  exact: 'pdf.casePacket.tiers.exact',
  strong: 'pdf.casePacket.tiers.strong',
  possible: 'pdf.casePacket.tiers.possible',
} as const;
const MATCH_WORDS = {
  apn: 'pdf.casePacket.kinds.apn',
  address: 'pdf.casePacket.kinds.address',
  name: 'pdf.casePacket.kinds.name',
} as const;
const PROBLEM_WORDS = {
  did_not_sign: 'pdf.casePacket.problems.did_not_sign',
  not_authorised: 'pdf.casePacket.problems.not_authorised',
  unknown_parties: 'pdf.casePacket.problems.unknown_parties',
  other: 'pdf.casePacket.problems.other',
} as const satisfies Record<CaseProblem, string>;
const isMatchKind = (kind: string): kind is keyof typeof MATCH_WORDS => kind in MATCH_WORDS;

/**
 * "I recognise this": closes the alert, and every other of the user's events on the same
 * document. A document the user reported as not theirs cannot also be recognised (409).
 */
export async function recogniseEvent(db: Database, caller: Caller, eventId: string) {
  const event = await repo.findEventOfUser(db, caller.userId, eventId);
  if (!event) throw said(404, 'errors.alertNotFound');
  const reported = await repo.findCaseOfDocument(db, caller.userId, event.document_id);
  if (reported)
    throw said(409, 'errors.reportedNotRecognised', {
      document: event.document_number,
      caseNumber: reported.case_number,
    });
  await repo.markRecognised(db, caller.userId, event.document_id);
  return sessionUser(db, caller);
}

/** The guarded item as the subscriber knows it. */
const guardedOf = (e: repo.EventForReport) =>
  e.name ?? `${e.apn ?? ''}${e.description ? ` (${e.description})` : ''}`;

function contactOf(input: ReportInput, accountEmail: string) {
  const email = (input.contactEmail || accountEmail).toLowerCase();
  if (!isEmail(email)) throw said(400, 'errors.contactEmail');
  let phone = '';
  if (input.contactPhone !== '') {
    const normal = normalisePhoneNumber(input.contactPhone);
    if (!normal) throw said(400, 'errors.contactPhone');
    phone = normal;
  }
  if (input.preferredContact === 'phone' && phone === '')
    throw said(400, 'errors.contactPhoneNeeded');
  return { email, phone };
}

/**
 * "This wasn't me": opens a case on the event's document, one per user and document (a second
 * report of it is 409, whichever of its events it comes from). The case packet is written to
 * the blob store first; then the case, the audit entry and the packet mail to the account's
 * email are written in one transaction, so a refused or failed report leaves no case and no
 * mail (a packet left behind by a report that lost a race is deleted).
 */
export async function reportEvent(
  deps: CaseDeps,
  caller: Caller,
  eventId: string,
  input: ReportInput,
): Promise<SubscriberCase> {
  const { db } = deps;
  const event = await repo.findEventOfUser(db, caller.userId, eventId);
  if (!event) throw said(404, 'errors.alertNotFound');
  const account = await repo.accountEmail(db, caller.userId);
  if (!account) throw said(404, 'errors.alertNotFound');
  const contact = contactOf(input, account.email);
  const already = await repo.findCaseOfDocument(db, caller.userId, event.document_id);
  const alreadyReported = (caseNumber: string) =>
    said(409, 'errors.alreadyReported', { document: event.document_number, caseNumber });
  if (already) throw alreadyReported(already.case_number);

  const caseId = randomUUID();
  const caseNumber = await repo.nextCaseNumber(db);
  const language = await languageOf(db, caller.userId);
  const t = translator(language);
  const county = countyLabel(event.county_name);
  const subject = levelSubject(event.match_kind, event.party_role);
  const guarded = guardedOf(event);
  const guardedItem =
    event.name !== null
      ? { name: event.name }
      : { apn: event.apn ?? '', address: event.description ?? '' };
  const fraudContact = fraudContactOf(event);
  const now = new Date();
  // The packet is for the county, the police and an insurer: the subscriber is named, not "you".
  const sentence = whatWasRecorded(
    {
      name: event.name,
      documentType: event.document_type,
      subject,
      property:
        subject === 'property'
          ? event.description || (event.apn ? `APN ${event.apn}` : null)
          : ((await documentProperty(db, event.document_id)) ?? null),
      countyName: event.county_name,
      recordedAt: event.recorded_at,
    },
    language,
  );
  const document = {
    id: event.document_id,
    pdf_error: event.pdf_error,
    excerpt_file: event.excerpt_file,
    container: event.container,
    file_name: event.file_name,
    document_number: event.document_number,
    county_name: event.county_name,
  };
  const packetFile = await writeCasePacket(deps, document, caseId, {
    language,
    caseNumber,
    reportedAt: now,
    document: {
      number: event.document_number,
      type: event.document_type,
      recordedAt: event.recorded_at,
      county: countyInWords(event.county_name, language),
      countyField: language === 'en' ? county : event.county_name,
      countyLinkUrl: event.link_url,
    },
    level: levelLabel(event.level, language),
    whatWasRecorded: sentence,
    match: {
      guarded,
      kind: isMatchKind(event.match_kind) ? t(MATCH_WORDS[event.match_kind]) : event.match_kind,
      matchedValue: event.matched_value,
      role: event.party_role ? roleLabel(event.party_role, t) : null,
      tier: t(TIER_WORDS[event.tier]),
      reason: reasonOf({ ...event, guarded: guardedItem }, language),
    },
    problem: t(PROBLEM_WORDS[input.problem]),
    statement: input.statement,
    contact: {
      email: contact.email,
      phone: contact.phone,
      preferred:
        input.preferredContact === 'phone'
          ? t('pdf.casePacket.preferPhone')
          : t('pdf.casePacket.preferEmail'),
    },
    fraudContact: fraudContactLines(fraudContact, t),
    support: { phone: deps.brand.supportPhone, email: deps.brand.supportEmail },
  });

  const created = await db.transaction().execute(async (trx) => {
    const row = await repo.insertCase(trx, {
      id: caseId,
      caseNumber,
      userId: caller.userId,
      documentId: event.document_id,
      countyId: event.county_id,
      eventId: event.id,
      problem: input.problem,
      statement: input.statement,
      contactEmail: contact.email,
      contactPhone: contact.phone,
      preferredContact: input.preferredContact,
      level: event.level,
      matchKind: event.match_kind,
      matchedValue: event.matched_value,
      partyRole: event.party_role,
      guarded,
      packetFile,
    });
    if (!row) return undefined;
    await writeAudit(trx, {
      actorId: caller.userId,
      impersonatorId: caller.impersonatorId,
      action: 'case.open',
      targetType: 'case',
      targetId: caseId,
      details: { caseNumber, documentNumber: event.document_number, problem: input.problem },
    });
    await deps.mailSender.enqueue(trx, {
      deliveryKind: 'case_packet',
      userId: caller.userId,
      documentId: event.document_id,
      message: {
        to: account.email,
        ...casePacketMail(deps.brand, {
          caseNumber,
          documentNumber: event.document_number,
          documentType: event.document_type,
          countyName: event.county_name,
          countyLinkUrl: event.link_url,
          fraudContact,
          caseUrl: `${deps.brand.appUrl}/dashboard?event=${event.id}`,
          language,
        }),
      },
      attachments: [
        {
          name: `DeedWatch-case-${caseNumber}.pdf`,
          contentType: 'application/pdf',
          container: PACKET_CONTAINER,
          file: packetFile,
        },
      ],
    });
    return row;
  });
  if (!created) {
    await deps.blobs.delete(PACKET_CONTAINER, packetFile);
    const winner = await repo.findCaseOfDocument(db, caller.userId, event.document_id);
    throw alreadyReported(winner?.case_number ?? caseNumber);
  }
  return {
    id: caseId,
    caseNumber,
    status: 'open',
    createdAt: created.created_at.toISOString(),
    updatedAt: created.created_at.toISOString(),
    packetUrl: packetUrlOf(caseId),
  };
}

export type PacketDownload = { fileName: string; size: number; stream: Readable };

/**
 * The case packet of a case: its subscriber's own (`userId`), or any for staff (null). Another
 * user's case is not found, as one that does not exist.
 */
export async function openPacket(
  deps: Pick<CaseDeps, 'db' | 'blobs'>,
  caseId: string,
  userId: string | null,
): Promise<PacketDownload> {
  // A subscriber is told in their language; staff (the admin route) in English, as on the other
  // staff routes.
  const refusal = (error: HttpError) => (userId === null ? notFound(error.message) : error);
  const row = await repo.findPacket(deps.db, caseId, userId);
  if (!row?.packet_file) throw refusal(said(404, 'errors.caseNotFound'));
  const blob = await deps.blobs.get(PACKET_CONTAINER, row.packet_file);
  if (!blob) throw refusal(said(404, 'errors.casePacketMissing', { caseNumber: row.case_number }));
  return {
    fileName: `DeedWatch-case-${row.case_number}-${row.document_number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`,
    size: blob.size,
    stream: blob.stream,
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function summaryOf(row: repo.CaseRow) {
  return {
    id: row.id,
    caseNumber: row.case_number,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    contactedAt: iso(row.contacted_at),
    closedAt: iso(row.closed_at),
    county: row.county_name,
    countyId: row.county_id,
    documentNumber: row.document_number,
    documentType: row.document_type,
    recordedAt: row.recorded_at.toISOString(),
    level: row.level,
    subscriberEmail: row.subscriber_email,
    userId: row.user_id,
    problem: row.problem,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    preferredContact: row.preferred_contact,
  };
}

/** The staff queue: a page of cases, newest first, by status and county. */
export async function listCases(db: Database, query: CaseQuery) {
  const filter = { status: query.status, countyId: query.county };
  const [rows, total, counties] = await Promise.all([
    repo.listCases(db, filter, { limit: query.count, offset: (query.page - 1) * query.count }),
    repo.countCases(db, filter),
    repo.countiesWithCases(db),
  ]);
  return { cases: rows.map(summaryOf), totalCases: total, counties };
}

/** One case with its statement, what matched, its notes and who changed what. */
export async function getCase(db: Database, caseId: string): Promise<StaffCase> {
  const row = await repo.findCase(db, caseId);
  if (!row) throw notFound('Case not found.');
  const [notes, history] = await Promise.all([
    repo.listNotes(db, caseId),
    repo.listHistory(db, caseId),
  ]);
  return {
    ...summaryOf(row),
    statement: row.statement,
    match: {
      guarded: row.guarded,
      matchKind: row.match_kind,
      matchedValue: row.matched_value,
      partyRole: row.party_role,
    },
    packetUrl: staffPacketUrlOf(row.id),
    notes: notes.map((n) => ({
      id: String(n.id),
      body: n.body,
      authorEmail: n.author_email,
      createdAt: n.created_at.toISOString(),
    })),
    history: history.map((h) => ({
      id: String(h.id),
      at: h.at.toISOString(),
      action: h.action,
      actorEmail: h.actor_email,
      impersonatorEmail: h.impersonator_email,
      details: (h.details ?? {}) as Record<string, unknown>,
    })),
  };
}

const rank = (status: CaseStatus) => CASE_STATUSES.indexOf(status);

/**
 * Moves a case forward (open → contacted → closed; a step may be skipped), with an optional
 * note, audited in the same transaction. Back, or to where it is, is 409 with the reason.
 */
export async function setCaseStatus(
  { db, boss }: Pick<CaseDeps, 'db' | 'boss'>,
  actor: Caller,
  caseId: string,
  status: CaseStatus,
  note: string | undefined,
): Promise<StaffCase> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findCase(trx, caseId, true);
    if (!row) throw notFound('Case not found.');
    if (row.status === status)
      throw conflict(
        `Case ${row.case_number} is already ${CASE_STATUS_LABELS[status].toLowerCase()}.`,
      );
    if (rank(status) < rank(row.status))
      throw conflict(
        `Case ${row.case_number} is ${CASE_STATUS_LABELS[row.status].toLowerCase()}: a case moves only forward (open, contacted, closed), never back to ${CASE_STATUS_LABELS[status].toLowerCase()}.`,
      );
    await repo.setStatus(trx, caseId, status);
    if (boss) {
      await enqueueCaseStatusWebhooks(
        trx,
        boss,
        {
          caseId,
          caseNumber: row.case_number,
          userId: row.user_id,
          eventId: row.event_id,
          status,
          previousStatus: row.status,
          county: row.county_name,
          documentNumber: row.document_number,
          documentType: row.document_type,
          recordedAt: row.recorded_at,
        },
        new Date(),
      );
    }
    const noteRow = note ? await repo.insertNote(trx, caseId, actor.userId, note) : undefined;
    await writeAudit(trx, {
      actorId: actor.userId,
      impersonatorId: actor.impersonatorId,
      action: 'case.status',
      targetType: 'case',
      targetId: caseId,
      details: {
        caseNumber: row.case_number,
        from: row.status,
        to: status,
        ...(noteRow ? { noteId: String(noteRow.id), note } : {}),
      },
    });
  });
  return getCase(db, caseId);
}

/** A staff note on a case, audited in the same transaction. */
export async function addCaseNote(
  db: Database,
  actor: Caller,
  caseId: string,
  note: string,
): Promise<StaffCase> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findCase(trx, caseId, true);
    if (!row) throw notFound('Case not found.');
    const noteRow = await repo.insertNote(trx, caseId, actor.userId, note);
    await repo.touch(trx, caseId);
    await writeAudit(trx, {
      actorId: actor.userId,
      impersonatorId: actor.impersonatorId,
      action: 'case.note',
      targetType: 'case',
      targetId: caseId,
      details: { caseNumber: row.case_number, noteId: String(noteRow.id), note },
    });
  });
  return getCase(db, caseId);
}

/** Whether a county filter names a county at all (an unknown one is a 400, not an empty page). */
export async function assertCounty(db: Database, countyId: number | undefined) {
  if (countyId === undefined) return;
  if (!(await repo.countyExists(db, countyId)))
    throw badRequest(`query parameter county: no county has the id ${countyId}`);
}

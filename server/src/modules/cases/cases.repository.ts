import { sql } from 'kysely';
import {
  ALERTED_DOCUMENT_COLUMNS,
  EVENT_MATCH_COLUMNS,
  GUARDED_COLUMNS,
} from '../../db/columns.ts';
import type { Executor } from '../../db/database.ts';
import type { CaseProblem, CaseStatus } from '../../db/types.ts';

/**
 * One of the user's events with what a report on it needs: the document, its county (and the
 * county's fraud contact), and the guarded item.
 */
export function findEventOfUser(db: Executor, userId: string, eventId: string) {
  return db
    .selectFrom('events as e')
    .innerJoin('recorded_documents as d', 'd.id', 'e.document_id')
    .innerJoin('counties as c', 'c.id', 'd.county_id')
    .leftJoin('apn_subscriptions as a', 'a.id', 'e.apn_subscription_id')
    .leftJoin('name_subscriptions as n', 'n.id', 'e.name_subscription_id')
    .select([
      'e.id',
      'e.user_id',
      'e.document_id',
      ...EVENT_MATCH_COLUMNS,
      'e.tier',
      'e.level',
      'e.recognised_at',
      ...ALERTED_DOCUMENT_COLUMNS,
      ...GUARDED_COLUMNS,
    ])
    .where('e.id', '=', eventId)
    .where('e.user_id', '=', userId)
    .executeTakeFirst();
}

export type EventForReport = NonNullable<Awaited<ReturnType<typeof findEventOfUser>>>;

/** The user's case about the document, if they reported it. */
export function findCaseOfDocument(db: Executor, userId: string, documentId: string) {
  return db
    .selectFrom('cases')
    .select(['id', 'case_number', 'status'])
    .where('user_id', '=', userId)
    .where('document_id', '=', documentId)
    .executeTakeFirst();
}

/** "I recognise this": every one of the user's events on the document, not only the one clicked. */
export async function markRecognised(db: Executor, userId: string, documentId: string) {
  await db
    .updateTable('events')
    .set({ recognised_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('document_id', '=', documentId)
    .where('recognised_at', 'is', null)
    .execute();
}

/** A case number for a case about to be written (the packet names it before the row exists). */
export async function nextCaseNumber(db: Executor): Promise<string> {
  const { rows } = await sql<{ n: string }>`
    SELECT nextval(pg_get_serial_sequence('cases', 'case_number'))::text AS n`.execute(db);
  return rows[0]!.n;
}

export type NewCase = {
  id: string;
  caseNumber: string;
  userId: string;
  documentId: string;
  countyId: number;
  eventId: string;
  problem: CaseProblem;
  statement: string;
  contactEmail: string;
  contactPhone: string;
  preferredContact: 'email' | 'phone';
  level: string;
  matchKind: string;
  matchedValue: string;
  partyRole: string | null;
  guarded: string;
  packetFile: string;
};

/** The case; undefined when the user already reported the document (the unique key). */
export async function insertCase(db: Executor, c: NewCase) {
  const { rows } = await sql<{ id: string; created_at: Date }>`
    INSERT INTO cases (id, case_number, user_id, document_id, county_id, event_id, problem,
                       statement, contact_email, contact_phone, preferred_contact, level,
                       match_kind, matched_value, party_role, guarded, packet_file)
    OVERRIDING SYSTEM VALUE
    VALUES (${c.id}, ${c.caseNumber}, ${c.userId}, ${c.documentId}, ${c.countyId}, ${c.eventId},
            ${c.problem}, ${c.statement}, ${c.contactEmail}, ${c.contactPhone},
            ${c.preferredContact}, ${c.level}, ${c.matchKind}, ${c.matchedValue}, ${c.partyRole},
            ${c.guarded}, ${c.packetFile})
    ON CONFLICT (user_id, document_id) DO NOTHING
    RETURNING id, created_at`.execute(db);
  return rows[0];
}

export function accountEmail(db: Executor, userId: string) {
  return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
}

const CASE_COLUMNS = [
  'k.id',
  'k.case_number',
  'k.user_id',
  'k.document_id',
  'k.county_id',
  'k.event_id',
  'k.status',
  'k.problem',
  'k.statement',
  'k.contact_email',
  'k.contact_phone',
  'k.preferred_contact',
  'k.level',
  'k.match_kind',
  'k.matched_value',
  'k.party_role',
  'k.guarded',
  'k.packet_file',
  'k.created_at',
  'k.updated_at',
  'k.contacted_at',
  'k.closed_at',
  'd.document_number',
  'd.document_type',
  'd.recorded_at',
  'c.name as county_name',
  'u.email as subscriber_email',
] as const;

function cases(db: Executor) {
  return db
    .selectFrom('cases as k')
    .innerJoin('recorded_documents as d', 'd.id', 'k.document_id')
    .innerJoin('counties as c', 'c.id', 'k.county_id')
    .innerJoin('users as u', 'u.id', 'k.user_id');
}

export type CaseFilter = { status?: CaseStatus; countyId?: number };

/** A page of the queue, newest first. */
export function listCases(
  db: Executor,
  filter: CaseFilter,
  page: { limit: number; offset: number },
) {
  let query = cases(db).select(CASE_COLUMNS);
  if (filter.status) query = query.where('k.status', '=', filter.status);
  if (filter.countyId !== undefined) query = query.where('k.county_id', '=', filter.countyId);
  return query
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countCases(db: Executor, filter: CaseFilter): Promise<number> {
  let query = db.selectFrom('cases as k').select((eb) => eb.fn.countAll<string>().as('n'));
  if (filter.status) query = query.where('k.status', '=', filter.status);
  if (filter.countyId !== undefined) query = query.where('k.county_id', '=', filter.countyId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export function findCase(db: Executor, caseId: string, forUpdate = false) {
  const query = cases(db).select(CASE_COLUMNS).where('k.id', '=', caseId);
  return (forUpdate ? query.forUpdate('k') : query).executeTakeFirst();
}

export type CaseRow = NonNullable<Awaited<ReturnType<typeof findCase>>>;

/** The case's packet file, for its owner only unless `userId` is null (staff). */
export function findPacket(db: Executor, caseId: string, userId: string | null) {
  let query = db
    .selectFrom('cases as k')
    .innerJoin('recorded_documents as d', 'd.id', 'k.document_id')
    .select(['k.packet_file', 'k.case_number', 'd.document_number'])
    .where('k.id', '=', caseId);
  if (userId !== null) query = query.where('k.user_id', '=', userId);
  return query.executeTakeFirst();
}

export async function setStatus(db: Executor, caseId: string, status: CaseStatus) {
  await db
    .updateTable('cases')
    .set({
      status,
      updated_at: sql`now()`,
      ...(status === 'contacted' ? { contacted_at: sql`now()` } : {}),
      ...(status === 'closed' ? { closed_at: sql`now()` } : {}),
    })
    .where('id', '=', caseId)
    .execute();
}

export async function touch(db: Executor, caseId: string) {
  await db
    .updateTable('cases')
    .set({ updated_at: sql`now()` })
    .where('id', '=', caseId)
    .execute();
}

export function insertNote(db: Executor, caseId: string, authorId: string, body: string) {
  return db
    .insertInto('case_notes')
    .values({ case_id: caseId, author_id: authorId, body })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export function listNotes(db: Executor, caseId: string) {
  return db
    .selectFrom('case_notes as n')
    .leftJoin('users as u', 'u.id', 'n.author_id')
    .select(['n.id', 'n.body', 'n.created_at', 'u.email as author_email'])
    .where('n.case_id', '=', caseId)
    .orderBy('n.created_at')
    .orderBy('n.id')
    .execute();
}

/** Who changed what on the case: its audit entries, oldest first. */
export function listHistory(db: Executor, caseId: string) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .leftJoin('users as i', 'i.id', 'a.impersonator_id')
    .select([
      'a.id',
      'a.at',
      'a.action',
      'a.details',
      'u.email as actor_email',
      'i.email as impersonator_email',
    ])
    .where('a.target_type', '=', 'case')
    .where('a.target_id', '=', caseId)
    .orderBy('a.at')
    .orderBy('a.id')
    .execute();
}

/** The counties that have cases, by name: what the queue's county filter offers. */
export function countiesWithCases(db: Executor) {
  return db
    .selectFrom('counties as c')
    .select(['c.id', 'c.name'])
    .where((eb) =>
      eb.exists(eb.selectFrom('cases as k').select('k.id').whereRef('k.county_id', '=', 'c.id')),
    )
    .orderBy('c.name')
    .execute();
}

/** Whether a county exists, for the queue's filter. */
export function countyExists(db: Executor, countyId: number) {
  return db.selectFrom('counties').select('id').where('id', '=', countyId).executeTakeFirst();
}

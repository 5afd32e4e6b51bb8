import { sql } from 'kysely';
import {
  ALERTED_DOCUMENT_COLUMNS,
  EVENT_MATCH_COLUMNS,
  GUARDED_COLUMNS,
} from '../../db/columns.ts';
import type { Executor } from '../../db/database.ts';

export function findDocument(db: Executor, documentId: string) {
  return db
    .selectFrom('recorded_documents as d')
    .innerJoin('counties as c', 'c.id', 'd.county_id')
    .select(['d.id', ...ALERTED_DOCUMENT_COLUMNS, 'c.alert_template_id'])
    .where('d.id', '=', documentId)
    .executeTakeFirst();
}

/**
 * The user's events about the document that alert: exact and strong ones, and possible ones
 * of a name whose subscriber asked to hear of them at once. Events found on record by the
 * history check of a new guard never alert one by one.
 */
export function alertEventsOf(db: Executor, userId: string, documentId: string) {
  return db
    .selectFrom('events as e')
    .leftJoin('apn_subscriptions as a', 'a.id', 'e.apn_subscription_id')
    .leftJoin('name_subscriptions as n', 'n.id', 'e.name_subscription_id')
    .select([
      'e.id',
      ...EVENT_MATCH_COLUMNS,
      'e.confidence',
      'e.tier',
      'e.namesakes',
      'e.level',
      ...GUARDED_COLUMNS,
    ])
    .where('e.user_id', '=', userId)
    .where('e.document_id', '=', documentId)
    .where('e.on_record', '=', false)
    .where((eb) =>
      eb.or([
        eb('e.tier', '<>', 'possible'),
        eb(
          eb.fn.coalesce('n.possible_matches', 'e.removed_guard_possible_matches'),
          '=',
          'immediately',
        ),
      ]),
    )
    .orderBy('e.confidence', 'desc')
    .orderBy('e.id')
    .execute();
}

/** Possible events that went out in an alert: no digest lists them again. */
export async function markDigested(db: Executor, eventIds: readonly string[]) {
  if (eventIds.length === 0) return;
  await db
    .updateTable('events')
    .set({ digested_at: sql`now()` })
    .where('id', 'in', eventIds)
    .where('digested_at', 'is', null)
    .execute();
}

/** Email methods an alert goes to: verified, and not known to bounce. */
export function alertRecipients(db: Executor, userId: string) {
  return db
    .selectFrom('notification_methods')
    .select(['id', 'email'])
    .where('user_id', '=', userId)
    .where('type', '=', 'Email')
    .where('verified_at', 'is not', null)
    .where('undeliverable_at', 'is', null)
    .where('email', 'is not', null)
    .orderBy('created_at')
    .execute();
}

export async function setExcerpt(db: Executor, documentId: string, file: string) {
  await db
    .updateTable('recorded_documents')
    .set({ excerpt_file: file })
    .where('id', '=', documentId)
    .execute();
}

export async function setPdfError(db: Executor, documentId: string, error: string) {
  await db
    .updateTable('recorded_documents')
    .set({ pdf_error: error })
    .where('id', '=', documentId)
    .where('pdf_error', 'is', null)
    .execute();
}

/**
 * The property a document names, in words: its first address in the index order, else its
 * first APN; undefined when it names none.
 */
export async function documentProperty(db: Executor, documentId: string) {
  const row = await db
    .selectFrom('document_parcels')
    .select(['address', 'apn'])
    .where('document_id', '=', documentId)
    .orderBy(sql`address IS NULL OR address = ''`)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return row.address || (row.apn ? `APN ${row.apn}` : undefined);
}

export function accountEmail(db: Executor, userId: string) {
  return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
}

/**
 * The subscriber's trusted contacts who accepted and have not stopped, read in the transaction
 * that queues their copies and share-locked there: a stop committed first is seen, and one
 * clicked meanwhile waits for the copies to be queued, then drops them with the rest of the
 * contact's queued mail.
 */
export function activeTrustedContacts(trx: Executor, userId: string) {
  return trx
    .selectFrom('trusted_contacts')
    .select(['id', 'email', 'name'])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .orderBy('created_at')
    .forShare()
    .execute();
}

/** Whether a copy of the alert of this document already went to this recipient. */
export async function copyQueued(
  db: Executor,
  userId: string,
  documentId: string,
  recipient: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('deliveries')
    .select('id')
    .where('kind', '=', 'alert_copy')
    .where('user_id', '=', userId)
    .where('document_id', '=', documentId)
    .where('recipient', '=', recipient)
    .executeTakeFirst();
  return row !== undefined;
}

/** A single-use code of a trusted contact's link; the contact's spent codes are cleared. */
export async function insertContactCode(
  db: Executor,
  code: { contactId: string; purpose: 'accept' | 'stop'; hash: Buffer; expiresAt: Date },
): Promise<void> {
  await db
    .deleteFrom('trusted_contact_codes')
    .where('contact_id', '=', code.contactId)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<', new Date())]))
    .execute();
  await db
    .insertInto('trusted_contact_codes')
    .values({
      contact_id: code.contactId,
      purpose: code.purpose,
      code_hash: code.hash,
      expires_at: code.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Phone methods an alert may text: verified, not opted out (STOP), not known unreachable. Read
 * in the transaction that queues the texts and share-locked there, as the contacts above: a
 * STOP received meanwhile waits, then skips the texts not sent yet.
 */
export function smsRecipients(trx: Executor, userId: string) {
  return trx
    .selectFrom('notification_methods')
    .select(['id', 'phone', 'texts_check_level'])
    .where('user_id', '=', userId)
    .where('type', '=', 'SMS')
    .where('verified_at', 'is not', null)
    .where('undeliverable_at', 'is', null)
    .where('opted_out_at', 'is', null)
    .where('phone', 'is not', null)
    .orderBy('created_at')
    .forShare()
    .execute();
}

/**
 * Alert texts queued today (UTC), to `phone` and in all, counted under a transaction-scoped
 * lock so that two alerts at once cannot both take the last text of a limit.
 */
export async function alertTextsToday(trx: Executor, phone: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('deedwatch:sms-daily-limits'))`.execute(trx);
  const row = await trx
    .selectFrom('deliveries')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      sql<string>`count(*) FILTER (WHERE recipient = ${phone})`.as('to_phone'),
    ])
    .where('channel', '=', 'sms')
    .where('kind', '=', 'alert')
    .where('status', '<>', 'skipped')
    .where(
      'created_at',
      '>=',
      sql<Date>`date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    )
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), toPhone: Number(row.to_phone) };
}

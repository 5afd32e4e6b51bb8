import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export function findDocument(db: Executor, documentId: string) {
  return db
    .selectFrom('recorded_documents as d')
    .innerJoin('counties as c', 'c.id', 'd.county_id')
    .select([
      'd.id',
      'd.document_number',
      'd.document_type',
      'd.recorded_at',
      'd.container',
      'd.file_name',
      'd.pdf_error',
      'd.excerpt_file',
      'c.name as county_name',
      'c.link_url',
      'c.alert_template_id',
    ])
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
      'e.match_kind',
      'e.matched_value',
      'e.party_role',
      'e.is_exact',
      'e.confidence',
      'e.tier',
      'e.namesakes',
      'a.apn',
      'a.description',
      'n.name',
    ])
    .where('e.user_id', '=', userId)
    .where('e.document_id', '=', documentId)
    .where('e.on_record', '=', false)
    .where((eb) =>
      eb.or([eb('e.tier', '<>', 'possible'), eb('n.possible_matches', '=', 'immediately')]),
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

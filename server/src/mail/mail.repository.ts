import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@deedwatch/rules';
import { type Selectable, sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { DeliveriesTable } from '../db/types.ts';

export type DeliveryStatus = Selectable<DeliveriesTable>['status'];

export type NewDelivery = {
  deliveryKind: DeliveriesTable['kind'];
  userId: string | null;
  notificationMethodId: string | null;
  documentId: string | null;
  recipient: string;
  channel?: 'email' | 'sms';
  /** Recorded as not sent, with this reason (a daily text limit reached). */
  skipped?: string;
};

/**
 * A queued delivery; undefined for an alert already queued for that user, document and method,
 * or a copy of an alert already queued for that user, document and contact (the partial
 * unique indexes on each): two runs of one alert at once queue each once, neither failing.
 */
export async function insertDelivery(db: Executor, d: NewDelivery): Promise<string | undefined> {
  const row = await db
    .insertInto('deliveries')
    .values({
      kind: d.deliveryKind,
      user_id: d.userId,
      notification_method_id: d.notificationMethodId,
      document_id: d.documentId,
      recipient: d.recipient,
      channel: d.channel ?? 'email',
      provider_message_id: null,
      last_error: d.skipped ?? null,
      sent_at: null,
      ...(d.skipped !== undefined ? { status: 'skipped' as const } : {}),
    })
    .onConflict((oc) =>
      d.deliveryKind === 'alert_copy'
        ? oc
            .columns(['user_id', 'document_id', 'recipient'])
            .where('kind', '=', 'alert_copy')
            .doNothing()
        : oc
            .columns(['user_id', 'document_id', 'notification_method_id'])
            .where('kind', '=', 'alert')
            .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Fails a delivery that was never sent (still queued); undefined when it was not queued. */
export function failQueued(db: Executor, deliveryId: string, error: string) {
  return db
    .updateTable('deliveries')
    .set({ status: 'failed', last_error: error })
    .where('id', '=', deliveryId)
    .where('status', '=', 'queued')
    .returning(['kind', 'recipient'])
    .executeTakeFirst();
}

/** Moves a queued delivery to sending and counts the attempt; undefined when it was not queued. */
export function claimQueued(db: Executor, deliveryId: string) {
  return db
    .updateTable('deliveries')
    .set({ status: 'sending', attempts: sql`attempts + 1` })
    .where('id', '=', deliveryId)
    .where('status', '=', 'queued')
    .returning(['notification_method_id', 'user_id', 'recipient', 'kind'])
    .executeTakeFirst();
}

/** Counts another attempt at a delivery left sending; undefined when it is not sending. */
export function reclaimSending(db: Executor, deliveryId: string) {
  return db
    .updateTable('deliveries')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', deliveryId)
    .where('status', '=', 'sending')
    .returning(['notification_method_id', 'user_id', 'recipient', 'kind'])
    .executeTakeFirst();
}

export type ClaimedDelivery = NonNullable<Awaited<ReturnType<typeof claimQueued>>>;

/** Marks a delivery left sending as ambiguous: it may have gone out. Undefined when it was not sending. */
export function markAmbiguous(db: Executor, deliveryId: string, error: string) {
  return db
    .updateTable('deliveries')
    .set({ status: 'ambiguous', last_error: error })
    .where('id', '=', deliveryId)
    .where('status', '=', 'sending')
    .returning(['kind', 'recipient'])
    .executeTakeFirst();
}

/**
 * Marks a delivery sent; returns when it was queued and when its document (if any) was
 * ingested. A carrier's final word that came before the send's answer (a text's delivered or
 * failed, recorded by its status callback) is kept.
 */
export function markSent(db: Executor, deliveryId: string, providerMessageId: string | null) {
  const reported = sql<boolean>`status IN ('delivered', 'failed')`;
  return db
    .updateTable('deliveries')
    .set({
      status: sql<DeliveryStatus>`CASE WHEN ${reported} THEN status ELSE 'sent' END`,
      provider_message_id: providerMessageId,
      sent_at: new Date(),
      last_error: sql<string | null>`CASE WHEN ${reported} THEN last_error END`,
    })
    .where('id', '=', deliveryId)
    .returning((eb) => [
      'created_at',
      'sent_at',
      eb
        .selectFrom('recorded_documents')
        .select('ingested_at')
        .whereRef('recorded_documents.id', '=', 'deliveries.document_id')
        .as('document_ingested_at'),
    ])
    .executeTakeFirst();
}

export async function setOutcome(
  db: Executor,
  deliveryId: string,
  status: DeliveryStatus,
  error: string,
) {
  await db
    .updateTable('deliveries')
    .set({ status, last_error: error })
    .where('id', '=', deliveryId)
    .execute();
}

/**
 * Marks undeliverable the method the delivery was for; for mail not tied to one (a sign-in
 * link), the user's methods at that address.
 */
export async function markUndeliverable(db: Executor, claimed: ClaimedDelivery, reason: string) {
  let methods = db.updateTable('notification_methods').set({
    undeliverable_at: new Date(),
    undeliverable_reason: reason,
  });
  methods = claimed.notification_method_id
    ? methods.where('id', '=', claimed.notification_method_id)
    : methods.where('user_id', '=', claimed.user_id).where('email', '=', claimed.recipient);
  await methods.execute();
}

/**
 * Marks a phone method undeliverable unless it is already; returns its owner, number and the
 * owner's account email only when this call marked it, so the owner is told once.
 */
export function markPhoneUndeliverable(db: Executor, methodId: string, reason: string) {
  return db
    .updateTable('notification_methods as m')
    .from('users as u')
    .set({ undeliverable_at: new Date(), undeliverable_reason: reason })
    .whereRef('u.id', '=', 'm.user_id')
    .where('m.id', '=', methodId)
    .where('m.type', '=', 'SMS')
    .where('m.undeliverable_at', 'is', null)
    .returning(['m.user_id', 'm.phone', 'u.email', 'u.language'])
    .executeTakeFirst();
}

/** The language the account reads: what everything sent to it is written in; English if gone. */
export async function languageOf(db: Executor, userId: string): Promise<Language> {
  const row = await db
    .selectFrom('users')
    .select('language')
    .where('id', '=', userId)
    .executeTakeFirst();
  return isLanguage(row?.language) ? row.language : DEFAULT_LANGUAGE;
}

import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGES } from '@deedwatch/rules';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { translator } from '../../i18n/index.ts';

/** Marks every phone method on `phone` opted out (at a date) or back in (null); how many changed. */
export async function setOptedOut(db: Executor, phone: string, at: Date | null): Promise<number> {
  const result = await db
    .updateTable('notification_methods')
    .set({ opted_out_at: at })
    .where('type', '=', 'SMS')
    .where('phone', '=', phone)
    .where('opted_out_at', at === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Skips every alert text to `phone` still waiting to be sent (one in its retries, or queued
 * by an alert that read the number just before its STOP), each with the reason in its
 * account's language: the send job finds it no longer queued and sends nothing.
 */
export async function skipQueuedTexts(db: Executor, phone: string): Promise<number> {
  const reason = sql<string>`CASE u.language ${sql.join(
    LANGUAGES.map((l) => sql`WHEN ${l} THEN ${translator(l)('sms.notTexted.optedOut')}`),
    sql` `,
  )} ELSE ${translator(DEFAULT_LANGUAGE)('sms.notTexted.optedOut')} END`;
  const result = await sql`
    UPDATE deliveries AS d SET status = 'skipped', last_error = ${reason}
    FROM users AS u
    WHERE u.id = d.user_id AND d.kind = 'alert' AND d.channel = 'sms' AND d.recipient = ${phone}
      AND d.status = 'queued'`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Records the carrier's word on a text: its own status always; ours (delivered, failed) unless
 * the text already reached a final one. The text is the delivery `deliveryId`, whose sid may
 * not be recorded yet (the carrier can report before the send's answer is stored: the sid is
 * then recorded here), or without it the delivery that recorded `messageSid`. Returns the
 * delivery's method when it changed.
 */
export function recordCarrierStatus(
  db: Executor,
  text: { deliveryId?: string; messageSid: string },
  update: { providerStatus: string; status?: 'delivered' | 'failed'; error?: string },
) {
  const { deliveryId, messageSid } = text;
  return db
    .updateTable('deliveries')
    .set((eb) => ({
      provider_status: update.providerStatus,
      provider_message_id: eb.fn.coalesce('provider_message_id', eb.val(messageSid)),
      ...(update.status ? { status: update.status } : {}),
      ...(update.error ? { last_error: update.error } : {}),
    }))
    .where((eb) =>
      deliveryId === undefined
        ? eb('provider_message_id', '=', messageSid)
        : eb.and([
            eb('id', '=', deliveryId),
            eb.or([
              eb('provider_message_id', 'is', null),
              eb('provider_message_id', '=', messageSid),
            ]),
          ]),
    )
    .where('channel', '=', 'sms')
    .where('status', 'not in', ['delivered', 'failed'])
    .returning(['id', 'notification_method_id'])
    .executeTakeFirst();
}

/** The language of an account that texts go to at `phone`; English when none. */
export async function languageOfPhone(db: Executor, phone: string): Promise<Language> {
  const row = await db
    .selectFrom('notification_methods as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.language')
    .where('m.type', '=', 'SMS')
    .where('m.phone', '=', phone)
    .orderBy('m.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return isLanguage(row?.language) ? row.language : DEFAULT_LANGUAGE;
}

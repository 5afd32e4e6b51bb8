import { sql } from 'kysely';
import type { Job, PgBoss } from 'pg-boss';
import type { Database } from '../db/database.ts';
import { QUEUES, SEND_MAIL } from '../jobs/queues.ts';
import { unseal } from '../lib/sealed.ts';
import type { Mailer, SendMailJob } from './mailer.ts';
import { MailSendError, type MailMessage } from './mail.types.ts';

const RETRY_LIMIT = QUEUES[SEND_MAIL]!.retryLimit ?? 0;

/**
 * Sends one queued delivery. The row moves queued → sending → sent | failed | ambiguous. A row
 * found still `sending` belongs to an attempt that died mid-send: it may have gone out, so it
 * becomes ambiguous instead of being sent twice.
 */
export async function deliver(
  db: Database,
  mailer: Mailer,
  job: Pick<Job<SendMailJob>, 'data' | 'retryCount'>,
) {
  const { deliveryId, sealed } = job.data;
  const claimed = await db
    .updateTable('deliveries')
    .set({ status: 'sending', attempts: sql`attempts + 1` })
    .where('id', '=', deliveryId)
    .where('status', '=', 'queued')
    .returning(['notification_method_id'])
    .executeTakeFirst();
  if (!claimed) {
    await db
      .updateTable('deliveries')
      .set({
        status: 'ambiguous',
        last_error: 'The worker stopped while sending; it may have been sent.',
      })
      .where('id', '=', deliveryId)
      .where('status', '=', 'sending')
      .execute();
    return;
  }

  const message = JSON.parse(unseal(mailer.sealingKey, sealed)) as MailMessage;
  try {
    const { providerMessageId } = await mailer.transport.send(message);
    await db
      .updateTable('deliveries')
      .set({
        status: 'sent',
        provider_message_id: providerMessageId,
        sent_at: new Date(),
        last_error: null,
      })
      .where('id', '=', deliveryId)
      .execute();
  } catch (err) {
    const failure = err instanceof MailSendError ? err : new MailSendError('retry', String(err));
    const lastAttempt = job.retryCount >= RETRY_LIMIT;
    const status =
      failure.disposition === 'ambiguous'
        ? 'ambiguous'
        : failure.disposition === 'retry' && !lastAttempt
          ? 'queued'
          : 'failed';
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('deliveries')
        .set({ status, last_error: failure.message.slice(0, 1000) })
        .where('id', '=', deliveryId)
        .execute();
      if (failure.disposition === 'inactive' && claimed.notification_method_id) {
        await trx
          .updateTable('notification_methods')
          .set({
            undeliverable_at: new Date(),
            undeliverable_reason: failure.message.slice(0, 500),
          })
          .where('id', '=', claimed.notification_method_id)
          .execute();
      }
    });
    // Throwing hands the job back to pg-boss, which retries it with exponential backoff.
    if (status === 'queued') throw failure;
  }
}

export async function registerMailWorker(
  boss: PgBoss,
  db: Database,
  mailer: Mailer,
): Promise<void> {
  await boss.work<SendMailJob>(SEND_MAIL, { localConcurrency: 4 }, async ([job]) => {
    if (job) await deliver(db, mailer, job);
  });
}

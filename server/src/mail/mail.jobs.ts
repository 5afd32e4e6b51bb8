import { buffer } from 'node:stream/consumers';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database, Executor } from '../db/database.ts';
import { storedReason } from '../i18n/stored.ts';
import { batchOptions, eachJob } from '../jobs/batch.ts';
import { FAST_POLLING, SEND_MAIL } from '../jobs/queues.ts';
import { recordAlertSent, recordDelivery } from '../lib/metrics.ts';
import { type SealingKey, unseal } from '../lib/sealed.ts';
import type { BlobAttachment, MailSender, SendMailJob } from './mail-sender.ts';
import * as repo from './mail.repository.ts';
import { type Attachment, type MailMessage, MailSendError, type SendResult } from './mail.types.ts';

type DeliveryJob = Pick<JobWithMetadata<SendMailJob>, 'data' | 'retryCount' | 'retryLimit'>;

async function readAttachments(
  mailSender: MailSender,
  attachments: BlobAttachment[] = [],
): Promise<Attachment[] | string> {
  const read: Attachment[] = [];
  for (const a of attachments) {
    const blob = await mailSender.blobs?.get(a.container, a.file);
    if (!blob) {
      return storedReason('stored.mail.attachmentMissing', {
        attachment: `${a.container}/${a.file}`,
      });
    }
    read.push({ name: a.name, contentType: a.contentType, content: await buffer(blob.stream) });
  }
  return read;
}

export function openSealed<T>(key: SealingKey, sealed: string): T | undefined {
  try {
    return JSON.parse(unseal(key, sealed)) as T;
  } catch {
    return undefined;
  }
}

type Attempt = { deliveryId: string; retryCount: number; retryLimit: number };

/**
 * Sends one queued delivery by `send`, whatever the channel. The row moves queued → sending →
 * sent | failed | ambiguous. A row found still `sending` belongs to an attempt that died
 * mid-send: with an idempotent transport (the outbox) it is sent again, keyed by the delivery,
 * so it arrives once; otherwise it may have gone out, so it becomes ambiguous instead of being
 * sent twice. A recipient the provider calls inactive is handed to `onInactive` in the
 * transaction that records the failure.
 */
export async function runDelivery(
  db: Database,
  attempt: Attempt,
  transport: { idempotent: boolean },
  send: () => Promise<SendResult>,
  onInactive: (trx: Executor, claimed: repo.ClaimedDelivery, reason: string) => Promise<void>,
) {
  const { deliveryId } = attempt;
  let claimed = await repo.claimQueued(db, deliveryId);
  if (!claimed && transport.idempotent) {
    // An attempt died mid-send; this transport stores a delivery once, so send it again.
    claimed = await repo.reclaimSending(db, deliveryId);
  }
  if (!claimed) {
    const ambiguous = await repo.markAmbiguous(
      db,
      deliveryId,
      storedReason('stored.mail.workerStopped'),
    );
    if (ambiguous) recordDelivery(ambiguous.kind, ambiguous.recipient, 'ambiguous');
    return;
  }

  try {
    const { providerMessageId } = await send();
    const sent = await repo.markSent(db, deliveryId, providerMessageId);
    recordDelivery(claimed.kind, claimed.recipient, 'sent');
    if (claimed.kind === 'alert' && sent?.document_ingested_at && sent.sent_at) {
      recordAlertSent({
        ingestedAt: sent.document_ingested_at,
        queuedAt: sent.created_at,
        sentAt: sent.sent_at,
      });
    }
  } catch (err) {
    const failure = err instanceof MailSendError ? err : new MailSendError('retry', String(err));
    // The job's own limit: the queue's may have changed since the job was created.
    const lastAttempt = attempt.retryCount >= attempt.retryLimit;
    const status =
      failure.disposition === 'ambiguous'
        ? 'ambiguous'
        : failure.disposition === 'retry' && !lastAttempt
          ? 'queued'
          : 'failed';
    await db.transaction().execute(async (trx) => {
      await repo.setOutcome(trx, deliveryId, status, failure.message.slice(0, 1000));
      if (failure.disposition === 'inactive') {
        await onInactive(trx, claimed, failure.message.slice(0, 500));
      }
    });
    recordDelivery(
      claimed.kind,
      claimed.recipient,
      failure.disposition === 'inactive'
        ? 'inactive'
        : status === 'queued'
          ? 'retry'
          : (status as 'failed' | 'ambiguous'),
    );
    // Throwing hands the job back to pg-boss, which retries it with exponential backoff.
    if (status === 'queued') throw failure;
  }
}

/** Where a send job says what an operator must know: a message that cannot go out at all. */
export type DeliveryLog = Pick<Logger, 'error'>;

export const UNOPENABLE = storedReason('stored.mail.unopenable');

/**
 * Fails a delivery whose payload cannot be sent (never claimed, so never sent), and logs it at
 * error level: nothing retries it, and an operator must hear of it (a changed SESSION_SECRET
 * fails every message queued before the change). The log names the delivery, never its content.
 */
export async function failUnsendable(
  db: Database,
  deliveryId: string,
  reason: string,
  log?: DeliveryLog,
) {
  const failed = await repo.failQueued(db, deliveryId, reason);
  if (!failed) return;
  recordDelivery(failed.kind, failed.recipient, 'failed');
  log?.error(
    { deliveryId, kind: failed.kind },
    reason === UNOPENABLE
      ? 'queued message not sent: it cannot be opened with this SESSION_SECRET (was it changed since the message was queued?)'
      : `queued message not sent: ${reason}`,
  );
}

/** Sends one queued mail (runDelivery); an inactive recipient marks the method undeliverable. */
export async function deliver(
  db: Database,
  mailSender: MailSender,
  job: DeliveryJob,
  log?: DeliveryLog,
) {
  const { deliveryId, sealed } = job.data;
  // Opened before the row is claimed: a payload that cannot be opened was never sent.
  const message = openSealed<MailMessage>(mailSender.sealingKey, sealed);
  const attachments = message ? await readAttachments(mailSender, job.data.attachments) : [];
  if (!message || typeof attachments === 'string') {
    await failUnsendable(db, deliveryId, message ? (attachments as string) : UNOPENABLE, log);
    return;
  }
  if (attachments.length > 0) message.attachments = attachments;
  await runDelivery(
    db,
    { deliveryId, retryCount: job.retryCount, retryLimit: job.retryLimit },
    mailSender.transport,
    () => mailSender.transport.send(message, { idempotencyKey: deliveryId }),
    (trx, claimed, reason) => repo.markUndeliverable(trx, claimed, reason),
  );
}

export async function registerMailWorker(
  boss: PgBoss,
  db: Database,
  mailSender: MailSender,
  log?: DeliveryLog,
): Promise<void> {
  await boss.work(
    SEND_MAIL,
    {
      ...batchOptions,
      localConcurrency: 2,
      ...FAST_POLLING,
      includeMetadata: true,
    },
    eachJob((job: JobWithMetadata<SendMailJob>) => deliver(db, mailSender, job, log)),
  );
}

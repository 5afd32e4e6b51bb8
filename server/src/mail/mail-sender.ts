import type { PgBoss } from 'pg-boss';
import type { Executor } from '../db/database.ts';
import { bossDb } from '../db/pg-boss-db.ts';
import type { DB, DeliveriesTable } from '../db/types.ts';
import { SEND_MAIL } from '../jobs/queues.ts';
import { type SealingKey, seal } from '../lib/sealed.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { insertDelivery, type NewDelivery } from './mail.repository.ts';
import type { MailMessage, MailTransport } from './mail.types.ts';

/**
 * Records a delivery and queues its job on `queue` in the caller's transaction, the message
 * sealed: the job exists exactly when the delivery does. Null when the delivery exists already
 * (an alert is queued once per user, document and method).
 */
export async function queueDelivery(
  trx: Executor,
  queue: { boss: PgBoss; name: string; sealingKey: SealingKey },
  delivery: NewDelivery,
  message: object,
  extra: object = {},
): Promise<string | null> {
  const deliveryId = await insertDelivery(trx, delivery);
  if (deliveryId === undefined) return null;
  const job = { deliveryId, sealed: seal(queue.sealingKey, JSON.stringify(message)), ...extra };
  await queue.boss.send(queue.name, job, { db: bossDb<DB>(trx) });
  return deliveryId;
}

/** An attachment read from the blob store when the mail is sent, so the job stays small. */
export type BlobAttachment = { name: string; contentType: string; container: string; file: string };

export type SendMailJob = { deliveryId: string; sealed: string; attachments?: BlobAttachment[] };

export type EnqueueInput = {
  deliveryKind: DeliveriesTable['kind'];
  userId: string | null;
  notificationMethodId?: string | null;
  /** The recorded document an alert is about. */
  documentId?: string | null;
  message: Omit<MailMessage, 'attachments'>;
  attachments?: BlobAttachment[];
};

export type MailSender = {
  transport: MailTransport;
  sealingKey: SealingKey;
  /** Where blob attachments are read from; null when this process has none. */
  blobs: BlobStore | null;
  /**
   * Records a delivery and queues its send-mail job in the caller's transaction: the mail goes
   * out after COMMIT (never during it), and not at all if the transaction rolls back. The
   * message is sealed, so a sign-in link in the job table is useless without the secret.
   * Returns the delivery's id; null for an alert already queued for that user, document and
   * method (an alert is queued once, however often asked).
   */
  enqueue(trx: Executor, input: EnqueueInput): Promise<string | null>;
};

export function createMailSender(
  boss: PgBoss,
  transport: MailTransport,
  sealingKey: SealingKey,
  blobs: BlobStore | null = null,
): MailSender {
  return {
    transport,
    sealingKey,
    blobs,
    enqueue: (trx, input) =>
      queueDelivery(
        trx,
        { boss, name: SEND_MAIL, sealingKey },
        {
          deliveryKind: input.deliveryKind,
          userId: input.userId,
          notificationMethodId: input.notificationMethodId ?? null,
          documentId: input.documentId ?? null,
          recipient: input.message.to,
        },
        input.message,
        input.attachments?.length ? { attachments: input.attachments } : {},
      ),
  };
}

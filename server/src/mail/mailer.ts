import type { Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { DB, DeliveriesTable } from '../db/types.ts';
import { bossDb } from '../jobs/pg-boss-db.ts';
import { SEND_MAIL } from '../jobs/queues.ts';
import { type SealingKey, seal } from '../lib/sealed.ts';
import type { MailMessage, MailTransport } from './mail.types.ts';

export type SendMailJob = { deliveryId: string; sealed: string };

export type EnqueueInput = {
  kind: DeliveriesTable['kind'];
  userId: string | null;
  notificationMethodId?: string | null;
  message: Omit<MailMessage, 'attachments'>;
};

export type Mailer = {
  transport: MailTransport;
  sealingKey: SealingKey;
  /**
   * Records a delivery and queues its send-mail job in the caller's transaction: the mail goes
   * out after COMMIT (never during it), and not at all if the transaction rolls back. The
   * message is sealed, so a sign-in link in the job table is useless without the secret.
   */
  enqueue(trx: Kysely<DB>, input: EnqueueInput): Promise<string>;
};

export function createMailer(
  boss: PgBoss,
  transport: MailTransport,
  sealingKey: SealingKey,
): Mailer {
  return {
    transport,
    sealingKey,
    async enqueue(trx, input) {
      const delivery = await trx
        .insertInto('deliveries')
        .values({
          kind: input.kind,
          user_id: input.userId,
          notification_method_id: input.notificationMethodId ?? null,
          document_id: null,
          recipient: input.message.to,
          provider_message_id: null,
          last_error: null,
          sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const job: SendMailJob = {
        deliveryId: delivery.id,
        sealed: seal(sealingKey, JSON.stringify(input.message)),
      };
      await boss.send(SEND_MAIL, job, { db: bossDb(trx) });
      return delivery.id;
    },
  };
}

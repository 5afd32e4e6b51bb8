import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { Database } from '../db/database.ts';
import { batchOptions, eachJob } from '../jobs/batch.ts';
import { FAST_POLLING, SEND_SMS } from '../jobs/queues.ts';
import {
  type DeliveryLog,
  failUnsendable,
  openSealed,
  runDelivery,
  UNOPENABLE,
} from './mail.jobs.ts';
import type { MailSender } from './mail-sender.ts';
import type { SendSmsJob, SmsSender } from './sms-sender.ts';
import type { SmsMessage } from './sms.types.ts';
import { reportUnreachable } from './sms-unreachable.ts';
import type { Brand } from './templates.ts';

export type SmsDeps = {
  db: Database;
  smsSender: SmsSender;
  mailSender: MailSender;
  brand: Brand;
  /** Where a text that cannot be sent at all is logged (failUnsendable). */
  log?: DeliveryLog;
};

type SmsJob = Pick<JobWithMetadata<SendSmsJob>, 'data' | 'retryCount' | 'retryLimit'>;

/**
 * Sends one queued text as mail is sent (runDelivery). A number the carrier refuses as invalid
 * or unreachable is marked and its owner told by email.
 */
export async function deliverSms(deps: SmsDeps, job: SmsJob) {
  const { deliveryId, sealed } = job.data;
  const message = openSealed<SmsMessage>(deps.smsSender.sealingKey, sealed);
  if (!message) return failUnsendable(deps.db, deliveryId, UNOPENABLE, deps.log);
  const { transport, statusCallback } = deps.smsSender;
  await runDelivery(
    deps.db,
    { deliveryId, retryCount: job.retryCount, retryLimit: job.retryLimit },
    transport,
    () =>
      transport.send(message, {
        idempotencyKey: deliveryId,
        statusCallback: statusCallback(deliveryId),
      }),
    async (trx, claimed, reason) => {
      if (claimed.notification_method_id)
        await reportUnreachable(trx, deps, claimed.notification_method_id, reason);
    },
  );
}

export async function registerSmsWorker(boss: PgBoss, deps: SmsDeps): Promise<void> {
  await boss.work(
    SEND_SMS,
    {
      ...batchOptions,
      localConcurrency: 2,
      ...FAST_POLLING,
      includeMetadata: true,
    },
    eachJob((job: JobWithMetadata<SendSmsJob>) => deliverSms(deps, job)),
  );
}

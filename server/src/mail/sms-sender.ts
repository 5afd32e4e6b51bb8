import type { PgBoss } from 'pg-boss';
import type { Executor } from '../db/database.ts';
import type { DeliveriesTable } from '../db/types.ts';
import { SEND_SMS } from '../jobs/queues.ts';
import type { SealingKey } from '../lib/sealed.ts';
import { insertDelivery } from './mail.repository.ts';
import { queueDelivery } from './mail-sender.ts';
import type { SmsMessage, SmsTransport } from './sms.types.ts';

export type SendSmsJob = { deliveryId: string; sealed: string };

export type SmsInput = {
  deliveryKind: DeliveriesTable['kind'];
  userId: string;
  notificationMethodId: string;
  documentId?: string | null;
  message: SmsMessage;
};

export type SmsSender = {
  transport: SmsTransport;
  sealingKey: SealingKey;
  /**
   * Where the carrier reports a text's fate: APP_URL's status webhook with the delivery in its
   * query, so that a report arriving before the send's answer (which carries the text's id) is
   * still matched to the text.
   */
  statusCallback(deliveryId: string): string;
  /**
   * Records a text's delivery and queues its send-sms job in the caller's transaction, as
   * mail is queued; null for an alert already queued for that user, document and method.
   */
  enqueue(trx: Executor, input: SmsInput): Promise<string | null>;
  /** Records an alert text that is not sent, and why: the event shows it. */
  skip(
    trx: Executor,
    input: Omit<SmsInput, 'message'> & { to: string; reason: string },
  ): Promise<void>;
};

/** The webhook a carrier posts each text's status to. */
export const SMS_STATUS_PATH = '/api/sms/twilio/status';
/** The webhook a carrier posts replies (STOP, START, HELP) to. */
export const SMS_INBOUND_PATH = '/api/sms/twilio/inbound';

export function createSmsSender(
  boss: PgBoss,
  transport: SmsTransport,
  sealingKey: SealingKey,
  appUrl: string,
): SmsSender {
  const delivery = (input: Omit<SmsInput, 'message'>, to: string) => ({
    deliveryKind: input.deliveryKind,
    userId: input.userId,
    notificationMethodId: input.notificationMethodId,
    documentId: input.documentId ?? null,
    recipient: to,
    channel: 'sms' as const,
  });
  return {
    transport,
    sealingKey,
    statusCallback: (deliveryId) =>
      `${appUrl}${SMS_STATUS_PATH}?${new URLSearchParams({ delivery: deliveryId })}`,
    enqueue: (trx, input) =>
      queueDelivery(
        trx,
        { boss, name: SEND_SMS, sealingKey },
        delivery(input, input.message.to),
        input.message,
      ),
    async skip(trx, input) {
      await insertDelivery(trx, { ...delivery(input, input.to), skipped: input.reason });
    },
  };
}

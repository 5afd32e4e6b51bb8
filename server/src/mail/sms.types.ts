import { storedReason } from '../i18n/stored.ts';
import type { SendResult } from './mail.types.ts';

/** A text message: the number in E.164 form and the words, links included. */
export type SmsMessage = { to: string; body: string };

export interface SmsTransport {
  readonly name: 'twilio' | 'outbox';
  /** As for mail: true when a second send with the same key delivers once. */
  readonly idempotent: boolean;
  /**
   * Sends one text. `statusCallback` is where the carrier reports what became of it (Twilio
   * posts there); failures are MailSendErrors, whose disposition says whether to retry.
   */
  send(
    message: SmsMessage,
    options?: { idempotencyKey?: string; statusCallback?: string },
  ): Promise<SendResult>;
}

/**
 * Twilio error codes that mean the number itself cannot take texts: invalid (21211), not a
 * mobile number (21614), unreachable or unknown to the carrier (30003, 30005), a landline or
 * unreachable carrier (30006).
 */
export const UNREACHABLE_CODES: ReadonlySet<number> = new Set([21211, 21614, 30003, 30005, 30006]);

/** Why the carrier refused a number, for a person, with Twilio's code: stored in English. */
export function unreachableReason(code: number): string {
  switch (code) {
    case 21211:
      return storedReason('stored.sms.invalidNumber', { code });
    case 21614:
    case 30006:
      return storedReason('stored.sms.cannotText', { code });
    default:
      return storedReason('stored.sms.unreachable', { code });
  }
}

import type { Database } from '../../db/database.ts';
import { storedReason } from '../../i18n/stored.ts';
import type { MailSender } from '../../mail/mail-sender.ts';
import { helpText } from '../../mail/sms-templates.ts';
import { UNREACHABLE_CODES, unreachableReason } from '../../mail/sms.types.ts';
import { reportUnreachable } from '../../mail/sms-unreachable.ts';
import { type Brand, escapeHtml } from '../../mail/templates.ts';
import * as repo from './sms.repository.ts';

export type SmsWebhookDeps = { db: Database; mailSender: MailSender; brand: Brand };

// The carriers' and Twilio's standard keywords, matched on the whole message.
const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
]);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);
const HELP_WORDS = new Set(['HELP', 'INFO', 'AYUDA']);

const twiml = (message?: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${message ? `<Message>${escapeHtml(message)}</Message>` : ''}</Response>`;

/**
 * A reply to one of our texts. STOP (and its synonyms) opts every method on the number out:
 * nothing more is texted to it, not even a text queued and not yet sent; START opts it back in; HELP is answered with how to reach
 * support, in the language of the number's account. Twilio itself confirms STOP and START to the sender, so those get no reply of ours.
 */
export async function inbound(deps: SmsWebhookDeps, from: string, body: string): Promise<string> {
  const keyword = body.trim().toUpperCase();
  if (STOP_WORDS.has(keyword))
    await deps.db.transaction().execute(async (trx) => {
      await repo.setOptedOut(trx, from, new Date());
      await repo.skipQueuedTexts(trx, from);
    });
  else if (START_WORDS.has(keyword)) await repo.setOptedOut(deps.db, from, null);
  else if (HELP_WORDS.has(keyword))
    return twiml(
      helpText(
        deps.brand.supportPhone,
        deps.brand.supportEmail,
        await repo.languageOfPhone(deps.db, from),
      ),
    );
  return twiml();
}

/**
 * A text's status from the carrier: delivered, or not (undelivered, failed) with Twilio's
 * error code; other statuses are kept as the carrier's word only. A number Twilio reports
 * invalid or unreachable is marked, and its owner told by email, in the same transaction.
 * The text is the delivery `deliveryId` when the callback names one (every text we send names
 * it), else the delivery that recorded `messageSid` (a text sent before callbacks named it).
 */
export async function statusCallback(
  deps: SmsWebhookDeps,
  input: { deliveryId?: string; messageSid: string; messageStatus: string; errorCode?: string },
): Promise<void> {
  const code = input.errorCode ? Number(input.errorCode) : undefined;
  const failed = input.messageStatus === 'undelivered' || input.messageStatus === 'failed';
  const unreachable = code !== undefined && UNREACHABLE_CODES.has(code);
  await deps.db.transaction().execute(async (trx) => {
    const changed = await repo.recordCarrierStatus(trx, input, {
      providerStatus: input.messageStatus.slice(0, 32),
      ...(input.messageStatus === 'delivered' ? { status: 'delivered' as const } : {}),
      ...(failed
        ? {
            status: 'failed' as const,
            error: unreachable
              ? unreachableReason(code)
              : code !== undefined
                ? storedReason('stored.sms.notDelivered', { code })
                : storedReason('stored.sms.notDeliveredNoCode'),
          }
        : {}),
    });
    if (failed && unreachable && changed?.notification_method_id) {
      await reportUnreachable(trx, deps, changed.notification_method_id, unreachableReason(code));
    }
  });
}

import { DEFAULT_LANGUAGE, isLanguage } from '@deedwatch/rules';
import type { Executor } from '../db/database.ts';
import { resayStored } from '../i18n/stored.ts';
import type { MailSender } from './mail-sender.ts';
import { markPhoneUndeliverable } from './mail.repository.ts';
import { type Brand, smsUnreachableMail } from './templates.ts';

/**
 * A number the carrier cannot text: its method is marked undeliverable (no alert texts it
 * again) and, the first time, its owner is told by email, in the caller's transaction. The
 * reason is stored as given (English); the mail says it in the owner's language.
 */
export async function reportUnreachable(
  trx: Executor,
  deps: { mailSender: MailSender; brand: Brand },
  methodId: string,
  reason: string,
): Promise<void> {
  const marked = await markPhoneUndeliverable(trx, methodId, reason);
  if (!marked?.phone) return;
  const language = isLanguage(marked.language) ? marked.language : DEFAULT_LANGUAGE;
  await deps.mailSender.enqueue(trx, {
    deliveryKind: 'sms_unreachable',
    userId: marked.user_id,
    message: {
      to: marked.email,
      ...smsUnreachableMail(
        deps.brand,
        marked.phone,
        resayStored(reason, language),
        `${deps.brand.appUrl}/dashboard`,
        language,
      ),
    },
  });
}

import type { Executor } from '../../db/database.ts';
import type { MailSender } from '../../mail/mail-sender.ts';
import { languageOf } from '../../mail/mail.repository.ts';
import type { SmsSender } from '../../mail/sms-sender.ts';
import { verifySmsText } from '../../mail/sms-templates.ts';
import { type Brand, magicLinkMail, verifyMethodMail, welcomeMail } from '../../mail/templates.ts';
import { said } from '../../lib/errors.ts';
import { createCode, LOGIN_CODE_TTL_MS, SMS_CODE_TTL_MS } from './auth-codes.ts';

/** What the auth mails need: the queues and the public addresses; no text sender, no texts. */
export type AuthMail = { mailSender: MailSender; smsSender?: SmsSender | null; brand: Brand };

export const SMS_NOT_OFFERED =
  'Text messages are not offered on this server: add an email notification method instead.';

/** Welcome and verify: a verify_email code for the account's own email method. */
export async function sendWelcome(
  trx: Executor,
  m: AuthMail,
  user: { id: string; email: string },
  methodId: string,
) {
  const code = await createCode(trx, {
    userId: user.id,
    purpose: 'verify_email',
    notificationMethodId: methodId,
  });
  const message = welcomeMail(
    m.brand,
    `${m.brand.appUrl}/verify-email/${code}`,
    await languageOf(trx, user.id),
  );
  return m.mailSender.enqueue(trx, {
    deliveryKind: 'welcome',
    userId: user.id,
    notificationMethodId: methodId,
    message: { to: user.email, ...message },
  });
}

export async function sendMagicLink(
  trx: Executor,
  m: AuthMail,
  user: { id: string; email: string },
) {
  const code = await createCode(trx, { userId: user.id, purpose: 'login' });
  const message = magicLinkMail(
    m.brand,
    `${m.brand.appUrl}/login-redirect/${code}`,
    LOGIN_CODE_TTL_MS / 60_000,
    await languageOf(trx, user.id),
  );
  return m.mailSender.enqueue(trx, {
    deliveryKind: 'login',
    userId: user.id,
    message: { to: user.email, ...message },
  });
}

/** Verification of an added notification method: an email link, or a text to the phone. */
export async function sendMethodVerification(
  trx: Executor,
  m: AuthMail,
  method: { id: string; userId: string; type: 'Email' | 'SMS'; address: string },
) {
  if (method.type === 'SMS') {
    if (!m.smsSender) throw said(400, 'errors.smsNotOffered');
    const code = await createCode(trx, {
      userId: method.userId,
      purpose: 'verify_sms',
      notificationMethodId: method.id,
    });
    const body = verifySmsText(
      `${m.brand.appUrl}/verify-sms/${code}`,
      SMS_CODE_TTL_MS / 60_000,
      await languageOf(trx, method.userId),
    );
    return m.smsSender.enqueue(trx, {
      deliveryKind: 'verify',
      userId: method.userId,
      notificationMethodId: method.id,
      message: { to: method.address, body },
    });
  }
  const code = await createCode(trx, {
    userId: method.userId,
    purpose: 'verify_email',
    notificationMethodId: method.id,
  });
  const message = verifyMethodMail(
    m.brand,
    method.address,
    `${m.brand.appUrl}/verify-email/${code}`,
    await languageOf(trx, method.userId),
  );
  return m.mailSender.enqueue(trx, {
    deliveryKind: 'verify',
    userId: method.userId,
    notificationMethodId: method.id,
    message: { to: method.address, ...message },
  });
}

import type { Executor } from '../../db/database.ts';
import type { MailSender } from '../../mail/mail-sender.ts';
import {
  type Brand,
  magicLinkMail,
  verifyMethodMail,
  verifySmsMessage,
  welcomeMail,
} from '../../mail/templates.ts';
import { createCode, LOGIN_CODE_TTL_MS } from './auth-codes.ts';

/** What the auth mails need: the queue and the public addresses. */
export type AuthMail = { mailSender: MailSender; brand: Brand };

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
  const message = welcomeMail(m.brand, `${m.brand.appUrl}/verify-email/${code}`);
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
  );
  return m.mailSender.enqueue(trx, {
    deliveryKind: 'login',
    userId: user.id,
    message: { to: user.email, ...message },
  });
}

/** Verification of an added notification method: an email link, or an SMS to the phone. */
export async function sendMethodVerification(
  trx: Executor,
  m: AuthMail,
  method: { id: string; userId: string; type: 'Email' | 'SMS'; address: string },
) {
  if (method.type === 'SMS') {
    const code = await createCode(trx, {
      userId: method.userId,
      purpose: 'verify_sms',
      notificationMethodId: method.id,
    });
    const message = verifySmsMessage(`${m.brand.appUrl}/verify-sms/${code}`);
    return m.mailSender.enqueue(trx, {
      deliveryKind: 'verify',
      userId: method.userId,
      notificationMethodId: method.id,
      message: { to: method.address, ...message },
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
  );
  return m.mailSender.enqueue(trx, {
    deliveryKind: 'verify',
    userId: method.userId,
    notificationMethodId: method.id,
    message: { to: method.address, ...message },
  });
}

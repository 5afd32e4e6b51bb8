import type { PgBoss } from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { SealingKey } from '../lib/sealed.ts';
import { createSmsSender, type SmsSender } from './sms-sender.ts';
import type { MailTransport } from './mail.types.ts';
import { createOutboxTransport, createSmsOutboxTransport } from './outbox-transport.ts';
import { createPostmarkTransport } from './postmark-transport.ts';
import type { SmsTransport } from './sms.types.ts';
import { createTwilioTransport } from './twilio-transport.ts';

/** The transport MAIL_TRANSPORT names: Postmark, or the outbox (and the /dev/mail viewer). */
export function createTransport(config: Config, db: Database): MailTransport {
  if (config.mailTransport === 'postmark') {
    if (!config.postmark) throw new Error('MAIL_TRANSPORT is postmark but Postmark is not set up');
    return createPostmarkTransport(config.postmark, config.mailFrom);
  }
  return createOutboxTransport(db);
}

/** The text transport SMS_TRANSPORT names; null when texts are not offered. */
export function createSmsTransport(config: Config, db: Database): SmsTransport | null {
  if (config.smsTransport === 'twilio') {
    if (!config.twilio) throw new Error('SMS_TRANSPORT is twilio but Twilio is not set up');
    return createTwilioTransport(config.twilio);
  }
  return config.smsTransport === 'outbox' ? createSmsOutboxTransport(db) : null;
}

/** The text sender over SMS_TRANSPORT's transport, or null when texts are not offered. */
export function createSmsSenderFor(
  config: Config,
  db: Database,
  boss: PgBoss,
  sealingKey: SealingKey,
): SmsSender | null {
  const transport = createSmsTransport(config, db);
  return transport && createSmsSender(boss, transport, sealingKey, config.appUrl);
}

import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { MailTransport } from './mail.types.ts';
import { createOutboxTransport } from './outbox-transport.ts';
import { createPostmarkTransport } from './postmark-transport.ts';

/** The transport MAIL_TRANSPORT names: Postmark, or the outbox (and the /dev/mail viewer). */
export function createTransport(config: Config, db: Database): MailTransport {
  if (config.mailTransport === 'postmark') {
    if (!config.postmark) throw new Error('MAIL_TRANSPORT is postmark but Postmark is not set up');
    return createPostmarkTransport(config.postmark, config.mailFrom);
  }
  return createOutboxTransport(db);
}

import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { MailTransport } from './mail.types.ts';
import { createOutboxTransport } from './outbox-transport.ts';
import { createPostmarkTransport } from './postmark-transport.ts';

/** Postmark when a server token is configured; otherwise the outbox (and the /dev/mail viewer). */
export function createTransport(config: Config, db: Database): MailTransport {
  return config.postmark
    ? createPostmarkTransport(config.postmark, config.mailFrom)
    : createOutboxTransport(db);
}

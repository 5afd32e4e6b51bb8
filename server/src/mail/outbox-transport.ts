import type { Database } from '../db/database.ts';
import type { MailMessage, MailTransport } from './mail.types.ts';
import * as repo from './outbox.repository.ts';
import type { SmsTransport } from './sms.types.ts';

/** Keeps a message once per key (a retry finds the copy stored before) and returns its id. */
async function store(
  db: Database,
  message: MailMessage,
  channel: 'email' | 'sms',
  idempotencyKey: string | undefined,
) {
  const id = await db.transaction().execute(async (trx) => {
    const id = await repo.insertOutboxMessage(trx, message, idempotencyKey ?? null, channel);
    // Stored by an earlier attempt: that copy is the message.
    if (id === undefined) return repo.outboxMessageIdByKey(trx, idempotencyKey!);
    const attachments = message.attachments ?? [];
    if (attachments.length > 0) await repo.insertOutboxAttachments(trx, id, attachments);
    return id;
  });
  return { providerMessageId: `outbox:${id}` };
}

/** A development transport: each message is kept in Postgres for /dev/mail and for tests, and nothing is sent. */
export function createOutboxTransport(db: Database): MailTransport {
  return {
    name: 'outbox',
    idempotent: true,
    send: (message, options = {}) => store(db, message, 'email', options.idempotencyKey),
  };
}

/** The same outbox for texts: shown at /dev/mail beside the mail, marked as texts. */
export function createSmsOutboxTransport(db: Database): SmsTransport {
  return {
    name: 'outbox',
    idempotent: true,
    send: (message, options = {}) =>
      store(
        db,
        { to: message.to, subject: 'Text message', text: message.body, html: '' },
        'sms',
        options.idempotencyKey,
      ),
  };
}

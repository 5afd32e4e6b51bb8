import type { Database } from '../db/database.ts';
import type { MailMessage, MailTransport } from './mail.types.ts';
import * as repo from './outbox.repository.ts';

/** A development transport: each message is kept in Postgres for /dev/mail and for tests, and nothing is sent. */
export function createOutboxTransport(db: Database): MailTransport {
  return {
    name: 'outbox',
    idempotent: true,
    async send(message: MailMessage, options = {}) {
      const id = await db.transaction().execute(async (trx) => {
        const id = await repo.insertOutboxMessage(trx, message, options.idempotencyKey ?? null);
        // Stored by an earlier attempt: that copy is the message.
        if (id === undefined) return repo.outboxMessageIdByKey(trx, options.idempotencyKey!);
        const attachments = message.attachments ?? [];
        if (attachments.length > 0) await repo.insertOutboxAttachments(trx, id, attachments);
        return id;
      });
      return { providerMessageId: `outbox:${id}` };
    },
  };
}

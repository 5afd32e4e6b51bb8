import type { Database } from '../db/database.ts';
import type { MailMessage, MailTransport } from './mail.types.ts';

/** A development transport: each message is kept in Postgres for /dev/mail and for tests, and nothing is sent. */
export function createOutboxTransport(db: Database): MailTransport {
  return {
    name: 'outbox',
    idempotent: true,
    async send(message: MailMessage, options = {}) {
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('outbox_messages')
          .values({
            recipient: message.to,
            subject: message.subject,
            text_body: message.text,
            html_body: message.html,
            delivery_key: options.idempotencyKey ?? null,
          })
          .onConflict((oc) => oc.column('delivery_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) {
          // Stored by an earlier attempt: that copy is the message.
          const stored = await trx
            .selectFrom('outbox_messages')
            .select('id')
            .where('delivery_key', '=', options.idempotencyKey!)
            .executeTakeFirstOrThrow();
          return stored.id;
        }
        const attachments = message.attachments ?? [];
        if (attachments.length > 0) {
          await trx
            .insertInto('outbox_attachments')
            .values(
              attachments.map((a) => ({
                message_id: row.id,
                name: a.name,
                content_type: a.contentType,
                content: a.content,
              })),
            )
            .execute();
        }
        return row.id;
      });
      return { providerMessageId: `outbox:${id}` };
    },
  };
}

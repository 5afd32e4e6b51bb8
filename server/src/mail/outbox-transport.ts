import type { Database } from '../db/database.ts';
import type { MailMessage, MailTransport } from './mail.types.ts';

/** Stores each message in Postgres for the /dev/mail viewer and for tests, sending nothing. */
export function createOutboxTransport(db: Database): MailTransport {
  return {
    name: 'outbox',
    async send(message: MailMessage) {
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('outbox_messages')
          .values({
            recipient: message.to,
            subject: message.subject,
            text_body: message.text,
            html_body: message.html,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
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

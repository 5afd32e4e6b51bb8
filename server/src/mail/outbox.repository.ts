import type { Executor } from '../db/database.ts';
import type { Attachment, MailMessage } from './mail.types.ts';

/** Stores a message; undefined when one with this delivery key is stored already. */
export async function insertOutboxMessage(
  db: Executor,
  message: MailMessage,
  deliveryKey: string | null,
  channel: 'email' | 'sms' = 'email',
): Promise<string | undefined> {
  const row = await db
    .insertInto('outbox_messages')
    .values({
      recipient: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      delivery_key: deliveryKey,
      channel,
    })
    .onConflict((oc) => oc.column('delivery_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function outboxMessageIdByKey(db: Executor, deliveryKey: string): Promise<string> {
  const stored = await db
    .selectFrom('outbox_messages')
    .select('id')
    .where('delivery_key', '=', deliveryKey)
    .executeTakeFirstOrThrow();
  return stored.id;
}

export async function insertOutboxAttachments(
  db: Executor,
  messageId: string,
  attachments: Attachment[],
) {
  await db
    .insertInto('outbox_attachments')
    .values(
      attachments.map((a) => ({
        message_id: messageId,
        name: a.name,
        content_type: a.contentType,
        content: a.content,
      })),
    )
    .execute();
}

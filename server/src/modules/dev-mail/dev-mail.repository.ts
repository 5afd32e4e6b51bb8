import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export const OUTBOX_PAGE_SIZE = 200;

export async function listMessages(db: Executor) {
  const messages = await db
    .selectFrom('outbox_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OUTBOX_PAGE_SIZE)
    .execute();
  const attachments = messages.length
    ? await db
        .selectFrom('outbox_attachments')
        .select([
          'id',
          'message_id',
          'name',
          'content_type',
          sql<number>`octet_length(content)`.as('size'),
        ])
        .where(
          'message_id',
          'in',
          messages.map((m) => m.id),
        )
        .orderBy('name')
        .execute()
    : [];
  return messages.map((m) => ({
    ...m,
    attachments: attachments.filter((a) => a.message_id === m.id),
  }));
}

export function findMessage(db: Executor, id: string) {
  return db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listAttachmentsOf(db: Executor, messageId: string) {
  return db
    .selectFrom('outbox_attachments')
    .select(['id', 'name', 'content_type', sql<number>`octet_length(content)`.as('size')])
    .where('message_id', '=', messageId)
    .orderBy('name')
    .execute();
}

export function findAttachment(db: Executor, messageId: string, attachmentId: string) {
  return db
    .selectFrom('outbox_attachments')
    .select(['name', 'content_type', 'content'])
    .where('message_id', '=', messageId)
    .where('id', '=', attachmentId)
    .executeTakeFirst();
}

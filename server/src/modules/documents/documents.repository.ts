import type { Executor } from '../../db/database.ts';

export type DocumentKey = { container: string; fileName: string };

export function findUserRole(db: Executor, userId: string) {
  return db.selectFrom('users').select(['id', 'role']).where('id', '=', userId).executeTakeFirst();
}

const documentColumns = ['d.id', 'd.document_number', 'd.container', 'd.file_name'] as const;

/** The document of that key, whoever it alerted: for staff. */
export function findDocument(db: Executor, key: DocumentKey) {
  return db
    .selectFrom('recorded_documents as d')
    .select(documentColumns)
    .where('d.container', '=', key.container)
    .where('d.file_name', '=', key.fileName)
    .executeTakeFirst();
}

/** The document of that key only when the user has an event for it (archived or not). */
export function findDocumentOfUser(db: Executor, key: DocumentKey, userId: string) {
  return db
    .selectFrom('recorded_documents as d')
    .select(documentColumns)
    .where('d.container', '=', key.container)
    .where('d.file_name', '=', key.fileName)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('events as e')
          .select('e.id')
          .where('e.document_id', '=', eb.ref('d.id'))
          .where('e.user_id', '=', userId),
      ),
    )
    .executeTakeFirst();
}

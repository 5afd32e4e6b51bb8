import type { Database } from '../../db/database.ts';

export function findUser(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function listApnSubscriptions(db: Database, userId: string) {
  return db
    .selectFrom('apn_subscriptions as s')
    .innerJoin('counties as c', 'c.id', 's.county_id')
    .select(['s.id', 'c.name as county', 's.apn', 's.description'])
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at')
    .execute();
}

export function listNameSubscriptions(db: Database, userId: string) {
  return db
    .selectFrom('name_subscriptions as s')
    .innerJoin('counties as c', 'c.id', 's.county_id')
    .select(['s.id', 'c.name as county', 's.name'])
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at')
    .execute();
}

export function listEvents(db: Database, userId: string) {
  return db
    .selectFrom('events as e')
    .innerJoin('recorded_documents as d', 'd.id', 'e.document_id')
    .select([
      'e.id',
      'e.apn_subscription_id',
      'e.name_subscription_id',
      'e.is_archived',
      'e.created_at',
      'd.recorded_at',
      'd.document_number',
      'd.document_type',
      'd.container',
      'd.file_name',
    ])
    .where('e.user_id', '=', userId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id')
    .execute();
}

export function listNotificationMethods(db: Database, userId: string) {
  return db
    .selectFrom('notification_methods')
    .select(['id', 'type', 'email', 'phone', 'verified_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

import { sql } from 'kysely';
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

/**
 * The user's events, newest first, each with the delivery state of its alert: the best of its
 * deliveries (sent, then queued or sending, then ambiguous, then failed) and the last error.
 */
export function listEvents(db: Database, userId: string) {
  return db
    .selectFrom('events as e')
    .innerJoin('recorded_documents as d', 'd.id', 'e.document_id')
    .innerJoin('counties as c', 'c.id', 'd.county_id')
    .select((eb) => [
      'e.id',
      'e.apn_subscription_id',
      'e.name_subscription_id',
      'e.is_archived',
      'e.created_at',
      'e.match_kind',
      'e.matched_value',
      'e.party_role',
      'e.is_exact',
      'e.score',
      'd.recorded_at',
      'd.document_number',
      'd.document_type',
      'd.container',
      'd.file_name',
      'c.name as county',
      eb
        .selectFrom('deliveries as l')
        .select(
          sql<string>`(array_agg(l.status ORDER BY array_position(ARRAY['sent', 'sending', 'queued', 'ambiguous', 'failed'], l.status)))[1]`.as(
            's',
          ),
        )
        .where('l.kind', '=', 'alert')
        .whereRef('l.user_id', '=', 'e.user_id')
        .whereRef('l.document_id', '=', 'e.document_id')
        .as('delivery_status'),
      eb
        .selectFrom('deliveries as l')
        .select('l.last_error')
        .where('l.kind', '=', 'alert')
        .where('l.status', '=', 'failed')
        .whereRef('l.user_id', '=', 'e.user_id')
        .whereRef('l.document_id', '=', 'e.document_id')
        .orderBy('l.created_at', 'desc')
        .limit(1)
        .as('delivery_error'),
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

export function findUserByEmail(db: Database, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'email', 'password_hash'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function recordSignIn(db: Database, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export function findNotificationMethod(db: Database, methodId: string) {
  return db
    .selectFrom('notification_methods')
    .select(['id', 'user_id', 'type', 'email', 'phone', 'verified_at'])
    .where('id', '=', methodId)
    .executeTakeFirst();
}

export async function writeAudit(
  db: Database,
  entry: {
    actorId: string | null;
    impersonatorId?: string | null;
    action: string;
    targetType?: string;
    targetId?: string;
    details?: object;
  },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      impersonator_id: entry.impersonatorId ?? null,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

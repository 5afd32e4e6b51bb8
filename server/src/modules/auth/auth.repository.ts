import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export function findUser(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'email', 'password_hash'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function recordSignIn(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** Marks the method verified (keeping the first time) and returns its address and owner. */
export function verifyMethod(db: Executor, methodId: string) {
  return db
    .updateTable('notification_methods')
    .set({ verified_at: sql`coalesce(verified_at, now())` })
    .where('id', '=', methodId)
    .returning(['email', 'user_id'])
    .executeTakeFirst();
}

/**
 * Marks the account's own email verified (keeping the first time) and activates the guarded
 * items still waiting for it: only documents recorded from now on raise their alerts.
 */
export async function verifyAccountEmail(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: sql`coalesce(email_verified_at, now())` })
    .where('id', '=', userId)
    .execute();
  for (const table of ['apn_subscriptions', 'name_subscriptions'] as const) {
    await db
      .updateTable(table)
      .set({ activated_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('activated_at', 'is', null)
      .execute();
  }
}

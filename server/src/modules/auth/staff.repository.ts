import type { Executor } from '../../db/database.ts';
import type { StaffRole } from '../../lib/route.ts';

export function findUserIdByEmail(db: Executor, email: string) {
  return db.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirst();
}

export async function updateStaff(
  db: Executor,
  userId: string,
  values: { role: StaffRole; passwordHash: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: values.role, password_hash: values.passwordHash })
    .where('id', '=', userId)
    .execute();
}

/** A staff account: verified from the start, it signs in with its password only. */
export function insertStaff(
  db: Executor,
  values: { email: string; role: StaffRole; passwordHash: string },
) {
  return db
    .insertInto('users')
    .values({
      email: values.email,
      role: values.role,
      password_hash: values.passwordHash,
      email_verified_at: new Date(),
      last_login_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function anyAdmin(db: Executor): Promise<boolean> {
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst();
  return admin !== undefined;
}

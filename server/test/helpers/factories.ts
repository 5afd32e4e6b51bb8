import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/database.ts';
import { upsertStaff, type StaffRole } from '../../src/modules/auth/staff.ts';

export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

/** A notification method of a user: an email address, or a phone number for SMS. */
export async function addNotificationMethod(
  db: Database,
  userId: string,
  method: { type: 'Email' | 'SMS'; address: string; verified?: boolean },
) {
  return db
    .insertInto('notification_methods')
    .values({
      user_id: userId,
      type: method.type,
      email: method.type === 'Email' ? method.address : null,
      phone: method.type === 'SMS' ? method.address : null,
      verified_at: method.verified ? new Date() : null,
      undeliverable_at: null,
      undeliverable_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A subscriber with its account email as an (unverified unless said) notification method. */
export async function createSubscriber(
  db: Database,
  options: { email?: string; verified?: boolean } = {},
) {
  const email = options.email ?? uniqueEmail('subscriber');
  const user = await db
    .insertInto('users')
    .values({
      email,
      password_hash: null,
      email_verified_at: options.verified ? new Date() : null,
      last_login_at: null,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  const method = await addNotificationMethod(db, user.id, {
    type: 'Email',
    address: email,
    verified: options.verified,
  });
  return { id: user.id, email: user.email, methodId: method.id };
}

export const STAFF_PASSWORD = 'correct horse battery staple';

export async function createStaff(db: Database, role: StaffRole, email = uniqueEmail(role)) {
  const { id } = await upsertStaff(db, { email, role, password: STAFF_PASSWORD });
  return { id, email };
}

import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { StaffRole } from '../../lib/route.ts';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords.ts';
import { deleteSessionsOf } from './sessions.repository.ts';
import * as repo from './staff.repository.ts';

export type { StaffRole };

/**
 * Creates a staff account, or resets the role and password of the one with that email. A reset
 * ends the account's sessions (and its impersonations): none opened under the old role or
 * password outlives it.
 */
export async function upsertStaff(
  db: Database,
  input: { email: string; role: StaffRole; password: string },
) {
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const existing = await repo.findUserIdByEmail(db, email);
  if (existing) {
    const sessionsEnded = await db.transaction().execute(async (trx) => {
      await repo.updateStaff(trx, existing.id, { role: input.role, passwordHash });
      return deleteSessionsOf(trx, existing.id);
    });
    return { id: existing.id, created: false, sessionsEnded };
  }
  const row = await repo.insertStaff(db, { email, role: input.role, passwordHash });
  return { id: row.id, created: true, sessionsEnded: 0 };
}

export const DEMO_ADMIN_EMAIL = 'admin@deedwatch.localhost';

/** For the embedded default: an admin to sign in with, created once, its password shown once. */
export async function ensureDemoAdmin(
  db: Database,
): Promise<{ email: string; password: string } | undefined> {
  if (await repo.anyAdmin(db)) return undefined;
  const password = randomBytes(12).toString('base64url');
  await upsertStaff(db, { email: DEMO_ADMIN_EMAIL, role: 'admin', password });
  return { email: DEMO_ADMIN_EMAIL, password };
}

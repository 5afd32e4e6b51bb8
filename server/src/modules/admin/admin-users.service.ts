import type { Database } from '../../db/database.ts';
import type { Role } from '../../db/types.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { StaffCaller } from '../../lib/route.ts';
import { sendWelcome, type AuthMail } from '../auth/auth-mail.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import * as repo from './admin-users.repository.ts';
import type { AdminUserRow, AdminUsersPage, UsersQuery } from './admin-users.schemas.ts';

/**
 * Rows of admins are hidden from everyone; rows of customersupport users from everyone but
 * admins.
 */
export function visibleRoles(callerRole: Role): Role[] {
  return callerRole === 'admin' ? ['subscriber', 'customersupport'] : ['subscriber'];
}

/** Below this many characters a term has no trigram to look up: it matches the email's start. */
export const MIN_SUBSTRING_LENGTH = 3;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The searchTerm as a LIKE pattern over the lower-cased email, every character literal. */
export function emailMatch(searchTerm: string): repo.EmailMatch | null {
  const term = searchTerm.trim().toLowerCase();
  if (term === '') return null;
  const literal = escapeLike(term);
  return [...term].length < MIN_SUBSTRING_LENGTH
    ? { kind: 'prefix', pattern: `${literal}%` }
    : { kind: 'substring', pattern: `%${literal}%` };
}

export async function listUsers(
  db: Database,
  callerRole: Role,
  query: UsersQuery,
): Promise<AdminUsersPage> {
  const filter = { roles: visibleRoles(callerRole), match: emailMatch(query.searchTerm) };
  const [rows, totalUsers] = await Promise.all([
    repo.listUsers(db, filter, {
      sort: query.sortTerm,
      limit: query.count,
      offset: (query.page - 1) * query.count,
    }),
    repo.countUsers(db, filter),
  ]);
  return {
    users: rows.map((r): AdminUserRow => ({
      userId: r.id,
      userEmail: r.email,
      role: r.role as AdminUserRow['role'],
      createdAt: r.created_at.toISOString(),
      lastLogin: r.last_login_at?.toISOString() ?? null,
      verified: r.email_verified_at !== null,
      guardedSubscriptions: Number(r.apn_subscriptions) + Number(r.name_subscriptions),
      emailNotificationMethods: Number(r.notification_methods),
    })),
    totalUsers,
  };
}

/**
 * Admin accounts are hidden from everyone, customersupport accounts from everyone
 * but admins. A hidden account is answered like an unknown one.
 */
export function canSee(callerRole: Role, targetRole: Role): boolean {
  if (targetRole === 'admin') return false;
  if (targetRole === 'customersupport') return callerRole === 'admin';
  return true;
}

export const STAFF_HAVE_NO_WELCOME =
  'Staff accounts sign in with their password: they have no welcome email to resend.';

/**
 * Queues the welcome mail (with a fresh verify link) to the account's own email, and records
 * who asked, in one transaction: the mail goes out after COMMIT.
 */
export async function resendWelcome(
  db: Database,
  mail: AuthMail,
  caller: StaffCaller,
  userId: string,
): Promise<{ message: string }> {
  const target = await repo.findUser(db, userId);
  if (!target || !canSee(caller.role, target.role)) throw notFound(`User '${userId}' not found.`);
  // The welcome mail's verify link signs its reader in, and staff never get a sign-in link by
  // email (POST /auth/login refuses them too): their password stays the only way in.
  if (target.role !== 'subscriber') throw badRequest(STAFF_HAVE_NO_WELCOME);

  await db.transaction().execute(async (trx) => {
    const methodId = await repo.accountEmailMethodId(trx, target);
    await sendWelcome(trx, mail, target, methodId);
    await writeAudit(trx, {
      actorId: caller.userId,
      impersonatorId: caller.impersonatorId,
      action: 'welcome.resend',
      targetType: 'user',
      targetId: target.id,
      details: { email: target.email },
    });
  });
  return { message: `The welcome email to ${target.email} is on its way.` };
}

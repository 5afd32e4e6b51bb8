import type { Database } from '../../db/database.ts';
import type { Role } from '../../db/types.ts';
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

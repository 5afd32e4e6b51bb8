import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import type { Role } from '../db/types.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

/** The signed-in user's id, or a 401. */
export function requireUserId(request: FastifyRequest): string {
  const userId = request.session?.userId;
  if (!userId) throw unauthorized();
  return userId;
}

/**
 * The signed-in user with one of `roles`, or 401 / 403. The role is read from the database on
 * every call, so a changed role takes effect at once. While impersonating, the user is the
 * subscriber being impersonated.
 */
export async function requireRole(request: FastifyRequest, db: Database, roles: readonly Role[]) {
  const userId = requireUserId(request);
  const user = await db
    .selectFrom('users')
    .select(['id', 'role', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw unauthorized();
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

export const STAFF_ROLES = ['admin', 'customersupport'] as const satisfies readonly Role[];

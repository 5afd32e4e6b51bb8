import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Role } from '../../db/types.ts';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { type AuthMail, sendWelcome } from '../auth/auth-mail.ts';
import { writeAudit } from '../auth/auth.repository.ts';
import * as repo from './admin-audit.repository.ts';
import type { AuditEntry, AuditQuery } from './admin-audit.schemas.ts';

/** Who an audited action is recorded against. */
export type Actor = { id: string; impersonatorId: string | null };

export function actorOf(request: FastifyRequest): Actor {
  const { userId, impersonatorId } = request.session;
  if (!userId) throw unauthorized();
  return { id: userId, impersonatorId: impersonatorId ?? null };
}

export async function listAudit(db: Database, query: AuditQuery) {
  const [rows, totalEntries] = await Promise.all([
    repo.listEntries(db, { limit: query.count, offset: (query.page - 1) * query.count }),
    repo.countEntries(db),
  ]);
  const entries: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    action: r.action,
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    impersonatorId: r.impersonator_id,
    targetType: r.target_type,
    targetId: r.target_id,
    details: (r.details ?? {}) as Record<string, unknown>,
  }));
  return { entries, totalEntries };
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
  deps: { db: Database; mail: AuthMail },
  caller: Actor & { role: Role },
  userId: string,
): Promise<{ message: string }> {
  const { db, mail } = deps;
  const target = await repo.findUser(db, userId);
  if (!target || !canSee(caller.role, target.role)) throw notFound(`User '${userId}' not found.`);
  // The welcome mail's verify link signs its reader in, and staff never get a sign-in link by
  // email (POST /auth/login refuses them too): their password stays the only way in.
  if (target.role !== 'subscriber') throw badRequest(STAFF_HAVE_NO_WELCOME);

  await db.transaction().execute(async (trx) => {
    const methodId = await repo.accountEmailMethodId(trx, target);
    await sendWelcome(trx, mail, target, methodId);
    await writeAudit(trx, {
      actorId: caller.id,
      impersonatorId: caller.impersonatorId,
      action: 'welcome.resend',
      targetType: 'user',
      targetId: target.id,
      details: { email: target.email },
    });
  });
  return { message: `The welcome email to ${target.email} is on its way.` };
}

import type { Executor } from '../../db/database.ts';

/** One entry of the audit log: what staff did, and every change made while impersonating. */
export async function writeAudit(
  db: Executor,
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

export function listEntries(db: Executor, page: { limit: number; offset: number }) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.at',
      'a.action',
      'a.actor_id',
      'u.email as actor_email',
      'a.impersonator_id',
      'a.target_type',
      'a.target_id',
      'a.details',
    ])
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countEntries(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

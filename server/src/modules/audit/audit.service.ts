import type { Database } from '../../db/database.ts';
import * as repo from './audit.repository.ts';
import type { AuditEntry, AuditQuery } from './audit.schemas.ts';

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

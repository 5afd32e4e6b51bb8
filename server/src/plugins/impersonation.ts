import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { forbidden } from '../lib/errors.ts';
import { withoutCredentials } from '../lib/logger.ts';
import { writeAudit } from '../modules/audit/audit.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Refused while staff impersonate a subscriber: calls that add or verify an address would
     * let the staff member go on receiving the subscriber's alerts and sign-in links afterwards.
     */
    notWhileImpersonating?: boolean;
    /** A POST that changes nothing (e.g. auth/me): not written to the audit log. */
    readOnly?: boolean;
  }
}

export const NOT_WHILE_IMPERSONATING =
  'This cannot be done while impersonating a user: only the user may add what receives their alerts or acts for them (an address, a phone, a trusted contact, a token, a webhook) or use their sign-in links. Log out of the impersonation first.';

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Bodies up to this size are kept in the audit entry; a longer one is noted by its size. */
const MAX_AUDITED_BODY = 8 * 1024;

/** The body as the audit entry keeps it: without a password, code or token it may carry. */
function auditedBody(request: FastifyRequest): Record<string, unknown> {
  if (request.body === undefined || request.body === null) return {};
  const body = withoutCredentials(request.body);
  const json = JSON.stringify(body);
  return json.length <= MAX_AUDITED_BODY ? { body } : { bodyBytes: json.length };
}

/**
 * While staff impersonate a subscriber, every call that changes something is written to the
 * audit log (the subscriber as actor, the staff member as impersonator) before it runs, and the
 * calls marked notWhileImpersonating are refused (and the refusal written too). One hook for
 * every route, so a new route is audited without anyone remembering to.
 */
export function registerImpersonationAudit(app: FastifyInstance, db: Database): void {
  app.addHook('preHandler', async (request) => {
    const userId = request.session?.userId;
    const impersonatorId = request.session?.impersonatorId;
    // No route (a 404) changes nothing.
    if (!userId || !impersonatorId || request.routeOptions.url === undefined) return;
    const config = request.routeOptions.config;
    const refused = config.notWhileImpersonating === true;
    if (!refused && (!MUTATIONS.has(request.method) || config.readOnly)) return;
    await writeAudit(db, {
      actorId: userId,
      impersonatorId,
      action: refused ? 'impersonation.refused' : 'impersonation.change',
      targetType: 'user',
      targetId: userId,
      details: {
        method: request.method,
        route: request.routeOptions.url,
        ...auditedBody(request),
      },
    });
    if (refused) throw forbidden(NOT_WHILE_IMPERSONATING);
  });
}

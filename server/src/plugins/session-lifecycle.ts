import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { conflict } from '../lib/errors.ts';
import { deleteSessions } from '../modules/auth/sessions.repository.ts';
import { hashSessionId } from './session.ts';

declare module 'fastify' {
  interface Session {
    signedInAt?: number;
    lastSeenAt?: number;
  }
}

export const SESSION_ALREADY_CHANGED =
  'This session has already changed, in another tab or by an earlier click: reload the page.';

/** Sessions end after this long, however active (the cookie's own max age matches). */
export const ABSOLUTE_TIMEOUT_MS = 14 * 24 * 60 * 60 * 1000;
/** Sessions end after this long without a request; staff sessions sooner. */
export const IDLE_TIMEOUT_MS = { subscriber: 3 * 24 * 60 * 60 * 1000, staff: 8 * 60 * 60 * 1000 };
/** lastSeenAt is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Replaces the request's session with a new, empty one under a new id. @fastify/session's
 * regenerate() writes the new session to the store at once: its row is deleted here too, so
 * it exists only if something is put in it (and no row is kept for anonymous visitors). The old
 * row is deleted explicitly as well, whatever the library version does.
 */
async function freshSession(request: FastifyRequest, db: Database): Promise<void> {
  const previousId = request.session.sessionId;
  await request.session.regenerate();
  await deleteSessions(db, [hashSessionId(previousId), hashSessionId(request.session.sessionId)]);
}

/**
 * Starts a new session for `userId`: a new id (and cookie), the old row deleted, so a session
 * id known before sign-in or an impersonation switch is worth nothing after it.
 */
export async function rotateSession(
  request: FastifyRequest,
  db: Database,
  data: { userId: string; impersonatorId?: string; staff: boolean },
  options: { once?: boolean } = {},
): Promise<void> {
  if (options.once) {
    // A switch of a signed-in session (an impersonation starting or ending) happens once: two
    // at once from one session (a double click, two tabs) would each make a session of its
    // own. Whichever deletes the session's row first goes on; the other leaves the cookie as
    // it is (destroyed, the session is neither saved nor sent again).
    if ((await deleteSessions(db, [hashSessionId(request.session.sessionId)])) === 0) {
      await request.session.destroy();
      throw conflict(SESSION_ALREADY_CHANGED);
    }
  }
  await freshSession(request, db);
  const now = Date.now();
  request.session.userId = data.userId;
  request.session.impersonatorId = data.impersonatorId;
  request.session.isStaff = data.staff;
  request.session.signedInAt = now;
  request.session.lastSeenAt = now;
}

/** Ends the session: its row is deleted and the request goes on as anonymous. */
export const endSession = freshSession;

declare module 'fastify' {
  interface Session {
    /** Whether the signed-in account (the impersonator's, while impersonating) is staff. */
    isStaff?: boolean;
  }
}

/**
 * Enforces idle and absolute expiry on the server, whatever the cookie says. It runs as the
 * session is loaded (onRequest), before the access guard (preValidation), so no check ever
 * sees an expired session.
 */
export function registerSessionLifecycle(app: FastifyInstance, db: Database): void {
  app.addHook('onRequest', async (request) => {
    const session = request.session;
    if (!session?.userId) return;
    const now = Date.now();
    const idleLimit = session.isStaff ? IDLE_TIMEOUT_MS.staff : IDLE_TIMEOUT_MS.subscriber;
    const expired =
      now - (session.signedInAt ?? 0) > ABSOLUTE_TIMEOUT_MS ||
      now - (session.lastSeenAt ?? 0) > idleLimit;
    if (expired) {
      await endSession(request, db);
      return;
    }
    if (now - (session.lastSeenAt ?? 0) > TOUCH_INTERVAL_MS) session.lastSeenAt = now;
  });
}

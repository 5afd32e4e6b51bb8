import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { type Access, ROLES_OF, type StaffRole } from '../lib/route.ts';
import { findUser } from '../modules/auth/auth.repository.ts';

const ACCESS: readonly Access[] = ['public', 'signed-in', 'staff', 'admin'];

const isStaffRole = (role: string, access: 'staff' | 'admin'): role is StaffRole =>
  (ROLES_OF[access] as readonly string[]).includes(role);

/**
 * The one check of who may call a route, from the `access` its config declares (lib/route.ts).
 * It runs before validation, after the session is loaded and its expiry enforced (onRequest),
 * and sets `request.caller`: the account of the request's personal access token when it sent
 * one (plugins/bearer-auth.ts has checked the token and its scope; a token is never staff and
 * never an impersonation), else the session's. A staff or admin route reads the role from the
 * database on every call, so a changed role takes effect at once. A route under /api that
 * declares no access cannot be registered. Must be registered before any route.
 */
export function registerAccessGuard(app: FastifyInstance, db: Database): void {
  app.decorateRequest('caller', null);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined ? route.url.startsWith('/api/') : !ACCESS.includes(access)) {
      throw new Error(
        `${String(route.method)} ${route.url} must declare its access: config.access, one of ${ACCESS.join(', ')}`,
      );
    }
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    // Routes outside the API (the docs, the web app's files) declare nothing: they are public.
    if (access === undefined) return;
    const bearer = request.bearer;
    if (bearer && (access === 'staff' || access === 'admin')) {
      throw forbidden('Personal access tokens never call staff routes.');
    }
    const userId = bearer ? bearer.userId : request.session?.userId;
    const caller = userId
      ? { userId, impersonatorId: bearer ? null : (request.session.impersonatorId ?? null) }
      : null;
    if (access === 'public') {
      request.caller = caller;
      return;
    }
    if (!caller) throw unauthorized();
    if (access === 'signed-in') {
      request.caller = caller;
      return;
    }
    const user = await findUser(db, caller.userId);
    if (!user) throw unauthorized();
    if (!isStaffRole(user.role, access)) throw forbidden();
    request.caller = { ...caller, role: user.role };
  });
}

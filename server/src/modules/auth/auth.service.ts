import type { FastifyRequest, Session } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { forbidden, HttpError, notFound, unauthorized } from '../../lib/errors.ts';
import { type MatchedEvent, reasonOf } from '../../engine/alerts/reasons.ts';
import { endSession, rotateSession } from '../../plugins/session-lifecycle.ts';
import { consumeCode, type CodePurpose } from './auth-codes.ts';
import { type AuthMail, sendMagicLink } from './auth-mail.ts';
import * as repo from './auth.repository.ts';
import { verifyPassword } from './passwords.ts';
import { recordStaffLoginFailure } from './staff-login-slowdown.ts';
import type { Event, SessionUser } from './auth.schemas.ts';

export type AuthDeps = { db: Database; mail: AuthMail };

/** One message for every code that does not sign in: nothing to learn from the difference. */
export const INVALID_LINK = 'This link is invalid or has expired. Please request a new one.';
export const INVALID_CREDENTIALS = 'Invalid email or password.';

/** The signed-in user as the web app keeps it: subscriptions with their events, newest first. */
export async function loadSessionUser(db: Database, session: Session): Promise<SessionUser> {
  const userId = session.userId;
  if (!userId) throw unauthorized();
  const user = await repo.findUser(db, userId);
  if (!user) throw unauthorized();

  const [apns, names, events, methods] = await Promise.all([
    repo.listApnSubscriptions(db, userId),
    repo.listNameSubscriptions(db, userId),
    repo.listEvents(db, userId),
    repo.listNotificationMethods(db, userId),
  ]);

  const guardedOf = new Map<string, MatchedEvent['guarded']>([
    ...apns.map((s): [string, MatchedEvent['guarded']] => [
      s.id,
      { apn: s.apn, address: s.description },
    ]),
    ...names.map((s): [string, MatchedEvent['guarded']] => [s.id, { name: s.name }]),
  ]);
  const eventsBySubscription = new Map<string, Event[]>();
  for (const e of events) {
    const subscriptionId = e.apn_subscription_id ?? e.name_subscription_id;
    const guarded = subscriptionId ? guardedOf.get(subscriptionId) : undefined;
    if (!subscriptionId || !guarded) continue;
    const list = eventsBySubscription.get(subscriptionId) ?? [];
    list.push({
      id: e.id,
      isArchived: e.is_archived,
      createdAt: e.created_at.toISOString(),
      documentDate: e.recorded_at.toISOString(),
      documentNumber: e.document_number,
      documentType: e.document_type,
      countyCodeContainerName: e.container,
      parsedDocumentName: e.file_name,
      county: e.county,
      matchKind: e.match_kind as Event['matchKind'],
      matchedValue: e.matched_value,
      partyRole: e.party_role,
      isExact: e.is_exact,
      confidence: e.score,
      reason: reasonOf({ ...e, guarded }),
      deliveryStatus: (e.delivery_status ?? 'none') as Event['deliveryStatus'],
      deliveryError: e.delivery_error,
    });
    eventsBySubscription.set(subscriptionId, list);
  }
  const eventsOf = (id: string) => eventsBySubscription.get(id) ?? [];

  return {
    id: user.id,
    role: user.role,
    email: user.email,
    apnSubscriptions: apns.map((s) => ({ ...s, events: eventsOf(s.id) })),
    nameSubscriptions: names.map((s) => ({ ...s, events: eventsOf(s.id) })),
    emailNotificationMethods: methods.map((m) => ({
      id: m.id,
      email: (m.type === 'SMS' ? m.phone : m.email) ?? '',
      verified: m.verified_at !== null,
      verifiedAt: m.verified_at?.toISOString() ?? null,
      notificationMethodType: m.type,
    })),
    isImpersonated: session.impersonatorId !== undefined,
  };
}

async function signIn(request: FastifyRequest, db: Database, userId: string): Promise<SessionUser> {
  const user = await repo.findUser(db, userId);
  if (!user) throw unauthorized(INVALID_LINK);
  await rotateSession(request, db, { userId, staff: user.role !== 'subscriber' });
  await repo.recordSignIn(db, userId);
  return loadSessionUser(db, request.session);
}

/**
 * Sends a magic link to a subscriber's email. Unknown and staff emails get nothing, and the
 * caller answers the same either way, so the call tells nobody whether an account exists.
 */
export async function requestLogin(deps: AuthDeps, email: string): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user || user.role !== 'subscriber') return;
  await deps.db.transaction().execute((trx) => sendMagicLink(trx, deps.mail, user));
}

async function consumeOrFail(db: Database, code: string, purpose: CodePurpose) {
  const used = await consumeCode(db, code, purpose);
  if (!used) throw unauthorized(INVALID_LINK);
  return used;
}

export async function redeemLoginCode(request: FastifyRequest, db: Database, code: string) {
  const used = await consumeOrFail(db, code, 'login');
  return signIn(request, db, used.user_id);
}

/**
 * Verifies the notification method the code was sent for. When that is the account's own email,
 * the account is verified and its guarded items become active from now on.
 */
export async function verifyByCode(
  request: FastifyRequest,
  db: Database,
  code: string,
  purpose: 'verify_email' | 'verify_sms',
) {
  const used = await consumeOrFail(db, code, purpose);
  if (!used.notification_method_id) throw unauthorized(INVALID_LINK);
  const methodId = used.notification_method_id;
  await db.transaction().execute(async (trx) => {
    const method = await trx
      .updateTable('notification_methods')
      .set({ verified_at: sql`coalesce(verified_at, now())` })
      .where('id', '=', methodId)
      .returning(['email', 'user_id'])
      .executeTakeFirst();
    if (!method) return;
    const user = await trx
      .selectFrom('users')
      .select(['email'])
      .where('id', '=', method.user_id)
      .executeTakeFirstOrThrow();
    if (purpose === 'verify_email' && method.email === user.email) {
      await trx
        .updateTable('users')
        .set({ email_verified_at: sql`coalesce(email_verified_at, now())` })
        .where('id', '=', method.user_id)
        .execute();
      for (const table of ['apn_subscriptions', 'name_subscriptions'] as const) {
        await trx
          .updateTable(table)
          .set({ activated_at: sql`now()` })
          .where('user_id', '=', method.user_id)
          .where('activated_at', 'is', null)
          .execute();
      }
    }
  });
  return signIn(request, db, used.user_id);
}

/**
 * Staff sign in with a password. An unknown email and a wrong password fail alike, and each
 * failure slows every staff sign-in down a little (staff-login-slowdown.ts).
 */
export async function staffLogin(
  request: FastifyRequest,
  db: Database,
  email: string,
  password: string,
) {
  const user = await repo.findUserByEmail(db, email);
  const staff = user && user.role !== 'subscriber' ? user : undefined;
  const ok = await verifyPassword(staff?.password_hash, password);
  if (!ok || !staff) {
    await recordStaffLoginFailure(db);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  return signIn(request, db, staff.id);
}

export async function impersonate(request: FastifyRequest, db: Database, targetId: string) {
  const session = request.session;
  if (!session.userId) throw unauthorized();
  if (session.impersonatorId) {
    throw new HttpError(
      409,
      'You are already impersonating a user. Please logout to return to your account first.',
    );
  }
  const actor = await repo.findUser(db, session.userId);
  if (!actor) throw unauthorized();
  if (actor.role === 'subscriber') throw forbidden();
  const target = await repo.findUser(db, targetId);
  if (!target) throw notFound(`User '${targetId}' not found.`);
  if (target.role !== 'subscriber') throw forbidden('Staff accounts cannot be impersonated.');

  await rotateSession(request, db, { userId: target.id, impersonatorId: actor.id, staff: true });
  await repo.writeAudit(db, {
    actorId: actor.id,
    action: 'impersonation.start',
    targetType: 'user',
    targetId: target.id,
    details: { email: target.email },
  });
  return loadSessionUser(db, request.session);
}

/**
 * Ends the session. During an impersonation it ends only that: the staff session comes back
 * (a new session id) and its id is returned so the web app can go to /admin.
 */
export async function logout(request: FastifyRequest, db: Database): Promise<{ id?: string }> {
  const { userId, impersonatorId } = request.session;
  if (userId && impersonatorId) {
    const staff = await repo.findUser(db, impersonatorId);
    if (staff && staff.role !== 'subscriber') {
      await rotateSession(request, db, { userId: staff.id, staff: true });
      await repo.writeAudit(db, {
        actorId: staff.id,
        action: 'impersonation.end',
        targetType: 'user',
        targetId: userId,
      });
      return { id: staff.id };
    }
  }
  if (userId) await endSession(request, db);
  return {};
}

import { type HistoryQueue, queueHistoryCheck } from '../user/user.service.ts';
import type { Database, Executor } from '../../db/database.ts';
import { forbidden, HttpError, notFound, unauthorized, said } from '../../lib/errors.ts';
import type { Caller } from '../../lib/route.ts';
import { canSee } from '../admin/admin-users.service.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import { sessionUser } from '../user/session-user.service.ts';
import type { SessionUser } from '../user/user.schemas.ts';
import { consumeCode, type CodePurpose } from './auth-codes.ts';
import { type AuthMail, sendMagicLink } from './auth-mail.ts';
import * as repo from './auth.repository.ts';
import { verifyPassword } from './passwords.ts';
import { recordStaffLoginFailure } from './staff-login-slowdown.ts';

/** One message for every code that does not sign in: nothing to learn from the difference. */
export const INVALID_LINK = 'This link is invalid or has expired. Please request a new one.';
/** The same, to a browser that is signed in: it stays signed in. */
export const SPENT_LINK =
  'This link has already been used or has expired. You are still signed in.';
export const INVALID_CREDENTIALS = 'Invalid email or password.';

/** What signing in and out does to the caller's session; the routes give the request's. */
export type SessionControl = {
  /**
   * A new session for `userId` under a new id (and cookie), the old one deleted, so a session
   * id known before a sign-in or an impersonation switch is worth nothing after it.
   */
  start(data: { userId: string; impersonatorId?: string; staff: boolean }): Promise<void>;
  /**
   * As start, from the signed-in session this request came with, once: a second switch of the
   * same session (made at the same moment) is refused with a 409.
   */
  switchTo(data: { userId: string; impersonatorId?: string; staff: boolean }): Promise<void>;
  /** Ends the session: the request goes on as anonymous. */
  end(): Promise<void>;
  /** The account this browser is signed in to now, if any. */
  readonly signedInAs: string | undefined;
};

/** A verification link of a method that is not the account's own email: it signs nobody in. */
export type MethodVerified = { verified: 'Email' | 'SMS' };

/**
 * A link never moves a browser from one account to another: a code of another account than the
 * one signed in here is refused, unspent (inside `redeem`'s transaction, which the refusal
 * rolls back), so nobody can sign a victim's browser into an account of theirs by getting them
 * to open its link. Signing out first, then opening the link again, works.
 */
function refuseAccountSwitch(session: SessionControl, userId: string): void {
  if (session.signedInAs !== undefined && session.signedInAs !== userId) {
    throw said(409, 'errors.otherAccountSignedIn');
  }
}

/**
 * The refusal of a link's code. A browser signed in when it opens a spent or expired link stays
 * signed in (the error handler leaves its session cookie be), and is told so.
 */
function linkRefused(session: SessionControl): HttpError {
  return said(401, session.signedInAs === undefined ? 'errors.invalidLink' : 'errors.spentLink');
}

async function signIn(db: Database, session: SessionControl, userId: string): Promise<SessionUser> {
  const user = await repo.findUser(db, userId);
  if (!user) throw linkRefused(session);
  await session.start({ userId, staff: user.role !== 'subscriber' });
  await repo.recordSignIn(db, userId);
  return sessionUser(db, { userId, impersonatorId: null });
}

/**
 * Sends a magic link to a subscriber's email. Unknown and staff emails get nothing, and the
 * caller answers the same either way, so the call tells nobody whether an account exists.
 */
export async function requestLogin(db: Database, mail: AuthMail, email: string): Promise<void> {
  const user = await repo.findUserByEmail(db, email);
  if (!user || user.role !== 'subscriber') return;
  await db.transaction().execute((trx) => sendMagicLink(trx, mail, user));
}

async function consumeOrFail(
  db: Executor,
  session: SessionControl,
  code: string,
  purpose: CodePurpose,
) {
  const used = await consumeCode(db, code, purpose);
  if (!used) throw linkRefused(session);
  return used;
}

export async function redeemLoginCode(db: Database, session: SessionControl, code: string) {
  const used = await db.transaction().execute(async (trx) => {
    const used = await consumeOrFail(trx, session, code, 'login');
    refuseAccountSwitch(session, used.user_id);
    return used;
  });
  return signIn(db, session, used.user_id);
}

/**
 * Verifies the notification method the code was sent for. When that is the account's own email,
 * the account is verified, its guarded items become active from now on, and the link signs in
 * as a magic link does: it reached the account's mailbox. Any other method's link (an email
 * added for a relative, a phone) only verifies it, and signs nobody in: whoever reads that
 * mailbox or phone gets the alerts, not the account. It answers the signed-in user when this
 * browser is already signed in to that account, and otherwise what was verified.
 */
export async function verifyByCode(
  db: Database,
  session: SessionControl,
  code: string,
  purpose: 'verify_email' | 'verify_sms',
  boss?: HistoryQueue,
): Promise<SessionUser | MethodVerified> {
  const { userId, accountEmail } = await db.transaction().execute(async (trx) => {
    const used = await consumeOrFail(trx, session, code, purpose);
    if (!used.notification_method_id) throw linkRefused(session);
    const method = await repo.verifyMethod(trx, used.notification_method_id);
    const user = await repo.findUser(trx, used.user_id);
    if (!method || !user) throw linkRefused(session);
    const accountEmail = purpose === 'verify_email' && method.email === user.email;
    if (accountEmail) {
      refuseAccountSwitch(session, user.id);
      await repo.verifyAccountEmail(trx, user.id);
      // The guards activate now: their history check can mark them checked, and mail its summary.
      await queueHistoryCheck(trx, boss, user.id);
    }
    return { userId: user.id, accountEmail };
  });
  if (accountEmail) return signIn(db, session, userId);
  if (session.signedInAs === userId) return sessionUser(db, { userId, impersonatorId: null });
  return { verified: purpose === 'verify_email' ? 'Email' : 'SMS' };
}

/**
 * Staff sign in with a password. An unknown email and a wrong password fail alike, and each
 * failure slows every staff sign-in down a little (staff-login-slowdown.ts).
 */
export async function staffLogin(
  db: Database,
  session: SessionControl,
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
  return signIn(db, session, staff.id);
}

/**
 * Staff act as a subscriber until logout. Decided here rather than by the route's access: a
 * staff member already impersonating is told so (409), not refused as the subscriber (403).
 */
export async function impersonate(
  db: Database,
  session: SessionControl,
  caller: Caller,
  targetId: string,
) {
  if (caller.impersonatorId) {
    throw new HttpError(
      409,
      'You are already impersonating a user. Please logout to return to your account first.',
    );
  }
  const actor = await repo.findUser(db, caller.userId);
  if (!actor) throw unauthorized();
  if (actor.role === 'subscriber') throw forbidden();
  const target = await repo.findUser(db, targetId);
  // An account the staff list hides from the caller is answered as an unknown one, so the call
  // tells nobody which ids are admins'.
  if (!target || !canSee(actor.role, target.role)) {
    throw notFound(`User '${targetId}' not found.`);
  }
  if (target.role !== 'subscriber') throw forbidden('Staff accounts cannot be impersonated.');

  await session.switchTo({ userId: target.id, impersonatorId: actor.id, staff: true });
  await writeAudit(db, {
    actorId: actor.id,
    action: 'impersonation.start',
    targetType: 'user',
    targetId: target.id,
    details: { email: target.email },
  });
  return sessionUser(db, { userId: target.id, impersonatorId: actor.id });
}

/**
 * Ends the session. During an impersonation it ends only that: the staff session comes back
 * (a new session id) and its id is returned so the web app can go to /admin.
 */
export async function logout(
  db: Database,
  session: SessionControl,
  caller: Caller | null,
): Promise<{ id?: string }> {
  if (caller?.impersonatorId) {
    const staff = await repo.findUser(db, caller.impersonatorId);
    if (staff && staff.role !== 'subscriber') {
      await session.switchTo({ userId: staff.id, staff: true });
      await writeAudit(db, {
        actorId: staff.id,
        action: 'impersonation.end',
        targetType: 'user',
        targetId: caller.userId,
      });
      return { id: staff.id };
    }
  }
  if (caller) await session.end();
  return {};
}

import type { Database, Executor } from '../../db/database.ts';
import type { Language } from '@deedwatch/rules';
import { countyDateTime } from '../../lib/county-time.ts';
import { type HttpError, said, unauthorized } from '../../lib/errors.ts';
import type { Caller } from '../../lib/route.ts';
import { findUser } from '../auth/auth.repository.ts';
import { lockUser } from '../user/user.repository.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import { generateToken, hashToken, tokenHint, wellFormedToken } from './token-format.ts';
import * as repo from './tokens.repository.ts';
import {
  type CreateTokenBody,
  MAX_ACTIVE_TOKENS,
  type Token,
  type TokenScope,
} from './tokens.schemas.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const LISTED = 100;
/** last_used_at is written at most this often for the same address, not on every call. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** The refusal of a staff account: tokens and webhooks are a subscriber's. */
export const subscribersOnly = () => said(403, 'errors.subscribersOnly');

/** Refuses staff: tokens and webhooks act for a subscriber, never with staff powers. */
export async function requireSubscriber(db: Executor, userId: string): Promise<void> {
  const user = await findUser(db, userId);
  if (!user) throw unauthorized();
  if (user.role !== 'subscriber') throw subscribersOnly();
}

/** Audits a change the caller made to their own account's API access (a token, a webhook). */
export async function auditOwnChange(
  trx: Executor,
  caller: Caller,
  action: string,
  details: object,
): Promise<void> {
  await writeAudit(trx, {
    actorId: caller.userId,
    impersonatorId: caller.impersonatorId,
    action,
    targetType: 'user',
    targetId: caller.userId,
    details,
  });
}

type TokenRow = Awaited<ReturnType<typeof repo.listTokens>>[number];

function toApi(row: TokenRow, now: Date): Token {
  return {
    id: row.id,
    name: row.name,
    hint: `${row.token_hint}…`,
    scopes: row.scopes,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    lastUsedIp: row.last_used_ip,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    status: row.revoked_at
      ? 'revoked'
      : row.expires_at && row.expires_at <= now
        ? 'expired'
        : 'active',
  };
}

export async function listTokens(db: Database, caller: Caller, now = new Date()) {
  await requireSubscriber(db, caller.userId);
  const rows = await repo.listTokens(db, caller.userId, LISTED);
  return { tokens: rows.map((row) => toApi(row, now)) };
}

/**
 * A new token for the caller: the secret is returned this once and only its hash is kept. At
 * most MAX_ACTIVE_TOKENS active at once, counted under a lock on the account.
 */
export async function createToken(
  db: Database,
  caller: Caller,
  input: CreateTokenBody,
  now = new Date(),
) {
  return db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, caller.userId);
    if (!user) throw unauthorized();
    if (user.role !== 'subscriber') throw subscribersOnly();
    if ((await repo.countActiveTokens(trx, caller.userId, now)) >= MAX_ACTIVE_TOKENS) {
      throw said(409, 'errors.tooManyTokens', { max: MAX_ACTIVE_TOKENS });
    }
    const secret = generateToken();
    const scopes = [...input.scopes].sort() as TokenScope[];
    const row = await repo.insertToken(trx, {
      userId: caller.userId,
      name: input.name,
      hash: hashToken(secret),
      hint: tokenHint(secret),
      scopes,
      expiresAt: input.expiresInDays
        ? new Date(now.getTime() + input.expiresInDays * DAY_MS)
        : null,
    });
    await auditOwnChange(trx, caller, 'token.create', {
      tokenId: row.id,
      name: row.name,
      scopes,
      expiresAt: row.expires_at,
    });
    return { token: toApi(row, now), secret };
  });
}

export async function revokeToken(db: Database, caller: Caller, tokenId: string, now = new Date()) {
  await requireSubscriber(db, caller.userId);
  return db.transaction().execute(async (trx) => {
    const revoked = await repo.revokeToken(trx, caller.userId, tokenId);
    // Revoked before: the same answer, and nothing more in the audit log.
    const row = revoked ?? (await repo.ownToken(trx, caller.userId, tokenId));
    if (!row) throw said(404, 'errors.tokenNotFound');
    if (revoked)
      await auditOwnChange(trx, caller, 'token.revoke', { tokenId: row.id, name: row.name });
    return toApi(row, now);
  });
}

export type TokenIdentity = { tokenId: string; userId: string; scopes: readonly TokenScope[] };

export type Authentication =
  | { ok: true; identity: TokenIdentity }
  | {
      ok: false;
      reason: 'malformed' | 'unknown' | 'revoked' | 'expired' | 'staff';
      /** Why, as the caller is told it (401; 403 for a staff account's token). */
      error: HttpError;
    };

/** A moment in a token's refusal, as the reader's language writes a time. */
const whenWords = (at: Date) => (language: Language) => ({ at: countyDateTime(at, language) });

/**
 * Who a bearer token speaks for, or why it speaks for nobody (each reason in words the caller
 * can act on, in the request's language). A use records the token's last use, at most once a
 * minute per address, and a use from an address the token has never been used from is written
 * to the audit log.
 */
export async function authenticateToken(
  db: Database,
  token: string,
  ip: string,
  now = new Date(),
): Promise<Authentication> {
  if (!wellFormedToken(token)) {
    return { ok: false, reason: 'malformed', error: said(401, 'errors.tokenMalformed') };
  }
  const row = await repo.findTokenByHash(db, hashToken(token));
  if (!row) {
    return { ok: false, reason: 'unknown', error: said(401, 'errors.tokenUnknown') };
  }
  if (row.revoked_at) {
    return {
      ok: false,
      reason: 'revoked',
      error: said(401, 'errors.tokenRevoked', whenWords(row.revoked_at)),
    };
  }
  if (row.expires_at && row.expires_at <= now) {
    return {
      ok: false,
      reason: 'expired',
      error: said(401, 'errors.tokenExpired', whenWords(row.expires_at)),
    };
  }
  if (row.role !== 'subscriber') {
    return { ok: false, reason: 'staff', error: said(401, 'errors.subscribersOnly') };
  }
  const sameAddress = row.last_used_ip === ip;
  if (
    !sameAddress ||
    !row.last_used_at ||
    now.getTime() - row.last_used_at.getTime() >= TOUCH_INTERVAL_MS
  ) {
    await db.transaction().execute(async (trx) => {
      await repo.touchToken(trx, row.id, ip, now);
      if (!sameAddress && (await repo.recordTokenIp(trx, row.id, ip))) {
        await writeAudit(trx, {
          actorId: row.user_id,
          action: 'token.new_ip',
          targetType: 'user',
          targetId: row.user_id,
          details: { tokenId: row.id, name: row.name, ip },
        });
      }
    });
  }
  return { ok: true, identity: { tokenId: row.id, userId: row.user_id, scopes: row.scopes } };
}

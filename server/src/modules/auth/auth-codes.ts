import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/database.ts';
import * as repo from './auth-codes.repository.ts';
import type { CodePurpose } from './auth-codes.repository.ts';

export type { CodePurpose };

export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
export const VERIFY_CODE_TTL_MS = 24 * 60 * 60 * 1000;
/** A texted verification link: short-lived as a sign-in link, since a text is easily seen. */
export const SMS_CODE_TTL_MS = 10 * 60 * 1000;

const TTL_OF: Record<CodePurpose, number> = {
  login: LOGIN_CODE_TTL_MS,
  verify_email: VERIFY_CODE_TTL_MS,
  verify_sms: SMS_CODE_TTL_MS,
};

/** 32 bytes from the CSPRNG (256 bits), base64url: 43 characters. */
const CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashCode = (code: string): Buffer => createHash('sha256').update(code).digest();

/**
 * Creates a single-use code and stores only its hash. A new login code voids the user's
 * older unused login codes, so only the latest link signs in; a new texted verification code
 * voids the older ones of its phone method. `trx` must be a transaction: the lock that makes
 * "only the latest" hold when requests come at once lasts until it ends.
 */
export async function createCode(
  trx: Executor,
  input: { userId: string; purpose: CodePurpose; notificationMethodId?: string | null },
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const now = Date.now();
  if (input.purpose !== 'verify_email') {
    await repo.lockCodes(trx, input.userId, input.purpose);
    await repo.voidCodes(
      trx,
      {
        userId: input.userId,
        purpose: input.purpose,
        notificationMethodId: input.notificationMethodId,
      },
      new Date(now),
    );
  }
  await repo.insertCode(trx, {
    userId: input.userId,
    purpose: input.purpose,
    hash: hashCode(code),
    notificationMethodId: input.notificationMethodId ?? null,
    expiresAt: new Date(now + TTL_OF[input.purpose]),
  });
  return code;
}

/**
 * Consumes a code atomically: of any number of concurrent redemptions exactly one wins.
 * Anything else (malformed, forged, reused, expired, another purpose) is undefined, never a
 * reason.
 */
export async function consumeCode(db: Executor, code: string, purpose: CodePurpose) {
  if (!CODE_PATTERN.test(code)) return undefined;
  return repo.useCode(db, hashCode(code), purpose);
}

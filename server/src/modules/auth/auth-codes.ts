import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AuthCodesTable, DB } from '../../db/types.ts';

export type CodePurpose = AuthCodesTable['purpose'];

export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
export const VERIFY_CODE_TTL_MS = 24 * 60 * 60 * 1000;

/** 32 bytes from the CSPRNG (256 bits), base64url: 43 characters. */
const CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashCode = (code: string): Buffer => createHash('sha256').update(code).digest();

/**
 * Creates a single-use code and stores only its hash. A new login code voids the user's
 * older unused login codes, so only the latest link signs in.
 */
export async function createCode(
  trx: Kysely<DB>,
  input: { userId: string; purpose: CodePurpose; notificationMethodId?: string | null },
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const now = Date.now();
  if (input.purpose === 'login') {
    await trx
      .updateTable('auth_codes')
      .set({ used_at: new Date(now) })
      .where('user_id', '=', input.userId)
      .where('purpose', '=', 'login')
      .where('used_at', 'is', null)
      .execute();
  }
  await trx
    .insertInto('auth_codes')
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      code_hash: hashCode(code),
      notification_method_id: input.notificationMethodId ?? null,
      expires_at: new Date(
        now + (input.purpose === 'login' ? LOGIN_CODE_TTL_MS : VERIFY_CODE_TTL_MS),
      ),
      used_at: null,
    })
    .execute();
  return code;
}

/**
 * Consumes a code atomically: one UPDATE that succeeds only for an unused, unexpired code of
 * that purpose, so of any number of concurrent redemptions exactly one wins. Anything else
 * (malformed, forged, reused, expired, another purpose) is undefined, never a reason.
 */
export async function consumeCode(db: Database, code: string, purpose: CodePurpose) {
  if (!CODE_PATTERN.test(code)) return undefined;
  return db
    .updateTable('auth_codes')
    .set({ used_at: new Date() })
    .where('code_hash', '=', hashCode(code))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'notification_method_id'])
    .executeTakeFirst();
}

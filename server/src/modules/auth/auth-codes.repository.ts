import type { Executor } from '../../db/database.ts';
import type { AuthCodesTable } from '../../db/types.ts';

export type CodePurpose = AuthCodesTable['purpose'];

/** Marks the user's unused login codes used: only the latest link signs in. */
export async function voidLoginCodes(db: Executor, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('auth_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'login')
    .where('used_at', 'is', null)
    .execute();
}

export async function insertCode(
  db: Executor,
  code: {
    userId: string;
    purpose: CodePurpose;
    hash: Buffer;
    notificationMethodId: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('auth_codes')
    .values({
      user_id: code.userId,
      purpose: code.purpose,
      code_hash: code.hash,
      notification_method_id: code.notificationMethodId,
      expires_at: code.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * One UPDATE that succeeds only for an unused, unexpired code of that purpose, so of any
 * number of concurrent redemptions exactly one wins.
 */
export function useCode(db: Executor, hash: Buffer, purpose: CodePurpose) {
  return db
    .updateTable('auth_codes')
    .set({ used_at: new Date() })
    .where('code_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'notification_method_id'])
    .executeTakeFirst();
}

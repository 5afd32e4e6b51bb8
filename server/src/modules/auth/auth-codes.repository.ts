import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { AuthCodesTable } from '../../db/types.ts';

export type CodePurpose = AuthCodesTable['purpose'];

/**
 * Holds, to the end of the transaction, the right to void and add the user's codes of a purpose:
 * two sign-in requests at once would each void only the codes committed before them, and both
 * new links would work.
 */
export async function lockCodes(db: Executor, userId: string, purpose: CodePurpose) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('deedwatch:auth-codes'), hashtext(${`${userId}:${purpose}`}))`.execute(
    db,
  );
}

/**
 * Marks the user's unused codes of a purpose used (of one method, when given): only the latest
 * link works.
 */
export async function voidCodes(
  db: Executor,
  of: { userId: string; purpose: CodePurpose; notificationMethodId?: string | null },
  at: Date,
): Promise<void> {
  let query = db
    .updateTable('auth_codes')
    .set({ used_at: at })
    .where('user_id', '=', of.userId)
    .where('purpose', '=', of.purpose)
    .where('used_at', 'is', null);
  if (of.notificationMethodId)
    query = query.where('notification_method_id', '=', of.notificationMethodId);
  await query.execute();
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

import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { DB } from '../../db/types.ts';

type Scopes = DB['personal_access_tokens']['scopes'];

const COLUMNS = [
  'id',
  'name',
  'token_hint',
  'scopes',
  'created_at',
  'expires_at',
  'last_used_at',
  'last_used_ip',
  'revoked_at',
] as const;

export async function countActiveTokens(db: Executor, userId: string, now: Date) {
  const row = await db
    .selectFrom('personal_access_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertToken(
  db: Executor,
  token: {
    userId: string;
    name: string;
    hash: string;
    hint: string;
    scopes: Scopes;
    expiresAt: Date | null;
  },
) {
  return db
    .insertInto('personal_access_tokens')
    .values({
      user_id: token.userId,
      name: token.name,
      token_hash: token.hash,
      token_hint: token.hint,
      scopes: token.scopes,
      expires_at: token.expiresAt,
      last_used_at: null,
      last_used_ip: null,
      revoked_at: null,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export function listTokens(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('personal_access_tokens')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Revokes one of the user's tokens not revoked yet; undefined when it is not theirs or was
 * revoked before (ownToken tells which).
 */
export function revokeToken(db: Executor, userId: string, tokenId: string) {
  return db
    .updateTable('personal_access_tokens')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** One of the user's tokens; undefined when not theirs. */
export function ownToken(db: Executor, userId: string, tokenId: string) {
  return db
    .selectFrom('personal_access_tokens')
    .select(COLUMNS)
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A token by its hash, with its owner's role. */
export function findTokenByHash(db: Executor, hash: string) {
  return db
    .selectFrom('personal_access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.user_id',
      't.name',
      't.scopes',
      't.expires_at',
      't.revoked_at',
      't.last_used_at',
      't.last_used_ip',
      'u.role',
    ])
    .where('t.token_hash', '=', hash)
    .executeTakeFirst();
}

export async function touchToken(db: Executor, tokenId: string, ip: string, at: Date) {
  await db
    .updateTable('personal_access_tokens')
    .set({ last_used_at: at, last_used_ip: ip })
    .where('id', '=', tokenId)
    .execute();
}

/** Records an address the token was used from; true when it had never been seen. */
export async function recordTokenIp(db: Executor, tokenId: string, ip: string): Promise<boolean> {
  const row = await db
    .insertInto('personal_access_token_ips')
    .values({ token_id: tokenId, ip })
    .onConflict((oc) => oc.columns(['token_id', 'ip']).doNothing())
    .returning('ip')
    .executeTakeFirst();
  return row !== undefined;
}

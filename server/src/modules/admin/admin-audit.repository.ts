import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';

export function listEntries(db: Kysely<DB>, page: { limit: number; offset: number }) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.at',
      'a.action',
      'a.actor_id',
      'u.email as actor_email',
      'a.impersonator_id',
      'a.target_type',
      'a.target_id',
      'a.details',
    ])
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countEntries(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findUser(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The id of the user's Email method for the account's own address, created if it is missing. */
export async function accountEmailMethodId(
  db: Kysely<DB>,
  user: { id: string; email: string },
): Promise<string> {
  const find = () =>
    db
      .selectFrom('notification_methods')
      .select('id')
      .where('user_id', '=', user.id)
      .where('type', '=', 'Email')
      .where('email', '=', user.email)
      .executeTakeFirst();
  const existing = await find();
  if (existing) return existing.id;
  const created = await db
    .insertInto('notification_methods')
    .values({
      user_id: user.id,
      type: 'Email',
      email: user.email,
      phone: null,
      verified_at: null,
      undeliverable_at: null,
      undeliverable_reason: null,
    })
    // Created meanwhile by another request: use that one.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return created?.id ?? (await find())!.id;
}

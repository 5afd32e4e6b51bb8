import { type Expression, type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Role } from '../../db/types.ts';
import type { Sort } from './admin-users.schemas.ts';

/** A LIKE pattern over the lower-cased email: a prefix, or a substring anywhere. */
export type EmailMatch = { kind: 'prefix' | 'substring'; pattern: string };

export type UserListFilter = { roles: readonly Role[]; match: EmailMatch | null };

// Substrings go through the trigram index on email (users_email_trgm_idx); prefixes, too short
// for trigrams, through the C-collation btree users_list_email_idx, which a LIKE 'ab%' on
// `email COLLATE "C"` reads as a range.
function emailMatches(match: EmailMatch): Expression<SqlBool> {
  return match.kind === 'prefix'
    ? sql<SqlBool>`email COLLATE "C" LIKE ${match.pattern}`
    : sql<SqlBool>`email LIKE ${match.pattern}`;
}

function filtered(db: Executor, filter: UserListFilter) {
  let query = db.selectFrom('users').where('role', 'in', filter.roles);
  if (filter.match) query = query.where(emailMatches(filter.match));
  return query;
}

/**
 * How many users the caller may see. Without a search it is read from user_role_counts (kept
 * by triggers), not counted: an exact count over a million rows costs ~90 ms on every page.
 */
export async function countUsers(db: Executor, filter: UserListFilter): Promise<number> {
  if (!filter.match) {
    const row = await db
      .selectFrom('user_role_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('users'), sql<string>`0`).as('n'))
      .where('role', 'in', filter.roles)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// The email order is by code point (C collation): the same on every server, and the order of
// users_list_email_idx.
const sortKey = (sort: Sort, table: 'users' | 'u') =>
  sort.field === 'email'
    ? sql`${sql.ref(`${table}.email`)} COLLATE "C"`
    : sql.ref(`${table}.created_at`);

/**
 * One page of users with their counts. The page's ids are picked first, from the list indexes
 * alone (the rows skipped by OFFSET are never read from the table); the counts are then
 * computed for those rows only.
 */
export function listUsers(
  db: Executor,
  filter: UserListFilter,
  page: { sort: Sort; limit: number; offset: number },
) {
  const { sort } = page;
  const ids = filtered(db, filter)
    .select('users.id')
    .orderBy(sortKey(sort, 'users'), sort.direction)
    .orderBy('users.id', sort.direction)
    .limit(page.limit)
    .offset(page.offset);
  return db
    .selectFrom(ids.as('p'))
    .innerJoin('users as u', 'u.id', 'p.id')
    .select((eb) => [
      'u.id',
      'u.email',
      'u.role',
      'u.created_at',
      'u.last_login_at',
      'u.email_verified_at',
      eb
        .selectFrom('apn_subscriptions as a')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('a.user_id', '=', 'u.id')
        .as('apn_subscriptions'),
      eb
        .selectFrom('name_subscriptions as s')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('s.user_id', '=', 'u.id')
        .as('name_subscriptions'),
      eb
        .selectFrom('notification_methods as m')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('m.user_id', '=', 'u.id')
        .as('notification_methods'),
    ])
    .orderBy(sortKey(sort, 'u'), sort.direction)
    .orderBy('u.id', sort.direction)
    .execute();
}

export function findUser(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The id of the user's Email method for the account's own address, created if it is missing. */
export async function accountEmailMethodId(
  db: Executor,
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

import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export function listContacts(db: Executor, userId: string) {
  return db
    .selectFrom('trusted_contacts')
    .select(['id', 'email', 'name', 'status', 'created_at', 'accepted_at', 'stopped_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The addresses that are the subscriber's own: the account's and their alert emails. */
export async function ownEmails(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('notification_methods')
    .select('email')
    .where('user_id', '=', userId)
    .where('type', '=', 'Email')
    .where('email', 'is not', null)
    .execute();
  return rows.map((r) => r.email!.toLowerCase());
}

export function insertContact(db: Executor, userId: string, email: string, name: string) {
  return db
    .insertInto('trusted_contacts')
    .values({ user_id: userId, email, name })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Removes one of the user's contacts (its codes go with it); its address, or undefined. */
export async function deleteContact(db: Executor, userId: string, contactId: string) {
  const row = await db
    .deleteFrom('trusted_contacts')
    .where('id', '=', contactId)
    .where('user_id', '=', userId)
    .returning('email')
    .executeTakeFirst();
  return row?.email;
}

/**
 * Drops the mail to a removed or stopped contact that has not left yet: the send-mail job then
 * finds no delivery and sends nothing.
 */
export async function deleteQueuedMail(db: Executor, userId: string, email: string) {
  await db
    .deleteFrom('deliveries')
    .where('user_id', '=', userId)
    .where('recipient', '=', email)
    .where('kind', 'in', ['alert_copy', 'contact_invite'])
    .where('status', '=', 'queued')
    .execute();
}

/**
 * Uses a code of a contact's link: one UPDATE that succeeds only for an unused, unexpired code
 * of that purpose, so of any number of concurrent uses exactly one wins.
 */
export function useCode(db: Executor, hash: Buffer, purpose: 'accept' | 'stop') {
  return db
    .updateTable('trusted_contact_codes')
    .set({ used_at: sql`now()` })
    .where('code_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('contact_id')
    .executeTakeFirst();
}

/**
 * The contact whose link of `purpose` was answered already, for the same link opened again: a
 * stop link's contact once stopped (whenever it is opened again), an accept link's once active
 * and while the invitation holds (a used code, not expired).
 */
export function answeredByCode(db: Executor, hash: Buffer, purpose: 'accept' | 'stop') {
  let query = db
    .selectFrom('trusted_contact_codes as k')
    .innerJoin('trusted_contacts as t', 't.id', 'k.contact_id')
    .select('t.id')
    .where('k.code_hash', '=', hash)
    .where('k.purpose', '=', purpose)
    .where('t.status', '=', purpose === 'stop' ? 'stopped' : 'active');
  if (purpose === 'accept') {
    query = query.where('k.used_at', 'is not', null).where('k.expires_at', '>', new Date());
  }
  return query.executeTakeFirst();
}

export function findContact(db: Executor, contactId: string) {
  return db
    .selectFrom('trusted_contacts as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 't.email', 't.status', 'u.email as subscriber_email'])
    .where('t.id', '=', contactId)
    .forUpdate('t')
    .executeTakeFirst();
}

export async function activate(db: Executor, contactId: string) {
  await db
    .updateTable('trusted_contacts')
    .set({ status: 'active', accepted_at: sql`now()` })
    .where('id', '=', contactId)
    .where('status', '=', 'invited')
    .execute();
}

/** Stops a contact for good: no copy is sent, and none of their links works again. */
export async function stop(db: Executor, contactId: string) {
  await db
    .updateTable('trusted_contacts')
    .set({ status: 'stopped', stopped_at: sql`now()` })
    .where('id', '=', contactId)
    .where('status', '<>', 'stopped')
    .execute();
  await db
    .updateTable('trusted_contact_codes')
    .set({ used_at: sql`now()` })
    .where('contact_id', '=', contactId)
    .where('used_at', 'is', null)
    .execute();
}

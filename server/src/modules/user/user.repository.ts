import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type StoredName, storedName } from '../../matching/match-keys.ts';
import type { DB } from '../../db/types.ts';

export function findUser(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function emailTaken(db: Kysely<DB>, email: string): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !==
    undefined
  );
}

export function insertUser(db: Kysely<DB>, email: string) {
  return db
    .insertInto('users')
    .values({ email, password_hash: null, email_verified_at: null, last_login_at: null })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}

export function listApnKeys(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('apn_subscriptions')
    .select(['county_id', 'apn_key'])
    .where('user_id', '=', userId)
    .execute();
}

export function listNameKeys(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('name_subscriptions')
    .select(['county_id', 'name_key'])
    .where('user_id', '=', userId)
    .execute();
}

/** The street keys and zips of parcels by APN key, to match documents that name the address only. */
export async function parcelAddressKeys(
  db: Kysely<DB>,
  items: { countyId: number; apnKey: string }[],
) {
  if (items.length === 0) return new Map<string, { address_key: string; zip: string }>();
  const rows = await db
    .selectFrom('parcels')
    .select(['county_id', 'apn_key', 'address_key', 'zip'])
    .where((eb) =>
      eb.or(
        items.map((i) => eb.and([eb('county_id', '=', i.countyId), eb('apn_key', '=', i.apnKey)])),
      ),
    )
    .execute();
  return new Map(rows.map((r) => [`${r.county_id}:${r.apn_key}`, r]));
}

export type NewApnSubscription = {
  countyId: number;
  apn: string;
  apnKey: string;
  description: string;
  addressKey: string | null;
  addressZip: string | null;
};
export type NewNameSubscription = {
  countyId: number;
  name: string;
  nameKey: string;
  tokens: string[];
};

export async function insertApnSubscriptions(
  db: Kysely<DB>,
  userId: string,
  items: NewApnSubscription[],
  activatedAt: Date | null,
) {
  if (items.length === 0) return;
  await db
    .insertInto('apn_subscriptions')
    .values(
      items.map((i) => ({
        user_id: userId,
        county_id: i.countyId,
        apn: i.apn,
        apn_key: i.apnKey,
        description: i.description,
        address_key: i.addressKey,
        address_zip: i.addressZip,
        activated_at: activatedAt,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'county_id', 'apn_key']).doNothing())
    .execute();
}

export async function insertNameSubscriptions(
  db: Kysely<DB>,
  userId: string,
  items: NewNameSubscription[],
  activatedAt: Date | null,
) {
  if (items.length === 0) return;
  const stored = items.map((i) => storedName(i.name));
  const inserted = await db
    .insertInto('name_subscriptions')
    .values(
      items.map((i, n) => ({
        user_id: userId,
        county_id: i.countyId,
        name: i.name,
        name_key: i.nameKey,
        tokens: i.tokens,
        match_key: stored[n]!.matchKey,
        name_kind: stored[n]!.kind,
        activated_at: activatedAt,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'county_id', 'name_key']).doNothing())
    .returning(['id', 'county_id', 'name_key'])
    .execute();
  const storedOf = new Map(items.map((i, n) => [`${i.countyId}:${i.nameKey}`, stored[n]!]));
  await insertNameMatchKeys(
    db,
    inserted.map((row) => ({
      subscriptionId: row.id,
      countyId: row.county_id,
      name: storedOf.get(`${row.county_id}:${row.name_key}`)!,
    })),
  );
}

/** The readings and typo keys the matcher joins guarded names on (migration 0010). */
export async function insertNameMatchKeys(
  db: Kysely<DB>,
  rows: { subscriptionId: string; countyId: number; name: StoredName }[],
) {
  const readings = rows.flatMap((row) =>
    row.name.readings.map((r) => ({
      ...r,
      subscriptionId: row.subscriptionId,
      countyId: row.countyId,
    })),
  );
  if (readings.length === 0) return;
  await db
    .insertInto('name_subscription_readings')
    .values(
      readings.map((r) => ({
        subscription_id: r.subscriptionId,
        county_id: r.countyId,
        surname: r.surname,
        first: r.first,
        middle: r.middle,
      })),
    )
    .execute();
  const typoKeys = readings.flatMap((r) =>
    r.deletionKeys.map((key) => ({
      subscription_id: r.subscriptionId,
      county_id: r.countyId,
      deletion_key: key,
      surname: r.surname,
      first: r.first,
      middle: r.middle,
    })),
  );
  // Distinct rows only: two readings may share a surname and first name.
  const unique = [...new Map(typoKeys.map((k) => [JSON.stringify(k), k])).values()];
  if (unique.length > 0)
    await db.insertInto('name_subscription_typo_keys').values(unique).execute();
}

export async function deleteSubscription(
  db: Database,
  kind: 'Apn' | 'Name',
  userId: string,
  id: string,
) {
  const table = kind === 'Apn' ? 'apn_subscriptions' : 'name_subscriptions';
  const result = await db
    .deleteFrom(table)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function findMethod(db: Kysely<DB>, userId: string, methodId: string) {
  return db
    .selectFrom('notification_methods')
    .select(['id', 'type', 'email', 'phone', 'verified_at'])
    .where('id', '=', methodId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findMethodByAddress(
  db: Kysely<DB>,
  userId: string,
  type: 'Email' | 'SMS',
  address: string,
) {
  return db
    .selectFrom('notification_methods')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where(type === 'Email' ? 'email' : 'phone', '=', address)
    .executeTakeFirst();
}

export function insertMethod(
  db: Kysely<DB>,
  userId: string,
  type: 'Email' | 'SMS',
  address: string,
) {
  return db
    .insertInto('notification_methods')
    .values({
      user_id: userId,
      type,
      email: type === 'Email' ? address : null,
      phone: type === 'SMS' ? address : null,
      verified_at: null,
      undeliverable_at: null,
      undeliverable_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function deleteMethod(db: Database, userId: string, methodId: string) {
  await db
    .deleteFrom('notification_methods')
    .where('id', '=', methodId)
    .where('user_id', '=', userId)
    .execute();
}

export async function archiveEvent(db: Database, userId: string, eventId: string) {
  const result = await db
    .updateTable('events')
    .set({ is_archived: true })
    .where('id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

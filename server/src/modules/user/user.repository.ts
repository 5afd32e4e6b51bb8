import { sql } from 'kysely';
import type { Language } from '@deedwatch/rules';
import { DOCUMENT_COLUMNS, EVENT_MATCH_COLUMNS, FRAUD_CONTACT_COLUMNS } from '../../db/columns.ts';
import type { Executor } from '../../db/database.ts';
import type { PossibleMatches } from '../../db/types.ts';
import { type StoredName, storedName } from '../../keys/match-keys.ts';

export function findUser(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Locks the user's row (FOR NO KEY UPDATE: inserts referencing it, such as the matcher's events,
 * still go ahead) so that two changes at once cannot both find room under a limit: guards,
 * trusted contacts, tokens, webhook endpoints.
 */
export async function lockUser(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role'])
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** How many notification methods the user has, verified or not. */
export async function countMethods(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notification_methods')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether `email` is one of the user's trusted contacts, whatever their answer. */
export async function isTrustedContact(db: Executor, userId: string, email: string) {
  const row = await db
    .selectFrom('trusted_contacts')
    .select('id')
    .where('user_id', '=', userId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

export async function emailTaken(db: Executor, email: string): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !==
    undefined
  );
}

export function insertUser(db: Executor, email: string, language: Language) {
  return db
    .insertInto('users')
    .values({ email, language, password_hash: null, email_verified_at: null, last_login_at: null })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}

export function listApnKeys(db: Executor, userId: string) {
  return db
    .selectFrom('apn_subscriptions')
    .select(['county_id', 'apn_key'])
    .where('user_id', '=', userId)
    .execute();
}

export function listNameKeys(db: Executor, userId: string) {
  return db
    .selectFrom('name_subscriptions')
    .select(['county_id', 'name_key'])
    .where('user_id', '=', userId)
    .execute();
}

/** The street keys and zips of parcels by APN key, to match documents that name the address only. */
export async function parcelAddressKeys(
  db: Executor,
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
  db: Executor,
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
  db: Executor,
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
        name_kind: stored[n]!.nameKind,
        suffix: stored[n]!.suffix,
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

/**
 * The keys the matcher joins guarded names on (migrations 0010 and 0018): the readings, the
 * surnames' deletion keys, and the nicknames of each reading's first name, one row each.
 */
export async function insertNameMatchKeys(
  db: Executor,
  rows: { subscriptionId: string; countyId: number; name: StoredName }[],
) {
  const readings = rows.flatMap((row) =>
    row.name.readings.map((r) => ({
      subscription_id: row.subscriptionId,
      county_id: row.countyId,
      surname: r.surname,
      first: r.first,
      middle: r.middle,
      suffix: row.name.suffix,
      is_part: r.isPart,
      isReversed: r.isReversed,
      deletionKeys: r.deletionKeys,
      nicknames: r.nicknames,
    })),
  );
  if (readings.length === 0) return;
  // In statements of at most ROWS_PER_INSERT rows: Postgres takes 65,535 parameters at most, and
  // a loader (the benchmark's) writes thousands of names at once.
  for (const rows of chunks(
    readings.map(({ deletionKeys: _, nicknames: __, isReversed: ___, ...r }) => r),
  ))
    await db.insertInto('name_subscription_readings').values(rows).execute();
  // Distinct rows only: two readings may share a surname and first name.
  const distinct = <T>(rows: T[]) => [...new Map(rows.map((k) => [JSON.stringify(k), k])).values()];
  const typoKeys = distinct(
    readings.flatMap((r) =>
      r.deletionKeys.map((key) => ({
        subscription_id: r.subscription_id,
        county_id: r.county_id,
        deletion_key: key,
        surname: r.surname,
        first: r.first,
        middle: r.middle,
        suffix: r.suffix,
        is_reversed: r.isReversed,
      })),
    ),
  );
  for (const rows of chunks(typoKeys))
    await db.insertInto('name_subscription_typo_keys').values(rows).execute();
  const nicknames = distinct(
    readings.flatMap((r) =>
      r.nicknames.map((nickname) => ({
        subscription_id: r.subscription_id,
        county_id: r.county_id,
        surname: r.surname,
        nickname,
        first: r.first,
        middle: r.middle,
        suffix: r.suffix,
        is_part: r.is_part,
      })),
    ),
  );
  for (const rows of chunks(nicknames))
    await db.insertInto('name_subscription_nicknames').values(rows).execute();
}

const ROWS_PER_INSERT = 5000;
const chunks = <T>(rows: T[]): T[][] =>
  Array.from({ length: Math.ceil(rows.length / ROWS_PER_INSERT) }, (_, i) =>
    rows.slice(i * ROWS_PER_INSERT, (i + 1) * ROWS_PER_INSERT),
  );

export async function deleteSubscription(
  db: Executor,
  subscriptionType: 'Apn' | 'Name',
  userId: string,
  id: string,
) {
  const table = subscriptionType === 'Apn' ? 'apn_subscriptions' : 'name_subscriptions';
  const result = await db
    .deleteFrom(table)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function findMethod(db: Executor, userId: string, methodId: string) {
  return db
    .selectFrom('notification_methods')
    .select(['id', 'type', 'email', 'phone', 'verified_at'])
    .where('id', '=', methodId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findMethodByAddress(
  db: Executor,
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

export function insertMethod(db: Executor, userId: string, type: 'Email' | 'SMS', address: string) {
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

export async function deleteMethod(db: Executor, userId: string, methodId: string) {
  await db
    .deleteFrom('notification_methods')
    .where('id', '=', methodId)
    .where('user_id', '=', userId)
    .execute();
}

export async function archiveEvent(db: Executor, userId: string, eventId: string) {
  const result = await db
    .updateTable('events')
    .set({ is_archived: true })
    .where('id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// The session user (session-user.service.ts): the account, its guarded items, their events and
// the notification methods.

export function findAccount(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'email', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setLanguage(db: Executor, userId: string, language: Language) {
  const updated = await db
    .updateTable('users')
    .set({ language })
    .where('id', '=', userId)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export function listApnSubscriptions(db: Executor, userId: string) {
  return db
    .selectFrom('apn_subscriptions as s')
    .innerJoin('counties as c', 'c.id', 's.county_id')
    .select(['s.id', 'c.name as county', 's.apn', 's.description'])
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at')
    .execute();
}

export function listNameSubscriptions(db: Executor, userId: string) {
  return db
    .selectFrom('name_subscriptions as s')
    .innerJoin('counties as c', 'c.id', 's.county_id')
    .select(['s.id', 'c.name as county', 's.name', 's.possible_matches'])
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at')
    .execute();
}

/** Sets what is done with a guarded name's possible matches; false when it is not the user's. */
export async function setPossibleMatches(
  db: Executor,
  userId: string,
  subscriptionId: string,
  choice: PossibleMatches,
): Promise<boolean> {
  const result = await db
    .updateTable('name_subscriptions')
    .set({ possible_matches: choice })
    .where('id', '=', subscriptionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One alert delivery of an event, as listEvents gives it. */
export type AlertDelivery = {
  method_id: string | null;
  channel: 'email' | 'sms';
  status: 'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'ambiguous' | 'skipped';
  error: string | null;
};

/**
 * The user's events, newest first, each with the delivery state of its alert: the best of its
 * deliveries (sent, then queued or sending, then ambiguous, then failed) and the last error,
 * its level, the case the user opened on its document (if any), its county's fraud contact and
 * the property its document names first, and what it kept of its guard if the user removed it
 * (migration 0035). The possible matches of a name whose subscriber chose not to see them are
 * left out, whether the name is guarded still or was removed with that choice.
 */
export function listEvents(db: Executor, userId: string) {
  return db
    .selectFrom('events as e')
    .innerJoin('recorded_documents as d', 'd.id', 'e.document_id')
    .innerJoin('counties as c', 'c.id', 'd.county_id')
    .leftJoin('name_subscriptions as n', 'n.id', 'e.name_subscription_id')
    .leftJoin('cases as k', (join) =>
      join.onRef('k.user_id', '=', 'e.user_id').onRef('k.document_id', '=', 'e.document_id'),
    )
    .select((eb) => [
      'e.id',
      'e.apn_subscription_id',
      'e.name_subscription_id',
      'e.removed_guard_id',
      'e.removed_guard_at',
      'e.removed_guard_apn',
      'e.removed_guard_description',
      'e.removed_guard_name',
      'e.removed_guard_possible_matches',
      'e.is_archived',
      'e.created_at',
      ...EVENT_MATCH_COLUMNS,
      'e.confidence',
      'e.tier',
      'e.namesakes',
      'e.on_record',
      'e.level',
      'e.recognised_at',
      'k.id as case_id',
      'k.case_number',
      'k.status as case_status',
      'k.created_at as case_created_at',
      'k.updated_at as case_updated_at',
      ...FRAUD_CONTACT_COLUMNS,
      eb
        .selectFrom('document_parcels as p')
        .select(sql<string>`coalesce(nullif(p.address, ''), 'APN ' || p.apn)`.as('property'))
        .whereRef('p.document_id', '=', 'e.document_id')
        .orderBy(sql`p.address IS NULL OR p.address = ''`)
        .orderBy('p.id')
        .limit(1)
        .as('document_property'),
      ...DOCUMENT_COLUMNS,
      'c.name as county',
      eb
        .selectFrom('deliveries as l')
        .select(
          sql<string>`(array_agg(l.status ORDER BY array_position(ARRAY['sent', 'sending', 'queued', 'ambiguous', 'failed'], l.status)))[1]`.as(
            's',
          ),
        )
        .where('l.kind', '=', 'alert')
        .where('l.channel', '=', 'email')
        .whereRef('l.user_id', '=', 'e.user_id')
        .whereRef('l.document_id', '=', 'e.document_id')
        .as('delivery_status'),
      eb
        .selectFrom('deliveries as l')
        .select('l.last_error')
        .where('l.kind', '=', 'alert')
        .where('l.channel', '=', 'email')
        .where('l.status', '=', 'failed')
        .whereRef('l.user_id', '=', 'e.user_id')
        .whereRef('l.document_id', '=', 'e.document_id')
        .orderBy('l.created_at', 'desc')
        .limit(1)
        .as('delivery_error'),
      eb
        .selectFrom('deliveries as l')
        .select(
          sql<
            AlertDelivery[] | null
          >`json_agg(json_build_object('method_id', l.notification_method_id, 'channel', l.channel, 'status', l.status, 'error', l.last_error) ORDER BY l.created_at, l.id)`.as(
            'list',
          ),
        )
        .where('l.kind', '=', 'alert')
        .whereRef('l.user_id', '=', 'e.user_id')
        .whereRef('l.document_id', '=', 'e.document_id')
        .as('deliveries'),
    ])
    .where('e.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('e.tier', '<>', 'possible'),
        eb(
          eb.fn.coalesce('n.possible_matches', 'e.removed_guard_possible_matches'),
          'is distinct from',
          'hide',
        ),
      ]),
    )
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id')
    .execute();
}

export function listNotificationMethods(db: Executor, userId: string) {
  return db
    .selectFrom('notification_methods')
    .select([
      'id',
      'type',
      'email',
      'phone',
      'verified_at',
      'opted_out_at',
      'undeliverable_reason',
      'texts_check_level',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/**
 * The countries whose phone numbers the user's counties take, the country of the county guarded
 * first leading; empty when the user guards nothing.
 */
export async function phoneCountriesOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('apn_subscriptions')
        .select(['county_id', 'created_at'])
        .where('user_id', '=', userId)
        .unionAll(
          eb
            .selectFrom('name_subscriptions')
            .select(['county_id', 'created_at'])
            .where('user_id', '=', userId),
        )
        .as('g'),
    )
    .innerJoin('counties as c', 'c.id', 'g.county_id')
    .select('c.phone_countries')
    .orderBy('g.created_at')
    .execute();
  return [...new Set(rows.flatMap((r) => r.phone_countries))];
}

export async function setTextsCheckLevel(
  db: Executor,
  userId: string,
  methodId: string,
  checkLevel: boolean,
) {
  await db
    .updateTable('notification_methods')
    .set({ texts_check_level: checkLevel })
    .where('id', '=', methodId)
    .where('user_id', '=', userId)
    .execute();
}

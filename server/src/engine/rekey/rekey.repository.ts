import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { StoredName } from '../../keys/match-keys.ts';
import { insertPartyReadings } from '../ingest/ingest.repository.ts';
import { insertNameMatchKeys } from '../../modules/user/user.repository.ts';

/** The version of the name keys stored in the database (name_keys_version, migration 0018). */
export async function storedKeysVersion(db: Executor): Promise<number> {
  const row = await db.selectFrom('name_keys_version').select('version').executeTakeFirst();
  return row?.version ?? 0;
}

export async function setStoredKeysVersion(db: Executor, version: number): Promise<void> {
  await db.updateTable('name_keys_version').set({ version }).execute();
}

/** Writes the match key, kind and suffix of each row's name into a guarded or recorded name's row. */
async function setNameColumns(
  trx: Executor,
  table: 'name_subscriptions' | 'document_parties',
  idType: 'uuid' | 'bigint',
  rows: { id: string; name: StoredName }[],
): Promise<void> {
  await sql`
    UPDATE ${sql.table(table)} t
    SET match_key = k.match_key, name_kind = k.name_kind, suffix = k.suffix
    FROM unnest(${rows.map((r) => r.id)}::${sql.raw(idType)}[], ${rows.map((r) => r.name.matchKey)}::text[],
                ${rows.map((r) => r.name.nameKind)}::text[], ${rows.map((r) => r.name.suffix)}::text[])
      AS k (id, match_key, name_kind, suffix)
    WHERE t.id = k.id`.execute(trx);
}

/** The next `limit` guarded names after `afterId`, in id order. */
export function nameSubscriptionsAfter(db: Executor, afterId: string, limit: number) {
  return db
    .selectFrom('name_subscriptions')
    .select(['id', 'user_id', 'county_id', 'name', 'name_key'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Replaces the stored keys of guarded names: their match key, kind and suffix, readings, typo keys and nicknames. */
export async function replaceSubscriptionKeys(
  trx: Executor,
  rows: { id: string; countyId: number; name: StoredName }[],
): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  await setNameColumns(trx, 'name_subscriptions', 'uuid', rows);
  for (const table of [
    'name_subscription_readings',
    'name_subscription_typo_keys',
    'name_subscription_nicknames',
  ] as const)
    await trx.deleteFrom(table).where('subscription_id', 'in', ids).execute();
  await insertNameMatchKeys(
    trx,
    rows.map((r) => ({ subscriptionId: r.id, countyId: r.countyId, name: r.name })),
  );
}

/** The next `limit` recorded parties after `afterId`, in id order. */
export function partiesAfter(db: Executor, afterId: string, limit: number) {
  return db
    .selectFrom('document_parties')
    .select(['id', 'document_id', 'name', 'name_key'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Replaces the stored keys of recorded parties: match key, kind, suffix and readings. */
export async function replacePartyKeys(
  trx: Executor,
  rows: { id: string; documentId: string; name: StoredName }[],
): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  await setNameColumns(trx, 'document_parties', 'bigint', rows);
  await trx.deleteFrom('document_party_readings').where('party_id', 'in', ids).execute();
  await insertPartyReadings(trx, rows);
}

/** Writes the name key (the index's key, rules' nameKey) of recorded parties whose key changed. */
export async function setPartyNameKeys(
  trx: Executor,
  rows: { id: string; nameKey: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    UPDATE document_parties p SET name_key = k.name_key
    FROM unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.nameKey)}::text[])
      AS k (id, name_key)
    WHERE p.id = k.id`.execute(trx);
}

/**
 * Gives a guarded name its new name key. When the user already guards that key in the county
 * (IBARGÜEN JOSÉ and IBARGUEN JOSE, two keys under the old rules and one now), the two guards
 * become one: the older is kept, with its settings, and the other's events move to it
 * (mergeSubscription).
 */
export async function setSubscriptionNameKey(
  trx: Executor,
  row: { id: string; userId: string; countyId: number; nameKey: string },
): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM name_subscriptions
    WHERE id = ${row.id}
       OR (user_id = ${row.userId} AND county_id = ${row.countyId} AND name_key = ${row.nameKey})
    ORDER BY created_at, id
    FOR UPDATE`.execute(trx);
  if (!rows.some((r) => r.id === row.id)) return; // deleted since it was read
  const keep = rows[0]!.id;
  for (const other of rows.slice(1)) await mergeSubscription(trx, other.id, keep);
  await trx
    .updateTable('name_subscriptions')
    .set({ name_key: row.nameKey, tokens: row.nameKey.split(' ') })
    .where('id', '=', keep)
    .execute();
}

/**
 * Moves the events of guarded name `from` to guarded name `into`, then deletes `from`. Where both
 * hold an event of the same document, `into`'s stays: it takes what the subscriber did with the
 * other (recognised, archived, mailed in a digest), a fraud case or a webhook delivery of the
 * other event refers to it instead, and the other event is deleted. Nothing else refers to a
 * guarded name but its own keys, which go with it.
 */
async function mergeSubscription(trx: Executor, from: string, into: string): Promise<void> {
  const twins = sql`
    SELECT f.id AS drop_id, i.id AS keep_id, f.recognised_at, f.is_archived, f.digested_at
    FROM events f JOIN events i ON i.name_subscription_id = ${into} AND i.document_id = f.document_id
    WHERE f.name_subscription_id = ${from}`;
  await sql`
    UPDATE events e
    SET recognised_at = coalesce(e.recognised_at, t.recognised_at),
        is_archived = e.is_archived OR t.is_archived,
        digested_at = coalesce(e.digested_at, t.digested_at)
    FROM (${twins}) AS t
    WHERE e.id = t.keep_id`.execute(trx);
  await sql`
    UPDATE cases c SET event_id = t.keep_id FROM (${twins}) AS t WHERE c.event_id = t.drop_id`.execute(
    trx,
  );
  await sql`
    UPDATE webhook_deliveries w SET event_id = t.keep_id
    FROM (${twins}) AS t
    WHERE w.event_id = t.drop_id
      AND NOT EXISTS (
        SELECT 1 FROM webhook_deliveries x WHERE x.endpoint_id = w.endpoint_id AND x.event_id = t.keep_id)`.execute(
    trx,
  );
  await sql`
    UPDATE events e SET name_subscription_id = ${into}
    WHERE e.name_subscription_id = ${from}
      AND NOT EXISTS (
        SELECT 1 FROM events i WHERE i.name_subscription_id = ${into} AND i.document_id = e.document_id)`.execute(
    trx,
  );
  // The twins left: a removed guard's events stay (migration 0036), but these are merged, not
  // removed, and their document's event is `into`'s now.
  await trx.deleteFrom('events').where('name_subscription_id', '=', from).execute();
  await trx.deleteFrom('name_subscriptions').where('id', '=', from).execute();
}

/** The ids of every county, in order. */
export async function countyIds(db: Executor): Promise<number[]> {
  const rows = await db.selectFrom('counties').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** The next `limit` names of a county's index after `afterId`, in id order. */
export function indexNamesAfter(db: Executor, countyId: number, afterId: string, limit: number) {
  return db
    .selectFrom('index_names')
    .select(['id', 'name', 'name_key'])
    .where('county_id', '=', countyId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Gives a name of the county's index its new key. When the index already holds that key (PEÑAFLOR
 * JOSE and PENAFLOR JOSE, two keys under the old rules and one now), the two rows become the one
 * already under the key: their document counts added, the later recording date, and the spelling
 * of the row with more documents.
 */
export async function setIndexNameKey(
  trx: Executor,
  countyId: number,
  row: { id: string; nameKey: string },
): Promise<void> {
  const merged = await sql`
    UPDATE index_names t
    SET document_count = t.document_count + o.document_count,
        last_recorded_at = greatest(t.last_recorded_at, o.last_recorded_at),
        name = CASE WHEN o.document_count > t.document_count THEN o.name ELSE t.name END
    FROM index_names o
    WHERE o.county_id = ${countyId} AND o.id = ${row.id}
      AND t.county_id = ${countyId} AND t.name_key = ${row.nameKey} AND t.id <> o.id
    RETURNING t.id`.execute(trx);
  if (merged.rows.length > 0)
    await sql`DELETE FROM index_names WHERE county_id = ${countyId} AND id = ${row.id}`.execute(
      trx,
    );
  else
    await sql`
      UPDATE index_names SET name_key = ${row.nameKey}
      WHERE county_id = ${countyId} AND id = ${row.id}`.execute(trx);
}

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
    .select(['id', 'county_id', 'name'])
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
    .select(['id', 'document_id', 'name'])
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

import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** The version of the address keys stored in the database (address_keys_version, migration 0035). */
export async function storedAddressKeysVersion(db: Executor): Promise<number> {
  const row = await db.selectFrom('address_keys_version').select('version').executeTakeFirst();
  return row?.version ?? 0;
}

export async function setAddressKeysVersion(db: Executor, version: number): Promise<void> {
  await db.updateTable('address_keys_version').set({ version }).execute();
}

/** The next `limit` addresses of recorded documents after `afterId`, in id order. */
export function documentAddressesAfter(db: Executor, afterId: string, limit: number) {
  return db
    .selectFrom('document_parcels')
    .select(['id', 'address'])
    .where('id', '>', afterId)
    .where('address', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The next `limit` guarded parcels after `afterId`, in id order, with their parcel roll's address key and zip. */
export async function guardedParcelsAfter(db: Executor, afterId: string, limit: number) {
  const { rows } = await sql<{
    id: string;
    description: string;
    address_key: string | null;
    zip: string | null;
  }>`
    SELECT s.id, s.description, p.address_key, p.zip
    FROM apn_subscriptions s
    LEFT JOIN LATERAL (
      SELECT p.address_key, p.zip FROM parcels p
      WHERE p.county_id = s.county_id AND p.apn_key = s.apn_key
      LIMIT 1
    ) AS p ON true
    WHERE s.id > ${afterId}::uuid
    ORDER BY s.id
    LIMIT ${limit}`.execute(db);
  return rows;
}

type AddressKeys = { id: string; addressKey: string | null; zip: string | null };

/** Writes the street key and zip of each row into a recorded or a guarded address's row. */
export async function setAddressKeys(
  trx: Executor,
  table: 'document_parcels' | 'apn_subscriptions',
  rows: AddressKeys[],
): Promise<void> {
  if (rows.length === 0) return;
  const [idType, zip] =
    table === 'document_parcels'
      ? (['bigint', 'zip'] as const)
      : (['uuid', 'address_zip'] as const);
  await sql`
    UPDATE ${sql.table(table)} t
    SET address_key = k.address_key, ${sql.ref(zip)} = k.zip
    FROM unnest(${rows.map((r) => r.id)}::${sql.raw(idType)}[], ${rows.map((r) => r.addressKey)}::text[],
                ${rows.map((r) => r.zip)}::text[]) AS k (id, address_key, zip)
    WHERE t.id = k.id
      AND (t.address_key IS DISTINCT FROM k.address_key OR t.${sql.ref(zip)} IS DISTINCT FROM k.zip)`.execute(
    trx,
  );
}

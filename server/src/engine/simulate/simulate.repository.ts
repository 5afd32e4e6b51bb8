import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export function findCountyByCode(db: Executor, code: string) {
  return db
    .selectFrom('counties')
    .select(['id', 'code', 'name', 'inbox_path'])
    .where('code', '=', code)
    .executeTakeFirst();
}

export async function guardedNames(db: Executor, countyId: number): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT DISTINCT name FROM name_subscriptions
    WHERE county_id = ${countyId} AND activated_at IS NOT NULL LIMIT 500`.execute(db);
  return rows.map((r) => r.name);
}

export async function guardedApns(db: Executor, countyId: number): Promise<string[]> {
  const { rows } = await sql<{ apn: string }>`
    SELECT DISTINCT apn FROM apn_subscriptions
    WHERE county_id = ${countyId} AND activated_at IS NOT NULL LIMIT 500`.execute(db);
  return rows.map((r) => r.apn);
}

export async function indexNames(db: Executor, countyId: number): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM index_names WHERE county_id = ${countyId} ORDER BY id LIMIT 2000`.execute(db);
  return rows.map((r) => r.name);
}

export type PoolParcel = { apn: string; address: string; city: string; state: string; zip: string };

export async function parcels(db: Executor, countyId: number): Promise<PoolParcel[]> {
  const { rows } = await sql<PoolParcel>`
    SELECT apn, address, city, state, zip FROM parcels
    WHERE county_id = ${countyId} ORDER BY id LIMIT 2000`.execute(db);
  return rows;
}

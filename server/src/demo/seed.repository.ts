import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { DemoCounty, IndexNameRow, ParcelRow } from './demo-data.ts';

export async function countCounties(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('counties')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts the county unless its code exists; returns its id either way. */
export async function upsertCounty(db: Executor, c: DemoCounty): Promise<number> {
  await db
    .insertInto('counties')
    .values({
      name: c.name,
      code: c.code,
      ui_mask: c.uiMask,
      data_mask: c.dataMask,
      format: c.format,
      link_url: c.linkUrl,
      alert_template_id: 'deed-alert',
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const row = await db
    .selectFrom('counties')
    .select('id')
    .where('code', '=', c.code)
    .executeTakeFirstOrThrow();
  return row.id;
}

// One statement per batch: arrays bound as parameters and unnested server-side.
export async function insertParcels(
  db: Executor,
  countyId: number,
  rows: ParcelRow[],
): Promise<number> {
  const result = await sql`
    INSERT INTO parcels (county_id, apn, apn_key, address, address_key, city, state, zip, owner_names)
    SELECT ${countyId}, t.apn, t.apn_key, t.address, t.address_key, t.city, t.state, t.zip,
           string_to_array(t.owners, '|')
    FROM unnest(${rows.map((r) => r.apn)}::text[], ${rows.map((r) => r.apnKey)}::text[],
                ${rows.map((r) => r.address)}::text[], ${rows.map((r) => r.addressKey)}::text[],
                ${rows.map((r) => r.city)}::text[], ${rows.map((r) => r.state)}::text[],
                ${rows.map((r) => r.zip)}::text[], ${rows.map((r) => r.ownerNames.join('|'))}::text[])
         AS t (apn, apn_key, address, address_key, city, state, zip, owners)
    ON CONFLICT (county_id, apn_key) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function insertIndexNames(
  db: Executor,
  countyId: number,
  rows: IndexNameRow[],
): Promise<number> {
  const result = await sql`
    INSERT INTO index_names (county_id, name, name_key, document_count, last_recorded_at)
    SELECT ${countyId}, t.name, t.name_key, t.document_count, t.last_recorded_at
    FROM unnest(${rows.map((r) => r.name)}::text[], ${rows.map((r) => r.nameKey)}::text[],
                ${rows.map((r) => r.documentCount)}::int[],
                ${rows.map((r) => r.lastRecordedAt.toISOString())}::timestamptz[])
         AS t (name, name_key, document_count, last_recorded_at)
    ON CONFLICT (county_id, name_key) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Counties with no inbox folder yet. */
export function countiesWithoutInbox(db: Executor) {
  return db.selectFrom('counties').select(['id', 'code']).where('inbox_path', '=', '').execute();
}

export async function setInboxPath(db: Executor, countyId: number, inboxPath: string) {
  await db
    .updateTable('counties')
    .set({ inbox_path: inboxPath })
    .where('id', '=', countyId)
    .execute();
}

export async function countyIdByCode(db: Executor, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('counties')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.id;
}

/** A subscriber whose email is verified; undefined when the email is taken. */
export async function insertVerifiedSubscriber(
  db: Executor,
  email: string,
): Promise<string | undefined> {
  const user = await db
    .insertInto('users')
    .values({ email, password_hash: null, email_verified_at: new Date(), last_login_at: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!user) return undefined;
  await db
    .insertInto('notification_methods')
    .values({
      user_id: user.id,
      type: 'Email',
      email,
      phone: null,
      verified_at: new Date(),
      undeliverable_at: null,
      undeliverable_reason: null,
    })
    .execute();
  return user.id;
}

/** The county's first indexed names, in insertion order. */
export function firstIndexNames(db: Executor, countyId: number, limit: number) {
  return db
    .selectFrom('index_names')
    .select('name')
    .where('county_id', '=', countyId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The county's first parcels, in insertion order. */
export function firstParcels(db: Executor, countyId: number, limit: number) {
  return db
    .selectFrom('parcels')
    .select(['apn', 'apn_key', 'address', 'address_key', 'city', 'state', 'zip'])
    .where('county_id', '=', countyId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

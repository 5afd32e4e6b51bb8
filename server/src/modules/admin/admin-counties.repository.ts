import type { Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { CountiesTable } from '../../db/types.ts';

const COUNTY_COLUMNS = [
  'id',
  'name',
  'code',
  'ui_mask',
  'data_mask',
  'format',
  'link_url',
  'alert_template_id',
  'create_county_mailer',
  'mailer_document_types',
  'mailer_template_path',
  'use_one_page_mailer',
  'mailer_output_path',
  'use_watermark',
  'add_sample_to_mailer',
  'is_enabled',
  'inbox_path',
  'fraud_contact_name',
  'fraud_contact_phone',
  'fraud_contact_email',
  'fraud_contact_url',
] as const;

export type CountyRow = NonNullable<Awaited<ReturnType<typeof findCounty>>>;

export function listCounties(db: Executor) {
  return db
    .selectFrom('counties')
    .select(COUNTY_COLUMNS)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .execute();
}

/**
 * The county, locked against a concurrent edit when `forUpdate`: FOR NO KEY UPDATE, as an edit
 * never changes the id, so the foreign-key checks of writers in the county (an ingest, a parcel
 * import's names, a subscription) do not wait for it.
 */
export function findCounty(db: Executor, id: number, forUpdate = false) {
  const query = db.selectFrom('counties').select(COUNTY_COLUMNS).where('id', '=', id);
  return (forUpdate ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/** Another county already holding this code, or this name in any letter case. */
export function findClash(db: Executor, id: number, values: { code: string; name: string }) {
  return db
    .selectFrom('counties')
    .select(['id', 'name', 'code'])
    .where('id', '<>', id)
    .where((eb) =>
      eb.or([
        eb('code', '=', values.code),
        eb(eb.fn('lower', ['name']), '=', values.name.toLowerCase()),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
}

export type CountyChanges = Omit<Updateable<CountiesTable>, 'id' | 'created_at' | 'updated_at'>;

export function updateCounty(db: Executor, id: number, changes: CountyChanges) {
  return db
    .updateTable('counties')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returning(COUNTY_COLUMNS)
    .executeTakeFirstOrThrow();
}

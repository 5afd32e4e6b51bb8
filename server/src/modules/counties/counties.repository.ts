import type { Executor } from '../../db/database.ts';

/**
 * An enabled county by the name GET /api/config gives it, in any letter case, with how many
 * parcel rolls it has had imported (the search cache's stamp).
 */
export function findEnabledCountyByName(db: Executor, name: string) {
  return db
    .selectFrom('counties')
    .select(['id', 'name', 'code', 'ui_mask', 'data_mask', 'format', 'parcel_imports'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
    .where('is_enabled', '=', true)
    .executeTakeFirst();
}

import type { Database } from '../../db/database.ts';

export function listEnabledCounties(db: Database) {
  return db
    .selectFrom('counties')
    .select(['name', 'ui_mask', 'format'])
    .where('is_enabled', '=', true)
    .orderBy('name')
    .execute();
}

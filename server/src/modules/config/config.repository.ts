import type { Executor } from '../../db/database.ts';

export function listEnabledCounties(db: Executor) {
  return db
    .selectFrom('counties')
    .select(['name', 'ui_mask', 'format'])
    .where('is_enabled', '=', true)
    .orderBy('name')
    .execute();
}

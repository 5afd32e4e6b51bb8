import type { Database } from '../../db/database.ts';
import { listEnabledCounties } from './config.repository.ts';
import type { PublicCounty } from './config.schemas.ts';

/** The enabled counties, by name, as registration and search name them. */
export async function publicCounties(db: Database): Promise<PublicCounty[]> {
  const counties = await listEnabledCounties(db);
  return counties.map((c) => ({ name: c.name, mask: c.ui_mask, format: c.format }));
}

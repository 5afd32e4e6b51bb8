import type { Database } from '../../db/database.ts';
import { listEnabledCounties } from './config.repository.ts';
import { TEXTS_PER_NUMBER_PER_DAY } from '@deedwatch/rules';
import type { NotificationOptions, PublicCounty } from './config.schemas.ts';

/** The enabled counties, by name, as registration and search name them. */
export async function publicCounties(db: Database): Promise<PublicCounty[]> {
  const counties = await listEnabledCounties(db);
  return counties.map((c) => ({ name: c.name, mask: c.ui_mask, format: c.format }));
}

export function notificationOptions(smsOffered: boolean): NotificationOptions {
  return {
    methodTypes: smsOffered ? ['Email', 'SMS'] : ['Email'],
    textsPerNumberPerDay: TEXTS_PER_NUMBER_PER_DAY,
  };
}

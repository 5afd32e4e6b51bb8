import { nameKey } from '../keys/normalize.ts';
import type { Database } from '../db/database.ts';
import {
  insertApnSubscriptions,
  insertNameSubscriptions,
} from '../modules/user/user.repository.ts';
import * as repo from './seed.repository.ts';

export const DEMO_SUBSCRIBER_EMAIL = 'demo@deedwatch.localhost';
/** The county whose names and parcels the demo subscriber guards. */
export const DEMO_COUNTY = 'SAC';

/**
 * A verified demo subscriber guarding a few of a county's indexed names and parcels, so the
 * demo recorder (`npm run simulate`) has subscriptions to hit and alerts show in /dev/mail at
 * once. Sign in as them with a magic link from /dev/mail. Nothing is done when they exist. The
 * guarded items are written by the user module's own writers, readings and typo keys included,
 * so the demo subscriber is matched like anyone who registered.
 */
export async function ensureDemoSubscriber(
  db: Database,
  countyCode = DEMO_COUNTY,
): Promise<boolean> {
  const countyId = await repo.countyIdByCode(db, countyCode);
  if (countyId === undefined) return false;
  return db.transaction().execute(async (trx) => {
    const userId = await repo.insertVerifiedSubscriber(trx, DEMO_SUBSCRIBER_EMAIL);
    if (userId === undefined) return false;
    const names = await repo.firstIndexNames(trx, countyId, 3);
    const parcels = await repo.firstParcels(trx, countyId, 2);
    const activatedAt = new Date();
    await insertNameSubscriptions(
      trx,
      userId,
      names.map((n) => ({
        countyId,
        name: n.name,
        nameKey: nameKey(n.name),
        tokens: nameKey(n.name).split(' '),
      })),
      activatedAt,
    );
    await insertApnSubscriptions(
      trx,
      userId,
      parcels.map((p) => ({
        countyId,
        apn: p.apn,
        apnKey: p.apn_key,
        description: `${p.address}, ${p.city}, ${p.state} ${p.zip}`,
        addressKey: p.address_key,
        addressZip: p.zip,
      })),
      activatedAt,
    );
    return true;
  });
}

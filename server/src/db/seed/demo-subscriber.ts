import { nameKey } from '../../matching/normalize.ts';
import {
  insertApnSubscriptions,
  insertNameSubscriptions,
} from '../../modules/user/user.repository.ts';
import type { Database } from '../database.ts';

export const DEMO_SUBSCRIBER_EMAIL = 'demo@deedwatch.localhost';
/** The county whose names and parcels the demo subscriber guards. */
export const DEMO_COUNTY = 'SAC';

/**
 * A verified demo subscriber guarding a few of a county's indexed names and parcels, so the
 * demo recorder (`npm run simulate`) has subscriptions to hit and alerts show in /dev/mail at
 * once. Sign in as them with a magic link from /dev/mail. Nothing is done when they exist.
 */
export async function ensureDemoSubscriber(
  db: Database,
  countyCode = DEMO_COUNTY,
): Promise<boolean> {
  const county = await db
    .selectFrom('counties')
    .select('id')
    .where('code', '=', countyCode)
    .executeTakeFirst();
  if (!county) return false;
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        email: DEMO_SUBSCRIBER_EMAIL,
        password_hash: null,
        email_verified_at: new Date(),
        last_login_at: null,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!user) return false;
    await trx
      .insertInto('notification_methods')
      .values({
        user_id: user.id,
        type: 'Email',
        email: DEMO_SUBSCRIBER_EMAIL,
        phone: null,
        verified_at: new Date(),
        undeliverable_at: null,
        undeliverable_reason: null,
      })
      .execute();
    const names = await trx
      .selectFrom('index_names')
      .select('name')
      .where('county_id', '=', county.id)
      .orderBy('id')
      .limit(3)
      .execute();
    const parcels = await trx
      .selectFrom('parcels')
      .select(['apn', 'apn_key', 'address', 'address_key', 'city', 'state', 'zip'])
      .where('county_id', '=', county.id)
      .orderBy('id')
      .limit(2)
      .execute();
    const activatedAt = new Date();
    await insertNameSubscriptions(
      trx,
      user.id,
      names.map((n) => ({
        countyId: county.id,
        name: n.name,
        nameKey: nameKey(n.name),
        tokens: nameKey(n.name).split(' '),
      })),
      activatedAt,
    );
    await insertApnSubscriptions(
      trx,
      user.id,
      parcels.map((p) => ({
        countyId: county.id,
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

import type { Database } from '../../db/database.ts';
import { ADDRESS_KEYS_VERSION, guardedAddress, storedAddress } from '../../keys/match-keys.ts';
import * as repo from './address-rekey.repository.ts';

/** Rows recomputed per transaction: short transactions, so matching goes on beside the rekey. */
const BATCH = 2000;

/** Whether the database holds address keys of an older version than the code writes. */
export async function addressesNeedRekey(db: Database): Promise<boolean> {
  return (await repo.storedAddressKeysVersion(db)) < ADDRESS_KEYS_VERSION;
}

/**
 * Recomputes every stored street key and zip — recorded documents' addresses and guarded
 * parcels' — when the database holds keys of an older ADDRESS_KEYS_VERSION than the code writes,
 * batch by batch, then records the new version. A guarded parcel is keyed as a new guard is
 * (guardedAddress): by its parcel roll's address, else by its description. Idempotent: a run cut
 * short is simply run again. Returns how many rows were read (0 when the keys were current).
 */
export async function rekeyAddresses(db: Database): Promise<number> {
  if (!(await addressesNeedRekey(db))) return 0;
  let done = 0;
  for (let after = '0'; ;) {
    const rows = await repo.documentAddressesAfter(db, after, BATCH);
    if (rows.length === 0) break;
    const keys = rows.map((r) => {
      const stored = storedAddress(r.address ?? '');
      return { id: r.id, addressKey: stored.streetKey, zip: stored.zip };
    });
    await db.transaction().execute((trx) => repo.setAddressKeys(trx, 'document_parcels', keys));
    done += rows.length;
    after = rows.at(-1)!.id;
  }
  for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
    const rows = await repo.guardedParcelsAfter(db, after, BATCH);
    if (rows.length === 0) break;
    const keys = rows.map((r) => {
      const parcel =
        r.address_key === null ? undefined : { address_key: r.address_key, zip: r.zip ?? '' };
      const address = guardedAddress(parcel, r.description);
      return { id: r.id, addressKey: address.streetKey, zip: address.zip };
    });
    await db.transaction().execute((trx) => repo.setAddressKeys(trx, 'apn_subscriptions', keys));
    done += rows.length;
    after = rows.at(-1)!.id;
  }
  await repo.setAddressKeysVersion(db, ADDRESS_KEYS_VERSION);
  return done;
}

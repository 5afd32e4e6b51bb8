import type { Database } from '../../db/database.ts';
import { NAME_KEYS_VERSION, storedName } from '../../keys/match-keys.ts';
import * as repo from './rekey.repository.ts';

/** Rows recomputed per transaction: short transactions, so matching goes on beside the rekey. */
const BATCH = 2000;

/** Whether the database holds name keys of an older version than the code writes. */
export async function namesNeedRekey(db: Database): Promise<boolean> {
  return (await repo.storedKeysVersion(db)) < NAME_KEYS_VERSION;
}

/**
 * Recomputes every stored name key — guarded names and recorded parties — when the database
 * holds keys of an older NAME_KEYS_VERSION than the code writes (the rules in keys/ changed),
 * batch by batch, then records the new version. Idempotent: a run cut short is simply run
 * again. Returns how many names were recomputed (0 when the keys were current).
 */
export async function rekeyNames(db: Database): Promise<number> {
  if (!(await namesNeedRekey(db))) return 0;
  let done = 0;
  for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
    const rows = await repo.nameSubscriptionsAfter(db, after, BATCH);
    if (rows.length === 0) break;
    await db.transaction().execute((trx) =>
      repo.replaceSubscriptionKeys(
        trx,
        rows.map((r) => ({ id: r.id, countyId: r.county_id, name: storedName(r.name) })),
      ),
    );
    done += rows.length;
    after = rows.at(-1)!.id;
  }
  for (let after = '0'; ;) {
    const rows = await repo.partiesAfter(db, after, BATCH);
    if (rows.length === 0) break;
    await db.transaction().execute((trx) =>
      repo.replacePartyKeys(
        trx,
        rows.map((r) => ({ id: r.id, documentId: r.document_id, name: storedName(r.name) })),
      ),
    );
    done += rows.length;
    after = rows.at(-1)!.id;
  }
  await repo.setStoredKeysVersion(db, NAME_KEYS_VERSION);
  return done;
}

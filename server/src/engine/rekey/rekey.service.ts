import type { Database, Executor } from '../../db/database.ts';
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
  const names = await inBatches(
    db,
    '00000000-0000-0000-0000-000000000000',
    repo.nameSubscriptionsAfter,
    (trx, rows) =>
      repo.replaceSubscriptionKeys(
        trx,
        rows.map((r) => ({ id: r.id, countyId: r.county_id, name: storedName(r.name) })),
      ),
  );
  const parties = await inBatches(db, '0', repo.partiesAfter, (trx, rows) =>
    repo.replacePartyKeys(
      trx,
      rows.map((r) => ({ id: r.id, documentId: r.document_id, name: storedName(r.name) })),
    ),
  );
  await repo.setStoredKeysVersion(db, NAME_KEYS_VERSION);
  return names + parties;
}

/** Every row after `first` in id order, BATCH at a time, each batch rewritten in its own transaction. */
async function inBatches<Row extends { id: string }>(
  db: Database,
  first: string,
  next: (db: Database, afterId: string, limit: number) => Promise<Row[]>,
  rewrite: (trx: Executor, rows: Row[]) => Promise<void>,
): Promise<number> {
  let done = 0;
  for (let after = first; ;) {
    const rows = await next(db, after, BATCH);
    if (rows.length === 0) return done;
    await db.transaction().execute((trx) => rewrite(trx, rows));
    done += rows.length;
    after = rows.at(-1)!.id;
  }
}

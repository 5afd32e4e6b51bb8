import type { Database, Executor } from '../../db/database.ts';
import { NAME_KEYS_VERSION, storedName } from '../../keys/match-keys.ts';
import { nameKey } from '../../keys/normalize.ts';
import * as repo from './rekey.repository.ts';

/** Rows recomputed per transaction: short transactions, so matching goes on beside the rekey. */
const BATCH = 2000;

/** Whether the database holds name keys of an older version than the code writes. */
export async function namesNeedRekey(db: Database): Promise<boolean> {
  return (await repo.storedKeysVersion(db)) < NAME_KEYS_VERSION;
}

/**
 * Recomputes every stored name key when the database holds keys of an older NAME_KEYS_VERSION
 * than the code writes (the rules in keys/ changed), batch by batch, then records the new
 * version: the match keys, kinds, suffixes and readings of guarded names and recorded parties,
 * and the name keys (the index's key, nameKey) of guarded names, recorded parties and the
 * county's index of names. Two rows that the new rules give one name key become one: a user's
 * two guards of the name in a county (repository setSubscriptionNameKey), two index names
 * (setIndexNameKey). Idempotent: a run cut short is simply run again. Returns how many names
 * were recomputed (0 when the keys were current).
 */
export async function rekeyNames(db: Database): Promise<number> {
  if (!(await namesNeedRekey(db))) return 0;
  const names = await inBatches(
    db,
    '00000000-0000-0000-0000-000000000000',
    repo.nameSubscriptionsAfter,
    async (trx, rows) => {
      await repo.replaceSubscriptionKeys(
        trx,
        rows.map((r) => ({ id: r.id, countyId: r.county_id, name: storedName(r.name) })),
      );
      for (const r of rows) {
        const key = nameKey(r.name);
        if (key !== r.name_key)
          await repo.setSubscriptionNameKey(trx, {
            id: r.id,
            userId: r.user_id,
            countyId: r.county_id,
            nameKey: key,
          });
      }
    },
  );
  const parties = await inBatches(db, '0', repo.partiesAfter, async (trx, rows) => {
    await repo.replacePartyKeys(
      trx,
      rows.map((r) => ({ id: r.id, documentId: r.document_id, name: storedName(r.name) })),
    );
    await repo.setPartyNameKeys(trx, changedNameKeys(rows));
  });
  let indexNames = 0;
  for (const countyId of await repo.countyIds(db)) {
    indexNames += await inBatches(
      db,
      '0',
      (d, after, limit) => repo.indexNamesAfter(d, countyId, after, limit),
      async (trx, rows) => {
        for (const row of changedNameKeys(rows)) await repo.setIndexNameKey(trx, countyId, row);
      },
    );
  }
  await repo.setStoredKeysVersion(db, NAME_KEYS_VERSION);
  return names + parties + indexNames;
}

/** The rows whose stored name key is not the one the code computes now, with that key. */
function changedNameKeys(rows: { id: string; name: string; name_key: string }[]) {
  return rows.flatMap((r) => {
    const key = nameKey(r.name);
    return key === r.name_key ? [] : [{ id: r.id, nameKey: key }];
  });
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

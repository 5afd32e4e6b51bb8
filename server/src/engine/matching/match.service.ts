import type { PgBoss } from 'pg-boss';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/types.ts';
import { bossDb } from '../../db/pg-boss-db.ts';
import { MATCH_DOCUMENTS, SEND_ALERT } from '../../jobs/queues.ts';
import { recordMatched } from '../../lib/metrics.ts';
import { enqueueEventWebhooks } from '../webhooks/event-webhooks.ts';
import { shareCountyLevels } from '../levels/levels.repository.ts';
import * as repo from './match.repository.ts';

export type SendAlertJob = { userId: string; documentId: string };

export type MatchDocumentsJob = {
  documentIds: string[];
  /** How many times these documents were found held by another transaction before. */
  heldBefore?: number;
};

/**
 * A document its batch found held by another transaction (another matcher's claim, or an
 * update of the document such as its excerpt's) is tried again this many seconds later, in a
 * match-documents job of its own: if a matcher held it, that job finds it matched and does
 * nothing; otherwise it is matched then, not at the sweep minutes later.
 */
export const HELD_RETRY_SECONDS = 2;
/** Tries after which a document still held is left to the sweep. */
export const HELD_RETRIES = 5;

export type MatchResult = {
  /** Documents this call matched (others were matched already, or by another worker now). */
  documents: number;
  events: number;
  /** One per user and document with an exact or strong event (or a possible one asked to alert at once): the alert emails queued. */
  alerts: number;
};

/**
 * Matches the documents of `ids` that nobody has matched yet, in one transaction: their events,
 * a send-alert job per (user, document) that has an event to alert at once, the webhook
 * deliveries of the new events, and the mark that they are done commit together, so a
 * worker killed midway leaves them unmatched for the retry, and a retry finds nothing to redo.
 */
export async function matchDocuments(
  db: Database,
  boss: PgBoss,
  ids: readonly string[],
  heldBefore = 0,
): Promise<MatchResult> {
  const matched = await db.transaction().execute(async (trx) => {
    const claimedRows = await repo.claimUnmatched(trx, ids);
    if (claimedRows.length === 0) return { documents: 0, events: [], alerts: 0 };
    await shareCountyLevels(
      trx,
      claimedRows.map((d) => d.county_id),
    );
    const claimed = claimedRows.map((d) => d.id);
    const events = await repo.insertEvents(trx, claimed);
    await repo.markMatched(trx, claimed);
    const alerts = new Map<string, SendAlertJob>();
    for (const e of events) {
      // A possible match waits for the daily digest unless its guarded name asks otherwise.
      if (!e.alert) continue;
      alerts.set(`${e.user_id}:${e.document_id}`, { userId: e.user_id, documentId: e.document_id });
    }
    if (alerts.size > 0) {
      await boss.insert(
        SEND_ALERT,
        [...alerts.values()].map((data) => ({ data })),
        { db: bossDb<DB>(trx) },
      );
    }
    await enqueueEventWebhooks(trx, boss, events);
    return { documents: claimed.length, events, alerts: alerts.size };
  });
  // Counted once committed: a rolled-back batch is matched again by its retry.
  recordMatched(matched.documents, matched.events);
  if (matched.documents < ids.length && heldBefore < HELD_RETRIES) {
    const held = await repo.stillUnmatched(db, ids);
    if (held.length > 0) {
      const job: MatchDocumentsJob = { documentIds: held, heldBefore: heldBefore + 1 };
      await boss.send(MATCH_DOCUMENTS, job, { startAfter: HELD_RETRY_SECONDS });
    }
  }
  return { documents: matched.documents, events: matched.events.length, alerts: matched.alerts };
}

/**
 * The sweep: matches up to `limit` documents ingested before `olderThan` and still unmatched
 * (their job was lost, or their county was disabled and is enabled again).
 */
export async function matchUnmatched(
  db: Database,
  boss: PgBoss,
  olderThan: Date,
  limit: number,
): Promise<MatchResult> {
  const stale = await repo.unmatchedIds(db, olderThan, limit);
  if (stale.length === 0) return { documents: 0, events: 0, alerts: 0 };
  return matchDocuments(db, boss, stale);
}

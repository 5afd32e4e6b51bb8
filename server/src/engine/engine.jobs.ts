import type { Job } from 'pg-boss';
import { COUNTY_TIME_ZONE } from '../lib/county-time.ts';
import {
  COUNTY_MAILERS,
  FAST_POLLING,
  MATCH_DOCUMENTS,
  POLL_INBOXES,
  REKEY_ADDRESSES,
  REKEY_NAMES,
  SEND_ALERT,
} from '../jobs/queues.ts';
import { sendAlert } from './alerts/alerts.service.ts';
import { batchOptions, eachJob } from '../jobs/batch.ts';
import { registerDigestWorkers } from './digest/digest.jobs.ts';
import type { Engine } from './engine.ts';
import { registerHistoryWorkers } from './history/history.jobs.ts';
import { pollInboxes } from './inbox/inbox.service.ts';
import { makeCountyMailers, previousCountyDay } from './mailer/county-mailer.service.ts';
import {
  matchDocuments,
  type MatchDocumentsJob,
  matchUnmatched,
  type SendAlertJob,
} from './matching/match.service.ts';
import { addressesNeedRekey, rekeyAddresses } from './rekey/address-rekey.service.ts';
import { namesNeedRekey, rekeyNames } from './rekey/rekey.service.ts';

/** 01:00 in the county's zone: the previous county day is over, the next has not begun. */
export const COUNTY_MAILERS_CRON = '0 1 * * *';

/**
 * match-documents jobs a worker process runs at once: the matcher is one SQL statement, bound
 * by one Postgres core, and two batches on the reference 2-core machine match 1.9× as many
 * documents a second as one (docs/benchmarks.md). Claims are SKIP LOCKED, so two matchers
 * never share a document.
 */
export const MATCH_WORKERS = 2;

/** Documents unmatched this long after ingest are matched by the inbox cron's sweep. */
const SWEEP_AFTER_MS = 5 * 60 * 1000;

/**
 * The engine's queues: match-documents and send-alert as they are sent; the inbox poll every
 * minute (with a sweep for documents whose match job was lost); the county mailers daily at
 * 01:00 county time, for the county day that just ended, printed before the next working day.
 */
export async function registerEngineWorkers(engine: Engine): Promise<void> {
  const { boss, db } = engine;
  await boss.work<MatchDocumentsJob>(
    MATCH_DOCUMENTS,
    { ...FAST_POLLING, localConcurrency: MATCH_WORKERS },
    async ([job]: Job<MatchDocumentsJob>[]) => {
      if (job) await matchDocuments(db, boss, job.data.documentIds, job.data.heldBefore);
    },
  );
  await boss.work(
    SEND_ALERT,
    { ...batchOptions, ...FAST_POLLING },
    eachJob((job: Job<SendAlertJob>) => sendAlert(engine, job.data)),
  );
  await boss.schedule(POLL_INBOXES, '* * * * *');
  await boss.work(POLL_INBOXES, async () => {
    await pollInboxes(engine);
    await matchUnmatched(db, boss, new Date(Date.now() - SWEEP_AFTER_MS), 1000);
  });
  await boss.schedule(COUNTY_MAILERS, COUNTY_MAILERS_CRON, null, { tz: COUNTY_TIME_ZONE });
  // The day is the one before the job's creation, not its run: a retry after midnight must
  // finish the same day's mailers.
  await boss.work(COUNTY_MAILERS, { includeMetadata: true }, async ([job]) => {
    if (job) await makeCountyMailers(engine, previousCountyDay(job.createdOn));
  });
  // Name keys stored by older rules are recomputed once, by whichever worker takes the job.
  await boss.work(REKEY_NAMES, async () => {
    const names = await rekeyNames(db);
    if (names > 0) engine.log.info({ names }, 'stored name keys recomputed');
  });
  if (await namesNeedRekey(db)) await boss.send(REKEY_NAMES, null, { singletonKey: REKEY_NAMES });
  // Address keys likewise (street keys and zips of documents and guarded parcels).
  await boss.work(REKEY_ADDRESSES, async () => {
    const addresses = await rekeyAddresses(db);
    if (addresses > 0) engine.log.info({ addresses }, 'stored address keys recomputed');
  });
  if (await addressesNeedRekey(db)) {
    await boss.send(REKEY_ADDRESSES, null, { singletonKey: REKEY_ADDRESSES });
  }
  await registerDigestWorkers(engine);
  await registerHistoryWorkers(engine);
}

import { SEND_DIGESTS } from '../../jobs/queues.ts';
import { COUNTY_TIME_ZONE } from '../../lib/county-time.ts';
import type { Engine } from '../engine.ts';
import { sendDigests } from './digest.service.ts';

/**
 * Every hour, on the hour: the first run at or after 08:00 county time sends the day's digests;
 * the later ones send only what downtime held back (sendDigests keeps one per user and day).
 */
export const SEND_DIGESTS_CRON = '0 * * * *';

/** The daily digest of possible matches (send-digests). */
export async function registerDigestWorkers(engine: Engine): Promise<void> {
  await engine.boss.schedule(SEND_DIGESTS, SEND_DIGESTS_CRON, null, { tz: COUNTY_TIME_ZONE });
  await engine.boss.work(SEND_DIGESTS, async () => {
    await sendDigests(engine, new Date());
  });
}

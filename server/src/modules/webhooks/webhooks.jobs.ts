import type { Job } from 'pg-boss';
import { batchOptions, eachJob } from '../../jobs/batch.ts';
import { DELIVER_WEBHOOK, FAST_POLLING, PRUNE_WEBHOOK_DELIVERIES } from '../../jobs/queues.ts';
import { attemptDelivery, type DeliveryDeps, pruneDeliveries } from './delivery.service.ts';
import type { DeliverWebhookJob } from './webhooks.service.ts';

/**
 * Webhook deliveries (deliver-webhook), each job one attempt, many at once since each mostly
 * waits on a receiver; and a daily cron deleting finished deliveries older than 30 days.
 */
export async function registerWebhookWorkers(deps: DeliveryDeps): Promise<void> {
  await deps.boss.work(
    DELIVER_WEBHOOK,
    { ...batchOptions, ...FAST_POLLING },
    eachJob((job: Job<DeliverWebhookJob>) => attemptDelivery(deps, job.data.deliveryId)),
  );
  await deps.boss.schedule(PRUNE_WEBHOOK_DELIVERIES, '30 3 * * *');
  await deps.boss.work(PRUNE_WEBHOOK_DELIVERIES, async () => {
    await pruneDeliveries(deps);
  });
}

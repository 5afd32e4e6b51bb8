import * as v from 'valibot';

const Count = v.pipe(v.number(), v.integer());

export const QueueSummary = v.object({
  queues: v.array(
    v.object({
      name: v.string(),
      queued: v.pipe(Count, v.description('Waiting to run (created or waiting for a retry)')),
      active: v.pipe(Count, v.description('Running now')),
      failed: v.pipe(Count, v.description('Failed for good in the last 24 hours')),
      completed: v.pipe(Count, v.description('Completed in the last 24 hours')),
      oldestQueuedAgeSeconds: v.pipe(
        v.nullable(Count),
        v.description('Age of the oldest waiting job; null when none waits'),
      ),
    }),
  ),
});
export type QueueSummary = v.InferOutput<typeof QueueSummary>;

export const RetryFailedBody = v.strictObject({
  queue: v.pipe(
    v.string(),
    v.maxLength(100, 'is at most 100 characters'),
    v.description('The queue, as the summary names it'),
  ),
});

export const RetriedJobs = v.object({
  queue: v.string(),
  retried: v.pipe(Count, v.description('Jobs set to run again')),
});
export type RetriedJobs = v.InferOutput<typeof RetriedJobs>;

import type { PgBoss, Queue } from 'pg-boss';

export const SEND_MAIL = 'send-mail';
export const PRUNE_EXPIRED = 'prune-expired';

/**
 * How often a worker of a latency-sensitive queue asks for work (pg-boss's minimum). pg-boss's
 * LISTEN/NOTIFY would wake workers sooner, but in 12.35 its listening connection throws an
 * unhandled 'error' when Postgres stops first (a terminal Ctrl-C), ending the process badly.
 */
export const FAST_POLLING_SECONDS = 0.5;

/** Every queue and its retry policy. Both API and worker processes create them (idempotent). */
export const QUEUES: Record<string, Omit<Queue, 'name'>> = {
  [SEND_MAIL]: {
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 120,
  },
  [PRUNE_EXPIRED]: { retryLimit: 1 },
};

export async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const [name, options] of Object.entries(QUEUES)) {
    const existing = await boss.getQueue(name);
    if (existing) await boss.updateQueue(name, options);
    else await boss.createQueue(name, options);
  }
}

import type { PgBoss, QueueOptions } from 'pg-boss';

export const SEND_MAIL = 'send-mail';
export const SESSIONS_PRUNE = 'sessions-prune';

/** Every queue and its retry policy. Both API and worker processes create them (idempotent). */
export const QUEUES: Record<string, QueueOptions> = {
  [SEND_MAIL]: {
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 120,
  },
  [SESSIONS_PRUNE]: { retryLimit: 1 },
};

export async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const [name, options] of Object.entries(QUEUES)) {
    const existing = await boss.getQueue(name);
    if (existing) await boss.updateQueue(name, options);
    else await boss.createQueue(name, options);
  }
}

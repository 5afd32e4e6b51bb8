import type { PgBoss, Queue } from 'pg-boss';

export const SEND_MAIL = 'send-mail';
export const SEND_SMS = 'send-sms';
export const PRUNE_EXPIRED = 'prune-expired';
export const MATCH_DOCUMENTS = 'match-documents';
export const SEND_ALERT = 'send-alert';
export const POLL_INBOXES = 'poll-inboxes';
export const COUNTY_MAILERS = 'county-mailers';
export const SEND_DIGESTS = 'send-digests';
export const CHECK_HISTORY = 'check-history';
export const REKEY_NAMES = 'rekey-names';
export const REKEY_ADDRESSES = 'rekey-addresses';
export const DELIVER_WEBHOOK = 'deliver-webhook';
export const PRUNE_WEBHOOK_DELIVERIES = 'prune-webhook-deliveries';

/**
 * How a worker of a latency-sensitive queue waits for work. Its queue is created with `notify`,
 * so pg-boss sends a NOTIFY in the transaction that queues a job, and a process that works
 * queues LISTENs (boss.ts): the worker wakes when the job commits, not at its next poll. Polling
 * stays as the backstop, for what a NOTIFY does not announce (a retry's delay ending, a job
 * sent with a start time): every 2 s while the listener is up, every 0.5 s (pg-boss's minimum)
 * while it is down (Postgres restarting).
 */
export const FAST_POLLING = {
  pollingIntervalSeconds: 0.5,
  notifyPollingIntervalSeconds: 2,
} as const;

/** Queued jobs wake the workers of this queue at once (pg-boss LISTEN/NOTIFY). */
const WAKE = { notify: true } as const;

/**
 * A live worker refreshes its jobs this often; a job whose worker died (killed, out of memory)
 * is retried once this passes without a refresh, instead of at its expiry (pg-boss's minimum).
 */
export const HEARTBEAT_SECONDS = 10;

/** One message out (a mail, a text) per job. */
const MESSAGE_POLICY: Omit<Queue, 'name'> = {
  ...WAKE,
  heartbeatSeconds: HEARTBEAT_SECONDS,
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 300,
  expireInSeconds: 120,
};

/** Every queue and its retry policy. Both API and worker processes create them (idempotent). */
export const QUEUES: Record<string, Omit<Queue, 'name'>> = {
  [SEND_MAIL]: MESSAGE_POLICY,
  // A text is a delivery too, sent once or marked ambiguous.
  [SEND_SMS]: MESSAGE_POLICY,
  [PRUNE_EXPIRED]: { retryLimit: 1 },
  // A batch of documents; a retry finds the ones already matched done (match.service.ts).
  [MATCH_DOCUMENTS]: {
    ...WAKE,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    retryLimit: 10,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 120,
    expireInSeconds: 300,
  },
  // One user and document: queues a delivery per verified email, each at most once.
  [SEND_ALERT]: {
    ...WAKE,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    retryLimit: 10,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 120,
  },
  [POLL_INBOXES]: { retryLimit: 0, expireInSeconds: 3600 },
  [COUNTY_MAILERS]: { retryLimit: 3, retryDelay: 60, expireInSeconds: 3600 },
  // The morning digest of possible matches: each user's possible events are marked digested
  // in the transaction that queues their mail, so a retry sends only what is left.
  [SEND_DIGESTS]: { retryLimit: 3, retryDelay: 60, expireInSeconds: 3600 },
  // Recomputes stored name keys of an older version, batch by batch; a retry starts over.
  [REKEY_NAMES]: {
    heartbeatSeconds: HEARTBEAT_SECONDS,
    retryLimit: 5,
    retryDelay: 30,
    expireInSeconds: 6 * 3600,
  },
  // Recomputes stored street keys and zips of an older version, batch by batch; a retry starts
  // over.
  [REKEY_ADDRESSES]: {
    heartbeatSeconds: HEARTBEAT_SECONDS,
    retryLimit: 5,
    retryDelay: 30,
    expireInSeconds: 6 * 3600,
  },
  // One user's guards that have not been checked against the documents on record yet.
  [CHECK_HISTORY]: {
    ...WAKE,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 600,
  },
  // One attempt of one webhook delivery (10 s at most); its own retries over 24 hours are new
  // jobs the attempt queues. These retries are for a worker that died mid-attempt: the delivery
  // is held for 2 minutes, so a retry finds it again once that passes.
  [DELIVER_WEBHOOK]: {
    ...WAKE,
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 60,
  },
  [PRUNE_WEBHOOK_DELIVERIES]: { retryLimit: 1, expireInSeconds: 3600 },
};

export async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const [name, options] of Object.entries(QUEUES)) {
    const existing = await boss.getQueue(name);
    if (existing) await boss.updateQueue(name, options);
    else await boss.createQueue(name, options);
  }
}

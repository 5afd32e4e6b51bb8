import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import { bossDb } from '../../db/pg-boss-db.ts';
import type { DB } from '../../db/types.ts';
import { translator } from '../../i18n/index.ts';
import { resayStored, storedReason } from '../../i18n/stored.ts';
import { DELIVER_WEBHOOK } from '../../jobs/queues.ts';
import { deriveSealingKey, type SealingKey, unseal } from '../../lib/sealed.ts';
import type { MailSender } from '../../mail/mail-sender.ts';
import { languageOf } from '../../mail/mail.repository.ts';
import type { Brand } from '../../mail/templates.ts';
import { webhookDisabledMail } from '../../mail/webhook-disabled-template.ts';
import {
  ADDRESS_WORDS,
  resolvePublicAddress,
  systemResolver,
  UnsafeAddressError,
  type UrlPolicy,
} from './safe-address.ts';
import { signedHeaders } from './signing.ts';
import { postWebhook } from './webhook-http.ts';
import * as repo from './webhooks.repository.ts';
import type { DeliverWebhookJob } from './webhooks.service.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A delivery is retried for this long after it was queued; then its endpoint is disabled. */
export const RETRY_WINDOW_MS = 24 * HOUR;
/** The wait after each failed attempt (the last one repeats), cut short by the window's end. */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];
/** An attempt holds its delivery this long, so a duplicate job cannot send it at the same time. */
const LEASE_MS = 2 * MINUTE;
export const TIMEOUT_MS = 10 * SECOND;
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** Of the receiver's answer, this much is kept to show why an attempt failed. */
const KEPT_RESPONSE_CHARS = 200;

export type DeliveryDeps = {
  db: Database;
  boss: PgBoss;
  mailSender: MailSender;
  brand: Brand;
  sealingKey: SealingKey;
  urlPolicy: UrlPolicy;
  /** The system's certificate authorities plus WEBHOOK_CA_FILE's, when it is set. */
  ca: string[] | undefined;
  now: () => Date;
  timeoutMs: number;
};

/** Seals and unseals the endpoints' signing secrets. */
export const webhookSealingKey = (sessionSecret: string) =>
  deriveSealingKey(sessionSecret, 'webhook-secrets');

export type WebhookConfig = Pick<
  Config,
  'appUrl' | 'supportPhone' | 'supportEmail' | 'webhookAllowLoopback' | 'webhookCaFile'
> & { sessionSecret: string };

/** The deliveries' dependencies from the configuration; tests replace the clock or resolver. */
export function webhookDeps(
  config: WebhookConfig,
  base: { db: Database; boss: PgBoss; mailSender: MailSender },
  overrides: Partial<Pick<DeliveryDeps, 'now' | 'timeoutMs'> & UrlPolicy> = {},
): DeliveryDeps {
  return {
    ...base,
    brand: {
      appUrl: config.appUrl,
      supportPhone: config.supportPhone,
      supportEmail: config.supportEmail,
    },
    sealingKey: webhookSealingKey(config.sessionSecret),
    urlPolicy: {
      allowLoopback: overrides.allowLoopback ?? config.webhookAllowLoopback,
      resolve: overrides.resolve ?? systemResolver,
    },
    ca: config.webhookCaFile
      ? [...rootCertificates, readFileSync(config.webhookCaFile, 'utf8')]
      : undefined,
    now: overrides.now ?? (() => new Date()),
    timeoutMs: overrides.timeoutMs ?? TIMEOUT_MS,
  };
}

/** One line of at most `max` characters, for a person reading why an attempt failed. */
const oneLine = (s: string, max: number) => {
  const flat = s.replace(/\p{Cc}+/gu, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};

/** Why a URL's host was refused at an attempt, as a stored reason. */
function refusedReason(refusal: UnsafeAddressError['refusal']): string {
  const { host, address, kind } = refusal;
  if (!kind) return storedReason('stored.webhooks.hostUnresolved', { host });
  const why = translator('en')(ADDRESS_WORDS[kind]);
  return address === undefined
    ? storedReason('stored.webhooks.hostRefused', { host, why })
    : storedReason('stored.webhooks.hostResolvesTo', { host, address, why });
}

type Outcome =
  { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

async function attempt(
  deps: DeliveryDeps,
  delivery: { url: string; secret_sealed: string; message_id: string; payload: string },
  at: Date,
): Promise<Outcome> {
  let secret: string;
  try {
    secret = unseal(deps.sealingKey, delivery.secret_sealed);
  } catch {
    return { ok: false, statusCode: null, error: storedReason('stored.webhooks.secretUnreadable') };
  }
  try {
    const url = new URL(delivery.url);
    const address = await resolvePublicAddress(url, deps.urlPolicy);
    const response = await postWebhook({
      url,
      address,
      headers: signedHeaders(secret, delivery.message_id, at, delivery.payload),
      body: delivery.payload,
      timeoutMs: deps.timeoutMs,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      ca: deps.ca,
    });
    if (response.status >= 200 && response.status < 300) {
      return { ok: true, statusCode: response.status };
    }
    // Our own words are stored reasons, re-said in the reader's language; the receiver's answer
    // is kept as it sent it.
    const code = response.status;
    const body = oneLine(response.body, KEPT_RESPONSE_CHARS);
    const error =
      code >= 300 && code < 400
        ? storedReason('stored.webhooks.redirect', { code })
        : body === ''
          ? storedReason('stored.webhooks.noBody', { code })
          : `HTTP ${code}: ${body}`;
    return { ok: false, statusCode: code, error };
  } catch (err) {
    if (err instanceof UnsafeAddressError) {
      return { ok: false, statusCode: null, error: refusedReason(err.refusal) };
    }
    const message = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      statusCode: null,
      error: storedReason('stored.webhooks.couldNotDeliver', {
        error: oneLine(message, KEPT_RESPONSE_CHARS),
      }),
    };
  }
}

export type AttemptResult = 'delivered' | 'retrying' | 'failed' | 'held' | 'not pending';

/**
 * Releases the next held delivery of an enabled endpoint, oldest first, and queues its job, in
 * the caller's transaction, which must hold repo.lockEndpoint's lock. Held deliveries go one at a
 * time, each once the one before is delivered, so a receiver enabled again hears of an event
 * before it hears of its level changing. Returns the delivery released, if any.
 */
export async function releaseNextHeld(
  trx: Executor,
  boss: PgBoss,
  endpointId: string,
  now: Date,
): Promise<string | undefined> {
  const released = await repo.releaseNextHeld(trx, endpointId, now);
  if (released) {
    const job: DeliverWebhookJob = { deliveryId: released };
    await boss.send(DELIVER_WEBHOOK, job, { db: bossDb<DB>(trx) });
  }
  return released;
}

/**
 * One attempt of a delivery that is due: signed at this moment, sent to the address checked
 * now. A 2xx delivers it (and releases the endpoint's next held delivery, when this one was
 * released from hold). Any other outcome queues the next attempt (RETRY_DELAYS_MS) in the
 * transaction that records it, until 24 hours after the delivery was queued or released; a
 * failure after that fails the delivery, disables its endpoint and mails the subscriber, once.
 * A delivery whose endpoint is disabled is held, unsent, for when it is enabled again. A
 * delivery not pending is left alone; one pending but claimed by another attempt throws, for the
 * job to retry.
 */
export async function attemptDelivery(
  deps: DeliveryDeps,
  deliveryId: string,
): Promise<AttemptResult> {
  const now = deps.now();
  const claimed = await repo.claimDelivery(
    deps.db,
    deliveryId,
    now,
    new Date(now.getTime() + LEASE_MS),
  );
  if (!claimed) {
    const state = await repo.deliveryStatus(deps.db, deliveryId);
    if (state?.status === 'pending') {
      throw new Error(
        `Webhook delivery ${deliveryId} is not due until ${state.next_attempt_at?.toISOString()}`,
      );
    }
    return 'not pending';
  }
  if (claimed.disabled_at) {
    await deps.db.transaction().execute(async (trx) => {
      // Enabled again since the claim, the endpoint would find nothing to release: this delivery
      // was still pending. Holding it and releasing under the lock leaves nothing waiting.
      await repo.lockEndpoint(trx, claimed.endpoint_id);
      await repo.holdDelivery(trx, deliveryId);
      await releaseNextHeld(trx, deps.boss, claimed.endpoint_id, now);
    });
    return 'held';
  }

  const outcome = await attempt(deps, claimed, now);
  if (outcome.ok) {
    await deps.db.transaction().execute(async (trx) => {
      // Locked first, so that no message is queued straight to the endpoint between this
      // delivery being done and the next held one being released: it could overtake them.
      if (claimed.released_at) await repo.lockEndpoint(trx, claimed.endpoint_id);
      await repo.recordOutcome(trx, deliveryId, {
        status: 'delivered',
        statusCode: outcome.statusCode,
        error: null,
        nextAttemptAt: null,
        deliveredAt: now,
      });
      if (claimed.released_at) await releaseNextHeld(trx, deps.boss, claimed.endpoint_id, now);
    });
    return 'delivered';
  }

  // A delivery released from hold has its 24 hours from then.
  const windowEnd = (claimed.released_at ?? claimed.created_at).getTime() + RETRY_WINDOW_MS;
  if (now.getTime() >= windowEnd) {
    await deps.db.transaction().execute(async (trx) => {
      await repo.recordOutcome(trx, deliveryId, {
        status: 'failed',
        statusCode: outcome.statusCode,
        error: outcome.error,
        nextAttemptAt: null,
        deliveredAt: null,
      });
      const disabled = await repo.disableFailingEndpoint(
        trx,
        claimed.endpoint_id,
        now,
        storedReason('stored.webhooks.failedForADay', { error: outcome.error }),
      );
      if (disabled) {
        const language = await languageOf(trx, disabled.user_id);
        const mail = webhookDisabledMail(deps.brand, {
          url: disabled.url,
          lastError: resayStored(outcome.error, language),
          dashboardUrl: `${deps.brand.appUrl}/dashboard`,
          language,
        });
        await deps.mailSender.enqueue(trx, {
          deliveryKind: 'webhook_disabled',
          userId: disabled.user_id,
          message: { to: disabled.email, ...mail },
        });
      }
    });
    return 'failed';
  }

  const delay = RETRY_DELAYS_MS[Math.min(claimed.attempts, RETRY_DELAYS_MS.length) - 1]!;
  const next = new Date(Math.min(now.getTime() + delay, windowEnd));
  await deps.db.transaction().execute(async (trx) => {
    await repo.recordOutcome(trx, deliveryId, {
      status: 'pending',
      statusCode: outcome.statusCode,
      error: outcome.error,
      nextAttemptAt: next,
      deliveredAt: null,
    });
    const job: DeliverWebhookJob = { deliveryId };
    await deps.boss.send(DELIVER_WEBHOOK, job, { startAfter: next, db: bossDb<DB>(trx) });
  });
  return 'retrying';
}

/**
 * Finished deliveries are kept this long for the dashboard's list, and held ones too: a disabled
 * endpoint enabled again is sent the messages of this time, no older.
 */
export const KEEP_DELIVERIES_MS = 30 * 24 * HOUR;

export const pruneDeliveries = (deps: Pick<DeliveryDeps, 'db' | 'now'>) =>
  repo.pruneDeliveries(deps.db, new Date(deps.now().getTime() - KEEP_DELIVERIES_MS));

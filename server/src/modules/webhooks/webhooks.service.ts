import type { Language } from '@deedwatch/rules';
import type { PgBoss } from 'pg-boss';
import type { Database } from '../../db/database.ts';
import { bossDb } from '../../db/pg-boss-db.ts';
import type { DB } from '../../db/types.ts';
import { resayStoredOrNull, storedReason } from '../../i18n/stored.ts';
import { DELIVER_WEBHOOK } from '../../jobs/queues.ts';
import { countyDateTime } from '../../lib/county-time.ts';
import { said, unauthorized } from '../../lib/errors.ts';
import { REDACTED } from '../../lib/logger.ts';
import type { Caller } from '../../lib/route.ts';
import { languageOf } from '../../mail/mail.repository.ts';
import { type SealingKey, seal } from '../../lib/sealed.ts';
import { auditOwnChange, requireSubscriber, subscribersOnly } from '../tokens/tokens.service.ts';
import { lockUser } from '../user/user.repository.ts';
import {
  resolvePublicAddress,
  UnsafeAddressError,
  unsafeMessage,
  type UrlPolicy,
} from './safe-address.ts';
import { releaseNextHeld } from './delivery.service.ts';
import { generateSecret } from './signing.ts';
import * as repo from './webhooks.repository.ts';
import {
  type CreateEndpointBody,
  type Delivery,
  type Endpoint,
  LISTED_DELIVERIES,
  MAX_ENDPOINTS,
  MAX_URL_LENGTH,
  type UpdateEndpointBody,
} from './webhooks.schemas.ts';

export type DeliverWebhookJob = { deliveryId: string };

/**
 * An endpoint's address as the audit log keeps it: the query's values out, since a receiver
 * may take a secret of its own there (`?token=…`). The address itself is checked and stored.
 */
export function auditedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const query = url.slice(queryAt + 1).split('#')[0]!;
  const keys = query.split('&').map((param) => `${param.split('=')[0]}=${REDACTED}`);
  return `${url.slice(0, queryAt)}?${keys.join('&')}`;
}

export type EndpointDeps = {
  db: Database;
  /** Where a resend, or enabling an endpoint, queues its delivery. */
  boss: PgBoss | undefined;
  /** Seals signing secrets at rest (derived from SESSION_SECRET). */
  sealingKey: SealingKey;
  urlPolicy: UrlPolicy;
};

type EndpointRow = NonNullable<Awaited<ReturnType<typeof repo.findEndpoint>>>;
type DeliveryRow = Awaited<ReturnType<typeof repo.listDeliveries>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An endpoint as its owner sees it: why it is disabled in their language. */
function toEndpoint(row: EndpointRow, language: Language): Endpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    createdAt: row.created_at.toISOString(),
    status: row.disabled_at ? 'disabled' : 'enabled',
    disabledAt: iso(row.disabled_at),
    disabledReason: resayStoredOrNull(row.disabled_reason, language),
  };
}

/** A delivery as its owner sees it: why its last attempt failed in their language, where the
 * words are DeedWatch's own (a receiver's answer stays as it sent it). */
function toDelivery(row: DeliveryRow, language: Language): Delivery {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    messageId: row.message_id,
    eventType: row.event_type,
    eventId: row.event_id,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: iso(row.last_attempt_at),
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    lastStatusCode: row.last_status_code,
    lastError: resayStoredOrNull(row.last_error, language),
    deliveredAt: iso(row.delivered_at),
    resentFrom: row.resent_from,
  };
}

/** The URL as it is kept, once it is an https URL of a public host: 400 otherwise. */
async function checkedUrl(input: string, policy: UrlPolicy): Promise<string> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw said(400, 'errors.webhookUrlInvalid');
  }
  if (url.protocol !== 'https:') throw said(400, 'errors.webhookUrlNotHttps');
  if (url.username || url.password) {
    throw said(400, 'errors.webhookUrlCredentials');
  }
  // An empty fragment ("…/hook#") is kept by the URL, though its hash reads ''.
  if (url.hash || url.href.endsWith('#')) {
    throw said(400, 'errors.webhookUrlFragment');
  }
  // As kept and sent: a character outside ASCII or some punctuation takes 3 to 9 once encoded.
  if (url.href.length > MAX_URL_LENGTH) {
    throw said(400, 'errors.webhookUrlTooLong', { max: MAX_URL_LENGTH, length: url.href.length });
  }
  try {
    await resolvePublicAddress(url, policy);
  } catch (err) {
    if (err instanceof UnsafeAddressError) {
      const { refusal } = err;
      throw said(400, 'errors.webhookUrlHost', (language) => ({
        reason: unsafeMessage(refusal, language),
      }));
    }
    throw err;
  }
  return url.href;
}

export async function listEndpoints(db: Database, caller: Caller) {
  await requireSubscriber(db, caller.userId);
  const rows = await repo.listEndpoints(db, caller.userId);
  const language = await languageOf(db, caller.userId);
  return { endpoints: rows.map((row) => toEndpoint(row, language)) };
}

/**
 * Registers an endpoint: an https URL whose host resolves to public addresses only, at most
 * MAX_ENDPOINTS per account (counted under a lock on the account), one per URL. Its signing
 * secret is returned this once and kept sealed.
 */
export async function createEndpoint(
  deps: EndpointDeps,
  caller: Caller,
  input: CreateEndpointBody,
) {
  await requireSubscriber(deps.db, caller.userId);
  const url = await checkedUrl(input.url, deps.urlPolicy);
  const secret = generateSecret();
  return deps.db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, caller.userId);
    if (!user) throw unauthorized();
    if (user.role !== 'subscriber') throw subscribersOnly();
    if ((await repo.countEndpoints(trx, caller.userId)) >= MAX_ENDPOINTS) {
      throw said(409, 'errors.tooManyWebhooks', { max: MAX_ENDPOINTS });
    }
    const row = await repo.insertEndpoint(trx, {
      userId: caller.userId,
      url,
      description: input.description,
      eventTypes: input.eventTypes,
      secretSealed: seal(deps.sealingKey, secret),
    });
    if (!row) throw said(409, 'errors.webhookExists');
    await auditOwnChange(trx, caller, 'webhook.create', {
      endpointId: row.id,
      url: auditedUrl(row.url),
      eventTypes: row.event_types,
    });
    return { endpoint: toEndpoint(row, await languageOf(trx, caller.userId)), secret };
  });
}

const DISABLED_BY_YOU = storedReason('stored.webhooks.disabledByYou');

/**
 * Changes an endpoint. Enabling it again checks its address again and releases, in the same
 * transaction, the first of the messages held while it was disabled: the rest follow it in
 * order, each once the one before is delivered.
 */
export async function updateEndpoint(
  deps: EndpointDeps,
  caller: Caller,
  endpointId: string,
  input: UpdateEndpointBody,
  now = new Date(),
) {
  await requireSubscriber(deps.db, caller.userId);
  const { boss } = deps;
  if (input.enabled === true && !boss) {
    throw new Error('updateEndpoint needs the job queue (AppDeps.boss) to enable an endpoint');
  }
  const current = await repo.findEndpoint(deps.db, caller.userId, endpointId);
  if (!current) throw said(404, 'errors.webhookNotFound');
  // Enabling again checks the address again: it may resolve elsewhere by now.
  if (input.enabled === true && current.disabled_at) await checkedUrl(current.url, deps.urlPolicy);
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await repo.updateEndpoint(trx, caller.userId, endpointId, {
      description: input.description,
      eventTypes: input.eventTypes as DB['webhook_endpoints']['event_types'] | undefined,
      ...(input.enabled !== undefined && {
        disabled: input.enabled ? null : { at: now, reason: DISABLED_BY_YOU },
      }),
    });
    // The update locked the endpoint, as releasing needs.
    if (updated && input.enabled === true) await releaseNextHeld(trx, boss!, endpointId, now);
    return updated;
  });
  if (!row) throw said(404, 'errors.webhookNotFound');
  return toEndpoint(row, await languageOf(deps.db, caller.userId));
}

export async function deleteEndpoint(db: Database, caller: Caller, endpointId: string) {
  await requireSubscriber(db, caller.userId);
  return db.transaction().execute(async (trx) => {
    const row = await repo.deleteEndpoint(trx, caller.userId, endpointId);
    if (!row) throw said(404, 'errors.webhookNotFound');
    await auditOwnChange(trx, caller, 'webhook.delete', {
      endpointId: row.id,
      url: auditedUrl(row.url),
    });
    return toEndpoint(row, await languageOf(trx, caller.userId));
  });
}

export async function listDeliveries(db: Database, caller: Caller, endpointId: string) {
  await requireSubscriber(db, caller.userId);
  const endpoint = await repo.findEndpoint(db, caller.userId, endpointId);
  if (!endpoint) throw said(404, 'errors.webhookNotFound');
  const rows = await repo.listDeliveries(db, endpointId, LISTED_DELIVERIES);
  const language = await languageOf(db, caller.userId);
  return { deliveries: rows.map((row) => toDelivery(row, language)) };
}

/**
 * Sends a delivery again as a new one (same webhook-id and body, a new 24-hour window), queued
 * in the transaction that records it. The endpoint must be enabled, and the delivery done with:
 * one still pending would reach the receiver twice (the resend, then its own next attempt), and
 * a held one is sent in its turn.
 */
export async function resendDelivery(deps: EndpointDeps, caller: Caller, deliveryId: string) {
  await requireSubscriber(deps.db, caller.userId);
  const { boss } = deps;
  if (!boss) throw new Error('resendDelivery needs the job queue (AppDeps.boss)');
  const original = await repo.findDelivery(deps.db, caller.userId, deliveryId);
  if (!original) throw said(404, 'errors.webhookDeliveryNotFound');
  if (original.endpoint_disabled_at) {
    throw said(409, 'errors.webhookDisabled');
  }
  if (original.status === 'pending') {
    const nextAttempt = original.next_attempt_at;
    throw nextAttempt
      ? said(409, 'errors.webhookDeliveryPending', (language) => ({
          at: countyDateTime(nextAttempt, language),
        }))
      : said(409, 'errors.webhookDeliveryQueued');
  }
  if (original.status === 'held') throw said(409, 'errors.webhookDeliveryHeld');
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.insertResend(trx, original);
    const job: DeliverWebhookJob = { deliveryId: row.id };
    await boss.send(DELIVER_WEBHOOK, job, { db: bossDb<DB>(trx) });
    return toDelivery(row, await languageOf(trx, caller.userId));
  });
}

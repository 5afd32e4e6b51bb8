import { randomUUID } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import type { Executor } from '../../db/database.ts';
import { bossDb } from '../../db/pg-boss-db.ts';
import type { CaseStatus, DB, EventLevel } from '../../db/types.ts';
import { DELIVER_WEBHOOK } from '../../jobs/queues.ts';
import type { LevelChange } from '../levels/levels.repository.ts';
import {
  endpointsWanting,
  type EventForWebhook,
  eventsById,
  eventsOf,
  insertDeliveries,
  type NewDelivery,
  usersWanting,
} from './event-webhooks.repository.ts';
import type {
  CaseStatusChangedBody,
  EventCreatedBody,
  EventLevelChangedBody,
  WebhookEventData,
} from './webhook-payloads.ts';

export const EVENT_CREATED = 'event.created';
export const EVENT_LEVEL_CHANGED = 'event.level_changed';
export const CASE_STATUS_CHANGED = 'case.status_changed';

/**
 * What a webhook tells of an event: the event, the guarded item it hit and the recorded
 * document (its containerName and fileName are the query of GET /api/document/download, which a
 * token with the read scope may call). GET /api/user/events lists events in this shape too.
 */
export function eventData(e: EventForWebhook): WebhookEventData {
  return {
    eventId: e.id,
    createdAt: e.created_at.toISOString(),
    tier: e.tier,
    level: e.level,
    matchKind: e.match_kind,
    matchedValue: e.matched_value,
    partyRole: e.party_role,
    isExact: e.is_exact,
    confidence: Number(e.confidence),
    namesakes: e.namesakes,
    // An event hits exactly one guarded item (the events table checks it): a name or a parcel.
    guarded: e.name_subscription_id
      ? { kind: 'name', id: e.name_subscription_id, value: e.guarded_value }
      : { kind: 'property', id: e.apn_subscription_id!, value: e.guarded_value },
    document: {
      county: e.county,
      documentNumber: e.document_number,
      documentType: e.document_type,
      recordedAt: e.recorded_at.toISOString(),
      containerName: e.container,
      fileName: e.file_name,
    },
  };
}

export type EventData = ReturnType<typeof eventData>;

/** The body of an event.created webhook, as signed and sent. */
export function eventCreatedPayload(e: EventForWebhook): string {
  const body: EventCreatedBody = {
    type: EVENT_CREATED,
    timestamp: e.created_at.toISOString(),
    data: eventData(e),
  };
  return JSON.stringify(body);
}

/** The body of an event.level_changed webhook: the event as it is now, and its level before. */
export function levelChangedPayload(
  e: EventForWebhook,
  previousLevel: EventLevel,
  at: Date,
): string {
  const body: EventLevelChangedBody = {
    type: EVENT_LEVEL_CHANGED,
    timestamp: at.toISOString(),
    data: { ...eventData(e), previousLevel },
  };
  return JSON.stringify(body);
}

/**
 * Inserts the deliveries (a message already queued to an endpoint is skipped) and a
 * deliver-webhook job for each one not held, in the caller's transaction: a webhook exists
 * exactly when what it tells of does. A held one waits, without a job, for its endpoint to be
 * enabled (see releaseNextHeld). Returns how many were queued to be sent now.
 */
async function queueDeliveries(
  trx: Executor,
  boss: PgBoss,
  deliveries: readonly NewDelivery[],
): Promise<number> {
  const inserted = await insertDeliveries(trx, deliveries);
  const ids = inserted.filter((d) => d.status === 'pending').map((d) => d.id);
  if (ids.length > 0) {
    await boss.insert(
      DELIVER_WEBHOOK,
      ids.map((deliveryId) => ({ data: { deliveryId } })),
      { db: bossDb<DB>(trx) },
    );
  }
  return ids.length;
}

type WantingEndpoint = { endpointId: string; held: boolean };

/**
 * The endpoints of these users that asked for `eventType`, by user, each saying whether its
 * messages are held: a disabled endpoint's are kept for when it is enabled again, so that it
 * loses nothing.
 */
async function endpointsByUser(
  trx: Executor,
  userIds: readonly string[],
  eventType: string,
): Promise<Map<string, WantingEndpoint[]>> {
  const endpointsOf = new Map<string, WantingEndpoint[]>();
  if (userIds.length === 0) return endpointsOf;
  for (const endpoint of await endpointsWanting(trx, [...new Set(userIds)], eventType)) {
    endpointsOf.set(endpoint.user_id, [
      ...(endpointsOf.get(endpoint.user_id) ?? []),
      { endpointId: endpoint.id, held: endpoint.held },
    ]);
  }
  return endpointsOf;
}

/**
 * Queues an event.created delivery for each new event of these (user, document) pairs to each
 * endpoint of its user that asked for event.created, with its deliver-webhook job (held, without
 * one, for a disabled endpoint), in the caller's transaction: the matcher's. Events found on
 * record and possible matches of names set to hide them are not sent. Costs one indexed query
 * when none of the users has an endpoint. Returns the deliveries queued to be sent now.
 */
export async function enqueueEventWebhooks(
  trx: Executor,
  boss: PgBoss,
  events: readonly { user_id: string; document_id: string }[],
): Promise<number> {
  if (events.length === 0) return 0;
  const endpointsOf = await endpointsByUser(
    trx,
    events.map((e) => e.user_id),
    EVENT_CREATED,
  );
  if (endpointsOf.size === 0) return 0;
  const pairs = new Map<string, { userId: string; documentId: string }>();
  for (const e of events) {
    if (endpointsOf.has(e.user_id)) {
      pairs.set(`${e.user_id}:${e.document_id}`, { userId: e.user_id, documentId: e.document_id });
    }
  }
  const rows = await eventsOf(trx, [...pairs.values()]);
  return queueDeliveries(
    trx,
    boss,
    rows.flatMap((e) => {
      const payload = eventCreatedPayload(e);
      return (endpointsOf.get(e.user_id) ?? []).map(({ endpointId, held }) => ({
        endpointId,
        held,
        eventType: EVENT_CREATED,
        eventId: e.id,
        messageId: `msg_${e.id}`,
        payload,
      }));
    }),
  );
}

/** The users who asked, through an endpoint enabled or not, to hear of level changes. */
export const levelChangeListeners = (trx: Executor) => usersWanting(trx, EVENT_LEVEL_CHANGED);

/**
 * Queues an event.level_changed delivery for each changed event a subscriber is shown (as
 * event.created) to each endpoint of its user that asked for it (held for a disabled one), in
 * the caller's transaction: the one that changed the levels. Each change is a message of its own
 * id (an event may change level more than once). Returns the deliveries queued to be sent now.
 */
export async function enqueueLevelChangeWebhooks(
  trx: Executor,
  boss: PgBoss,
  changes: readonly LevelChange[],
  at: Date,
): Promise<number> {
  if (changes.length === 0) return 0;
  const previous = new Map(changes.map((c) => [c.eventId, c.previousLevel]));
  const events = await eventsById(trx, [...previous.keys()]);
  const endpointsOf = await endpointsByUser(
    trx,
    events.map((e) => e.user_id),
    EVENT_LEVEL_CHANGED,
  );
  return queueDeliveries(
    trx,
    boss,
    events.flatMap((e) => {
      const payload = levelChangedPayload(e, previous.get(e.id)!, at);
      const messageId = `msg_${randomUUID()}`;
      return (endpointsOf.get(e.user_id) ?? []).map(({ endpointId, held }) => ({
        endpointId,
        held,
        eventType: EVENT_LEVEL_CHANGED,
        eventId: e.id,
        messageId,
        payload,
      }));
    }),
  );
}

/** A case whose status moved, as a case.status_changed webhook tells of it. */
export type CaseStatusChange = {
  caseId: string;
  /** A string, as the REST API gives it. */
  caseNumber: string;
  userId: string;
  eventId: string | null;
  status: CaseStatus;
  previousStatus: CaseStatus;
  county: string;
  documentNumber: string;
  documentType: string;
  recordedAt: Date;
};

/** The body of a case.status_changed webhook. */
export function caseStatusChangedPayload(c: CaseStatusChange, at: Date): string {
  const body: CaseStatusChangedBody = {
    type: CASE_STATUS_CHANGED,
    timestamp: at.toISOString(),
    data: {
      caseId: c.caseId,
      caseNumber: c.caseNumber,
      status: c.status,
      previousStatus: c.previousStatus,
      eventId: c.eventId,
      document: {
        county: c.county,
        documentNumber: c.documentNumber,
        documentType: c.documentType,
        recordedAt: c.recordedAt.toISOString(),
      },
    },
  };
  return JSON.stringify(body);
}

/**
 * Queues a case.status_changed delivery to each endpoint of the case's subscriber that asked for
 * it (held for a disabled one), in the caller's transaction: the one that moved the case. A case
 * reaches each status once (it only moves forward), so the message's id is the case's and its
 * new status.
 */
export async function enqueueCaseStatusWebhooks(
  trx: Executor,
  boss: PgBoss,
  change: CaseStatusChange,
  at: Date,
): Promise<number> {
  const endpoints = (await endpointsByUser(trx, [change.userId], CASE_STATUS_CHANGED)).get(
    change.userId,
  );
  if (!endpoints) return 0;
  const payload = caseStatusChangedPayload(change, at);
  return queueDeliveries(
    trx,
    boss,
    endpoints.map(({ endpointId, held }) => ({
      endpointId,
      held,
      eventType: CASE_STATUS_CHANGED,
      eventId: change.eventId,
      messageId: `msg_case_${change.caseId}_${change.status}`,
      payload,
    })),
  );
}

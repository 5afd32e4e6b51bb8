import type { PgBoss } from 'pg-boss';
import type { Executor } from '../../db/database.ts';
import { bossDb } from '../../db/pg-boss-db.ts';
import type { DB } from '../../db/types.ts';
import { DELIVER_WEBHOOK } from '../../jobs/queues.ts';
import {
  endpointsWanting,
  type EventForWebhook,
  eventsOf,
  insertEventDeliveries,
} from './event-webhooks.repository.ts';

export const EVENT_CREATED = 'event.created';

/**
 * The body of an event.created webhook, as signed and sent: the event, the guarded item it hit
 * and the recorded document (its containerName and fileName are the query of GET
 * /api/document/download, which a token with the read scope may call).
 */
export function eventCreatedPayload(e: EventForWebhook): string {
  return JSON.stringify({
    type: EVENT_CREATED,
    timestamp: e.created_at.toISOString(),
    data: {
      eventId: e.id,
      createdAt: e.created_at.toISOString(),
      tier: e.tier,
      matchKind: e.match_kind,
      matchedValue: e.matched_value,
      partyRole: e.party_role,
      isExact: e.is_exact,
      confidence: Number(e.confidence),
      namesakes: e.namesakes,
      guarded: {
        kind: e.name_subscription_id ? 'name' : 'property',
        id: e.name_subscription_id ?? e.apn_subscription_id,
        value: e.guarded_value,
      },
      document: {
        county: e.county,
        documentNumber: e.document_number,
        documentType: e.document_type,
        recordedAt: e.recorded_at.toISOString(),
        containerName: e.container,
        fileName: e.file_name,
      },
    },
  });
}

/**
 * Queues an event.created delivery for each new event of these (user, document) pairs to each
 * enabled endpoint of its user that asked for event.created, with its deliver-webhook job, in
 * the caller's transaction: the matcher's, so a webhook exists exactly when its event does.
 * Events found on record and possible matches of names set to hide them are not sent. Costs one
 * indexed query when none of the users has an endpoint. Returns the deliveries queued.
 */
export async function enqueueEventWebhooks(
  trx: Executor,
  boss: PgBoss,
  events: readonly { user_id: string; document_id: string }[],
): Promise<number> {
  if (events.length === 0) return 0;
  const userIds = [...new Set(events.map((e) => e.user_id))];
  const endpoints = await endpointsWanting(trx, userIds, EVENT_CREATED);
  if (endpoints.length === 0) return 0;
  const endpointsOf = new Map<string, string[]>();
  for (const endpoint of endpoints) {
    endpointsOf.set(endpoint.user_id, [...(endpointsOf.get(endpoint.user_id) ?? []), endpoint.id]);
  }
  const pairs = new Map<string, { userId: string; documentId: string }>();
  for (const e of events) {
    if (endpointsOf.has(e.user_id)) {
      pairs.set(`${e.user_id}:${e.document_id}`, { userId: e.user_id, documentId: e.document_id });
    }
  }
  const rows = await eventsOf(trx, [...pairs.values()]);
  const deliveries = rows.flatMap((e) => {
    const payload = eventCreatedPayload(e);
    return (endpointsOf.get(e.user_id) ?? []).map((endpointId) => ({
      endpointId,
      eventId: e.id,
      messageId: `msg_${e.id}`,
      payload,
    }));
  });
  const ids = await insertEventDeliveries(trx, deliveries);
  if (ids.length > 0) {
    await boss.insert(
      DELIVER_WEBHOOK,
      ids.map((deliveryId) => ({ data: { deliveryId } })),
      { db: bossDb<DB>(trx) },
    );
  }
  return ids.length;
}

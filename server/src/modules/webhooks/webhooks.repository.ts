import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { DB } from '../../db/types.ts';

type EventTypes = DB['webhook_endpoints']['event_types'];

const ENDPOINT_COLUMNS = [
  'id',
  'url',
  'description',
  'event_types',
  'created_at',
  'disabled_at',
  'disabled_reason',
] as const;

const DELIVERY_COLUMNS = [
  'd.id',
  'd.endpoint_id',
  'd.message_id',
  'd.event_type',
  'd.event_id',
  'd.status',
  'd.attempts',
  'd.created_at',
  'd.last_attempt_at',
  'd.next_attempt_at',
  'd.last_status_code',
  'd.last_error',
  'd.delivered_at',
  'd.resent_from',
] as const;

type Unprefixed = (typeof DELIVERY_COLUMNS)[number] extends `d.${infer C}` ? C : never;

export async function countEndpoints(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The new endpoint; undefined when the user already has one at this URL. */
export function insertEndpoint(
  db: Executor,
  endpoint: {
    userId: string;
    url: string;
    description: string;
    eventTypes: EventTypes;
    secretSealed: string;
  },
) {
  return db
    .insertInto('webhook_endpoints')
    .values({
      user_id: endpoint.userId,
      url: endpoint.url,
      description: endpoint.description,
      event_types: endpoint.eventTypes,
      secret_sealed: endpoint.secretSealed,
      disabled_at: null,
      disabled_reason: null,
    })
    .onConflict((oc) => oc.columns(['user_id', 'url']).doNothing())
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirst();
}

export function listEndpoints(db: Executor, userId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findEndpoint(db: Executor, userId: string, endpointId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('id', '=', endpointId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function updateEndpoint(
  db: Executor,
  userId: string,
  endpointId: string,
  change: {
    description?: string;
    eventTypes?: EventTypes;
    disabled?: { at: Date; reason: string } | null;
  },
) {
  return db
    .updateTable('webhook_endpoints')
    .set({
      ...(change.description !== undefined && { description: change.description }),
      ...(change.eventTypes !== undefined && { event_types: change.eventTypes }),
      ...(change.disabled === null && { disabled_at: null, disabled_reason: null }),
      ...(change.disabled && {
        disabled_at: sql<Date>`coalesce(disabled_at, ${change.disabled.at})`,
        disabled_reason: sql<string>`coalesce(disabled_reason, ${change.disabled.reason})`,
      }),
    })
    .where('id', '=', endpointId)
    .where('user_id', '=', userId)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirst();
}

export function deleteEndpoint(db: Executor, userId: string, endpointId: string) {
  return db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', endpointId)
    .where('user_id', '=', userId)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirst();
}

export function listDeliveries(db: Executor, endpointId: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .select(DELIVERY_COLUMNS)
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/** One of the user's deliveries, with its endpoint's state. */
export function findDelivery(db: Executor, userId: string, deliveryId: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select([...DELIVERY_COLUMNS, 'd.payload', 'e.disabled_at as endpoint_disabled_at'] as const)
    .where('d.id', '=', deliveryId)
    .where('e.user_id', '=', userId)
    .executeTakeFirst();
}

/** A new delivery repeating `original`: same message id and body, a fresh window. */
export function insertResend(
  db: Executor,
  original: {
    id: string;
    endpoint_id: string;
    message_id: string;
    event_type: DB['webhook_deliveries']['event_type'];
    event_id: string | null;
    payload: string;
  },
) {
  return db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: original.endpoint_id,
      message_id: original.message_id,
      event_type: original.event_type,
      event_id: original.event_id,
      payload: original.payload,
      resent_from: original.id,
      next_attempt_at: null,
      last_attempt_at: null,
      last_status_code: null,
      last_error: null,
      delivered_at: null,
      released_at: null,
    })
    .returning(DELIVERY_COLUMNS.map((c) => c.slice(2) as Unprefixed))
    .executeTakeFirstOrThrow();
}

/**
 * Takes a pending delivery that is due for an attempt: counts the attempt and holds it until
 * `leaseUntil`, so a duplicate job cannot send it again meanwhile. Undefined when it is not
 * pending, or not due.
 */
export function claimDelivery(db: Executor, deliveryId: string, now: Date, leaseUntil: Date) {
  return db
    .updateTable('webhook_deliveries as d')
    .from('webhook_endpoints as e')
    .set({
      attempts: sql`d.attempts + 1`,
      last_attempt_at: now,
      next_attempt_at: leaseUntil,
    })
    .whereRef('e.id', '=', 'd.endpoint_id')
    .where('d.id', '=', deliveryId)
    .where('d.status', '=', 'pending')
    .where((eb) => eb.or([eb('d.next_attempt_at', 'is', null), eb('d.next_attempt_at', '<=', now)]))
    .returning([
      'd.id',
      'd.endpoint_id',
      'd.message_id',
      'd.payload',
      'd.attempts',
      'd.created_at',
      'd.released_at',
      'e.user_id',
      'e.url',
      'e.secret_sealed',
      'e.disabled_at',
    ])
    .executeTakeFirst();
}

export function deliveryStatus(db: Executor, deliveryId: string) {
  return db
    .selectFrom('webhook_deliveries')
    .select(['status', 'next_attempt_at'])
    .where('id', '=', deliveryId)
    .executeTakeFirst();
}

export async function recordOutcome(
  db: Executor,
  deliveryId: string,
  outcome: {
    status: 'pending' | 'delivered' | 'failed';
    statusCode: number | null;
    error: string | null;
    nextAttemptAt: Date | null;
    deliveredAt: Date | null;
  },
) {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.status,
      last_status_code: outcome.statusCode,
      last_error: outcome.error,
      next_attempt_at: outcome.nextAttemptAt,
      delivered_at: outcome.deliveredAt,
    })
    .where('id', '=', deliveryId)
    .execute();
}

/**
 * Puts back on hold a delivery claimed for an endpoint found disabled: not attempted after all,
 * so the attempt the claim counted is taken back.
 */
export async function holdDelivery(db: Executor, deliveryId: string) {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'held', attempts: sql`attempts - 1`, next_attempt_at: null })
    .where('id', '=', deliveryId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Locks the endpoint until the transaction ends, against the matcher deciding meanwhile whether
 * its messages are held (it locks the endpoint FOR SHARE); whether it is disabled, undefined when
 * it is gone.
 */
export async function lockEndpoint(db: Executor, endpointId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select('disabled_at')
    .where('id', '=', endpointId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/**
 * Makes the oldest held delivery of an enabled endpoint pending again, its 24-hour window
 * starting now; its id, or undefined when the endpoint is disabled, has nothing held, or has a
 * released delivery not yet done (held deliveries go one at a time, in order). The caller holds
 * lockEndpoint's lock and queues the job.
 */
export async function releaseNextHeld(
  db: Executor,
  endpointId: string,
  now: Date,
): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    UPDATE webhook_deliveries SET status = 'pending', released_at = ${now}, next_attempt_at = NULL
    WHERE id = (
      SELECT d.id FROM webhook_deliveries d
      JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.endpoint_id = ${endpointId} AND d.status = 'held' AND e.disabled_at IS NULL
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries r
          WHERE r.endpoint_id = ${endpointId}
            AND r.status = 'pending' AND r.released_at IS NOT NULL)
      ORDER BY d.created_at, d.id
      LIMIT 1)
    RETURNING id`.execute(db);
  return rows[0]?.id;
}

/**
 * Disables the endpoint after its failures; the owner's email when this call disabled it,
 * undefined when it was disabled already (so the owner is told once).
 */
export function disableFailingEndpoint(db: Executor, endpointId: string, at: Date, reason: string) {
  return db
    .updateTable('webhook_endpoints as e')
    .from('users as u')
    .set({ disabled_at: at, disabled_reason: reason })
    .whereRef('u.id', '=', 'e.user_id')
    .where('e.id', '=', endpointId)
    .where('e.disabled_at', 'is', null)
    .returning(['e.url', 'e.user_id', 'u.email'])
    .executeTakeFirst();
}

/**
 * Deletes finished deliveries created before `before`, and held ones too: a disabled endpoint is
 * kept the messages of that time, no older; how many.
 */
export async function pruneDeliveries(db: Executor, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('created_at', '<', before)
    .where('status', '<>', 'pending')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

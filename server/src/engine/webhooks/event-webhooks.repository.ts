import { type RawBuilder, sql } from 'kysely';
import type { DocumentRow } from '../../db/columns.ts';
import type { Executor } from '../../db/database.ts';
import type { EventLevel, MatchTier } from '../../db/types.ts';

/**
 * The users' endpoints that asked for `eventType`, and whether a message for each is held rather
 * than sent now: the endpoint is disabled, or it is still catching up on messages held before
 * (one of them is held, or released and not yet delivered), which a new message must not
 * overtake.
 */
export async function endpointsWanting(
  db: Executor,
  userIds: readonly string[],
  eventType: string,
): Promise<{ id: string; user_id: string; held: boolean }[]> {
  // Locked FOR SHARE until the caller's transaction ends: an endpoint being enabled, or
  // releasing its next held delivery, waits for the messages held here to be committed, so it
  // sees them. The catching-up is read after the lock, in a statement of its own, to see what
  // such a release committed while this waited.
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'user_id', 'disabled_at'])
    // One array parameter, however many users the batch's events have.
    .where(sql<boolean>`user_id = ANY (${userIds}::uuid[])`)
    .where(sql<boolean>`${eventType} = ANY (event_types)`)
    .forShare()
    .execute();
  const enabled = endpoints.filter((e) => !e.disabled_at).map((e) => e.id);
  const catchingUp = new Set<string>();
  if (enabled.length > 0) {
    const { rows } = await sql<{ endpoint_id: string }>`
      SELECT DISTINCT endpoint_id FROM webhook_deliveries
      WHERE endpoint_id = ANY (${enabled}::uuid[])
        AND (status = 'held' OR (status = 'pending' AND released_at IS NOT NULL))`.execute(db);
    for (const row of rows) catchingUp.add(row.endpoint_id);
  }
  return endpoints.map((e) => ({
    id: e.id,
    user_id: e.user_id,
    held: e.disabled_at !== null || catchingUp.has(e.id),
  }));
}

export type EventForWebhook = DocumentRow & {
  id: string;
  user_id: string;
  created_at: Date;
  /** created_at to the microsecond, as UTC text that Postgres reads back exactly: a page's key. */
  created_at_key: string;
  tier: MatchTier;
  level: EventLevel;
  match_kind: 'apn' | 'address' | 'name';
  matched_value: string;
  party_role: 'grantor' | 'grantee' | null;
  is_exact: boolean;
  confidence: number;
  namesakes: number | null;
  name_subscription_id: string | null;
  apn_subscription_id: string | null;
  guarded_value: string;
  county: string;
};

/**
 * The users with an endpoint that asked for `eventType`, enabled or not: a disabled endpoint's
 * messages are held for it.
 */
export async function usersWanting(db: Executor, eventType: string): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select('user_id')
    .distinct()
    .where(sql<boolean>`${eventType} = ANY (event_types)`)
    .execute();
  return rows.map((r) => r.user_id);
}

/** A page of shown events, newest first: those `where` admits, at most `limit` of them. */
type Page = { where: RawBuilder<boolean>; limit: number };

/**
 * The events that `source` (a FROM item yielding `e`, rows of events) names, that a subscriber
 * is shown as they happen: not found on record by a history check, and not a possible match of
 * a name set to hide them. Oldest first; or, for a `page`, the newest that it admits first.
 */
async function shownEvents(
  db: Executor,
  source: RawBuilder<unknown>,
  page?: Page,
): Promise<EventForWebhook[]> {
  const { rows } = await sql<EventForWebhook>`
    SELECT e.id, e.user_id, e.created_at,
           to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at_key,
           e.tier, e.level, e.match_kind, e.matched_value,
           e.party_role, e.is_exact, e.confidence, e.namesakes,
           -- A removed guard's events keep its id and value (migration 0035).
           coalesce(e.name_subscription_id,
                    CASE WHEN e.removed_guard_name IS NOT NULL THEN e.removed_guard_id END)
             AS name_subscription_id,
           coalesce(e.apn_subscription_id,
                    CASE WHEN e.removed_guard_apn IS NOT NULL THEN e.removed_guard_id END)
             AS apn_subscription_id,
           coalesce(ns.name, aps.apn, e.removed_guard_name, e.removed_guard_apn) AS guarded_value,
           d.id AS document_id, d.document_number, d.document_type, d.recorded_at, d.container,
           d.file_name, c.name AS county
    FROM ${source}
    JOIN recorded_documents d ON d.id = e.document_id
    JOIN counties c ON c.id = d.county_id
    LEFT JOIN name_subscriptions ns ON ns.id = e.name_subscription_id
    LEFT JOIN apn_subscriptions aps ON aps.id = e.apn_subscription_id
    WHERE NOT e.on_record
      AND NOT (e.tier = 'possible'
               AND coalesce(ns.possible_matches, e.removed_guard_possible_matches)
                   IS NOT DISTINCT FROM 'hide')
      ${page ? sql`AND ${page.where}` : sql``}
    ORDER BY ${page ? sql`e.created_at DESC, e.id DESC LIMIT ${page.limit}` : sql`e.created_at, e.id`}`.execute(
    db,
  );
  return rows;
}

/** The events of these (user, document) pairs that a subscriber is shown as they happen. */
export async function eventsOf(
  db: Executor,
  pairs: readonly { userId: string; documentId: string }[],
): Promise<EventForWebhook[]> {
  if (pairs.length === 0) return [];
  return shownEvents(
    db,
    sql`unnest(${pairs.map((p) => p.userId)}::uuid[], ${pairs.map((p) => p.documentId)}::bigint[])
         AS p (user_id, document_id)
        JOIN events e ON e.user_id = p.user_id AND e.document_id = p.document_id`,
  );
}

/** These events, those of them a subscriber is shown as they happen. */
export async function eventsById(db: Executor, ids: readonly string[]): Promise<EventForWebhook[]> {
  if (ids.length === 0) return [];
  return shownEvents(db, sql`(SELECT * FROM events WHERE id = ANY (${ids}::uuid[])) AS e`);
}

/** Which of a user's events a page lists, by whether they are archived. */
export type ArchivedFilter = 'false' | 'true' | 'all';

export type ShownEventsQuery = {
  /** Only the events before this one, newest first: the last of the previous page. */
  before?: { createdAtKey: string; id: string };
  /** Only the events created in a later millisecond than this. */
  since?: Date;
  archived: ArchivedFilter;
  limit: number;
};

/**
 * A page of one user's events that they are shown (as webhooks tell of them), newest first by
 * (created_at, id): a keyset on events_user_shown_idx, never an offset. Only this user's
 * events, whatever `before` names.
 */
export async function shownEventsOfUser(
  db: Executor,
  userId: string,
  query: ShownEventsQuery,
): Promise<EventForWebhook[]> {
  const conditions: RawBuilder<boolean>[] = [sql`e.user_id = ${userId}::uuid`];
  if (query.before) {
    conditions.push(
      sql`(e.created_at, e.id) < (${query.before.createdAtKey}::timestamptz, ${query.before.id}::uuid)`,
    );
  }
  // createdAt is given to the millisecond: an event of since's own millisecond is not after it.
  if (query.since) {
    conditions.push(sql`e.created_at >= ${query.since}::timestamptz + interval '1 millisecond'`);
  }
  if (query.archived !== 'all') {
    conditions.push(query.archived === 'true' ? sql`e.is_archived` : sql`NOT e.is_archived`);
  }
  return shownEvents(db, sql`events AS e`, {
    where: sql.join(conditions, sql` AND `) as RawBuilder<boolean>,
    limit: query.limit,
  });
}

/** Rows per INSERT: 12 parameters each stay far below Postgres's 65,535. */
const INSERT_CHUNK = 2000;

export type NewDelivery = {
  endpointId: string;
  eventType: 'event.created' | 'event.level_changed' | 'case.status_changed';
  /** The event the message is about; null for a case's. */
  eventId: string | null;
  messageId: string;
  payload: string;
  /** Recorded, not attempted, until its endpoint is enabled and has sent what was held before. */
  held: boolean;
};

export type InsertedDelivery = { id: string; status: 'held' | 'pending' | 'delivered' | 'failed' };

/**
 * New deliveries; those not queued before, held or pending. A message goes once to an endpoint:
 * a second delivery of its id (the matcher's retry, say) is skipped.
 */
export async function insertDeliveries(
  db: Executor,
  deliveries: readonly NewDelivery[],
): Promise<InsertedDelivery[]> {
  const ids: InsertedDelivery[] = [];
  for (let start = 0; start < deliveries.length; start += INSERT_CHUNK) {
    ids.push(...(await insertChunk(db, deliveries.slice(start, start + INSERT_CHUNK))));
  }
  return ids;
}

async function insertChunk(
  db: Executor,
  deliveries: readonly NewDelivery[],
): Promise<InsertedDelivery[]> {
  const rows = await db
    .insertInto('webhook_deliveries')
    .values(
      deliveries.map((d) => ({
        endpoint_id: d.endpointId,
        message_id: d.messageId,
        event_type: d.eventType,
        event_id: d.eventId,
        payload: d.payload,
        status: d.held ? 'held' : 'pending',
        next_attempt_at: null,
        last_attempt_at: null,
        last_status_code: null,
        last_error: null,
        delivered_at: null,
        resent_from: null,
        released_at: null,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['endpoint_id', 'message_id']).where('resent_from', 'is', null).doNothing(),
    )
    .returning(['id', 'status'])
    .execute();
  return rows;
}

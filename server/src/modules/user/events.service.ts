import type { Database } from '../../db/database.ts';
import { shownEventsOfUser } from '../../engine/webhooks/event-webhooks.repository.ts';
import { type EventData, eventData } from '../../engine/webhooks/event-webhooks.ts';
import type { Caller } from '../../lib/route.ts';
import { encodeCursor, type ListEventsQuery } from './events.schemas.ts';

export type EventPage = { events: EventData[]; nextCursor: string | null };

/**
 * A page of the caller's events that they are shown, newest first, each as an event.created
 * webhook tells of it: the same events (not those found on record, not the possible matches of
 * a name set to hide them) in the same shape. One more event than the page holds is read to
 * know whether another page follows. A cursor only positions the page among the caller's own
 * events: whoever's page it came from, nobody else's event is read.
 */
export async function listEvents(
  db: Database,
  caller: Caller,
  query: ListEventsQuery,
): Promise<EventPage> {
  const rows = await shownEventsOfUser(db, caller.userId, {
    before: query.cursor,
    since: query.since,
    archived: query.archived,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    events: page.map(eventData),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ createdAtKey: last.created_at_key, id: last.id })
        : null,
  };
}

import type { Session } from 'fastify';
import type { Database } from '../../db/database.ts';
import { unauthorized } from '../../lib/errors.ts';
import * as repo from './auth.repository.ts';
import type { Event, SessionUser } from './auth.schemas.ts';

/** The signed-in user as the web app keeps it: subscriptions with their events, newest first. */
export async function loadSessionUser(db: Database, session: Session): Promise<SessionUser> {
  const userId = session.userId;
  if (!userId) throw unauthorized();
  const user = await repo.findUser(db, userId);
  if (!user) throw unauthorized();

  const [apns, names, events, methods] = await Promise.all([
    repo.listApnSubscriptions(db, userId),
    repo.listNameSubscriptions(db, userId),
    repo.listEvents(db, userId),
    repo.listNotificationMethods(db, userId),
  ]);

  const eventsBySubscription = new Map<string, Event[]>();
  for (const e of events) {
    const subscriptionId = e.apn_subscription_id ?? e.name_subscription_id;
    if (!subscriptionId) continue;
    const list = eventsBySubscription.get(subscriptionId) ?? [];
    list.push({
      id: e.id,
      isArchived: e.is_archived,
      createdAt: e.created_at.toISOString(),
      documentDate: e.recorded_at.toISOString(),
      documentNumber: e.document_number,
      documentType: e.document_type,
      countyCodeContainerName: e.container,
      parsedDocumentName: e.file_name,
    });
    eventsBySubscription.set(subscriptionId, list);
  }
  const eventsOf = (id: string) => eventsBySubscription.get(id) ?? [];

  return {
    id: user.id,
    role: user.role,
    email: user.email,
    apnSubscriptions: apns.map((s) => ({ ...s, events: eventsOf(s.id) })),
    nameSubscriptions: names.map((s) => ({ ...s, events: eventsOf(s.id) })),
    emailNotificationMethods: methods.map((m) => ({
      id: m.id,
      email: (m.type === 'SMS' ? m.phone : m.email) ?? '',
      verified: m.verified_at !== null,
      verifiedAt: m.verified_at?.toISOString() ?? null,
      notificationMethodType: m.type,
    })),
    isImpersonated: session.impersonatorId !== undefined,
  };
}

import { DEFAULT_LANGUAGE, isLanguage } from '@deedwatch/rules';
import type { Database } from '../../db/database.ts';
import type { PossibleMatches } from '../../db/types.ts';
import { fraudContactOf } from '../../engine/alerts/alerts.service.ts';
import { type MatchedEvent, reasonOf } from '../../engine/alerts/reasons.ts';
import { levelSubject, whatItDoes } from '../../engine/levels/levels.ts';
import { resayStoredOrNull } from '../../i18n/stored.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { Caller } from '../../lib/route.ts';
import { packetUrlOf } from '../cases/cases.service.ts';
import { listContacts } from '../trusted-contacts/trusted-contacts.repository.ts';
import * as repo from './user.repository.ts';
import type { Event, SessionUser } from './user.schemas.ts';

type RemovedGuard = {
  id: string;
  county: string;
  guarded: MatchedEvent['guarded'];
  possibleMatches: PossibleMatches;
  removedAt: Date;
};

/** The guard an event kept when the user removed it (migration 0035); null while guarded. */
function removedGuardOf(
  e: Awaited<ReturnType<typeof repo.listEvents>>[number],
): RemovedGuard | null {
  if (e.removed_guard_id === null || e.removed_guard_at === null) return null;
  return {
    id: e.removed_guard_id,
    county: e.county,
    guarded:
      e.removed_guard_name !== null
        ? { name: e.removed_guard_name }
        : { apn: e.removed_guard_apn ?? '', address: e.removed_guard_description ?? '' },
    possibleMatches: e.removed_guard_possible_matches ?? 'digest',
    removedAt: e.removed_guard_at,
  };
}

/**
 * The signed-in user as the web app keeps it (the dashboard's data): subscriptions with their
 * events, newest first, the guards the user removed with the events they had (kept, so that
 * past alerts and the cases opened on them stay in view), and the notification methods. Each
 * event says its tier and whether it was found on record when the item began to be guarded, so
 * that the dashboard can tell alerts from possible matches and from what was already recorded.
 * An account that no longer exists is nobody signed in (401).
 */
export async function sessionUser(db: Database, caller: Caller): Promise<SessionUser> {
  const { userId } = caller;
  const user = await repo.findAccount(db, userId);
  if (!user) throw unauthorized();
  const language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;

  const [apns, names, events, methods, contacts] = await Promise.all([
    repo.listApnSubscriptions(db, userId),
    repo.listNameSubscriptions(db, userId),
    repo.listEvents(db, userId),
    repo.listNotificationMethods(db, userId),
    listContacts(db, userId),
  ]);

  const guardedOf = new Map<string, MatchedEvent['guarded']>([
    ...apns.map((s): [string, MatchedEvent['guarded']] => [
      s.id,
      { apn: s.apn, address: s.description },
    ]),
    ...names.map((s): [string, MatchedEvent['guarded']] => [s.id, { name: s.name }]),
  ]);
  const eventsBySubscription = new Map<string, Event[]>();
  // The guards the user removed, as their events kept them, each once: by the id they had.
  const removed = new Map<string, RemovedGuard>();
  for (const e of events) {
    const removedGuard = removedGuardOf(e);
    if (removedGuard && !removed.has(removedGuard.id)) removed.set(removedGuard.id, removedGuard);
    const subscriptionId = e.apn_subscription_id ?? e.name_subscription_id ?? removedGuard?.id;
    const guarded = removedGuard?.guarded ?? (subscriptionId && guardedOf.get(subscriptionId));
    if (!subscriptionId || !guarded) continue;
    const list = eventsBySubscription.get(subscriptionId) ?? [];
    const subject = levelSubject(e.match_kind, e.party_role);
    list.push({
      id: e.id,
      isArchived: e.is_archived,
      createdAt: e.created_at.toISOString(),
      documentDate: e.recorded_at.toISOString(),
      documentNumber: e.document_number,
      documentType: e.document_type,
      countyCodeContainerName: e.container,
      parsedDocumentName: e.file_name,
      county: e.county,
      matchKind: e.match_kind as Event['matchKind'],
      matchedValue: e.matched_value,
      partyRole: e.party_role,
      isExact: e.is_exact,
      confidence: e.confidence,
      tier: e.tier,
      namesakes: e.namesakes,
      onRecord: e.on_record,
      reason: reasonOf({ ...e, guarded }, language),
      level: e.level,
      whatItDoes: whatItDoes(
        {
          documentType: e.document_type,
          subject,
          property:
            subject === 'property' && 'apn' in guarded
              ? guarded.address || `APN ${guarded.apn}`
              : (e.document_property ?? null),
          countyName: e.county,
          recordedAt: e.recorded_at,
        },
        language,
      ),
      recognisedAt: e.recognised_at?.toISOString() ?? null,
      case: e.case_id
        ? {
            id: e.case_id,
            caseNumber: e.case_number!,
            status: e.case_status!,
            createdAt: e.case_created_at!.toISOString(),
            updatedAt: e.case_updated_at!.toISOString(),
            packetUrl: packetUrlOf(e.case_id),
          }
        : null,
      fraudContact: fraudContactOf(e),
      deliveryStatus: (e.delivery_status ?? 'none') as Event['deliveryStatus'],
      deliveryError: resayStoredOrNull(e.delivery_error, language),
      deliveries: (e.deliveries ?? []).map((d) => ({
        notificationMethodId: d.method_id,
        notificationMethodType: d.channel === 'sms' ? 'SMS' : 'Email',
        status: d.status,
        error: resayStoredOrNull(d.error, language),
      })),
    });
    eventsBySubscription.set(subscriptionId, list);
  }
  const eventsOf = (id: string) => eventsBySubscription.get(id) ?? [];
  const removedGuards = [...removed.values()].sort(
    (a, b) => b.removedAt.getTime() - a.removedAt.getTime() || a.id.localeCompare(b.id),
  );

  return {
    id: user.id,
    role: user.role,
    email: user.email,
    language,
    apnSubscriptions: apns.map((s) => ({ ...s, events: eventsOf(s.id) })),
    nameSubscriptions: names.map((s) => ({
      id: s.id,
      county: s.county,
      name: s.name,
      possibleMatches: s.possible_matches,
      events: eventsOf(s.id),
    })),
    removedApnSubscriptions: removedGuards.flatMap((g) =>
      'apn' in g.guarded
        ? [
            {
              id: g.id,
              county: g.county,
              apn: g.guarded.apn,
              description: g.guarded.address,
              removedAt: g.removedAt.toISOString(),
              events: eventsOf(g.id),
            },
          ]
        : [],
    ),
    removedNameSubscriptions: removedGuards.flatMap((g) =>
      'name' in g.guarded
        ? [
            {
              id: g.id,
              county: g.county,
              name: g.guarded.name,
              possibleMatches: g.possibleMatches,
              removedAt: g.removedAt.toISOString(),
              events: eventsOf(g.id),
            },
          ]
        : [],
    ),
    emailNotificationMethods: methods.map((m) => ({
      id: m.id,
      email: (m.type === 'SMS' ? m.phone : m.email) ?? '',
      verified: m.verified_at !== null,
      verifiedAt: m.verified_at?.toISOString() ?? null,
      notificationMethodType: m.type,
      optedOut: m.opted_out_at !== null,
      undeliverable: resayStoredOrNull(m.undeliverable_reason, language),
      textsCheckLevel: m.texts_check_level,
    })),
    trustedContacts: contacts.map((c) => ({
      id: c.id,
      email: c.email,
      name: c.name,
      status: c.status,
      createdAt: c.created_at.toISOString(),
      acceptedAt: c.accepted_at?.toISOString() ?? null,
      stoppedAt: c.stopped_at?.toISOString() ?? null,
    })),
    isImpersonated: caller.impersonatorId !== null,
  };
}

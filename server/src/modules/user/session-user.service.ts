import { DEFAULT_LANGUAGE, isLanguage } from '@deedwatch/rules';
import type { Database } from '../../db/database.ts';
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

/**
 * The signed-in user as the web app keeps it (the dashboard's data): subscriptions with their
 * events, newest first, and the notification methods. Each event says its tier and whether it
 * was found on record when the item began to be guarded, so that the dashboard can tell alerts
 * from possible matches and from what was already recorded. An account that no longer exists
 * is nobody signed in (401).
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
  for (const e of events) {
    const subscriptionId = e.apn_subscription_id ?? e.name_subscription_id;
    const guarded = subscriptionId ? guardedOf.get(subscriptionId) : undefined;
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

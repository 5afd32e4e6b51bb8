import type { TFunction } from 'i18next';
import type { SessionUser } from '../../api/types';
import { formatNumber } from '../../i18n/format';
import { apnCharacters, formatApn, isCompleteApn } from '../guards/apn-mask';
import type { AlertEvent, NameSubscription } from './types';

/**
 * The guarded item an alert is about; `removedAt` when the subscriber has since stopped guarding
 * it (its alerts stay).
 */
export type GuardedItem = (
  { kind: 'name'; name: string } | { kind: 'apn'; apn: string; address: string }
) & { removedAt?: string };

/** Where the document's PDF is kept: its container (the county's code) and file name. */
export type DocumentFile = { container: string; file: string };

export type Alert = { event: AlertEvent; guarded: GuardedItem; document: DocumentFile };

type PossibleMatchesChoice = NameSubscription['possibleMatches'];

/** An event with its guarded item, and what its name's subscriber chose for possible matches. */
type Listed = Alert & { choice: PossibleMatchesChoice | null };

/** The API's names for an event's container and file are the product's old ones. */
const documentOf = (event: AlertEvent): DocumentFile => ({
  container: event.countyCodeContainerName,
  file: event.parsedDocumentName,
});

/** Newest first by one of an event's times. */
const newestBy =
  (time: 'createdAt' | 'documentDate') => (a: { event: AlertEvent }, b: { event: AlertEvent }) =>
    Date.parse(b.event[time]) - Date.parse(a.event[time]);

/**
 * Every event, archived or not, of the items guarded now and of those the subscriber stopped
 * guarding, newest first; events of one moment (a history check's) newest recorded first.
 */
function everyEvent(user: SessionUser): Listed[] {
  const removed = (s: { removedAt: string }) => ({ removedAt: s.removedAt });
  // A session user stored by an older version of the app has no removed guards until the
  // startup revalidation brings them.
  const removedApns: SessionUser['removedApnSubscriptions'] = user.removedApnSubscriptions ?? [];
  const removedNames: SessionUser['removedNameSubscriptions'] = user.removedNameSubscriptions ?? [];
  const events: Listed[] = [
    ...user.apnSubscriptions.flatMap((s) =>
      s.events.map((event) => ({
        event,
        guarded: { kind: 'apn', apn: s.apn, address: s.description } as const,
        document: documentOf(event),
        choice: null,
      })),
    ),
    ...user.nameSubscriptions.flatMap((s) =>
      s.events.map((event) => ({
        event,
        guarded: { kind: 'name', name: s.name } as const,
        document: documentOf(event),
        choice: s.possibleMatches,
      })),
    ),
    ...removedApns.flatMap((s) =>
      s.events.map((event) => ({
        event,
        guarded: { kind: 'apn', apn: s.apn, address: s.description, ...removed(s) } as const,
        document: documentOf(event),
        choice: null,
      })),
    ),
    ...removedNames.flatMap((s) =>
      s.events.map((event) => ({
        event,
        guarded: { kind: 'name', name: s.name, ...removed(s) } as const,
        document: documentOf(event),
        choice: s.possibleMatches,
      })),
    ),
  ];
  const byCreated = newestBy('createdAt');
  const byRecorded = newestBy('documentDate');
  return events.sort((a, b) => byCreated(a, b) || byRecorded(a, b));
}

/** Every event not archived, newest first. */
function listed(user: SessionUser): Listed[] {
  return everyEvent(user).filter((a) => !a.event.isArchived);
}

const strip = ({ choice: _, ...alert }: Listed): Alert => alert;

/**
 * The alerts: exact and strong matches, and the possible matches of names set to alert at
 * once; never what was found on record. Archived ones left out, newest first.
 */
export function activeAlerts(user: SessionUser): Alert[] {
  return listed(user)
    .filter((a) => !a.event.onRecord && (a.event.tier !== 'possible' || a.choice === 'immediately'))
    .map(strip);
}

/** Possible matches of names whose subscriber gets them in the morning digest, newest first. */
export function possibleMatches(user: SessionUser): Alert[] {
  return listed(user)
    .filter((a) => !a.event.onRecord && a.event.tier === 'possible' && a.choice === 'digest')
    .map(strip);
}

/**
 * What the history check of a new guard found already recorded (never alerted one by one),
 * newest recorded first (the checks found them all at once); a possible one of a name set to
 * hide left out.
 */
export function alreadyOnRecord(user: SessionUser): Alert[] {
  return listed(user)
    .filter((a) => a.event.onRecord && !(a.event.tier === 'possible' && a.choice === 'hide'))
    .sort(newestBy('documentDate'))
    .map(strip);
}

/** A case the subscriber opened by reporting a document, with an alert about the document. */
export type Report = Alert & { case: NonNullable<AlertEvent['case']> };

/**
 * Every case the subscriber opened, newest first, each once (a document that hit two guarded
 * items has two alerts and one case): archiving the alert or removing the guarded item never
 * hides it. Its alert is one not archived when there is one, so that it can be shown.
 */
export function reports(user: SessionUser): Report[] {
  const byCase = new Map<string, Report>();
  for (const alert of everyEvent(user)) {
    const opened = alert.event.case;
    if (!opened) continue;
    const known = byCase.get(opened.id);
    if (!known || (known.event.isArchived && !alert.event.isArchived))
      byCase.set(opened.id, { ...strip(alert), case: opened });
  }
  return [...byCase.values()].sort(
    (a, b) => Date.parse(b.case.createdAt) - Date.parse(a.case.createdAt),
  );
}

type DeliveryStatus = AlertEvent['deliveryStatus'];

/**
 * How the alert email fared, for a person. Light badges: 'teal.0' is teal text on the palest teal
 * (4.5:1, where the default light teal is not); no yellow or orange, whose text is too pale.
 */
export const deliveryLabels = {
  none: { key: 'dashboard.delivery.none', color: 'gray' },
  queued: { key: 'dashboard.delivery.queued', color: 'blue' },
  sending: { key: 'dashboard.delivery.sending', color: 'blue' },
  sent: { key: 'dashboard.delivery.sent', color: 'teal.0' },
  failed: { key: 'dashboard.delivery.failed', color: 'red' },
  ambiguous: { key: 'dashboard.delivery.ambiguous', color: 'gray' },
} as const satisfies Record<DeliveryStatus, { key: string; color: string }>;

type TextDelivery = AlertEvent['deliveries'][number];

/** What became of an alert's text to one phone, in a line; a reason when it was not texted. */
export function textDeliveryLine(t: TFunction, delivery: TextDelivery): string {
  switch (delivery.status) {
    case 'skipped':
      return delivery.error ?? t('dashboard.texts.skipped');
    case 'failed':
      return delivery.error
        ? t('dashboard.texts.failedBecause', { error: delivery.error })
        : t('dashboard.texts.failed');
    case 'delivered':
      return t('dashboard.texts.delivered');
    case 'sent':
      return t('dashboard.texts.sent');
    case 'ambiguous':
      return t('dashboard.texts.ambiguous');
    default:
      return t('dashboard.texts.queued');
  }
}

/**
 * How sure a match is, as its outlined badge says it: the outline in the tier's colour, the text
 * in it when that reads at 4.5:1 on white, else dark.
 */
export const tierLabels = {
  exact: { key: 'dashboard.tiers.exact', color: 'red', text: 'red' },
  strong: { key: 'dashboard.tiers.strong', color: 'orange', text: 'dark.7' },
  possible: { key: 'dashboard.tiers.possible', color: 'yellow', text: 'dark.7' },
} as const satisfies Record<AlertEvent['tier'], { key: string; color: string; text: string }>;

/** "312 documents in this county carry this name"; '' when there is no count to give. */
export function namesakesInWords(t: TFunction, namesakes: number | null): string {
  if (namesakes === null || namesakes <= 0) return '';
  return t('dashboard.match.namesakes', { count: namesakes, formatted: formatNumber(namesakes) });
}

const MATCH_KIND = {
  apn: 'dashboard.match.kindApn',
  address: 'dashboard.match.kindAddress',
  name: 'dashboard.match.kindName',
} as const;
const MATCH_KIND_WITH_ROLE = {
  apn: 'dashboard.match.kindApnRole',
  address: 'dashboard.match.kindAddressRole',
  name: 'dashboard.match.kindNameRole',
} as const;

/** How a document names a party, in the reader's words ('grantor' is the API's value). */
export const PARTY_ROLE = {
  grantor: 'dashboard.match.roleGrantor',
  grantee: 'dashboard.match.roleGrantee',
} as const;

/** The mask a formatted APN was written by: each digit a 0, each letter an a, the rest kept. */
const maskOf = (apn: string) => apn.replace(/[0-9]/g, '0').replace(/[a-z]/gi, 'a');

/**
 * The document's value that matched, as the page shows it. An APN comes as the county's data
 * writes it (digits only, often): it is formatted as APNs are everywhere else, by the county's
 * mask, which is the shape of the guarded APN (saved formatted by it). A value the mask does not
 * fit whole is shown as it came.
 */
export function matchedValueOf({ event, guarded }: Alert): string {
  const value = event.matchedValue;
  if (event.matchKind !== 'apn' || guarded.kind !== 'apn') return value;
  const mask = maskOf(guarded.apn);
  const formatted = formatApn(value, mask);
  const whole = apnCharacters(formatted).length === apnCharacters(value).length;
  return whole && isCompleteApn(formatted, mask) ? formatted : value;
}

/**
 * What of the guarded item the document hit, in a few words: the value, exact or a variant, and
 * the matcher's confidence. For a name it falls with the namesakes the county's documents hold,
 * and the summary says so, since an exact name at 79% would otherwise read as a contradiction;
 * for a property it falls with how far the address differs. It is a score, not a probability,
 * and is not worded as one (a reader told "60% likely to be you" may dismiss a real alert). It
 * is left out at 100%, where it says nothing the tier does not.
 */
export function matchSummary(t: TFunction, alert: Alert): string {
  const { event } = alert;
  const value = matchedValueOf(alert);
  const match = event.partyRole
    ? t(MATCH_KIND_WITH_ROLE[event.matchKind], { role: t(PARTY_ROLE[event.partyRole]), value })
    : t(MATCH_KIND[event.matchKind], { value });
  const percent = Math.round(event.confidence * 100);
  if (percent >= 100) {
    return event.isExact
      ? t('dashboard.match.summaryExact', { match })
      : t('dashboard.match.summaryVariant', { match });
  }
  const confidence = formatNumber(percent);
  const score =
    event.matchKind === 'name'
      ? t('dashboard.match.confidenceName', { confidence })
      : t('dashboard.match.confidenceProperty', { confidence });
  return event.isExact
    ? t('dashboard.match.summaryExactScored', { match, score })
    : t('dashboard.match.summaryVariantScored', { match, score });
}

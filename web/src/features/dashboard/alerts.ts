import type { SessionUser } from '../../api/types';
import type { AlertEvent, NameSubscription } from './types';

/** The guarded item an alert is about. */
export type GuardedItem =
  { kind: 'name'; name: string } | { kind: 'apn'; apn: string; address: string };

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

/** Every event not archived, newest first. */
function listed(user: SessionUser): Listed[] {
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
  ];
  return events
    .filter((a) => !a.event.isArchived)
    .sort((a, b) => Date.parse(b.event.createdAt) - Date.parse(a.event.createdAt));
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
 * newest first; a possible one of a name set to hide left out.
 */
export function alreadyOnRecord(user: SessionUser): Alert[] {
  return listed(user)
    .filter((a) => a.event.onRecord && !(a.event.tier === 'possible' && a.choice === 'hide'))
    .map(strip);
}

type DeliveryStatus = AlertEvent['deliveryStatus'];

/** How the alert email fared, for a person. */
export const deliveryLabels: Record<DeliveryStatus, { label: string; color: string }> = {
  none: { label: 'Not Emailed: No Verified Email', color: 'gray' },
  queued: { label: 'Email Queued', color: 'blue' },
  sending: { label: 'Email Sending', color: 'blue' },
  sent: { label: 'Email Sent', color: 'teal' },
  failed: { label: 'Email Failed', color: 'red' },
  ambiguous: { label: 'Email May Have Been Sent', color: 'yellow' },
};

type TextDelivery = AlertEvent['deliveries'][number];

/** What became of an alert's text to one phone, in a line; a reason when it was not texted. */
export function textDeliveryLine(delivery: TextDelivery): string {
  switch (delivery.status) {
    case 'skipped':
      return delivery.error ?? 'Not texted.';
    case 'failed':
      return `Text not delivered${delivery.error ? `: ${delivery.error}` : '.'}`;
    case 'delivered':
      return 'Texted: delivered to the phone.';
    case 'sent':
      return 'Texted.';
    case 'ambiguous':
      return 'The text may have been sent.';
    default:
      return 'Text on its way.';
  }
}

/** How sure a match is, as its badge says it. */
export const tierLabels: Record<AlertEvent['tier'], { label: string; color: string }> = {
  exact: { label: 'Exact Match', color: 'red' },
  strong: { label: 'Strong Match', color: 'orange' },
  possible: { label: 'Possible Match', color: 'yellow' },
};

/** "312 documents in this county carry this name"; '' when there is no count to give. */
export function namesakesInWords(namesakes: number | null): string {
  if (namesakes === null || namesakes <= 0) return '';
  return namesakes === 1
    ? '1 document in this county carries this name'
    : `${namesakes.toLocaleString('en-US')} documents in this county carry this name`;
}

/** What of the guarded item the document hit, in a few words. */
export function matchSummary(event: AlertEvent): string {
  const matchKind = { apn: 'APN', address: 'Address', name: 'Name' }[event.matchKind];
  const role = event.partyRole ? ` (${event.partyRole})` : '';
  const exactness = event.isExact ? 'exact' : 'variant';
  const confidence = Math.round(event.confidence * 100);
  return `${matchKind} match${role}: ${event.matchedValue} · ${exactness} · ${confidence}% confidence`;
}

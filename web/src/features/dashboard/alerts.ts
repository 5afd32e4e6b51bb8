import type { SessionUser } from '../../api/types';
import type { AlertEvent } from './types';

/** The guarded item an alert is about. */
export type GuardedItem =
  { kind: 'name'; name: string } | { kind: 'apn'; apn: string; address: string };

/** Where the document's PDF is kept: its container (the county's code) and file name. */
export type DocumentFile = { container: string; file: string };

export type Alert = { event: AlertEvent; guarded: GuardedItem; document: DocumentFile };

/** The API's names for an event's container and file are the product's old ones. */
const documentOf = (event: AlertEvent): DocumentFile => ({
  container: event.countyCodeContainerName,
  file: event.parsedDocumentName,
});

/** Alerts of every guarded item, archived ones left out, newest first. */
export function activeAlerts(user: SessionUser): Alert[] {
  const alerts: Alert[] = [
    ...user.apnSubscriptions.flatMap((s) =>
      s.events.map((event) => ({
        event,
        guarded: { kind: 'apn', apn: s.apn, address: s.description } as const,
        document: documentOf(event),
      })),
    ),
    ...user.nameSubscriptions.flatMap((s) =>
      s.events.map((event) => ({
        event,
        guarded: { kind: 'name', name: s.name } as const,
        document: documentOf(event),
      })),
    ),
  ];
  return alerts
    .filter((a) => !a.event.isArchived)
    .sort((a, b) => Date.parse(b.event.createdAt) - Date.parse(a.event.createdAt));
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

/** What of the guarded item the document hit, in a few words. */
export function matchSummary(event: AlertEvent): string {
  const matchKind = { apn: 'APN', address: 'Address', name: 'Name' }[event.matchKind];
  const role = event.partyRole ? ` (${event.partyRole})` : '';
  const exactness = event.isExact ? 'exact' : 'variant';
  const confidence = Math.round(event.confidence * 100);
  return `${matchKind} match${role}: ${event.matchedValue} · ${exactness} · ${confidence}% confidence`;
}

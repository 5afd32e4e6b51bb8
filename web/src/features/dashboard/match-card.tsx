import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from '../../components/links';
import { type Alert, namesakesInWords, tierLabels } from './alerts';
import { EventResponse, FraudContact, LevelBadge, WhatItDoes } from './event-response';
import { formatDate } from './format';
import type { AlertEvent } from './types';

/** The id of an event's card: an alert's link scrolls to it. */
export const eventCardId = (eventId: string) => `event-${eventId}`;

/** The guarded item an event is about, in a line. */
export function guardedLabel(alert: Alert): string {
  if (alert.guarded.kind === 'name') return `Guarded name: ${alert.guarded.name}`;
  const address = alert.guarded.address.trim() || 'Unknown';
  return `Guarded property: APN ${alert.guarded.apn}, ${address}`;
}

/** How sure the match is. */
export function TierBadge({ event }: { event: AlertEvent }) {
  const tier = tierLabels[event.tier];
  return (
    <Badge color={tier.color} variant="outline">
      {tier.label}
    </Badge>
  );
}

/** What a possible match asks of the subscriber, with how common the name is. */
export function PossibleNote({ event }: { event: AlertEvent }) {
  const namesakes = namesakesInWords(event.namesakes);
  return (
    <Text size="sm">
      It may be somebody else with the same or a similar name: check whether this is you.
      {namesakes && ` ${namesakes}.`}
    </Text>
  );
}

/**
 * A document listed outside the alerts (a possible match, or one found on record): what it is,
 * what it matched and why, a link to the document, and Dismiss.
 */
export function MatchCard({
  alert,
  highlighted,
  dismissing,
  onDismiss,
}: {
  alert: Alert;
  highlighted: boolean;
  dismissing: boolean;
  onDismiss: (event: AlertEvent) => void;
}) {
  const { event, document } = alert;
  const titleId = `match-${event.id}`;
  const role = event.partyRole ? ` (${event.partyRole})` : '';
  return (
    <Card
      withBorder
      component="article"
      aria-labelledby={titleId}
      id={eventCardId(event.id)}
      tabIndex={-1}
      data-highlighted={highlighted || undefined}
      style={
        highlighted ? { borderColor: 'var(--mantine-color-red-6)', borderWidth: 2 } : undefined
      }
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} size="h5" id={titleId}>
            Document {event.documentNumber}
          </Title>
          <Group gap={6}>
            <LevelBadge event={event} />
            <TierBadge event={event} />
          </Group>
        </Group>
        <WhatItDoes event={event} />
        <Text size="sm">
          {event.documentType} · Recorded {formatDate(event.documentDate)} · {event.county}
        </Text>
        <Text size="sm" c="dimmed">
          {guardedLabel(alert)}
        </Text>
        <Text size="sm">
          <Text span fw={700}>
            The document shows:{' '}
          </Text>
          {event.matchedValue}
          {role}
        </Text>
        <Text size="sm">
          <Text span fw={700}>
            Why it matched:{' '}
          </Text>
          {event.reason}
        </Text>
        {event.tier === 'possible' && <PossibleNote event={event} />}
        <FraudContact event={event} />
        <Group gap="xs" mt={4}>
          <ButtonLink
            size="xs"
            to="/documents/$folder/$file"
            params={{ folder: document.container, file: document.file }}
            aria-label={`View document ${event.documentNumber}`}
          >
            View Document
          </ButtonLink>
          <Button
            size="xs"
            variant="default"
            onClick={() => onDismiss(event)}
            loading={dismissing}
            aria-label={`Dismiss document ${event.documentNumber}`}
          >
            Dismiss
          </Button>
        </Group>
        <EventResponse event={event} />
      </Stack>
    </Card>
  );
}

import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import { documentTypeLabel } from '../documents/document-type';
import { type Alert, matchedValueOf, namesakesInWords, PARTY_ROLE, tierLabels } from './alerts';
import { EventResponse, FraudContact, LevelBadge, WhatItDoes } from './event-response';
import { formatCountyDate, formatDate } from './format';
import type { AlertEvent } from './types';

/** The id of an event's card: an alert's link scrolls to it. */
export const eventCardId = (eventId: string) => `event-${eventId}`;

/**
 * The guarded item an event is about, in a line; with the day its subscriber stopped guarding
 * it, if they have.
 */
export function guardedLabel(t: TFunction, alert: Alert): string {
  const { guarded } = alert;
  const date = guarded.removedAt ? formatDate(guarded.removedAt) : null;
  if (guarded.kind === 'name') {
    return date
      ? t('dashboard.match.guardedNameUntil', { name: guarded.name, date })
      : t('dashboard.match.guardedName', { name: guarded.name });
  }
  const address = guarded.address.trim() || t('dashboard.match.unknownAddress');
  return date
    ? t('dashboard.match.guardedPropertyUntil', { apn: guarded.apn, address, date })
    : t('dashboard.match.guardedProperty', { apn: guarded.apn, address });
}

/** How sure the match is. */
export function TierBadge({ event }: { event: AlertEvent }) {
  const { t } = useTranslation();
  const tier = tierLabels[event.tier];
  return (
    <Badge color={tier.color} variant="outline" c={tier.text}>
      {t(tier.key)}
    </Badge>
  );
}

/** What a possible match asks of the subscriber, with how common the name is. */
export function PossibleNote({ event }: { event: AlertEvent }) {
  const { t } = useTranslation();
  const namesakes = namesakesInWords(t, event.namesakes);
  return (
    <Text size="sm">
      {namesakes
        ? t('dashboard.match.possibleNoteWithNamesakes', { namesakes })
        : t('dashboard.match.possibleNote')}
    </Text>
  );
}

/** Why the rules matched the document, as the server worded it. */
export function WhyMatched({ event }: { event: AlertEvent }) {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      <Text span fw={700}>
        {t('dashboard.match.whyMatched')}{' '}
      </Text>
      {event.reason}
    </Text>
  );
}

/**
 * The card an event is shown in, in the alerts and in the other lists alike: a region named by
 * its title (`titleId`), marked when a link pointed at it, with the level and tier badges (and
 * any `badges` more), what the document does, where it was recorded and what it matched; then
 * the card's own lines (`children`) and the response to the event.
 */
export function EventCard({
  alert,
  titleId,
  highlighted,
  badges,
  children,
}: {
  alert: Alert;
  titleId: string;
  highlighted: boolean;
  badges?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { event } = alert;
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
            {t('dashboard.match.documentTitle', { number: event.documentNumber })}
          </Title>
          <Group gap={6}>
            <LevelBadge event={event} />
            <TierBadge event={event} />
            {badges}
          </Group>
        </Group>
        <WhatItDoes event={event} />
        <Text size="sm">
          {t('dashboard.match.recordedLine', {
            type: documentTypeLabel(event.documentType),
            date: formatCountyDate(event.documentDate),
            county: event.county,
          })}
        </Text>
        <Text size="sm" c="gray.7">
          {guardedLabel(t, alert)}
        </Text>
        {children}
        <EventResponse event={event} />
      </Stack>
    </Card>
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
  const { t } = useTranslation();
  const { event, document } = alert;
  return (
    <EventCard alert={alert} titleId={`match-${event.id}`} highlighted={highlighted}>
      <Text size="sm">
        <Text span fw={700}>
          {t('dashboard.match.documentShows')}{' '}
        </Text>
        {event.partyRole
          ? t('dashboard.match.valueWithRole', {
              value: matchedValueOf(alert),
              role: t(PARTY_ROLE[event.partyRole]),
            })
          : matchedValueOf(alert)}
      </Text>
      <WhyMatched event={event} />
      {event.tier === 'possible' && <PossibleNote event={event} />}
      <FraudContact event={event} />
      <Group gap="xs" mt={4}>
        <ButtonLink
          size="xs"
          to="/documents/$folder/$file"
          params={{ folder: document.container, file: document.file }}
          aria-label={t('dashboard.match.viewDocumentLabel', { number: event.documentNumber })}
        >
          {t('dashboard.match.viewDocument')}
        </ButtonLink>
        <Button
          size="xs"
          variant="default"
          onClick={() => onDismiss(event)}
          loading={dismissing}
          aria-label={t('dashboard.match.dismissLabel', { number: event.documentNumber })}
        >
          {t('dashboard.match.dismiss')}
        </Button>
      </Group>
    </EventCard>
  );
}

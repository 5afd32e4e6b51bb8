import { Alert as Banner, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { SessionUser } from '../../api/types';
import { downloadDocument } from '../documents/document-download';
import { useSession } from '../session/session-context';
import { type Alert, activeAlerts, deliveryLabels, matchSummary, textDeliveryLine } from './alerts';
import type { EventListView } from './dashboard-search';
import { EventResponse, FraudContact, LevelBadge, WhatItDoes } from './event-response';
import { formatDate } from './format';
import { byLevel } from './levels';
import { eventCardId, guardedLabel, PossibleNote, TierBadge } from './match-card';
import type { AlertEvent } from './types';
import { useUserAction } from './use-user-action';

export const ARCHIVE_FAILED = 'Failed to Archive Event';

function AlertCard({
  alert,
  highlighted,
  downloading,
  archiving,
  onDownload,
  onArchive,
}: {
  alert: Alert;
  highlighted: boolean;
  downloading: boolean;
  archiving: boolean;
  onDownload: (alert: Alert) => void;
  onArchive: (event: AlertEvent) => void;
}) {
  const { event } = alert;
  const delivery = deliveryLabels[event.deliveryStatus];
  const titleId = `alert-${event.id}`;
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
            <Badge color={delivery.color} variant="light">
              {delivery.label}
            </Badge>
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
            Why it matched:{' '}
          </Text>
          {event.reason}
        </Text>
        {event.tier === 'possible' && <PossibleNote event={event} />}
        <Text size="xs" c="dimmed">
          {matchSummary(event)}
        </Text>
        <FraudContact event={event} />
        {event.deliveryStatus === 'failed' && event.deliveryError && (
          <Text size="sm" c="red">
            {event.deliveryError}
          </Text>
        )}
        {event.deliveries
          .filter((d) => d.notificationMethodType === 'SMS')
          .map((d, i) => (
            <Text
              key={d.notificationMethodId ?? i}
              size="sm"
              c={d.status === 'failed' || d.status === 'skipped' ? 'red' : 'dimmed'}
            >
              {textDeliveryLine(d)}
            </Text>
          ))}
        <Group gap="xs" mt={4}>
          <Button
            size="xs"
            onClick={() => onDownload(alert)}
            loading={downloading}
            aria-label={`Download document ${event.documentNumber}`}
          >
            Download
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => onArchive(event)}
            loading={archiving}
            aria-label={`Archive alert for document ${event.documentNumber}`}
          >
            Archive
          </Button>
        </Group>
        <EventResponse event={event} />
      </Stack>
    </Card>
  );
}

/**
 * Alerts of the signed-in user, from the session user: exact and strong matches, and possible
 * ones of names set to alert at once; newest first (or the most urgent level first), archived
 * hidden, of the levels the filter keeps.
 */
export function AlertsSection({
  user,
  view,
  highlighted,
}: {
  user: SessionUser;
  view: EventListView;
  highlighted: string;
}) {
  const { setUser } = useSession();
  const all = activeAlerts(user);
  const alerts = byLevel(all, view.level, view.order);

  const archive = useUserAction(
    (event: AlertEvent) => api.POST('/api/user/events/archive', { body: { eventId: event.id } }),
    ARCHIVE_FAILED,
  );
  // A failure shows its own toast, 'Failed to download document'.
  const download = useMutation({
    mutationFn: ({ document }: Alert) => downloadDocument(document.container, document.file),
  });
  // The session user carries the alerts; asking for it again brings any recorded since.
  const refresh = useMutation({
    mutationFn: async () => {
      const { data } = await api.POST('/api/auth/me');
      if (!data) throw new Error('The session was not refreshed');
      return data;
    },
    onSuccess: (fresh) => setUser(fresh),
  });

  return (
    <Stack component="section" aria-labelledby="alerts-heading" gap="sm">
      <Group justify="space-between">
        <Title order={2} id="alerts-heading">
          Alerts
        </Title>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => refresh.mutate()}
          loading={refresh.isPending}
        >
          Check for New Alerts
        </Button>
      </Group>
      {refresh.isError && (
        <Banner color="red" title="Alerts not refreshed">
          We could not check for new alerts. Please try again later.
        </Banner>
      )}
      {alerts.length === 0 && all.length > 0 ? (
        <Text c="dimmed">No alerts of this level.</Text>
      ) : alerts.length === 0 ? (
        <Text c="dimmed">
          No alerts. When a document is recorded that matches one of your guarded items, it appears
          here and we email you. Possible matches of a common name are listed under Possible Matches
          instead, unless you ask for alerts at once.
        </Text>
      ) : (
        alerts.map((alert) => (
          <AlertCard
            key={alert.event.id}
            alert={alert}
            highlighted={alert.event.id === highlighted}
            downloading={download.isPending && download.variables.event.id === alert.event.id}
            archiving={archive.isPending && archive.variables.id === alert.event.id}
            onDownload={(downloaded) => download.mutate(downloaded)}
            onArchive={(event) => archive.mutate(event)}
          />
        ))
      )}
    </Stack>
  );
}

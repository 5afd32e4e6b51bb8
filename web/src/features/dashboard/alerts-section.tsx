import { Alert as Banner, Badge, Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { SessionUser } from '../../api/types';
import { Section, sectionHeading } from '../../components/section';
import { downloadDocument } from '../documents/document-download';
import { useSession } from '../session/session-context';
import { type Alert, activeAlerts, deliveryLabels, matchSummary, textDeliveryLine } from './alerts';
import type { EventListView } from './dashboard-search';
import { FraudContact } from './event-response';
import { byLevel } from './levels';
import { EventCard, PossibleNote, WhyMatched } from './match-card';
import { ShowMore, usePaged } from './paged-list';
import type { AlertEvent } from './types';
import { useArchiveMovingFocus } from './use-archive';

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
  const { t } = useTranslation();
  const { event } = alert;
  const delivery = deliveryLabels[event.deliveryStatus];
  return (
    <EventCard
      alert={alert}
      titleId={`alert-${event.id}`}
      highlighted={highlighted}
      badges={
        <Badge color={delivery.color} variant="light">
          {t(delivery.key)}
        </Badge>
      }
    >
      <WhyMatched event={event} />
      {event.tier === 'possible' && <PossibleNote event={event} />}
      <Text size="xs" c="gray.7">
        {matchSummary(t, alert)}
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
            c={d.status === 'failed' || d.status === 'skipped' ? 'red' : 'gray.7'}
          >
            {textDeliveryLine(t, d)}
          </Text>
        ))}
      <Group gap="xs" mt={4}>
        <Button
          size="xs"
          onClick={() => onDownload(alert)}
          loading={downloading}
          aria-label={t('dashboard.alerts.downloadLabel', { number: event.documentNumber })}
        >
          {t('dashboard.alerts.download')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => onArchive(event)}
          loading={archiving}
          aria-label={t('dashboard.alerts.archiveLabel', { number: event.documentNumber })}
        >
          {t('dashboard.alerts.archive')}
        </Button>
      </Group>
    </EventCard>
  );
}

/**
 * Alerts of the signed-in user, from the session user: exact and strong matches, and possible
 * ones of names set to alert at once; newest first (or the most urgent level first), archived
 * hidden, of the levels the filter keeps; the first PAGE_SIZE, then more at each Show More.
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
  const { t } = useTranslation();
  const { setUser } = useSession();
  const all = activeAlerts(user);
  const alerts = byLevel(all, view.level, view.order);
  const page = usePaged(alerts, highlighted);

  // The archived card takes its Archive button: focus goes to the next card (or the one before),
  // or to the heading when none is left.
  const archive = useArchiveMovingFocus(
    alerts.map((a) => a.event.id),
    t('dashboard.alerts.archiveFailed'),
    () => sectionHeading('alerts-heading'),
  );
  // A failure shows its own toast ('Failed to download document').
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
    <Section
      id="alerts-heading"
      title={t('dashboard.alerts.title')}
      actions={
        <Button
          variant="subtle"
          size="xs"
          onClick={() => refresh.mutate()}
          loading={refresh.isPending}
        >
          {t('dashboard.alerts.refresh')}
        </Button>
      }
    >
      {refresh.isError && (
        <Banner color="red" title={t('dashboard.alerts.refreshFailedTitle')}>
          {t('dashboard.alerts.refreshFailed')}
        </Banner>
      )}
      {alerts.length === 0 && all.length > 0 ? (
        <Text c="gray.7">{t('dashboard.alerts.noneOfLevel')}</Text>
      ) : alerts.length === 0 ? (
        <Text c="gray.7">{t('dashboard.alerts.empty')}</Text>
      ) : (
        <>
          {page.shown.map((alert) => (
            <AlertCard
              key={alert.event.id}
              alert={alert}
              highlighted={alert.event.id === highlighted}
              downloading={download.isPending && download.variables.event.id === alert.event.id}
              archiving={archive.pendingId === alert.event.id}
              onDownload={(downloaded) => download.mutate(downloaded)}
              onArchive={archive.run}
            />
          ))}
          <ShowMore
            shown={page.shown.length}
            total={page.total}
            label={t('dashboard.alerts.title')}
            onShowMore={page.showMore}
          />
        </>
      )}
    </Section>
  );
}

import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../api/types';
import { documentTypeLabel } from '../documents/document-type';
import { type Report, reports } from './alerts';
import { CASE_STATUS_KEYS, downloadPacket } from './event-response';
import { formatCountyDate, formatDate } from './format';
import { guardedLabel } from './match-card';

/** The heading of the reports, which the dashboard's links to its sections point at. */
export const REPORTS_HEADING = 'reports-heading';

function ReportCard({ report }: { report: Report }) {
  const { t } = useTranslation();
  const { event, case: opened } = report;
  const titleId = `report-${opened.id}`;
  const packet = useMutation({
    mutationFn: () => downloadPacket(opened.id, opened.caseNumber, event.documentNumber),
  });
  return (
    <Card withBorder component="article" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Title order={3} size="h5" id={titleId}>
          {t('dashboard.reports.caseTitle', {
            caseNumber: opened.caseNumber,
            type: documentTypeLabel(event.documentType),
            number: event.documentNumber,
          })}
        </Title>
        <Text size="sm">
          {t('dashboard.match.recordedLine', {
            type: documentTypeLabel(event.documentType),
            date: formatCountyDate(event.documentDate),
            county: event.county,
          })}
        </Text>
        <Text size="sm" c="gray.7">
          {guardedLabel(t, report)}
        </Text>
        <Text size="sm">
          {t('dashboard.response.status')}{' '}
          <Text span fw={700}>
            {t(CASE_STATUS_KEYS[opened.status])}
          </Text>{' '}
          {t('dashboard.response.updated', { date: formatDate(opened.updatedAt) })}
        </Text>
        {event.isArchived && (
          <Text size="sm" c="gray.7">
            {t('dashboard.reports.archived')}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          <Button
            size="xs"
            variant="light"
            onClick={() => packet.mutate()}
            loading={packet.isPending}
            aria-label={t('dashboard.reports.downloadPacketLabel', {
              caseNumber: opened.caseNumber,
            })}
          >
            {t('dashboard.response.downloadPacket')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Every case the subscriber opened ("This wasn't me"), with its status and its packet: the alert
 * shows its case too, but an archived alert is not listed and a case must never drop out of
 * sight, nor one of an item no longer guarded. Not shown until there is a case.
 */
export function ReportsSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const list = reports(user);
  if (list.length === 0) return null;
  return (
    <>
      <Divider />
      <Stack component="section" aria-labelledby={REPORTS_HEADING} gap="sm">
        <Title order={2} id={REPORTS_HEADING} tabIndex={-1}>
          {t('dashboard.reports.title')}
        </Title>
        <Text size="sm">{t('dashboard.reports.intro')}</Text>
        {list.map((report) => (
          <ReportCard key={report.case.id} report={report} />
        ))}
      </Stack>
    </>
  );
}

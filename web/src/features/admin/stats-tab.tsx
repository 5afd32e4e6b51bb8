import { KEYBOARD_SCROLL } from '../../components/scroll';
import { Button, Card, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { metricsQuery } from '../../api/queries';
import { DailyChart } from './daily-chart';
import { NotLoaded } from './load-states';
import { QueueSummary } from './queue-summary';
import type { Metrics } from './types';

type ByCounty =
  | 'eventsByCounty'
  | 'subscriptionsApnByCounty'
  | 'subscriptionsNameByCounty'
  | 'usersByCounty'
  | 'openCasesByCounty';

type Figure = { key: keyof Metrics; title: string; byCounty?: ByCounty };

export const FIGURES: readonly Figure[] = [
  { key: 'totalUsers', title: 'Total Users', byCounty: 'usersByCounty' },
  { key: 'activeUsersInLast30Days', title: 'Active Users (Last 30 Days)' },
  { key: 'totalRegisteredInLast7Days', title: 'Registered (Last 7 Days)' },
  {
    key: 'totalApnSubscriptions',
    title: 'Guarded Properties',
    byCounty: 'subscriptionsApnByCounty',
  },
  { key: 'totalNameSubscriptions', title: 'Guarded Names', byCounty: 'subscriptionsNameByCounty' },
  { key: 'totalEvents', title: 'Events', byCounty: 'eventsByCounty' },
  { key: 'openCases', title: 'Open Cases', byCounty: 'openCasesByCounty' },
];

const numberFormat = new Intl.NumberFormat('en-US');

function BreakdownModal({
  figure,
  opened,
  metrics,
  onClose,
}: {
  figure: Figure | null;
  opened: boolean;
  metrics: Metrics;
  onClose: () => void;
}) {
  const counts = figure?.byCounty ? Object.entries(metrics[figure.byCounty]) : [];
  counts.sort(([a], [b]) => a.localeCompare(b));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={figure ? `${figure.title} by County` : ''}
      centered
    >
      {counts.length === 0 ? (
        <Text c="dimmed">No counties yet.</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>County</Table.Th>
              <Table.Th ta="right">{figure?.title}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {counts.map(([county, count]) => (
              <Table.Tr key={county}>
                <Table.Td>{county}</Table.Td>
                <Table.Td ta="right">{numberFormat.format(count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}

const TIERS = [
  { key: 'exact', title: 'Exact' },
  { key: 'strong', title: 'Strong' },
  { key: 'possible', title: 'Possible' },
] as const;

/**
 * A card of events split by `columns`, a row per county and one for all counties; `scroll` keeps
 * a wide table scrollable on a narrow screen.
 */
function SplitCard<K extends string>({
  id,
  title,
  note,
  columns,
  byCounty,
  total,
  scroll = false,
}: {
  id: string;
  title: string;
  note: ReactNode;
  columns: readonly { key: K; title: string }[];
  byCounty: Record<string, Record<K, number>>;
  total: Record<K, number>;
  scroll?: boolean;
}) {
  const counties = Object.entries(byCounty).sort(([a], [b]) => a.localeCompare(b));
  const row = (label: string, counts: Record<K, number>, strong = false) => (
    <Table.Tr key={label}>
      <Table.Td fw={strong ? 700 : undefined}>{label}</Table.Td>
      {columns.map((column) => (
        <Table.Td key={column.key} ta="right" fw={strong ? 700 : undefined}>
          {numberFormat.format(counts[column.key])}
        </Table.Td>
      ))}
    </Table.Tr>
  );
  const table = (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>County</Table.Th>
          {columns.map((column) => (
            <Table.Th key={column.key} ta="right">
              {column.title}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {counties.map(([county, counts]) => row(county, counts))}
        {row('All Counties', total, true)}
      </Table.Tbody>
    </Table>
  );
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {note}
        </Text>
        {scroll ? (
          <Table.ScrollContainer minWidth={360} scrollAreaProps={KEYBOARD_SCROLL}>
            {table}
          </Table.ScrollContainer>
        ) : (
          table
        )}
      </Stack>
    </Card>
  );
}

/** Events by how sure the match is, in all and per county. */
function TiersCard({ metrics }: { metrics: Metrics }) {
  return (
    <SplitCard
      id="tiers-heading"
      title="Events by Match Tier"
      note={
        <>
          Exact: the guarded item itself. Strong: a close variant. Possible: a common name&apos;s
          variant, a surname part or an initial, sent in the morning digest unless the subscriber
          chose otherwise (and counted even when they hide them).
        </>
      }
      columns={TIERS}
      byCounty={metrics.eventsByCountyAndTier}
      total={metrics.eventsByTier}
    />
  );
}

const LEVEL_COLUMNS = [
  { key: 'act_now', title: 'Act Now' },
  { key: 'check', title: 'Check' },
  { key: 'records', title: 'For Your Records' },
] as const;

/** Events by risk level, in all and per county. */
function LevelsCard({ metrics }: { metrics: Metrics }) {
  return (
    <SplitCard
      id="levels-heading"
      title="Events by Risk Level"
      note={
        <>
          From the document type and whom it names, by each county&apos;s level table: Act Now (a
          transfer, a loan, a default, a lien against the guarded owner or property), Check, For
          Your Records (a release, a reconveyance).
        </>
      }
      columns={LEVEL_COLUMNS}
      byCounty={metrics.eventsByCountyAndLevel}
      total={metrics.eventsByLevel}
      scroll
    />
  );
}

export function StatsTab({ isAdmin }: { isAdmin: boolean }) {
  const metrics = useQuery(metricsQuery());
  // The figure outlives `opened`, so a closing modal keeps its title during the transition.
  const [breakdown, setBreakdown] = useState<Figure | null>(null);
  const [opened, setOpened] = useState(false);
  const showBreakdown = (figure: Figure) => {
    setBreakdown(figure);
    setOpened(true);
  };

  return (
    <Stack>
      {!metrics.isSuccess ? (
        <NotLoaded
          query={metrics}
          loadingLabel="Loading the statistics"
          failedTitle="Statistics not loaded"
          failedMessage="The statistics could not be loaded."
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {FIGURES.map((figure) => (
              <Card withBorder key={figure.key} component="section" aria-label={figure.title}>
                <Stack gap={4} align="flex-start">
                  <Text size="sm" c="dimmed" fw={700}>
                    {figure.title}
                  </Text>
                  <Text fz={28} fw={900} lh={1.2}>
                    {numberFormat.format(metrics.data[figure.key] as number)}
                  </Text>
                  {figure.byCounty && (
                    <Button
                      variant="subtle"
                      size="xs"
                      px={0}
                      onClick={() => showBreakdown(figure)}
                      aria-label={`${figure.title} by County`}
                    >
                      By County
                    </Button>
                  )}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <TiersCard metrics={metrics.data} />
          <LevelsCard metrics={metrics.data} />
          <Card withBorder component="section" aria-labelledby="daily-heading">
            <Stack gap="xs">
              <Title order={2} size="h4" id="daily-heading">
                Last 30 Days
              </Title>
              <DailyChart days={metrics.data.daily} />
            </Stack>
          </Card>
          <BreakdownModal
            figure={breakdown}
            opened={opened}
            metrics={metrics.data}
            onClose={() => setOpened(false)}
          />
        </>
      )}
      {isAdmin && <QueueSummary />}
    </Stack>
  );
}

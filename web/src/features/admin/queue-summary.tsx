import { KEYBOARD_SCROLL } from '../../components/scroll';
import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiBaseUrl } from '../../api/base-url';
import { jobsSummaryQuery } from '../../api/queries';
import { NotLoaded } from './load-states';

/** The pg-boss dashboard the server mounts beside the API, for admins only. */
export const queueDashboardUrl = () =>
  `${apiBaseUrl(__API_URL__, window.location.origin)}/admin/jobs`;

function age(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

/** Admins only: how the job queues are doing, and the way to their dashboard. */
export function QueueSummary() {
  const summary = useQuery(jobsSummaryQuery());
  const queues = summary.data?.queues ?? [];
  return (
    <Card withBorder component="section" aria-labelledby="queues-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="queues-heading">
            Job Queues
          </Title>
          <Anchor href={queueDashboardUrl()} fw={700}>
            Open Queue Dashboard
          </Anchor>
        </Group>
        {!summary.isSuccess ? (
          <NotLoaded
            query={summary}
            loadingLabel="Loading the job queues"
            failedTitle="Queues not loaded"
            failedMessage="The queue summary could not be loaded."
          />
        ) : queues.length === 0 ? (
          <Text c="dimmed">No queues yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560} scrollAreaProps={KEYBOARD_SCROLL}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Queue</Table.Th>
                  <Table.Th ta="right">Waiting</Table.Th>
                  <Table.Th ta="right">Running</Table.Th>
                  <Table.Th ta="right">Failed (24 h)</Table.Th>
                  <Table.Th ta="right">Completed (24 h)</Table.Th>
                  <Table.Th ta="right">Oldest Waiting</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {queues.map((q) => (
                  <Table.Tr key={q.name}>
                    <Table.Td>{q.name}</Table.Td>
                    <Table.Td ta="right">{q.queued}</Table.Td>
                    <Table.Td ta="right">{q.active}</Table.Td>
                    <Table.Td ta="right" c={q.failed > 0 ? 'red' : undefined}>
                      {q.failed}
                    </Table.Td>
                    <Table.Td ta="right">{q.completed}</Table.Td>
                    <Table.Td ta="right">{age(q.oldestQueuedAgeSeconds)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

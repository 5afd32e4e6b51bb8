import { KEYBOARD_SCROLL } from '../../components/scroll';
import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBaseUrl } from '../../api/base-url';
import { api } from '../../api/client';
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

export const RETRY_FAILED = 'The failed jobs could not be retried. Please try again later.';

const jobs = (n: number) => (n === 1 ? '1 job' : `${n} jobs`);

/**
 * Admins only: how the job queues are doing, the way to their dashboard, and a queue's failed
 * jobs of the last 24 hours run again (one more attempt each).
 */
export function QueueSummary() {
  const queryClient = useQueryClient();
  const summary = useQuery(jobsSummaryQuery());
  const queues = summary.data?.queues ?? [];
  const retry = useMutation({
    mutationFn: async (queue: string) => {
      const { data } = await api.POST('/api/admin/jobs/retry-failed', { body: { queue } });
      if (!data) throw new Error(RETRY_FAILED);
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsSummaryQuery().queryKey }),
  });
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
        {retry.isSuccess && (
          <Alert color="teal" role="status">
            {`${jobs(retry.data.retried)} of ${retry.data.queue} will run again.`}
          </Alert>
        )}
        {retry.isError && (
          <Alert color="red" role="alert">
            {RETRY_FAILED}
          </Alert>
        )}
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
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {/* As text: Group leaves out falsy children, and would drop a 0. */}
                        {String(q.failed)}
                        {q.failed > 0 && (
                          <Button
                            size="compact-xs"
                            variant="light"
                            aria-label={`Retry ${jobs(q.failed)} of ${q.name} that failed`}
                            loading={retry.isPending && retry.variables === q.name}
                            disabled={retry.isPending}
                            onClick={() => retry.mutate(q.name)}
                          >
                            Retry
                          </Button>
                        )}
                      </Group>
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

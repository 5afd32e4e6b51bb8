import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api } from '../../api/client';
import { formatDateTime } from './format';
import { type Delivery, deliveriesQuery } from './queries';

const STATUS_COLOR: Record<Delivery['status'], string> = {
  pending: 'yellow',
  delivered: 'teal',
  failed: 'red',
};

function outcome(delivery: Delivery): string {
  if (delivery.status === 'delivered')
    return `Delivered ${formatDateTime(delivery.deliveredAt)} (HTTP ${delivery.lastStatusCode})`;
  const tries = `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`;
  if (delivery.status === 'failed') return `Gave up after ${tries}`;
  if (delivery.attempts === 0) return 'Queued';
  return `${tries}; next ${formatDateTime(delivery.nextAttemptAt)}`;
}

/** An endpoint's recent deliveries with their outcome, each one resendable. */
export function DeliveriesList({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const queryClient = useQueryClient();
  const deliveries = useQuery(deliveriesQuery(endpointId));
  const resend = useMutation({
    mutationFn: async (delivery: Delivery) => {
      const { data } = await api.POST('/api/webhooks/deliveries/{id}/resend', {
        params: { path: { id: delivery.id } },
      });
      if (!data) throw new Error('The delivery could not be resent');
    },
    onSuccess: async () => {
      notifications.show({ color: 'teal', title: 'Resent', message: 'The delivery is queued.' });
      await queryClient.invalidateQueries({ queryKey: deliveriesQuery(endpointId).queryKey });
    },
  });

  if (deliveries.isError)
    return <Text c="red.8">The deliveries could not be loaded. Please try again later.</Text>;
  if (deliveries.isPending) return <Text c="dimmed">Loading deliveries…</Text>;
  const list = deliveries.data?.deliveries ?? [];
  if (list.length === 0) return <Text c="dimmed">Nothing sent to this endpoint yet.</Text>;
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {list.map((delivery) => (
        <Paper
          component="li"
          key={delivery.id}
          p="xs"
          bg="gray.0"
          aria-label={`Delivery ${delivery.messageId} ${formatDateTime(delivery.createdAt)}`}
        >
          <Group justify="space-between" gap="xs" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Badge color={STATUS_COLOR[delivery.status]} variant="light">
                  {delivery.status}
                </Badge>
                <Text size="sm" fw={700}>
                  {delivery.eventType}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(delivery.createdAt)}
                  {delivery.resentFrom ? ' · a resend' : ''}
                </Text>
              </Group>
              <Text size="sm">{outcome(delivery)}</Text>
              {delivery.status !== 'delivered' && delivery.lastError && (
                <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                  {delivery.lastError}
                </Text>
              )}
            </Stack>
            <Button
              size="xs"
              variant="default"
              disabled={!enabled}
              title={enabled ? undefined : 'Enable the endpoint to resend'}
              loading={resend.isPending && resend.variables?.id === delivery.id}
              onClick={() => resend.mutate(delivery)}
              aria-label={`Resend ${delivery.messageId}`}
            >
              Resend
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { formatDateTime } from './format';
import { QueryList } from './query-list';
import { type Delivery, deliveriesQuery } from './queries';

/** Light badges that read at 4.5:1: teal text on the palest teal, no pale yellow. */
const STATUS_COLOR: Record<Delivery['status'], string> = {
  held: 'gray',
  pending: 'blue',
  delivered: 'teal.0',
  failed: 'red',
};
const STATUS_LABEL = {
  held: 'apiAccess.deliveries.statusHeld',
  pending: 'apiAccess.deliveries.statusPending',
  delivered: 'apiAccess.deliveries.statusDelivered',
  failed: 'apiAccess.deliveries.statusFailed',
} as const satisfies Record<Delivery['status'], string>;

function outcome(t: TFunction, delivery: Delivery): string {
  if (delivery.status === 'delivered')
    return t('apiAccess.deliveries.delivered', {
      date: formatDateTime(delivery.deliveredAt),
      code: delivery.lastStatusCode,
    });
  if (delivery.status === 'failed')
    return t('apiAccess.deliveries.gaveUp', { count: delivery.attempts });
  if (delivery.status === 'held') return t('apiAccess.deliveries.held');
  if (delivery.attempts === 0) return t('apiAccess.deliveries.queued');
  return t('apiAccess.deliveries.retrying', {
    count: delivery.attempts,
    date: formatDateTime(delivery.nextAttemptAt),
  });
}

/**
 * Why a delivery cannot be resent now, or undefined when it can: only one that is over
 * (delivered, or given up on) is sent again; one still on its way or held would arrive twice.
 */
function cannotResend(t: TFunction, delivery: Delivery, enabled: boolean): string | undefined {
  if (!enabled) return t('apiAccess.deliveries.enableToResend');
  if (delivery.status === 'held' || delivery.status === 'pending') {
    return t('apiAccess.deliveries.resendWhenOver');
  }
  return undefined;
}

/** An endpoint's recent deliveries with their outcome; those that are over can be resent. */
export function DeliveriesList({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const { t } = useTranslation();
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
      notifications.show({
        color: 'teal',
        title: t('apiAccess.deliveries.resentTitle'),
        message: t('apiAccess.deliveries.resentMessage'),
      });
      await queryClient.invalidateQueries({ queryKey: deliveriesQuery(endpointId).queryKey });
    },
  });

  const list = deliveries.data?.deliveries ?? [];
  return (
    <QueryList
      query={deliveries}
      count={list.length}
      loadFailed={t('apiAccess.deliveries.loadFailed')}
      loading={t('apiAccess.deliveries.loading')}
      empty={t('apiAccess.deliveries.empty')}
      gap={6}
    >
      {list.map((delivery) => {
        const notNow = cannotResend(t, delivery, enabled);
        return (
          <Paper
            component="li"
            key={delivery.id}
            p="xs"
            bg="gray.0"
            aria-label={t('apiAccess.deliveries.itemLabel', {
              id: delivery.messageId,
              date: formatDateTime(delivery.createdAt),
            })}
          >
            <Group justify="space-between" gap="xs" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Badge color={STATUS_COLOR[delivery.status]} variant="light">
                    {t(STATUS_LABEL[delivery.status])}
                  </Badge>
                  <Text size="sm" fw={700}>
                    {delivery.eventType}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {delivery.resentFrom
                      ? t('apiAccess.deliveries.createdResend', {
                          date: formatDateTime(delivery.createdAt),
                        })
                      : formatDateTime(delivery.createdAt)}
                  </Text>
                </Group>
                <Text size="sm">{outcome(t, delivery)}</Text>
                {delivery.status !== 'delivered' && delivery.lastError && (
                  <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                    {delivery.lastError}
                  </Text>
                )}
              </Stack>
              <Button
                size="xs"
                variant="default"
                disabled={notNow !== undefined}
                title={notNow}
                loading={resend.isPending && resend.variables?.id === delivery.id}
                onClick={() => resend.mutate(delivery)}
                aria-label={t('apiAccess.deliveries.resendLabel', { id: delivery.messageId })}
              >
                {t('apiAccess.deliveries.resendButton')}
              </Button>
            </Group>
          </Paper>
        );
      })}
    </QueryList>
  );
}

import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Section } from '../../components/section';
import { ConfirmModal } from '../../components/confirm-modal';
import { AddEndpointModal } from './add-endpoint-modal';
import { DeliveriesList } from './deliveries-list';
import { QueryList } from './query-list';
import { type Endpoint, endpointsQuery } from './queries';
import { useRemoval } from './use-removal';

export const MAX_ENDPOINTS = 5;

function EndpointItem({ endpoint, onDelete }: { endpoint: Endpoint; onDelete: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, deliveries] = useDisclosure(false);
  const enabled = endpoint.status === 'enabled';
  const toggle = useMutation({
    mutationFn: async () => {
      const { data } = await api.PATCH('/api/webhooks/{id}', {
        params: { path: { id: endpoint.id } },
        body: { enabled: !enabled },
      });
      if (!data) throw new Error('The endpoint could not be changed');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsQuery().queryKey }),
  });
  return (
    <Paper component="li" withBorder p="sm" aria-label={endpoint.url}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={700} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {endpoint.url}
              </Text>
              <Badge color={enabled ? 'teal.0' : 'red'} variant="light">
                {enabled
                  ? t('apiAccess.webhooks.statusEnabled')
                  : t('apiAccess.webhooks.statusDisabled')}
              </Badge>
            </Group>
            {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
            <Group gap={4}>
              {endpoint.eventTypes.map((type) => (
                <Badge key={type} variant="outline" color="gray.7">
                  {type}
                </Badge>
              ))}
            </Group>
            {!enabled && endpoint.disabledReason && (
              <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                {endpoint.disabledReason}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              onClick={deliveries.toggle}
              aria-expanded={open}
              aria-label={t('apiAccess.webhooks.deliveriesLabel', { url: endpoint.url })}
            >
              {t('apiAccess.webhooks.deliveries')}
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={toggle.isPending}
              onClick={() => toggle.mutate()}
              aria-label={
                enabled
                  ? t('apiAccess.webhooks.disableLabel', { url: endpoint.url })
                  : t('apiAccess.webhooks.enableLabel', { url: endpoint.url })
              }
            >
              {enabled ? t('apiAccess.webhooks.disable') : t('apiAccess.webhooks.enable')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={onDelete}
              aria-label={t('apiAccess.webhooks.deleteLabel', { url: endpoint.url })}
            >
              {t('apiAccess.webhooks.delete')}
            </Button>
          </Group>
        </Group>
        {open && <DeliveriesList endpointId={endpoint.id} enabled={enabled} />}
      </Stack>
    </Paper>
  );
}

/** The subscriber's webhook endpoints: add (the secret shown once), enable, delete, deliveries. */
export function WebhooksPanel({ impersonated }: { impersonated: boolean }) {
  const { t } = useTranslation();
  const endpoints = useQuery(endpointsQuery());
  const [adding, addModal] = useDisclosure(false);
  const {
    target,
    setTarget,
    remove: remove,
  } = useRemoval(
    async (endpoint: Endpoint) => {
      const { data } = await api.DELETE('/api/webhooks/{id}', {
        params: { path: { id: endpoint.id } },
      });
      if (!data) throw new Error('The endpoint could not be deleted');
    },
    endpointsQuery().queryKey,
    'webhooks-heading',
  );

  const list = endpoints.data?.endpoints ?? [];
  const full = list.length >= MAX_ENDPOINTS;
  return (
    <Section
      id="webhooks-heading"
      title={t('apiAccess.webhooks.title')}
      order={3}
      actions={
        <Button
          size="xs"
          onClick={addModal.open}
          disabled={full || impersonated}
          title={
            impersonated
              ? t('common.impersonating.unavailable')
              : full
                ? t('apiAccess.webhooks.max', { max: MAX_ENDPOINTS })
                : undefined
          }
        >
          {t('apiAccess.webhooks.add')}
        </Button>
      }
    >
      <QueryList
        query={endpoints}
        count={list.length}
        loadFailed={t('apiAccess.webhooks.loadFailed')}
        loading={t('apiAccess.webhooks.loading')}
        empty={t('apiAccess.webhooks.empty')}
      >
        {list.map((endpoint) => (
          <EndpointItem
            key={endpoint.id}
            endpoint={endpoint}
            onDelete={() => setTarget(endpoint)}
          />
        ))}
      </QueryList>
      <AddEndpointModal opened={adding} onClose={addModal.close} />
      <ConfirmModal
        opened={target !== null}
        title={t('apiAccess.webhooks.deleteTitle')}
        confirmLabel={t('apiAccess.webhooks.delete')}
        cancelLabel={t('apiAccess.cancel')}
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() => target && remove.mutate(target)}
        onClose={() => setTarget(null)}
      >
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t('apiAccess.webhooks.deleteQuestion', { url: target?.url })}
        </Text>
      </ConfirmModal>
    </Section>
  );
}

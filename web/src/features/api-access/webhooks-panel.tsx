import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { AddEndpointModal } from './add-endpoint-modal';
import { DeliveriesList } from './deliveries-list';
import { type Endpoint, endpointsQuery } from './queries';

export const MAX_ENDPOINTS = 5;

function EndpointItem({ endpoint, onDelete }: { endpoint: Endpoint; onDelete: () => void }) {
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
              <Badge color={enabled ? 'teal' : 'red'} variant="light">
                {endpoint.status}
              </Badge>
            </Group>
            {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
            <Group gap={4}>
              {endpoint.eventTypes.map((type) => (
                <Badge key={type} variant="outline" color="gray">
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
              aria-label={`Deliveries to ${endpoint.url}`}
            >
              Deliveries
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={toggle.isPending}
              onClick={() => toggle.mutate()}
              aria-label={`${enabled ? 'Disable' : 'Enable'} ${endpoint.url}`}
            >
              {enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={onDelete}
              aria-label={`Delete ${endpoint.url}`}
            >
              Delete
            </Button>
          </Group>
        </Group>
        {open && <DeliveriesList endpointId={endpoint.id} enabled={enabled} />}
      </Stack>
    </Paper>
  );
}

/** The subscriber's webhook endpoints: add (the secret shown once), enable, delete, deliveries. */
export function WebhooksPanel() {
  const queryClient = useQueryClient();
  const endpoints = useQuery(endpointsQuery());
  const [adding, addModal] = useDisclosure(false);
  const [target, setTarget] = useState<Endpoint | null>(null);
  const remove = useMutation({
    mutationFn: async (endpoint: Endpoint) => {
      const { data } = await api.DELETE('/api/webhooks/{id}', {
        params: { path: { id: endpoint.id } },
      });
      if (!data) throw new Error('The endpoint could not be deleted');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsQuery().queryKey }),
    onSettled: () => setTarget(null),
  });

  const list = endpoints.data?.endpoints ?? [];
  const full = list.length >= MAX_ENDPOINTS;
  return (
    <Stack gap="sm" component="section" aria-labelledby="webhooks-heading">
      <Group justify="space-between">
        <Title order={3} id="webhooks-heading">
          Webhooks
        </Title>
        <Button
          size="xs"
          onClick={addModal.open}
          disabled={full}
          title={full ? `At most ${MAX_ENDPOINTS} endpoints` : undefined}
        >
          Add Endpoint
        </Button>
      </Group>
      {endpoints.isError ? (
        <Text c="red.8">Your endpoints could not be loaded. Please try again later.</Text>
      ) : endpoints.isPending ? (
        <Text c="dimmed">Loading endpoints…</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed">
          No endpoints. Add one to have new events POSTed to your system as they happen.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((endpoint) => (
            <EndpointItem
              key={endpoint.id}
              endpoint={endpoint}
              onDelete={() => setTarget(endpoint)}
            />
          ))}
        </Stack>
      )}
      <AddEndpointModal opened={adding} onClose={addModal.close} />
      <Modal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title="Delete Endpoint"
        centered
      >
        <Stack>
          <Text style={{ overflowWrap: 'anywhere' }}>
            Delete {target?.url} and its deliveries? Nothing more is sent to it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTarget(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => target && remove.mutate(target)}
              data-autofocus
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

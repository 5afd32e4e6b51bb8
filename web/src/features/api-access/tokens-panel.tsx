import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { CreateTokenModal } from './create-token-modal';
import { formatDateTime } from './format';
import { type Token, tokensQuery } from './queries';

const STATUS_COLOR: Record<Token['status'], string> = {
  active: 'teal',
  expired: 'gray',
  revoked: 'red',
};

function TokenItem({ token, onRevoke }: { token: Token; onRevoke: (token: Token) => void }) {
  return (
    <Paper component="li" withBorder p="sm" aria-label={token.name}>
      <Group justify="space-between" gap="xs" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            <Badge color={STATUS_COLOR[token.status]} variant="light">
              {token.status}
            </Badge>
            {token.scopes.map((scope) => (
              <Badge key={scope} variant="outline" color="gray">
                {scope}
              </Badge>
            ))}
          </Group>
          <Text size="sm" c="dimmed" ff="monospace">
            {token.hint}
          </Text>
          <Text size="sm">
            Created {formatDateTime(token.createdAt)} ·{' '}
            {token.revokedAt
              ? `revoked ${formatDateTime(token.revokedAt)}`
              : token.expiresAt
                ? `${token.status === 'expired' ? 'expired' : 'expires'} ${formatDateTime(token.expiresAt)}`
                : 'never expires'}
          </Text>
          <Text size="sm">
            {token.lastUsedAt
              ? `Last used ${formatDateTime(token.lastUsedAt)} from ${token.lastUsedIp ?? 'an unknown address'}`
              : 'Never used'}
          </Text>
        </Stack>
        {token.status === 'active' && (
          <Button
            size="xs"
            variant="default"
            onClick={() => onRevoke(token)}
            aria-label={`Revoke ${token.name}`}
          >
            Revoke
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** The subscriber's personal access tokens: create (the secret shown once), last use, revoke. */
export function TokensPanel() {
  const queryClient = useQueryClient();
  const tokens = useQuery(tokensQuery());
  const [creating, createModal] = useDisclosure(false);
  const [target, setTarget] = useState<Token | null>(null);
  const revoke = useMutation({
    mutationFn: async (token: Token) => {
      const { data } = await api.DELETE('/api/tokens/{id}', {
        params: { path: { id: token.id } },
      });
      if (!data) throw new Error('The token could not be revoked');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQuery().queryKey }),
    onSettled: () => setTarget(null),
  });

  const list = tokens.data?.tokens ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="tokens-heading">
      <Group justify="space-between">
        <Title order={3} id="tokens-heading">
          Personal Access Tokens
        </Title>
        <Button size="xs" onClick={createModal.open}>
          Create Token
        </Button>
      </Group>
      {tokens.isError ? (
        <Text c="red.8">Your tokens could not be loaded. Please try again later.</Text>
      ) : tokens.isPending ? (
        <Text c="dimmed">Loading tokens…</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed">No tokens. Create one to call the API from a program.</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((token) => (
            <TokenItem key={token.id} token={token} onRevoke={setTarget} />
          ))}
        </Stack>
      )}
      <CreateTokenModal opened={creating} onClose={createModal.close} />
      <Modal opened={target !== null} onClose={() => setTarget(null)} title="Revoke Token" centered>
        <Stack>
          <Text>
            Revoke {target?.name}? Programs using it are refused from the next call. This cannot be
            undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTarget(null)} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => target && revoke.mutate(target)}
              data-autofocus
            >
              Revoke
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

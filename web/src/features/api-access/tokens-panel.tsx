import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { CreateTokenModal } from './create-token-modal';
import { formatDateTime } from './format';
import { type Token, tokensQuery } from './queries';

const STATUS_COLOR: Record<Token['status'], string> = {
  active: 'teal.0',
  expired: 'gray',
  revoked: 'red',
};
const STATUS_LABEL = {
  active: 'apiAccess.tokens.statusActive',
  expired: 'apiAccess.tokens.statusExpired',
  revoked: 'apiAccess.tokens.statusRevoked',
} as const satisfies Record<Token['status'], string>;

function TokenItem({ token, onRevoke }: { token: Token; onRevoke: (token: Token) => void }) {
  const { t } = useTranslation();
  const created = formatDateTime(token.createdAt);
  return (
    <Paper component="li" withBorder p="sm" aria-label={token.name}>
      <Group justify="space-between" gap="xs" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            <Badge color={STATUS_COLOR[token.status]} variant="light">
              {t(STATUS_LABEL[token.status])}
            </Badge>
            {token.scopes.map((scope) => (
              <Badge key={scope} variant="outline" color="gray.7">
                {scope}
              </Badge>
            ))}
          </Group>
          <Text size="sm" c="gray.7" ff="monospace">
            {token.hint}
          </Text>
          <Text size="sm">
            {token.revokedAt
              ? t('apiAccess.tokens.createdRevoked', {
                  created,
                  revoked: formatDateTime(token.revokedAt),
                })
              : token.expiresAt
                ? token.status === 'expired'
                  ? t('apiAccess.tokens.createdExpired', {
                      created,
                      expires: formatDateTime(token.expiresAt),
                    })
                  : t('apiAccess.tokens.createdExpires', {
                      created,
                      expires: formatDateTime(token.expiresAt),
                    })
                : t('apiAccess.tokens.createdNeverExpires', { created })}
          </Text>
          <Text size="sm">
            {token.lastUsedAt
              ? token.lastUsedIp
                ? t('apiAccess.tokens.lastUsed', {
                    date: formatDateTime(token.lastUsedAt),
                    ip: token.lastUsedIp,
                  })
                : t('apiAccess.tokens.lastUsedUnknown', { date: formatDateTime(token.lastUsedAt) })
              : t('apiAccess.tokens.neverUsed')}
          </Text>
        </Stack>
        {token.status === 'active' && (
          <Button
            size="xs"
            variant="default"
            onClick={() => onRevoke(token)}
            aria-label={t('apiAccess.tokens.revokeLabel', { name: token.name })}
          >
            {t('apiAccess.tokens.revoke')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** The subscriber's personal access tokens: create (the secret shown once), last use, revoke. */
export function TokensPanel() {
  const { t } = useTranslation();
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
          {t('apiAccess.tokens.title')}
        </Title>
        <Button size="xs" onClick={createModal.open}>
          {t('apiAccess.tokens.create')}
        </Button>
      </Group>
      {tokens.isError ? (
        <Text c="red.8">{t('apiAccess.tokens.loadFailed')}</Text>
      ) : tokens.isPending ? (
        <Text c="gray.7">{t('apiAccess.tokens.loading')}</Text>
      ) : list.length === 0 ? (
        <Text c="gray.7">{t('apiAccess.tokens.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((token) => (
            <TokenItem key={token.id} token={token} onRevoke={setTarget} />
          ))}
        </Stack>
      )}
      <CreateTokenModal opened={creating} onClose={createModal.close} />
      <Modal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={t('apiAccess.tokens.revokeTitle')}
        centered
      >
        <Stack>
          <Text>{t('apiAccess.tokens.revokeQuestion', { name: target?.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTarget(null)} disabled={revoke.isPending}>
              {t('apiAccess.cancel')}
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => target && revoke.mutate(target)}
              data-autofocus
            >
              {t('apiAccess.tokens.revoke')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Section } from '../../components/section';
import { ConfirmModal } from '../../components/confirm-modal';
import { CreateTokenModal } from './create-token-modal';
import { formatDateTime } from './format';
import { QueryList } from './query-list';
import { type Token, tokensQuery } from './queries';
import { useRemoval } from './use-removal';

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
const SCOPE_BADGE = {
  read: 'apiAccess.tokens.scopeBadgeRead',
  write: 'apiAccess.tokens.scopeBadgeWrite',
} as const satisfies Record<Token['scopes'][number], string>;

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
                {t(SCOPE_BADGE[scope])}
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
export function TokensPanel({ impersonated }: { impersonated: boolean }) {
  const { t } = useTranslation();
  const tokens = useQuery(tokensQuery());
  const [creating, createModal] = useDisclosure(false);
  const {
    target,
    setTarget,
    remove: revoke,
  } = useRemoval(
    async (token: Token) => {
      const { data } = await api.DELETE('/api/tokens/{id}', { params: { path: { id: token.id } } });
      if (!data) throw new Error('The token could not be revoked');
    },
    tokensQuery().queryKey,
    'tokens-heading',
  );

  const list = tokens.data?.tokens ?? [];
  return (
    <Section
      id="tokens-heading"
      title={t('apiAccess.tokens.title')}
      order={3}
      actions={
        <Button
          size="xs"
          onClick={createModal.open}
          disabled={impersonated}
          title={impersonated ? t('common.impersonating.unavailable') : undefined}
        >
          {t('apiAccess.tokens.create')}
        </Button>
      }
    >
      <QueryList
        query={tokens}
        count={list.length}
        loadFailed={t('apiAccess.tokens.loadFailed')}
        loading={t('apiAccess.tokens.loading')}
        empty={t('apiAccess.tokens.empty')}
      >
        {list.map((token) => (
          <TokenItem key={token.id} token={token} onRevoke={setTarget} />
        ))}
      </QueryList>
      <CreateTokenModal opened={creating} onClose={createModal.close} />
      <ConfirmModal
        opened={target !== null}
        title={t('apiAccess.tokens.revokeTitle')}
        confirmLabel={t('apiAccess.tokens.revoke')}
        cancelLabel={t('apiAccess.cancel')}
        confirmColor="red"
        loading={revoke.isPending}
        onConfirm={() => target && revoke.mutate(target)}
        onClose={() => setTarget(null)}
      >
        <Text>{t('apiAccess.tokens.revokeQuestion', { name: target?.name })}</Text>
      </ConfirmModal>
    </Section>
  );
}

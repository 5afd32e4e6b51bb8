import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { TokensPanel } from './tokens-panel';
import { WebhooksPanel } from './webhooks-panel';

/**
 * API Access on the dashboard: the personal access tokens programs call the API with, and the
 * webhook endpoints new events are pushed to. While staff impersonate the subscriber (`impersonated`)
 * nothing new can be created: the server refuses it.
 */
export function ApiAccessSection({ impersonated }: { impersonated: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack component="section" aria-labelledby="api-access-heading" gap="md">
      <Stack gap={4}>
        <Title order={2} id="api-access-heading">
          {t('apiAccess.title')}
        </Title>
        <Text c="gray.7" size="sm">
          <Trans
            i18nKey="apiAccess.intro"
            components={{ docs: <Anchor href="/docs" size="sm" underline="always" /> }}
          />
        </Text>
      </Stack>
      <TokensPanel impersonated={impersonated} />
      <WebhooksPanel impersonated={impersonated} />
    </Stack>
  );
}

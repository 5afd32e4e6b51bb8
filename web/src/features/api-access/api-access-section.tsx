import { Anchor, Stack, Text, Title } from '@mantine/core';
import { TokensPanel } from './tokens-panel';
import { WebhooksPanel } from './webhooks-panel';

/**
 * API Access on the dashboard: the personal access tokens programs call the API with, and the
 * webhook endpoints new events are pushed to.
 */
export function ApiAccessSection() {
  return (
    <Stack component="section" aria-labelledby="api-access-heading" gap="md">
      <Stack gap={4}>
        <Title order={2} id="api-access-heading">
          API Access
        </Title>
        <Text c="dimmed" size="sm">
          For your own programs: call the API with a personal access token (try it in the{' '}
          <Anchor href="/docs" size="sm">
            API documentation
          </Anchor>
          ), and have new events sent to your system as signed webhooks.
        </Text>
      </Stack>
      <TokensPanel />
      <WebhooksPanel />
    </Stack>
  );
}

import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PRIVACY_EMAIL } from '../features/support/contact';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  return (
    <Stack>
      <Title order={1}>Privacy Policy</Title>
      <Text>How DeedWatch handles your personal information.</Text>
      <List spacing="xs">
        <List.Item>California residents have the rights the CCPA grants them.</List.Item>
        <List.Item>The service is not directed to children under 13.</List.Item>
        <List.Item>
          You can contact us about privacy by email at{' '}
          <Anchor href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</Anchor>.
        </List.Item>
        <List.Item>We do not sell your personal information.</List.Item>
      </List>
    </Stack>
  );
}

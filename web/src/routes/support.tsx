import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE, telHref } from '../features/support/contact';

export const Route = createFileRoute('/support')({
  component: SupportPage,
});

function SupportPage() {
  return (
    <Stack>
      <Title order={1}>Support</Title>
      <Text>Questions about your alerts or the items you guard? We are glad to help.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg" component="section" aria-labelledby="call-us">
          <Title order={2} id="call-us">
            Call Us
          </Title>
          <Anchor href={telHref(SUPPORT_PHONE)} fz="xl" fw={700} mt="xs">
            {SUPPORT_PHONE}
          </Anchor>
          <Text mt="xs">{SUPPORT_HOURS}</Text>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="email-us">
          <Title order={2} id="email-us">
            Email Us
          </Title>
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} fz="xl" fw={700} mt="xs">
            {SUPPORT_EMAIL}
          </Anchor>
          <Text mt="xs">Our support team answers email on business days.</Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

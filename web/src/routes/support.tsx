import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/support')({
  component: SupportPage,
});

function SupportPage() {
  return (
    <Stack>
      <Title order={1}>Support</Title>
      <Title order={2}>Call Us</Title>
      <Text>Monday to Friday 8AM-5PM PST</Text>
      <Title order={2}>Email Us</Title>
      <Text>Our support team answers email on business days.</Text>
    </Stack>
  );
}

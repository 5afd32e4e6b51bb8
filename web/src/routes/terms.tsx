import { List, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/terms')({
  component: TermsPage,
});

function TermsPage() {
  return (
    <Stack>
      <Title order={1}>Terms of Use</Title>
      <Text>By using DeedWatch you agree to these terms.</Text>
      <List spacing="xs">
        <List.Item>
          Disputes are settled by arbitration in Sacramento County, under California law.
        </List.Item>
        <List.Item>Notice of any claim must be given within 1 year.</List.Item>
        <List.Item>Account passwords must not be shared.</List.Item>
        <List.Item>Orders are prepaid.</List.Item>
      </List>
    </Stack>
  );
}

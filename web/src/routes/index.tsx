import { Group, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ButtonLink } from '../components/links';
import { HowItWorks } from './-components/how-it-works';

export const Route = createFileRoute('/')({
  component: LandingPage,
});

function LandingPage() {
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={1}>Free Property Fraud Alerts</Title>
        <Text size="lg">
          DeedWatch watches your county recorder&apos;s Official Records Index and emails you when a
          document is recorded against your property or your name, so you can act on deed fraud
          before it costs you your home.
        </Text>
      </Stack>
      <HowItWorks />
      <Group justify="flex-end">
        <ButtonLink to="/register" size="md">
          Next
        </ButtonLink>
      </Group>
    </Stack>
  );
}

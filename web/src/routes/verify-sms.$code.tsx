import { Loader, Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/verify-sms/$code')({
  component: VerifySmsPage,
});

function VerifySmsPage() {
  return (
    <Stack align="center" py="xl">
      <Title order={1}>Signing you in</Title>
      <Loader aria-label="Signing you in" />
    </Stack>
  );
}

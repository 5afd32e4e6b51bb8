import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
});

function RegisterPage() {
  return (
    <Stack>
      <Title order={1}>Free Real Estate Protection Service</Title>
      <Text>
        Sign up with your email, choose the names and properties to guard, and we will alert you
        when a document affecting them is recorded.
      </Text>
    </Stack>
  );
}

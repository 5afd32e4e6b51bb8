import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin-login')({
  component: AdminLoginPage,
});

function AdminLoginPage() {
  return (
    <Stack maw={420}>
      <Title order={1}>Admin Login</Title>
      <Text>Staff sign in here with their email and password.</Text>
    </Stack>
  );
}

import { Card, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { AdminLoginForm } from '../features/auth/admin-login-form';

export const Route = createFileRoute('/admin-login')({
  component: AdminLoginPage,
});

function AdminLoginPage() {
  return (
    <Stack maw={420} mx="auto">
      <Title order={1}>Admin Login</Title>
      <Text>Staff sign in here with their email and password.</Text>
      <Card withBorder padding="lg">
        <AdminLoginForm />
      </Card>
    </Stack>
  );
}

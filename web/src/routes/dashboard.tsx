import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useSession } from '../features/session/session-context';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ context }) => {
    if (!context.session.getUser()) throw redirect({ to: '/' });
  },
  component: DashboardPage,
});

function DashboardPage() {
  const { user } = useSession();
  return (
    <Stack>
      <Title order={1}>Dashboard</Title>
      {user && <Text>Signed in as {user.email}</Text>}
      <Title order={2}>Notification Methods</Title>
      <Title order={2}>Alerts</Title>
      <Title order={2}>Items Being Guarded</Title>
    </Stack>
  );
}

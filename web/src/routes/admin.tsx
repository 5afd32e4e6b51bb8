import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { isStaffRole } from '../features/session/roles';

export const Route = createFileRoute('/admin')({
  beforeLoad: ({ context }) => {
    if (!isStaffRole(context.session.getUser()?.role)) throw redirect({ to: '/' });
  },
  component: AdminPage,
});

function AdminPage() {
  return (
    <Stack>
      <Title order={1}>Admin</Title>
      <Text>Metrics, users and counties.</Text>
    </Stack>
  );
}

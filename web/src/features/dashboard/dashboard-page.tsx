import { Divider, Stack, Text, Title } from '@mantine/core';
import { ApiAccessSection } from '../api-access/api-access-section';
import { useSession } from '../session/session-context';
import { AlertsSection } from './alerts-section';
import { GuardedItemsSection } from './guarded-items-section';
import { AlreadyOnRecordSection, PossibleMatchesSection } from './match-sections';
import { NotificationMethodsSection } from './notification-methods-section';

/**
 * The subscriber dashboard. Everything on it comes from the session user, which the
 * session revalidates at startup and every user/* call returns updated.
 */
export function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>Dashboard</Title>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Signed in as {user.email}
        </Text>
      </Stack>
      <NotificationMethodsSection user={user} />
      <Divider />
      <AlertsSection user={user} />
      <Divider />
      <PossibleMatchesSection user={user} />
      <Divider />
      <AlreadyOnRecordSection user={user} />
      <Divider />
      <GuardedItemsSection user={user} />
      <Divider />
      <ApiAccessSection />
    </Stack>
  );
}

import { Divider, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiAccessSection } from '../api-access/api-access-section';
import { isStaffRole } from '../session/roles';
import { useSession } from '../session/session-context';
import { AlertsSection } from './alerts-section';
import type { DashboardSearch, EventListView } from './dashboard-search';
import { GuardedItemsSection } from './guarded-items-section';
import { LevelControls } from './level-controls';
import { eventCardId } from './match-card';
import { AlreadyOnRecordSection, PossibleMatchesSection } from './match-sections';
import { TrustedContactsSection } from './trusted-contacts-section';
import { NotificationMethodsSection } from './notification-methods-section';

/**
 * The subscriber dashboard. Everything on it comes from the session user, which the
 * session revalidates at startup and every user/* call returns updated. An alert's link names
 * its event: the page scrolls to it and marks it.
 */
export function DashboardPage({
  search,
  onViewChange,
}: {
  search: DashboardSearch;
  onViewChange: (change: Partial<EventListView>) => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { event } = search;
  useEffect(() => {
    if (!event) return;
    const card = document.getElementById(eventCardId(event));
    if (!card) return;
    card.scrollIntoView({ block: 'center' });
    card.focus({ preventScroll: true });
  }, [event, user]);
  if (!user) return null;
  const view = { level: search.level, order: search.order };
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{t('dashboard.page.title')}</Title>
        <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {t('dashboard.page.signedInAs', { email: user.email })}
        </Text>
      </Stack>
      <NotificationMethodsSection user={user} />
      <Divider />
      <LevelControls view={view} onChange={onViewChange} />
      <AlertsSection user={user} view={view} highlighted={event} />
      <Divider />
      <PossibleMatchesSection user={user} view={view} highlighted={event} />
      <Divider />
      <AlreadyOnRecordSection user={user} view={view} highlighted={event} />
      <Divider />
      <TrustedContactsSection user={user} />
      <Divider />
      <GuardedItemsSection user={user} />
      {/* Tokens and webhooks are a subscriber's (staff get 403): not even asked for as staff,
          who pass through here as an impersonation ends, on their way back to /admin. */}
      {!isStaffRole(user.role) && (
        <>
          <Divider />
          <ApiAccessSection impersonated={user.isImpersonated} />
        </>
      )}
    </Stack>
  );
}

import { Anchor, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../api/types';
import { ApiAccessSection } from '../api-access/api-access-section';
import { isStaffRole } from '../session/roles';
import { useSession } from '../session/session-context';
import { AlertsSection } from './alerts-section';
import { reports } from './alerts';
import type { DashboardSearch, EventListView } from './dashboard-search';
import { GuardedItemsSection } from './guarded-items-section';
import { LevelControls } from './level-controls';
import { eventCardId } from './match-card';
import { AlreadyOnRecordSection, PossibleMatchesSection } from './match-sections';
import { REPORTS_HEADING, ReportsSection } from './reports-section';
import { TrustedContactsSection } from './trusted-contacts-section';
import { NotificationMethodsSection } from './notification-methods-section';

/** Moves to a section of the page: its heading is scrolled to and takes focus. */
function goTo(id: string) {
  const heading = document.getElementById(id);
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * Links to the sections of the page, at its top: with hundreds of alerts, what is below them
 * (the trusted contacts, the guarded items) is a link away rather than a long scroll or hundreds
 * of Tab presses.
 */
function SectionLinks({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const sections: [string, string][] = [
    ['alerts-heading', t('dashboard.alerts.title')],
    ...(reports(user).length > 0
      ? [[REPORTS_HEADING, t('dashboard.reports.title')] as [string, string]]
      : []),
    ['possible-heading', t('dashboard.possible.title')],
    ['on-record-heading', t('dashboard.onRecord.title')],
    ['contacts-heading', t('dashboard.contacts.title')],
    ['guarded-heading', t('dashboard.guarded.title')],
    ...(isStaffRole(user.role)
      ? []
      : [['api-access-heading', t('apiAccess.title')] as [string, string]]),
  ];
  return (
    <nav aria-label={t('dashboard.page.sections')}>
      <Group gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {sections.map(([id, title]) => (
          <li key={id}>
            <Anchor
              href={`#${id}`}
              size="sm"
              onClick={(e) => {
                if (goTo(id)) e.preventDefault();
              }}
            >
              {title}
            </Anchor>
          </li>
        ))}
      </Group>
    </nav>
  );
}

/**
 * The subscriber dashboard. Everything on it comes from the session user, which the
 * session revalidates at startup and every user/* call returns updated. An alert's link names
 * its event: the page scrolls to it and marks it, once (not again each time the session user
 * changes, as an archive or a refresh makes it).
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
  const scrolledTo = useRef('');
  useEffect(() => {
    if (!event || scrolledTo.current === event) return;
    const card = document.getElementById(eventCardId(event));
    if (!card) return;
    scrolledTo.current = event;
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
        <SectionLinks user={user} />
      </Stack>
      <NotificationMethodsSection user={user} />
      <Divider />
      <LevelControls view={view} onChange={onViewChange} />
      <AlertsSection user={user} view={view} highlighted={event} />
      <ReportsSection user={user} />
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
